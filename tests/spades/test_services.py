"""Services: every write to a game, checked by the engine before anything is stored."""

from __future__ import annotations

import pytest

from scorekeeper.engine.errors import RecordError, RuleError
from scorekeeper.engine.record import scored_forget
from scorekeeper.games import changes, services
from scorekeeper.games.kinds import game_rows
from scorekeeper.games.models import Game, Row
from scorekeeper.games.records import game_export
from scorekeeper.spades import services as spades_services
from scorekeeper.spades.presenters import spades_page

from ..games.factories import (
    BIG_HAND,
    BLIND_NIL_HAND,
    PLAYERS,
    SET_HAND,
    game_with_hands,
    new_game,
    play,
    record,
    stored,
)

pytestmark = pytest.mark.django_db


def totals(game: Game) -> tuple[int, ...]:
    return spades_page(Game.objects.get(pk=game.pk)).sheet.totals


# --- game_create ---------------------------------------------------------------------------------------------------


def test_game_create_stores_players_dealer_and_normalised_rules():
    game = services.game_create(
        kind="spades",
        players=[" Ann ", "Bob", "Cat", "Dan"],
        dealer=2,
        rules={"preset": "german_table", "target": 300, "nil": True},
    )

    game.refresh_from_db()
    assert game.players == ["Ann", "Bob", "Cat", "Dan"]
    assert game.dealer == 2
    # The preset plus only the keys that differ from it (nil is True in the preset anyway).
    assert game.rules == {"preset": "german_table", "target": 300}
    assert game.kind == "spades"
    assert Game.objects.count() == 1
    assert not game.rows.exists()


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ({"preset": "bogus"}, "Unknown preset"),
        ({"preset": "standard", "jokers": True}, "Unknown house rule 'jokers'"),
        ({"preset": "standard", "nil_value": 75}, "House rule 'nil_value' cannot be 75"),
    ],
)
def test_game_create_bad_rules_raise_record_error_and_store_nothing(rules, message):
    with pytest.raises(RecordError) as caught:
        services.game_create(kind="spades", players=PLAYERS, dealer=0, rules=rules)

    assert message in str(caught.value)
    assert caught.value.field == "rules"
    assert Game.objects.count() == 0


@pytest.mark.parametrize(
    ("players", "dealer", "field"),
    [(["Ann", "Bob", "Cat"], 0, "players"), (["Ann", "Bob", "Cat", "  "], 0, "players"), (PLAYERS, 4, "dealer")],
)
def test_game_create_bad_players_or_dealer_store_nothing(players, dealer, field):
    with pytest.raises(RecordError) as caught:
        services.game_create(kind="spades", players=players, dealer=dealer, rules={"preset": "standard"})

    assert caught.value.field == field
    assert Game.objects.count() == 0


# --- hand_bids_save ------------------------------------------------------------------------------------------------


def test_hand_bids_save_stores_verified_bids():
    game = new_game()

    hand = spades_services.hand_bids_save(game=game, bids=[0, 3, "nil", 4], number=0).row

    assert hand is not None and hand.number == 0
    assert "tricks" not in hand.record
    # zero_is_nil (standard): a bid of 0 is stored as nil.
    assert stored(game) == [(["nil", 3, "nil", 4], None)]


def test_hand_bids_save_blind_nil_allowed_when_behind_by_100():
    game = new_game()
    play(game, *BIG_HAND)  # [100, -40]: Bob & Dan are 140 behind

    spades_services.hand_bids_save(game=game, bids=[4, "blind_nil", 4, 3], number=1)

    assert stored(game)[1] == ([4, "blind_nil", 4, 3], None)


def test_hand_bids_save_refuses_blind_nil_when_not_behind():
    game = new_game()

    with pytest.raises(RuleError) as caught:
        spades_services.hand_bids_save(game=game, bids=[4, "blind_nil", 4, 3], number=0)

    error = caught.value
    assert error.field == "bids"
    assert error.seat == 1
    assert "Bob: blind nil is allowed only when the bidder's side is at least 100 points behind (now tied)" in str(
        error
    )
    assert stored(game) == []


