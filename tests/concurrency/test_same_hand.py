"""One true sheet (issue 6): real parallel requests against a live server.

Several phones save the same hand at the same moment: exactly one hand is stored,
every other phone is told another phone was faster (409 for htmx), and nobody gets
a server error. Runs on SQLite and, with ``DATABASE_URL``, on PostgreSQL.
"""

from __future__ import annotations

import pytest

from scorekeeper.games import services
from scorekeeper.games.management.commands.bench import Phone, post_at_once
from scorekeeper.games.models import Game, Row
from scorekeeper.spades import services as spades_services

from ..games.factories import sheet_url

PHONES = 8


@pytest.fixture
def game(transactional_db) -> Game:
    return services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"}
    )


def test_phones_saving_the_same_bids_at_once_store_one_hand(live_server, game: Game) -> None:
    phones = [Phone(live_server.url, sheet_url(game)) for _ in range(PHONES)]
    bids = {"number": "0", **{f"bid_{seat}": "3" for seat in range(4)}}

    statuses = post_at_once(phones, f"/games/{game.edit_key}/bids/", bids)

    assert sorted(statuses) == [200] + [409] * (PHONES - 1), statuses
    assert Row.objects.filter(game=game).count() == 1


def test_phones_saving_the_same_tricks_at_once_score_the_hand_once(live_server, game: Game) -> None:
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3], number=0)
    phones = [Phone(live_server.url, sheet_url(game)) for _ in range(PHONES)]
    tricks = {"number": "0", "tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3"}

    statuses = post_at_once(phones, f"/games/{game.edit_key}/tricks/", tricks)

    assert sorted(statuses) == [200] + [409] * (PHONES - 1), statuses
    hand = Row.objects.get(game=game)
    assert sum(hand.record["tricks"]) == 13


def test_one_save_sent_again_at_once_is_stored_once_and_answered_as_saved(live_server, game: Game) -> None:
    """Issue 14, "Exactly once": the same save (one write key) arriving several times at once, as
    a phone retrying on a bad connection sends it, is stored once and every answer is a success."""
    phones = [Phone(live_server.url, sheet_url(game)) for _ in range(PHONES)]
    bids = {"number": "0", "write_key": "w" * 22, **{f"bid_{seat}": "3" for seat in range(4)}}

    statuses = post_at_once(phones, f"/games/{game.edit_key}/bids/", bids)

    assert statuses == [200] * PHONES, statuses
    assert Row.objects.filter(game=game).count() == 1
    assert game.changes.count() == 1
