"""Spades hands between the database and the engine (``scorekeeper.spades.rows``)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorekeeper.games import services
from scorekeeper.games.kinds import game_rows
from scorekeeper.spades import services as spades_services
from scorekeeper.spades.rows import bids_of, hand_complete, read_spades_game, spades_game

from ..games.factories import BIG_HAND, BLIND_NIL_HAND, play

pytestmark = pytest.mark.django_db


def test_the_hands_read_as_values_make_the_same_game_as_the_stored_hands():
    game = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=1, rules={"misdeal": "no_spades"}
    )
    play(game, *BIG_HAND)
    spades_services.hand_misdeal(game=game, seat=2)
    play(game, *BLIND_NIL_HAND)
    spades_services.hand_bids_save(game=game, bids=[3, "nil", 4, 3])  # in play: not in the engine game
    with CaptureQueriesContext(connection) as queries:
        engine, last = read_spades_game(game)
    hands = game_rows(game)
    assert len(queries) == 1
    assert engine == spades_game(game, hands)
    assert len(engine.hands) == 3 and engine.hands[1].misdeal == 2
    assert last is not None and last.pk is None
    assert (last.number, bids_of(last), hand_complete(last.record), last.fingerprint()) == (
        3,
        [3, "nil", 4, 3],
        False,
        hands[-1].fingerprint(),
    )


def test_a_game_without_hands_has_no_last_hand():
    game = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"}
    )
    engine, last = read_spades_game(game)
    assert engine.hands == () and last is None
