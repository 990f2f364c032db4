# Scorekeeper: `make run` serves the app on the LAN, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
STAMP := $(VENV)/.installed

.PHONY: setup run dev test check system bench messages clean

# The server `make run` starts (tests/test_make_run.py starts this very command): gunicorn, as in
# docs/operations.md "Production", on every address of this machine. Two processes use both cores of a
# laptop, and each answers 8 requests at once in its own threads, so phones on a slow Wi-Fi never hold
# up the others (32 tables: about 64 polls a second). Keep-alive outlasts the phones' 2 s poll, so each
# keeps its connection; each thread keeps its database connection too (the poll's one query costs less
# than opening one). Only warnings and errors are logged (no line per request); Ctrl-C stops it.
WORKERS ?= 2
THREADS ?= 8
DJANGO_DB_CONN_MAX_AGE ?= 600
SERVE = DJANGO_DB_CONN_MAX_AGE=$(DJANGO_DB_CONN_MAX_AGE) $(BIN)/gunicorn --bind 0.0.0.0:$(PORT) --workers $(WORKERS) --threads $(THREADS) --worker-class gthread --keep-alive 5 --log-level warning scorekeeper.wsgi

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

## setup: create .venv, install the requirements, migrate the SQLite database (idempotent)
setup: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput -v0

## run: serve on 0.0.0.0:$(PORT) with gunicorn (SERVE, above) and print the address for phones on the same network
run: setup
	@$(BIN)/python manage.py lan_address --port $(PORT)
	$(SERVE)

## dev: for working on the code: Django's runserver, restarted when a file changes, with DJANGO_DEBUG=1
## (debug pages; static files served from the app folders as they are edited)
dev: setup
	@$(BIN)/python manage.py lan_address --port $(PORT)
	DJANGO_DEBUG=1 $(BIN)/python manage.py runserver 0.0.0.0:$(PORT)

## test: ruff (lint and format), the layer contracts (import-linter), the type checker (mypy),
## then the whole suite (engine, views, commands, browser) on every core (pytest-xdist)
test: $(STAMP) system
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(BIN)/python manage.py collectstatic --noinput -v0
	$(BIN)/python -m pytest -n auto

## check: the edit loop's tier, in well under a minute: ruff, the layer contracts, mypy, then the engine's and
## the layout's tests with a tenth of the property tests' examples (tests/profiles.py); make test runs everything
check: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy
	HYPOTHESIS_PROFILE=fast $(BIN)/python -m pytest -q -p no:cacheprovider tests/engine tests/test_layout.py tests/test_docs.py

# The system packages the tests need: Debian's Chromium at /usr/bin/chromium (the browser tests drive it
# there) and gettext (the German catalogue).
SYSTEM_COMMANDS := /usr/bin/chromium:chromium msgfmt:gettext

## system: install what the tests need from Debian (as root), or stop at once with the command to run
system:
	@missing=""; for pair in $(SYSTEM_COMMANDS); do \
	  command -v "$${pair%%:*}" >/dev/null 2>&1 || missing="$$missing $${pair#*:}"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing$$missing for the tests (apt-get)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq$$missing >/dev/null; \
	  else \
	    echo "The tests need$$missing. Install it, then run make test again:" >&2; \
	    echo "    sudo apt-get install -y$$missing" >&2; \
	    exit 1; \
	  fi; \
	fi

## bench: scoring speed, SQL query counts, the app served by gunicorn (with the static files collected)
bench: $(STAMP)
	$(BIN)/python manage.py collectstatic --noinput -v0
	$(BIN)/python manage.py bench

## messages: refresh and compile the German translation catalogue
messages: $(STAMP)
	$(BIN)/python manage.py makemessages --locale de --no-location --ignore '.venv/*' --ignore 'tests/*' --ignore 'staticfiles/*'
	msgattrib --no-obsolete -o scorekeeper/locale/de/LC_MESSAGES/django.po scorekeeper/locale/de/LC_MESSAGES/django.po
	$(BIN)/python manage.py compilemessages --locale de --ignore '.venv/*'

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .hypothesis