def test_hand_bids_save_refuses_blind_nil_for_the_leading_side():
    game = new_game()
    play(game, *BIG_HAND)  # Ann & Cat lead by 140

    with pytest.raises(RuleError) as caught:
        spades_services.hand_bids_save(game=game, bids=["blind_nil", 4, 4, 3])

    assert (caught.value.field, caught.value.seat) == ("bids", 0)
    assert "(now 140 ahead)" in str(caught.value)
    assert len(stored(game)) == 1


def test_hand_bids_save_refuses_when_a_hand_is_in_play():
    game = new_game()
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])

    with pytest.raises(RuleError) as caught:
        spades_services.hand_bids_save(game=game, bids=[4, 4, 4, 4])

    assert caught.value.field == "bids"
    assert "already written" in str(caught.value)
    assert stored(game) == [([3, 3, 3, 3], None)]


def test_hand_bids_save_refuses_after_the_game_is_over():
    game = new_game(rules={"preset": "standard", "target": 100})
    play(game, *BIG_HAND)  # Ann & Cat reach 100
    assert spades_page(game).sheet.winner == 0

    with pytest.raises(RuleError) as caught:
        spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3], number=1)

    assert "The game is over" in str(caught.value)
    assert stored(game) == [(BIG_HAND[0], BIG_HAND[1])]


def test_hand_bids_save_refuses_wrong_number_of_bids():
    game = new_game()

    with pytest.raises(RuleError) as caught:
        spades_services.hand_bids_save(game=game, bids=[3, 3, 3])

    assert caught.value.field == "bids"
    assert stored(game) == []


@pytest.mark.parametrize("number", [1, 5])
def test_hand_bids_save_stale_number_stores_nothing(number):
    game = new_game()

    with pytest.raises(changes.WriteConflict):
        spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3], number=number)

    assert stored(game) == []


def test_hand_bids_save_stale_after_another_phone_saved_the_bids():
    game = new_game()
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3], number=0)

    with pytest.raises(changes.WriteConflict):
        spades_services.hand_bids_save(game=game, bids=[4, 4, 4, 4], number=0)

    assert stored(game) == [([3, 3, 3, 3], None)]


# --- hand_tricks_save ----------------------------------------------------------------------------------------------


def test_hand_tricks_save_scores_the_hand():
    game = new_game()
    spades_services.hand_bids_save(game=game, bids=BIG_HAND[0], number=0)

    hand = spades_services.hand_tricks_save(game=game, tricks=BIG_HAND[1], number=0).row

    assert hand is not None and hand.number == 0
    assert stored(game) == [(BIG_HAND[0], BIG_HAND[1])]
    assert totals(game) == (100, -40)


@pytest.mark.parametrize("tricks", [[4, 3, 3, 4], [3, 3, 3, 3], [13, 13, 0, 0]])
def test_hand_tricks_save_refuses_tricks_not_adding_to_13(tricks):
    game = new_game()
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])

    with pytest.raises(RuleError) as caught:
        spades_services.hand_tricks_save(game=game, tricks=tricks, number=0)

    assert caught.value.field == "tricks"
    assert f"The tricks add up to {sum(tricks)}, but a hand has 13 tricks" in str(caught.value)
    assert stored(game) == [([3, 3, 3, 3], None)]


def test_hand_tricks_save_refuses_when_no_hand_is_in_play():
    game = new_game()

    with pytest.raises(RuleError) as caught:
        spades_services.hand_tricks_save(game=game, tricks=[4, 3, 3, 3])

    assert caught.value.field == "tricks"
    assert stored(game) == []


def test_hand_tricks_save_stale_number_stores_nothing():
    game = new_game()
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])

    with pytest.raises(changes.WriteConflict):
        spades_services.hand_tricks_save(game=game, tricks=[4, 3, 3, 3], number=1)

    assert stored(game) == [([3, 3, 3, 3], None)]


