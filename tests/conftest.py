"""Fixtures for the whole suite."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.cache import cache
from django.core.management import call_command
from pytest_django.live_server_helper import LiveServer

from tests import profiles  # noqa: F401  (loads the Hypothesis profile HYPOTHESIS_PROFILE names)

BROWSER_TESTS = Path(__file__).parent / "browser"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in ``tests/browser/`` is a browser test (``-m "not browser"`` leaves Chromium
    alone), marked by its folder: a module's own ``pytestmark`` cannot drop the mark."""
    for item in items:
        if BROWSER_TESTS in item.path.parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session", autouse=True)
def _collected_static_files() -> None:
    """The static files as production serves them: the suite tests the same storage (hashed names in
    ``staticfiles/staticfiles.json``, gzip and Brotli copies, WhiteNoise's headers), so it needs what
    ``collectstatic`` writes, as production does. ``make test`` runs collectstatic first; a bare
    ``pytest`` (a fresh clone, an edited stylesheet) runs it here when its output is missing or older
    than a source file, as pytest-django makes the test database, rather than test stale files."""
    manifest = Path(settings.STATIC_ROOT) / staticfiles_storage.manifest_name
    sources = [storage.path(path) for finder in finders.get_finders() for path, storage in finder.list(None)]
    if not manifest.exists() or max(map(os.path.getmtime, sources)) > manifest.stat().st_mtime:
        call_command("collectstatic", interactive=False, verbosity=0)


@pytest.fixture(scope="session")
def live_server(request: pytest.FixtureRequest) -> Iterator[LiveServer]:
    """pytest-django's live server, with the static files served by the app (WhiteNoise) as under
    gunicorn: pytest-django puts Django's static files handler in front, which looks names up in
    the app folders and answers 404 to the hashed names the pages link."""
    address = request.config.getvalue("liveserver") or os.getenv("DJANGO_LIVE_TEST_SERVER_ADDRESS") or "localhost"
    with mock.patch("django.contrib.staticfiles.handlers.StaticFilesHandler", lambda application: application):
        server = LiveServer(address)
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def _fresh_throttles(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test starts with unspent throttle budgets (``settings.THROTTLES``).

    The counts live in the database cache. A test in a transaction rolls them back
    with everything else; a test that commits (``transactional_db``, ``live_server``:
    the concurrency and browser tests) would hand its counts to the next, so they
    are cleared here.
    """
    if {"transactional_db", "live_server"} & set(request.fixturenames):
        request.getfixturevalue("transactional_db")
        cache.clear()
    yield
