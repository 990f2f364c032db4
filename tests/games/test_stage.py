"""The entry stage (``games.views.sheet.Stage``, issue 26.7): a typed value with a documented token
that the page's live poll carries and a phone says back; equal tokens are equal stages."""

from __future__ import annotations

import pytest

from scorekeeper.games.views.sheet import Stage, live_stage
from scorekeeper.spades import services as spades_services
from scorekeeper.spades.presenters import spades_page

from .factories import new_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("stage", "token"),
    [
        (Stage(5), "5e"),
        (Stage(5, offers="3fa2c1"), "5e3fa2c1"),
        (Stage(4, in_play="a1b2c3"), "4a1b2c3"),
        (Stage(9, won=True), "9ew"),
    ],
)
def test_a_stage_says_its_token_as_the_page_carries_it(stage, token) -> None:
    assert stage.token == token == str(stage)


def test_a_sheets_stage_moves_on_with_the_hand_and_a_form_of_another_stage_is_out_of_date() -> None:
    game = new_game()
    asked = Stage.of(spades_page(game))
    assert (asked.number, asked.in_play, asked.won) == (1, "", False) and len(asked.offers) == 6
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])
    playing = Stage.of(spades_page(game))
    assert (playing.number, len(playing.in_play), playing.offers) == (1, 6, "")
    assert live_stage(spades_page(game), playing.token)["entry_outdated"] is False
    assert live_stage(spades_page(game), asked.token)["entry_outdated"] is True
    assert live_stage(spades_page(game), None)["entry_outdated"] is False  # a phone that says nothing
