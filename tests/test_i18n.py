"""The German catalogue: complete, consistent placeholders, compiled file up to date."""

from __future__ import annotations

import gettext
import shutil
import subprocess
from pathlib import Path

import pytest
from django.test import Client

LOCALE = Path(__file__).resolve().parent.parent / "scorekeeper" / "locale" / "de" / "LC_MESSAGES"
PO, MO = LOCALE / "django.po", LOCALE / "django.mo"

needs_gettext = pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext tools not installed")


def run(*command: str) -> str:
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


@needs_gettext
def test_every_message_is_translated_and_none_is_fuzzy():
    assert "msgid" not in run("msgattrib", "--untranslated", "--no-obsolete", str(PO))
    assert "msgid" not in run("msgattrib", "--only-fuzzy", "--no-obsolete", str(PO))


@needs_gettext
def test_translations_keep_every_placeholder():
    run("msgfmt", "--check", "-o", "/dev/null", str(PO))  # python-format entries must match


@needs_gettext
def test_compiled_catalogue_is_up_to_date(tmp_path):
    fresh = tmp_path / "django.mo"
    run("msgfmt", "-o", str(fresh), str(PO))
    with MO.open("rb") as committed, fresh.open("rb") as compiled:
        assert gettext.GNUTranslations(committed)._catalog == gettext.GNUTranslations(compiled)._catalog


@pytest.mark.django_db
def test_pages_follow_the_browsers_language():
    page = Client().get("/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9").content.decode()
    assert '<html lang="de">' in page
    assert "Neues Spades-Spiel" in page
