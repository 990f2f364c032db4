"""Writes are one transaction each; reads take none and never wait for a write (issue 11).

Before, every request ran in a transaction (``ATOMIC_REQUESTS``), and on SQLite a
transaction takes the write lock when it begins: a sheet GET waited behind an
import and answered 500 after 20 s. Runs on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import time

import pytest
from django.db import connection, connections
from django.test import Client
from django.urls import reverse

from scorekeeper.games import changes, services
from scorekeeper.games.models import Game, Row

from .games.factories import PLAYERS, url


@pytest.fixture
def game(transactional_db) -> Game:
    return services.game_create(kind="spades", players=PLAYERS, dealer=0, rules={"preset": "standard"})


@pytest.fixture
def long_write(game: Game):
    """Another connection in the middle of a write to the game's row (holding the write lock on SQLite)."""
    other = connections.create_connection("default")
    other.set_autocommit(False)
    with other.cursor() as cursor:
        cursor.execute(f"UPDATE {Game._meta.db_table} SET version = version + 1 WHERE id = %s", [game.pk.hex])
    if connection.vendor == "sqlite":
        # Fail fast instead of after the settings' 20 s if a read does wait for the lock.
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA busy_timeout = 1500")
    yield other
    other.rollback()
    other.close()


PAGES = ("detail", "live", "changes", "print", "csv", "record", "share")


@pytest.fixture
def phone(game: Game) -> Client:
    """A phone that has opened the game before (its first visit writes the link into its session)."""
    client = Client(raise_request_exception=False)
    assert client.get(url("detail", game)).status_code == 200
    return client


def test_the_sheet_is_read_while_another_request_writes(game, phone, request) -> None:
    request.getfixturevalue("long_write")
    started = time.monotonic()
    for name in PAGES:
        response = phone.get(url(name, game))
        assert response.status_code in (200, 204), (name, response.status_code)
    for page in ("games:home", "games:list", "games:new", "games:import", "games:players"):
        assert phone.get(reverse(page)).status_code == 200, page
    assert time.monotonic() - started < 5


def test_a_write_that_fails_changes_nothing(game, monkeypatch) -> None:
    """The view runs in one transaction: an exception after the hand row is written rolls it back."""

    def broken(*args, **kwargs):
        raise RuntimeError("the server died mid-write")

    monkeypatch.setattr(changes, "change_record", broken)
    client = Client(raise_request_exception=False)
    response = client.post(url("bids", game), {"number": "0", **{f"bid_{seat}": "3" for seat in range(4)}})
    assert response.status_code == 500
    assert not Row.objects.filter(game=game).exists()