def test_hand_tricks_save_stale_after_another_phone_saved_the_tricks():
    game = new_game()
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3], number=0)
    spades_services.hand_tricks_save(game=game, tricks=[4, 3, 3, 3], number=0)  # the first phone

    with pytest.raises(changes.WriteConflict):
        spades_services.hand_tricks_save(game=game, tricks=[3, 4, 3, 3], number=0)  # the second phone, same hand

    assert stored(game) == [([3, 3, 3, 3], [4, 3, 3, 3])]


def test_hand_tricks_save_stores_the_revokes_given_once_per_revoke_and_none_when_empty():
    """game-record.md "Penalties and limits": ``revokes``, a seat per revoke, only when there is one."""
    game = new_game(rules={"preset": "standard", "revoke_penalty": "set"})
    spades_services.hand_bids_save(game=game, bids=[4, 3, 3, 3])
    spades_services.hand_tricks_save(game=game, tricks=[4, 3, 3, 3], results={"revokes": [1, 1]})
    spades_services.hand_bids_save(game=game, bids=[4, 3, 3, 3])
    spades_services.hand_tricks_save(game=game, tricks=[4, 3, 3, 3], results={"revokes": []})

    assert [row.record.get("revokes") for row in game_rows(game)] == [[1, 1], None]


def test_a_play_used_for_the_sheet_stores_no_revokes_its_fouls_are_the_revokes():
    """With a play, the revokes are the play's follow_suit fouls and ``revokes`` is an invalid field."""
    from scorekeeper.engine.replay import Play

    game = new_game(rules={"preset": "standard", "revoke_penalty": "three_tricks"})
    spades_services.hand_bids_save(game=game, bids=[4, 3, 3, 3])
    revoke = Play(1, (("2H", "3H", "4H", "AH"), ("KH", "2C", "5H", "6H"), ("3D", "7H", "4D", "5D")))

    spades_services.hand_tricks_save(game=game, tricks=[4, 3, 3, 3], results={"revokes": [3]}, play=revoke)

    assert set(Row.objects.get(game=game).record) == {"bids", "tricks", "play"}
    assert totals(game) == (73, -60)  # Bob's revoke, proven by the play, cost Bob & Dan 3 tricks


# --- hand_update ---------------------------------------------------------------------------------------------------


def test_hand_update_rescores_every_later_hand():
    game = new_game()
    play(game, *BIG_HAND)
    play(game, *SET_HAND)
    assert totals(game) == (20, -120)

    hand = spades_services.hand_update(game=game, number=0, bids=[5, 2, 5, 2], tricks=[4, 2, 4, 3]).row

    assert hand is not None and hand.number == 0
    assert stored(game)[0] == ([5, 2, 5, 2], [4, 2, 4, 3])
    # Hand 1: Ann & Cat bid 10 took 8: -100; Bob & Dan bid 4 took 5: +41. Hand 2: -80 each.
    sheet = spades_page(Game.objects.get(pk=game.pk)).sheet
    assert [score.totals for score in sheet.hands] == [(-100, 41), (-180, -39)]


def test_hand_update_refused_when_a_later_played_hand_becomes_illegal():
    game = new_game()
    play(game, *BIG_HAND)  # [100, -40]
    play(game, *BLIND_NIL_HAND)  # Bob's blind nil needs Bob & Dan 100 behind
    before = stored(game)
    totals_before = totals(game)

    # Ann & Cat now go set and Bob & Dan make it: Bob & Dan lead, so hand 2's blind nil is illegal.
    with pytest.raises(RuleError) as caught:
        spades_services.hand_update(game=game, number=0, bids=[5, 2, 5, 2], tricks=[4, 2, 4, 3])

    error = caught.value
    assert error.hand == 1
    assert (error.field, error.seat) == ("bids", 1)
    assert str(error).startswith("Hand 2: Bob: blind nil is allowed only")
    assert stored(game) == before
    assert totals(game) == totals_before


