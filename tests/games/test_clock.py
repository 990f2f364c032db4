"""The clock (issue 27.4): when time is up (``games.clock.deadline``, by the server's clock), calling
time (``games.time_calls.time_call``: the row in play, or else the last one, marked ``time_called``)
and the mark kept through every later save of its row; what the sheet's header says of the limits."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from unittest import mock

import pytest
from django.utils import timezone

from scorekeeper.engine.errors import RuleError
from scorekeeper.games import changes, services
from scorekeeper.games.clock import deadline, game_clock, time_up
from scorekeeper.games.kinds import game_rows
from scorekeeper.games.models import Change, Game
from scorekeeper.games.time_calls import time_call, time_called_if_up
from scorekeeper.mu import services as mu_services
from scorekeeper.mu.presenters import mu_page
from scorekeeper.spades import services as spades_services
from scorekeeper.spades.presenters import spades_page

from .factories import BIG_HAND, SET_HAND, new_game, play

pytestmark = pytest.mark.django_db

TIMED = {"preset": "standard", "time_limit": 40}


def timed_game(**rules: object) -> Game:
    return new_game(rules={**TIMED, **rules})


def started(game: Game, minutes_ago: float) -> Game:
    """``game`` with its clock started ``minutes_ago`` by the server's clock."""
    Game.objects.filter(pk=game.pk).update(clock_started=timezone.now() - timedelta(minutes=minutes_ago))
    game.refresh_from_db()
    return game


def marks(game: Game) -> list[int]:
    """The 0-based rows marked ``time_called``."""
    return [row.number for row in game_rows(game) if row.record.get("time_called")]


def actions(game: Game) -> list[str]:
    return list(Change.objects.filter(game=game).order_by("id").values_list("action", flat=True))


# --- the deadline ------------------------------------------------------------------------------------------------


def test_the_deadline_is_the_time_limit_after_the_first_save() -> None:
    start = datetime(2026, 5, 1, 19, 0, tzinfo=UTC)
    assert deadline(start, 40) == datetime(2026, 5, 1, 19, 40, tzinfo=UTC)
    assert deadline(start, 0) is None  # no time limit
    assert deadline(None, 40) is None  # not started


def test_the_clock_starts_with_the_first_save_and_again_once_every_row_is_undone() -> None:
    game = timed_game()
    assert game.clock_started is None
    at = datetime(2026, 5, 1, 19, 0, tzinfo=UTC)
    with mock.patch("django.utils.timezone.now", return_value=at):
        spades_services.hand_bids_save(game=game, bids=SET_HAND[0])
    spades_services.hand_tricks_save(game=game, tricks=SET_HAND[1])
    game.refresh_from_db()
    assert game.clock_started == at  # the first save's time, not the later ones'
    assert time_up(game, at + timedelta(minutes=40)) and not time_up(game, at + timedelta(minutes=39, seconds=59))
    changes.row_undo(game=game)
    changes.row_undo(game=game)
    game.refresh_from_db()
    assert game.clock_started is None


def test_every_game_has_a_clock_even_without_a_time_limit() -> None:
    """Turning a time limit on later still has a start."""
    game = new_game()
    play(game, *SET_HAND)
    game.refresh_from_db()
    assert game.clock_started is not None


# --- calling time ------------------------------------------------------------------------------------------------


def test_time_cannot_be_called_without_a_time_limit() -> None:
    game = new_game()
    play(game, *SET_HAND)
    with pytest.raises(RuleError, match="no time limit"):
        time_call(game=game, automatic=False)
    assert marks(game) == []


def test_the_server_calls_time_only_once_it_is_up_by_its_own_clock() -> None:
    game = started(timed_game(), 0)
    spades_services.hand_bids_save(game=game, bids=SET_HAND[0])
    assert time_call(game=game, automatic=True).change is None  # 40 minutes are not up
    with mock.patch("django.utils.timezone.now", return_value=timezone.now() + timedelta(minutes=41)):
        written = time_call(game=game, device="Ann's phone", automatic=True)
    assert written.change is not None and written.change.action == "time"
    assert marks(game) == [0]  # the hand in play


def test_a_table_calls_time_by_its_own_clock_at_any_time() -> None:
    game = started(timed_game(), 5)
    spades_services.hand_bids_save(game=game, bids=SET_HAND[0])
    assert time_call(game=game, automatic=False).change is not None
    assert marks(game) == [0]


def test_with_no_hand_in_play_the_last_hand_played_is_marked_and_a_second_call_changes_nothing() -> None:
    game = timed_game()
    play(game, *SET_HAND)
    play(game, *SET_HAND)
    started(game, 41)
    version = Game.objects.get(pk=game.pk).version
    time_call(game=game, automatic=True)
    assert marks(game) == [1]
    again = time_call(game=game, automatic=False)
    assert again.change is None and marks(game) == [1]
    assert Game.objects.get(pk=game.pk).version == version + 1


