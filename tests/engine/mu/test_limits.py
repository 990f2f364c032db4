"""Match limits for Mü (docs/rules/mu.md "Match limits", as spades.md "Tournament rules"; 005):
``hand_limit`` counts deals, an Eklat among them, and ``time_limit`` ends the game after the deal
marked ``time_called``; at the limit the highest total wins, tied at the top: one more deal."""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.mu.game import Eklat
from scorekeeper.engine.record import game_record, parse_record, score_record

from .helpers import eklat, game, score

#: Everyone passed: no points. A tie on 2 cards, Beate laid last: Anna +5 × 2 = +10, Beate -20 (§4).
PASSED = Eklat()
ANNA_AHEAD = eklat(2, (0, 1), 1)


def test_deal_limit_counts_eklats_and_the_highest_total_wins_mu_match_limits():
    sheet = score(PASSED, ANNA_AHEAD, hand_limit=2)
    assert (sheet.finished, sheet.winner) == (True, 0)
    assert sheet.hands[1].lines[-1].render() == (
        "The deal limit (2) is reached: Anna wins the game with 10 (spades.md: hand_limit; 005 Match length)"
    )


def test_deal_limit_tied_at_the_top_one_more_deal_until_one_player_is_ahead_mu_match_limits():
    tied = score(PASSED, PASSED, hand_limit=2)
    assert not tied.finished
    assert tied.limit is not None and (tied.limit.played, tied.limit.reached) == (2, True)
    assert (
        tied.hands[1]
        .lines[-1]
        .render()
        .startswith(
            "The deal limit (2) is reached and Anna / Beate / Conny / Dagmar / Emma are tied at 0: one more deal"
        )
    )
    decided = score(PASSED, PASSED, ANNA_AHEAD, hand_limit=2)
    assert (decided.finished, decided.winner) == (True, 0)


def test_time_called_in_a_deal_makes_it_the_last_mu_match_limits():
    sheet = score(PASSED, dataclasses.replace(ANNA_AHEAD, time_called=True), time_limit=30)
    assert (sheet.finished, sheet.winner) == (True, 0)
    assert sheet.limit is not None and sheet.limit.time_called == 1
    assert sheet.hands[1].lines[-1].render().startswith("Time was called: Anna wins the game with 10")


def test_the_agreed_total_still_ends_the_game_first_mu_9_match_limits():
    sheet = score(ANNA_AHEAD, hand_limit=5, target=5)
    assert (sheet.finished, sheet.winner) == (True, 0)
    assert "limit" not in sheet.hands[0].lines[-1].render()


def test_time_called_is_kept_in_the_record_and_refused_without_a_time_limit_game_record_penalties_and_limits():
    data = game_record(game(PASSED, dataclasses.replace(ANNA_AHEAD, time_called=True), time_limit=30))
    assert data["hands"][1]["time_called"] is True
    assert parse_record(data).deals[1].time_called
    assert score_record(data)["finished"] is True
    data["rules"] = {"preset": "standard"}
    with pytest.raises(RuleError, match="Deal 2: Time cannot be called here"):
        score_record(data)


def test_a_game_without_limits_has_no_limit_on_its_sheet():
    assert score(PASSED).limit is None
