"""Properties of the stored game: edits through the services are consistent."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.errors import RuleError
from scorekeeper.games.records import game_export
from scorekeeper.spades import services as spades_services
from scorekeeper.spades.presenters import spades_page
from tests.profiles import examples

from ..engine.spades.test_properties import tricks_split
from ..games.factories import new_game, play

NUMBER_BIDS = st.lists(st.sampled_from([1, 2, 3, 4, 5, "nil"]), min_size=4, max_size=4)


@pytest.mark.django_db
@settings(max_examples=examples(25), suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(
    hands=st.lists(st.tuples(NUMBER_BIDS, tricks_split()), min_size=1, max_size=8),
    data=st.data(),
)
def test_editing_a_hand_and_restoring_it_gives_the_same_sheet(hands, data):
    game = new_game(rules={"preset": "standard", "target": 10_000})
    for bids, tricks in hands:
        play(game, bids, tricks)
    before_record, before = game_export(game), spades_page(game).sheet
    number = data.draw(st.integers(0, len(hands) - 1), label="hand")
    bids, tricks = data.draw(st.tuples(NUMBER_BIDS, tricks_split()), label="replacement")
    try:
        spades_services.hand_update(game=game, number=number, bids=bids, tricks=list(tricks))
    except RuleError:
        assert game_export(game) == before_record  # a refused edit changes nothing
    original_bids, original_tricks = hands[number]
    spades_services.hand_update(game=game, number=number, bids=original_bids, tricks=list(original_tricks))
    assert spades_page(game).sheet == before
    assert game_export(game) == before_record
