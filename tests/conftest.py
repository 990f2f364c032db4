"""Fixtures for the whole suite."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.cache import cache


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