def test_hand_update_refused_when_the_bids_in_play_become_illegal():
    game = new_game()
    play(game, *BIG_HAND)
    spades_services.hand_bids_save(game=game, bids=BLIND_NIL_HAND[0])  # in play
    before = stored(game)

    with pytest.raises(RuleError) as caught:
        spades_services.hand_update(game=game, number=0, bids=[5, 2, 5, 2], tricks=[4, 2, 4, 3])

    assert caught.value.hand == 1
    assert (caught.value.field, caught.value.seat) == ("bids", 1)
    assert stored(game) == before


def test_hand_update_refused_when_the_game_would_end_before_a_later_hand():
    game = new_game(rules={"preset": "standard", "target": 100})
    play(game, *SET_HAND)  # [-80, -80]
    play(game, *SET_HAND)  # [-160, -160]
    before = stored(game)

    # Hand 1 corrected to 13 bid and made by Ann & Cat: 130 + ... reaches the target; hand 2 cannot follow.
    with pytest.raises(RuleError) as caught:
        spades_services.hand_update(game=game, number=0, bids=[7, 1, 6, 1], tricks=[7, 0, 6, 0])

    assert caught.value.hand == 1
    assert "already over after hand 1" in str(caught.value)
    assert stored(game) == before


def test_hand_update_refuses_a_hand_with_tricks_not_adding_to_13():
    game = new_game()
    play(game, *BIG_HAND)

    with pytest.raises(RuleError) as caught:
        spades_services.hand_update(game=game, number=0, bids=[5, 2, 5, 2], tricks=[5, 5, 5, 5])

    assert caught.value.field == "tricks"
    assert stored(game) == [(BIG_HAND[0], BIG_HAND[1])]


@pytest.mark.parametrize("number", [-1, 1, 2])
def test_hand_update_unknown_or_unplayed_hand(number):
    game = new_game()
    play(game, *BIG_HAND)
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])  # hand 1 is in play, not played

    with pytest.raises(Row.DoesNotExist):
        spades_services.hand_update(game=game, number=number, bids=[3, 3, 3, 3], tricks=[4, 3, 3, 3])

    assert stored(game) == [(BIG_HAND[0], BIG_HAND[1]), ([3, 3, 3, 3], None)]


# --- row_undo -----------------------------------------------------------------------------------------------------


def test_hand_undo_removes_bids_in_play_then_the_last_hand():
    game = new_game()
    play(game, *BIG_HAND)
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])

    undone = changes.row_undo(game=game).change
    assert undone is not None and (undone.number, undone.before, undone.after) == (1, {"bids": [3, 3, 3, 3]}, None)
    assert stored(game) == [(BIG_HAND[0], BIG_HAND[1])]

    undone = changes.row_undo(game=game).change
    assert undone is not None and (undone.number, undone.before["tricks"]) == (0, BIG_HAND[1])
    assert stored(game) == []
    assert totals(game) == (0, 0)

    assert changes.row_undo(game=game).change is None  # nothing to undo: nothing written
    assert Game.objects.filter(pk=game.pk).exists()


def test_hand_undo_then_the_next_bids_reuse_the_number():
    game = new_game()
    play(game, *BIG_HAND)
    changes.row_undo(game=game)

    hand = spades_services.hand_bids_save(game=game, bids=[2, 2, 2, 2], number=0).row

    assert hand is not None and hand.number == 0
    assert stored(game) == [([2, 2, 2, 2], None)]


# --- game_rematch --------------------------------------------------------------------------------------------------


def test_game_rematch_same_players_and_rules_dealer_moves_on():
    game = new_game(dealer=1, rules={"preset": "german_table", "target": 300})
    for _ in range(3):
        play(game, *SET_HAND)

    new = services.game_rematch(game=game)

    assert new.pk != game.pk
    new.refresh_from_db()
    assert new.players == PLAYERS
    assert new.rules == {"preset": "german_table", "target": 300}
    assert new.dealer == (1 + 3) % 4 == 0
    assert not new.rows.exists()
    assert Game.objects.count() == 2
    assert len(stored(game)) == 3  # the old game is untouched