def test_the_mark_stays_when_the_tricks_are_saved_and_the_game_ends_after_that_hand() -> None:
    game = timed_game()
    play(game, *SET_HAND)
    spades_services.hand_bids_save(game=game, bids=BIG_HAND[0])
    time_call(game=started(game, 41), automatic=True)
    written = spades_services.hand_tricks_save(game=game, tricks=BIG_HAND[1])
    assert marks(game) == [1]
    assert written.won_now  # time was called in it and Ann & Cat lead: the last hand
    sheet = spades_page(game).sheet
    assert sheet.limit is not None and sheet.limit.time_called == 1 and sheet.winner == 0


def test_tied_at_the_call_one_more_hand_is_played_unmarked() -> None:
    game = timed_game()
    spades_services.hand_bids_save(game=game, bids=SET_HAND[0])
    time_call(game=started(game, 41), automatic=True)
    spades_services.hand_tricks_save(game=game, tricks=SET_HAND[1])  # tied at -80
    assert not Game.objects.get(pk=game.pk).finished
    clock = game_clock(game, spades_page(game).sheet, None, spades_page(game).rules, timezone.now())
    assert clock is not None and clock.texts == ("Tied: one more hand",) and not clock.callable
    play(game, *BIG_HAND)
    assert marks(game) == [0]  # the tie-break is not marked
    assert Game.objects.get(pk=game.pk).finished


def test_a_correction_keeps_the_mark() -> None:
    game = timed_game()
    spades_services.hand_bids_save(game=game, bids=SET_HAND[0])
    time_call(game=game, automatic=False)
    spades_services.hand_tricks_save(game=game, tricks=SET_HAND[1])
    spades_services.hand_update(game=game, number=0, bids=SET_HAND[0], tricks=[4, 4, 3, 2])
    assert marks(game) == [0]
    assert game_rows(game)[0].record["tricks"] == [4, 4, 3, 2]


def test_undoing_the_call_takes_the_mark_back_and_the_server_does_not_call_again() -> None:
    game = timed_game()
    play(game, *SET_HAND)
    started(game, 41)
    call = time_call(game=game, automatic=True).change
    assert call is not None
    changes.change_revert(game=game, change_id=call.pk)
    assert marks(game) == []
    assert time_call(game=game, automatic=True).change is None  # the table undid it: left to the table
    assert time_call(game=game, automatic=False).change is not None
    assert marks(game) == [0]


def test_undoing_the_bids_of_the_hand_marked_marks_it_again_once_it_is_in_play_not_the_one_before() -> None:
    game = started(timed_game(), 0)
    play(game, *SET_HAND)
    spades_services.hand_bids_save(game=game, bids=SET_HAND[0])
    later = timezone.now() + timedelta(minutes=41)
    with mock.patch("django.utils.timezone.now", return_value=later):
        time_call(game=game, automatic=True)
        assert marks(game) == [1]
        changes.row_undo(game=game)  # the bids of the hand marked, taken back with its mark
        assert time_call(game=game, automatic=True).change is None  # not hand 1: hand 2 was in play
        spades_services.hand_bids_save(game=game, bids=SET_HAND[0])
        time_call(game=game, automatic=True)
    assert marks(game) == [1]


def test_a_misdeal_is_never_marked_the_hand_dealt_again_is() -> None:
    game = timed_game(misdeal="no_spades")
    play(game, *SET_HAND)
    spades_services.hand_misdeal(game=game, seat=2)
    started(game, 41)
    assert time_call(game=game, automatic=True).change is None
    time_called_if_up(game=game)  # before the bids of the hand dealt again: nothing to mark yet
    spades_services.hand_bids_save(game=game, bids=SET_HAND[0])
    time_called_if_up(game=game)  # before its tricks: it is in play now
    assert marks(game) == [2]


def test_call_time_right_after_a_misdeal_says_to_call_it_once_the_bids_are_saved() -> None:
    """The table's own "Call time" after a misdeal: refused with the reason (nothing lost in silence);
    once the hand dealt again is in play, the same call marks it."""
    game = timed_game(misdeal="no_spades")
    play(game, *SET_HAND)
    spades_services.hand_misdeal(game=game, seat=2)
    with pytest.raises(RuleError, match="call time once the bids of the hand dealt again are saved"):
        time_call(game=game, automatic=False)
    assert marks(game) == []
    spades_services.hand_bids_save(game=game, bids=SET_HAND[0])
    assert time_call(game=game, automatic=False).change is not None
    assert marks(game) == [2]


def test_a_finished_game_is_never_marked() -> None:
    game = timed_game(target=100)
    play(game, *BIG_HAND)
    assert Game.objects.get(pk=game.pk).finished
    assert time_call(game=started(game, 41), automatic=False).change is None
    assert marks(game) == []


