# Scorekeeper: `make run` serves the app on the LAN, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
STAMP := $(VENV)/.installed

.PHONY: setup run test bench messages clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

## setup: create .venv, install the requirements, migrate the SQLite database (idempotent)
setup: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput -v0

## run: serve on 0.0.0.0:$(PORT) and print the address for phones on the same network
run: setup
	@$(BIN)/python manage.py lan_address --port $(PORT)
	$(BIN)/python manage.py runserver 0.0.0.0:$(PORT)

## test: ruff (lint and format check), then the whole suite (engine, views, commands, browser)
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python manage.py collectstatic --noinput -v0
	$(BIN)/python -m pytest

## bench: scoring speed and SQL query counts
bench: $(STAMP)
	$(BIN)/python manage.py bench

## messages: refresh and compile the German translation catalogue
messages: $(STAMP)
	$(BIN)/python manage.py makemessages --locale de --no-location --ignore '.venv/*' --ignore 'tests/*' --ignore 'staticfiles/*'
	msgattrib --no-obsolete -o scorekeeper/locale/de/LC_MESSAGES/django.po scorekeeper/locale/de/LC_MESSAGES/django.po
	$(BIN)/python manage.py compilemessages --locale de --ignore '.venv/*'

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .hypothesis