def test_game_rematch_of_a_finished_game():
    game = new_game(dealer=3, rules={"preset": "standard", "target": 100})
    play(game, *SET_HAND)
    play(game, *BIG_HAND)
    play(game, *BIG_HAND)  # Ann & Cat: -80 + 100 + 100 = 120
    assert spades_page(game).sheet.finished

    new = services.game_rematch(game=game)

    assert new.dealer == (3 + 3) % 4 == 2
    assert game_export(new) == record(dealer=2, rules={"preset": "standard", "target": 100})


def test_game_with_hands_helper_is_not_over():
    game = game_with_hands(3)

    sheet = spades_page(game).sheet
    assert sheet.totals == (-240, -240)
    assert not sheet.finished


# --- each write scores the game once (issue 13) --------------------------------------------------------------------


@pytest.fixture
def scorings(monkeypatch):
    """How many times the engine scores a Spades game (every scoring goes through ``score_game``)."""
    from scorekeeper.engine import record as engine_record

    calls = []
    original = engine_record.score_spades

    def counted(game):
        calls.append(len(game.hands))
        return original(game)

    monkeypatch.setattr(engine_record, "score_spades", counted)
    return calls


def test_each_write_scores_the_game_once(scorings):
    game = new_game()
    play(game, *BIG_HAND)
    writes = [
        lambda: spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3]),
        lambda: spades_services.hand_tricks_save(game=game, tricks=[4, 3, 3, 3]),
        lambda: spades_services.hand_update(game=game, number=0, bids=[4, 3, 3, 3], tricks=[4, 3, 3, 3]),
        lambda: changes.change_revert(game=game, change_id=game.changes.first().pk),
    ]
    for write in writes:
        scorings.clear()
        scored_forget()  # nothing scored before: each write scores the game once
        write()
        assert len(scorings) == 1


def test_a_misdeal_scores_the_game_once(scorings):
    game = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"misdeal": "no_spades"}
    )
    play(game, *BIG_HAND)
    scorings.clear()
    scored_forget()
    spades_services.hand_misdeal(game=game, seat=2)
    assert len(scorings) == 1


def test_no_misdeal_once_the_game_is_over():
    game = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"misdeal": "no_spades", "target": 100}
    )
    play(game, *BIG_HAND)
    with pytest.raises(RuleError, match="The game was already over after hand 1"):
        spades_services.hand_misdeal(game=game, seat=2)
    assert len(game_rows(game)) == 1


def test_a_correction_keeps_the_play_only_while_the_tricks_stay_issue_16():
    """The play describes the hand: changing the bids keeps it, changing the tricks drops it (else the
    record would claim tricks its play disagrees with)."""
    from scorekeeper.bench.common import random_play
    from scorekeeper.engine.spades.replay import spades_replay
    from scorekeeper.engine.spades.rules import spades_rules

    game = new_game()
    play = random_play(5)
    taken = spades_replay(spades_rules({"preset": "standard"}), play, dealer=0, names=("a", "b", "c", "d")).taken
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])
    spades_services.hand_tricks_save(game=game, tricks=list(taken), play=play)
    assert game_export(game)["hands"][0]["play"] == play.record()
    spades_services.hand_update(game=game, number=0, bids=[4, 3, 3, 3], tricks=list(taken))
    assert Row.objects.get(game=game).record["play"] == play.record()
    moved = [taken[0] + 1, taken[1] - 1, *taken[2:]] if taken[1] else [taken[0] - 1, taken[1] + 1, *taken[2:]]
    spades_services.hand_update(game=game, number=0, bids=[4, 3, 3, 3], tricks=moved)
    assert "play" not in Row.objects.get(game=game).record