def test_before_a_save_time_is_called_only_once_it_is_up() -> None:
    game = timed_game()
    spades_services.hand_bids_save(game=game, bids=SET_HAND[0])
    time_called_if_up(game=game)
    assert marks(game) == [] and actions(game) == ["bids"]
    time_called_if_up(game=started(game, 41), device="Bob's phone")
    assert marks(game) == [0]
    assert Change.objects.get(game=game, action="time").device == "Bob's phone"


# --- Mü ----------------------------------------------------------------------------------------------------------


def mu_game(**rules: object) -> Game:
    return services.game_create(
        players=["Anna", "Beate", "Conny", "Dagmar"], dealer=0, rules={"preset": "standard", **rules}, kind="mu"
    )


def auction(game: Game) -> None:
    mu_services.deal_auction_save(game=game, laid=[2, 1, 0, 0], chef_trump="red", vize_trump=7, partner=2)


def test_a_mu_deal_in_play_is_marked_and_keeps_its_mark_through_its_points_and_a_correction() -> None:
    game = mu_game(time_limit=30)
    auction(game)
    assert time_call(game=game, automatic=True).change is None
    time_call(game=started(game, 31), automatic=True)
    assert marks(game) == [0]
    mu_services.deal_points_save(game=game, points=[30, 20, 10, 0])
    record = game_rows(game)[0].record
    mu_services.deal_update(game=game, number=0, record={k: v for k, v in record.items() if k != "time_called"})
    assert marks(game) == [0]
    sheet = mu_page(game).sheet
    assert sheet.limit is not None and sheet.limit.time_called == 0 and sheet.finished


def test_a_mu_game_with_no_deal_in_play_marks_its_last_deal() -> None:
    game = mu_game(time_limit=30)
    auction(game)
    mu_services.deal_points_save(game=game, points=[30, 20, 10, 0])
    time_call(game=started(game, 31), automatic=True)
    assert marks(game) == [0]
    with pytest.raises(RuleError, match="no time limit"):
        time_call(game=mu_game(), automatic=False)


# --- what the header says ----------------------------------------------------------------------------------------


def header(game: Game, now: datetime | None = None) -> object:
    page = spades_page(game)
    return game_clock(game, page.sheet, page.in_play, page.rules, now or timezone.now())


def test_the_header_before_the_first_save_while_time_runs_and_once_it_is_up() -> None:
    game = timed_game()
    clock = header(game)
    assert clock.texts == ("40 min from the first bid",) and clock.left is None and not clock.callable
    spades_services.hand_bids_save(game=game, bids=SET_HAND[0])
    game.refresh_from_db()
    clock = header(game, game.clock_started + timedelta(minutes=27, seconds=30))
    assert clock.texts == () and clock.left == 750 and clock.left_text == "13 min left" and clock.callable
    assert clock.up_text == "Time: this hand is the last (tied: one more hand)"
    clock = header(game, game.clock_started + timedelta(minutes=40))
    assert clock.texts == ("Time: this hand is the last (tied: one more hand)",) and clock.left is None
    assert clock.callable
    time_call(game=game, automatic=False)
    clock = header(game)
    assert clock.texts == ("Time was called: this hand is the last",) and not clock.callable


def test_the_header_counts_the_hands_of_a_hand_limit_misdeals_left_out() -> None:
    game = new_game(rules={"preset": "standard", "hand_limit": 3, "misdeal": "no_spades"})
    assert header(game).texts == ("Hand 1 of 3",)
    play(game, *SET_HAND)
    spades_services.hand_misdeal(game=game, seat=1)
    assert header(game).texts == ("Hand 2 of 3",)
    play(game, *SET_HAND)
    play(game, *SET_HAND)  # the limit, tied at -240
    assert header(game).texts == ("Tied: one more hand",)
    assert header(new_game()) is None  # no limit: nothing said


def test_the_header_of_a_game_over_says_which_hand_time_was_called_in() -> None:
    game = timed_game(hand_limit=8)
    spades_services.hand_bids_save(game=game, bids=BIG_HAND[0])
    time_call(game=game, automatic=False)
    spades_services.hand_tricks_save(game=game, tricks=BIG_HAND[1])
    assert header(game).texts == ("Time was called in hand 1",)


def test_an_imported_game_with_hands_starts_its_clock_at_the_import() -> None:
    """Its hands were played elsewhere: a time limit runs from the import, as from a first saved row."""
    record = {
        "format": "scorekeeper-game/1",
        "game": "spades",
        "players": ["Ann", "Bob", "Cat", "Dan"],
        "dealer": 0,
        "rules": {"preset": "standard", "time_limit": 40},
        "hands": [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}],
    }
    before = timezone.now()
    game = services.game_import(record=record)
    assert game.clock_started is not None and game.clock_started >= before
    empty = services.game_import(record={**record, "hands": []})
    assert empty.clock_started is None
