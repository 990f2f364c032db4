"""Tournament rules (docs/rules/spades.md "Tournament rules"; the published rules of Spades
tournaments and leagues, 005): what a revoke costs (``revoke_penalty``), a side set too often in
all (``sets_to_lose``), and games ended by a hand or time limit (``hand_limit``, ``time_limit``,
the hand field ``time_called``). Every worked example is computed by hand in its comment.

Ann & Cat are side 0 (seats 0 and 2), Bob & Dan side 1 (seats 1 and 3).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.errors import RecordError, RuleError
from scorekeeper.engine.record import game_record, parse_record, score_record
from scorekeeper.engine.spades.game import SpadesGame, SpadesHand
from scorekeeper.engine.spades.rules import spades_rules
from scorekeeper.engine.spades.scoring import score_spades
from tests.profiles import examples

from .helpers import PLAYERS
from .test_properties import legal_games, tricks_split


def record(hands: list[dict[str, Any]], **rules: Any) -> dict[str, Any]:
    return {
        "format": "scorekeeper-game/1",
        "game": "spades",
        "players": list(PLAYERS),
        "dealer": 0,
        "rules": rules,
        "hands": hands,
    }


def hand(bids: list[Any], tricks: list[int], **fields: Any) -> dict[str, Any]:
    return {"bids": bids, "tricks": tricks, **fields}


EVEN = hand([3, 3, 3, 3], [3, 4, 3, 3])  # Ann & Cat +60, Bob & Dan +61
UP = hand([3, 3, 3, 3], [4, 3, 3, 3])  # Ann & Cat +61, Bob & Dan +60


def lines(output: dict[str, Any], number: int = 0) -> list[str]:
    return output["hands"][number]["lines"]


# --- revoke_penalty: three_tricks -----------------------------------------------------------------------------------


def test_revoke_penalty_three_tricks_several_revokes_in_one_hand_the_second_gives_what_is_left_005_renege():
    # Ann & Cat bid 4 + 3 = 7 and took 5 + 3 = 8; Bob & Dan bid 3 + 2 = 5 and took 3 + 2 = 5.
    # Bob revokes: Bob & Dan give 3 -> Ann & Cat 11, Bob & Dan 2. Dan revokes: only 2 left to give
    # -> Ann & Cat 13 (7 made, 6 bags: +76), Bob & Dan 0 (set: -50).
    output = score_record(record([hand([4, 3, 3, 2], [5, 3, 3, 2], revokes=[1, 3])], revoke_penalty="three_tricks"))
    assert output["hands"][0]["points"] == [76, -50]
    assert output["bags"] == [6, 0]
    assert lines(output)[:2] == [
        "Bob revoked: Bob & Dan give 3 tricks to Ann & Cat, toward their bid (spades.md: revoke_penalty; 005 Renege)",
        "Dan revoked: Bob & Dan give 2 tricks to Ann & Cat, toward their bid (spades.md: revoke_penalty; 005 Renege)",
    ]
    assert "Ann & Cat: bid 7, took 13: made, 10 × 7 = +70 (spades.md: Standard scoring 1)" in lines(output)


def test_revoke_penalty_three_tricks_with_no_tricks_left_to_give_005_renege():
    # Bob & Dan bid 2 + 2 and took none: Dan's revoke gives nothing. Ann & Cat bid 9, took 13: +94 (4 bags).
    output = score_record(record([hand([5, 2, 4, 2], [7, 0, 6, 0], revokes=[3])], revoke_penalty="three_tricks"))
    assert output["hands"][0]["points"] == [94, -40]
    assert lines(output)[0].startswith("Dan revoked: Bob & Dan have no tricks toward their bid left to give")


def test_revoke_penalty_three_tricks_a_nil_bidders_revoke_fails_the_nil_and_gives_no_tricks_005_renege():
    # Bob bid nil and took no trick, but revoked: his nil fails (-100), no bags (no trick), no tricks
    # change hands. Dan bid 2 and took 2: +20. Ann & Cat bid 7, took 11: +70 + 4 bags = +74.
    output = score_record(record([hand([4, "nil", 3, 2], [5, 0, 6, 2], revokes=[1])], revoke_penalty="three_tricks"))
    assert output["hands"][0]["points"] == [74, -80]
    assert output["bags"] == [4, 0]
    assert lines(output)[0] == (
        "Bob revoked: their nil fails, and no tricks change hands (spades.md: revoke_penalty; 005 Renege)"
    )
    assert "Bob & Dan: nil by Bob failed (tricks taken: 0), -100 (spades.md: Standard scoring 2)" in lines(output)


def test_revoke_penalty_three_tricks_the_nil_bidders_own_tricks_never_change_hands_005_renege():
    # Dan (bid 3, took 3) revokes; Bob's nil (0 tricks) stays made: only Dan's tricks count toward
    # the bid, and 3 of them go. Bob & Dan: bid 3, took 0: -30, nil made +100 -> +70.
    # Ann & Cat: bid 4 + 4 = 8, took 5 + 5 + 3 = 13: +80 + 5 bags = +85.
    output = score_record(record([hand([4, "nil", 4, 3], [5, 0, 5, 3], revokes=[3])], revoke_penalty="three_tricks"))
    assert output["hands"][0]["points"] == [85, 70]


def test_revoke_penalty_three_tricks_received_tricks_are_bags_and_reach_the_10_bag_penalty_005_renege():
    # Hand 1: Ann & Cat bid 1 + 1, took 6 + 4: +20 + 8 bags = +28 (8 bags); Bob & Dan bid 6, took 3: -60.
    # Hand 2: Ann & Cat bid 6, took 7; Bob (bid 3) revokes: Ann & Cat count 10 -> +60 + 4 bags;
    # bags 8 + 4 = 12 -> -100, 2 carried: +64 - 100 = -36 (total -8). Bob & Dan 6 - 3 = 3 of 6: -60 (total -120).
    output = score_record(
        record(
            [hand([1, 3, 1, 3], [6, 2, 4, 1]), hand([3, 3, 3, 3], [4, 3, 3, 3], revokes=[1])],
            revoke_penalty="three_tricks",
        )
    )
    assert [h["points"] for h in output["hands"]] == [[28, -60], [-36, -60]]
    assert output["totals"] == [-8, -120]
    assert output["bags"] == [2, 0]
    assert "Ann & Cat: bags reach 12, -100; 2 carried over (spades.md: Standard scoring 4)" in lines(output, 1)


def test_revoke_penalty_three_tricks_a_side_with_no_contract_receives_none_005_renege():
    # Ann and Cat both bid nil and took nothing (+200); Bob revokes: Bob & Dan lose 3 of their 13,
    # counting 10 of 6: +60 + 4 bags = +64. Ann & Cat receive none (their nils stand).
    output = score_record(
        record([hand(["nil", 3, "nil", 3], [0, 6, 0, 7], revokes=[1])], revoke_penalty="three_tricks")
    )
    assert output["hands"][0]["points"] == [200, 64]
    assert lines(output)[0].startswith(
        "Bob revoked: Bob & Dan lose 3 tricks; Ann & Cat bid no contract and receive none"
    )


def test_revoke_penalty_three_tricks_a_revoke_proven_by_the_play_counts_without_being_declared_005_renege():
    # The play proves Bob revoked in trick 2 (tests/engine/test_replay.py REVOKE). Ann & Cat bid 7,
    # took 7, receive 3: 10 -> +73 (3 bags); Bob & Dan bid 6, took 6, give 3: 3 of 6 -> -60.
    play = {
        "leader": 1,
        "tricks": [["2H", "3H", "4H", "AH"], ["KH", "2C", "5H", "6H"], ["3D", "7H", "4D", "5D"]],
    }
    output = score_record(record([hand([4, 3, 3, 3], [4, 3, 3, 3], play=play)], revoke_penalty="three_tricks"))
    assert output["hands"][0]["points"] == [73, -60]
    assert [foul["rule"] for foul in output["hands"][0]["fouls"]] == ["follow_suit"]
    # With no penalty the same play scores as played; the foul is only listed.
    plain = score_record(record([hand([4, 3, 3, 3], [4, 3, 3, 3], play=play)]))
    assert plain["hands"][0]["points"] == [70, 60]
    assert [foul["rule"] for foul in plain["hands"][0]["fouls"]] == ["follow_suit"]


def test_revoke_penalty_three_tricks_needs_two_sides_005_renege():
    for players in (3, 6, "solo4"):
        with pytest.raises(RecordError, match="needs two sides"):
            spades_rules({"players": players, "revoke_penalty": "three_tricks"})
    assert spades_rules({"players": 2, "revoke_penalty": "three_tricks"}).revoke_penalty == "three_tricks"


# --- revoke_penalty: set --------------------------------------------------------------------------------------------


def test_revoke_penalty_set_sets_the_side_and_fails_its_nil_005_renege():
    # Dan revokes. Bob & Dan: Dan's bid 2 counts no trick -> -20; Bob's nil fails (he took 1: -100,
    # and the trick is a bag, +1) -> -119 (1 bag). Ann & Cat bid 7, took 10: +73 (3 bags).
    output = score_record(record([hand([4, "nil", 3, 2], [5, 1, 5, 2], revokes=[3])], revoke_penalty="set"))
    assert output["hands"][0]["points"] == [73, -119]
    assert output["bags"] == [3, 1]
    assert lines(output)[0] == (
        "Dan revoked: Bob & Dan are set, their contract counting no tricks, and each of their nils fails"
        " (spades.md: revoke_penalty; 005 Renege)"
    )


def test_revoke_penalty_set_fails_a_made_nil_and_no_bags_come_from_the_contract_005_renege():
    # Bob bid nil and took none; Ann revokes twice. Ann & Cat bid 6, took 10: set, -60 (no bags).
    # Bob & Dan: nil made +100, Dan bid 3 took 3 +30 -> +130. Only the first revoke costs anything.
    output = score_record(record([hand([3, "nil", 3, 3], [6, 0, 4, 3], revokes=[0, 0])], revoke_penalty="set"))
    assert output["hands"][0]["points"] == [-60, 130]
    assert output["bags"] == [0, 0]
    assert lines(output)[1] == "Ann revoked again: Ann & Cat are set already (spades.md: revoke_penalty; 005 Renege)"


def test_revoke_penalty_set_with_shortfall_counts_every_trick_bid_as_missing_005_renege():
    # set_penalty shortfall: 10 for each missing trick; set by a revoke, all 7 are missing: -70.
    output = score_record(
        record([hand([4, 3, 3, 3], [5, 3, 3, 2], revokes=[2])], revoke_penalty="set", set_penalty="shortfall")
    )
    assert output["hands"][0]["points"][0] == -70


def test_revoke_penalty_set_counts_as_a_set_for_set_twice_loses_002_new_york_005_renege():
    # Ann & Cat make both hands by the tricks, but revoke in both: set twice in a row, the game is lost.
    output = score_record(
        record(
            [hand([3, 3, 3, 3], [4, 3, 3, 3], revokes=[0]), hand([3, 3, 3, 3], [4, 3, 3, 3], revokes=[2])],
            revoke_penalty="set",
            set_twice_loses=True,
        )
    )
    assert (output["finished"], output["winner"]) == (True, 1)


def test_revoke_penalty_set_works_with_any_number_of_sides_005_renege():
    # Cut-throat, three players: Bob revokes; his bet of 4 counts no trick: -40.
    output = score_record(
        {
            "format": "scorekeeper-game/1",
            "game": "spades",
            "players": ["Ann", "Bob", "Cat"],
            "dealer": 0,
            "rules": {"preset": "cutthroat3", "revoke_penalty": "set"},
            "hands": [{"bids": [5, 4, 6], "tricks": [6, 5, 6], "revokes": [1]}],
        }
    )
    assert output["hands"][0]["points"][1] == -40


# --- what the record may hold ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "rules", "message"),
    [
        ([hand([3, 3, 3, 3], [4, 3, 3, 3], revokes=[1])], {}, "Revokes are recorded only with a revoke penalty"),
        (
            [hand([3, 3, 3, 3], [4, 3, 3, 3], revokes=[4])],
            {"revoke_penalty": "set"},
            "'revokes' must list seats from 0 to 3",
        ),
        (
            [hand([3, 3, 3, 3], [4, 3, 3, 3], revokes=[1], play={"leader": 1, "tricks": [["2H", "3H", "4H", "AH"]]})],
            {"revoke_penalty": "set"},
            "A hand with a play has no 'revokes'",
        ),
        ([{"misdeal": 1, "revokes": [1]}], {"revoke_penalty": "set", "misdeal": "no_spades"}, "no revokes"),
        ([hand([3, 3, 3, 3], [4, 3, 3, 3], time_called=True)], {}, "the house rules have no time limit"),
        (
            [UP, dict(EVEN, time_called=True), dict(UP, time_called=True)],
            {"time_limit": 40},
            "Hand 3: Time was already called in hand 2",
        ),
        ([{"misdeal": 1, "time_called": True}], {"time_limit": 40, "misdeal": "no_spades"}, "thrown-in hand"),
        ([hand([3, 3, 3, 3], [4, 3, 3, 3], time_called="yes")], {"time_limit": 40}, "'time_called' must be true"),
        ([hand([3, 3, 3, 3], [4, 3, 3, 3], revokes=1)], {"revoke_penalty": "set"}, "'revokes' must be a list"),
        (
            [hand([3, 3, 3, 3], [4, 3, 3, 3], revokes=[], play={"leader": 1, "tricks": [["2H", "3H", "4H", "AH"]]})],
            {"revoke_penalty": "set"},
            "A hand with a play has no 'revokes'",
        ),
        (
            [hand([3, 3, 3, 3], [4, 3, 3, 3], revokes=[1] * 14)],
            {"revoke_penalty": "set"},
            "A player revokes at most once a trick: 14 revokes",
        ),
        (
            [UP, EVEN, dict(UP, time_called=True)],
            {"hand_limit": 2, "time_limit": 40},
            "Hand 3: The limit was reached before: the extra hands after a tie are not marked",
        ),
    ],
)
def test_tournament_fields_the_record_refuses_game_record_penalties_and_limits(hands, rules, message):
    with pytest.raises(RuleError, match=message):
        score_record(record(hands, **rules))


def test_revokes_and_time_called_are_written_back_as_read_game_record_penalties_and_limits():
    data = record(
        [hand([3, 3, 3, 3], [4, 3, 3, 3], revokes=[1, 1]), hand([3, 3, 3, 3], [4, 3, 3, 3], time_called=True)],
        revoke_penalty="three_tricks",
        time_limit=40,
    )
    game = parse_record(data)
    assert game_record(game)["hands"] == data["hands"]
    assert game.hands[0].revokes == (1, 1)


# --- sets_to_lose ---------------------------------------------------------------------------------------------------


def test_sets_to_lose_three_sets_in_all_lose_the_game_005_sets():
    # Bob & Dan are set in hands 1, 3 and 5 (never twice in a row): after hand 5 they lose.
    set_hand, made = hand([3, 4, 3, 3], [4, 3, 3, 3]), hand([3, 3, 3, 3], [3, 4, 3, 3])
    output = score_record(record([set_hand, made, set_hand, made, set_hand], sets_to_lose=3))
    assert (output["finished"], output["winner"]) == (True, 0)
    assert lines(output, 4)[-1].startswith("Bob & Dan set 3 times in the game: the game is lost")
    assert [h["lines"][-1].startswith("Bob & Dan set") for h in output["hands"][:4]] == [False] * 4


# --- hand_limit, time_limit -----------------------------------------------------------------------------------------


def test_hand_limit_the_highest_total_wins_at_the_last_hand_005_match_length():
    output = score_record(record([UP, UP], hand_limit=2))
    assert (output["finished"], output["winner"]) == (True, 0)
    assert lines(output, 1)[-1] == (
        "The hand limit (2) is reached: Ann & Cat win the game with 122 (spades.md: hand_limit; 005 Match length)"
    )
    game = parse_record(record([UP], hand_limit=2))
    limit = score_spades(game).limit
    assert limit is not None and (limit.hand_limit, limit.played, limit.reached) == (2, 1, False)


def test_hand_limit_tied_one_more_hand_until_one_side_is_ahead_005_match_length():
    # After 2 hands both have 121: one more hand; the third puts Ann & Cat ahead, 182 to 181.
    output = score_record(record([UP, EVEN, UP], hand_limit=2))
    assert [h["totals"] for h in output["hands"]] == [[61, 60], [121, 121], [182, 181]]
    assert lines(output, 1)[-1].startswith("The hand limit (2) is reached and Ann & Cat / Bob & Dan are tied at 121")
    assert output["finished"] is True and output["winner"] == 0
    # Hand 3 already broke the tie: hands 4 and 5 came after the end.
    with pytest.raises(RuleError, match="Hand 4: The game was already over after hand 3"):
        score_record(record([UP, EVEN, UP, EVEN], hand_limit=2))
    tied = score_spades(parse_record(record([UP, EVEN], hand_limit=2)))
    assert not tied.finished and tied.limit is not None and tied.limit.reached


def test_hand_limit_the_target_ends_the_game_first_005_match_length():
    # Target 100: Ann & Cat reach 122 in hand 2 of a 5-hand limit.
    output = score_record(record([UP, UP], hand_limit=5, target=100))
    assert (output["finished"], output["winner"]) == (True, 0)
    assert "hand limit" not in lines(output, 1)[-1]


def test_hand_limit_misdeals_are_not_hands_005_match_length():
    # Limit 2: hand, misdeal, hand -> the second played hand is the last.
    output = score_record(record([UP, {"misdeal": 1}, UP], hand_limit=2, misdeal="no_spades"))
    assert (output["finished"], output["winner"]) == (True, 0)
    assert not score_spades(parse_record(record([UP, {"misdeal": 1}], hand_limit=2, misdeal="no_spades"))).finished


def test_time_limit_the_hand_marked_time_called_is_the_last_005_match_length():
    output = score_record(record([UP, dict(UP, time_called=True)], time_limit=40))
    assert (output["finished"], output["winner"]) == (True, 0)
    assert lines(output, 1)[-1] == (
        "Time was called: Ann & Cat win the game with 122 (spades.md: time_limit; 005 Match length)"
    )
    with pytest.raises(RuleError, match="Hand 3: The game was already over after hand 2"):
        score_record(record([UP, dict(UP, time_called=True), UP], time_limit=40))


def test_time_limit_tied_when_time_is_called_one_more_hand_not_marked_005_match_length():
    output = score_record(record([UP, dict(EVEN, time_called=True), UP], time_limit=40))
    assert lines(output, 1)[-1].startswith("Time was called and Ann & Cat / Bob & Dan are tied at 121: one more hand")
    assert (output["finished"], output["winner"]) == (True, 0)


# --- properties -----------------------------------------------------------------------------------------------------


@settings(max_examples=examples(100))
@given(legal_games())
def test_with_the_tournament_keys_off_a_game_scores_as_today_005(game):
    # Every tournament key written out at its "off" value, the record read again: the same sheet.
    data = game_record(game)
    data["rules"] = {**data["rules"], "revoke_penalty": "none", "hand_limit": 0, "time_limit": 0, "sets_to_lose": 0}
    again = parse_record(data)
    assert score_spades(again) == score_spades(game)


@st.composite
def revoked_hands(draw: st.DrawFn) -> tuple[SpadesHand, SpadesHand]:
    """A hand of four number bids with revokes, and the same hand with the tricks moved by hand:
    each revoke takes up to 3 tricks from the revoking side's seats to the other side's first seat."""
    tricks = list(draw(tricks_split(4, 13)))
    bids = tuple(draw(st.integers(1, 4)) for _ in range(4))
    revokes = tuple(draw(st.lists(st.integers(0, 3), min_size=1, max_size=4)))
    moved = list(tricks)
    for seat in revokes:
        own, other = (seat % 2, seat % 2 + 2), ((seat + 1) % 2, (seat + 1) % 2 + 2)
        give = min(3, moved[own[0]] + moved[own[1]])
        for _ in range(give):
            donor = own[0] if moved[own[0]] else own[1]
            moved[donor] -= 1
            moved[other[0]] += 1
    return SpadesHand(bids, tuple(tricks), revokes=revokes), SpadesHand(bids, tuple(moved))


@settings(max_examples=examples(200))
@given(revoked_hands())
def test_revoke_penalty_three_tricks_conserves_tricks_between_the_two_sides_005_renege(hands):
    revoked, moved = hands
    rules = spades_rules({"revoke_penalty": "three_tricks"})
    with_revokes = score_spades(SpadesGame(PLAYERS, 0, rules, (revoked,)))
    by_hand = score_spades(SpadesGame(PLAYERS, 0, rules, (moved,)))
    assert with_revokes.hands[0].points == by_hand.hands[0].points
    assert with_revokes.bags == by_hand.bags
    assert sum(moved.tricks or ()) == 13  # nothing lost, nothing made up
    revoke_lines = [line for line in with_revokes.hands[0].lines if line.rule == "revoke_penalty"]
    assert len(revoke_lines) == len(revoked.revokes)


@settings(max_examples=examples(100))
@given(revoked_hands())
def test_revoke_penalty_set_scores_a_revoking_side_as_taking_nothing_005_renege(hands):
    revoked, _moved = hands
    rules = spades_rules({"revoke_penalty": "set"})
    sheet = score_spades(SpadesGame(PLAYERS, 0, rules, (revoked,)))
    assert revoked.bids is not None
    for side in {seat % 2 for seat in revoked.revokes}:
        bid = revoked.bids[side] + revoked.bids[side + 2]
        assert sheet.hands[0].points[side] == -10 * bid
        assert sheet.hands[0].sets[side]


def test_revoke_penalty_a_play_proves_the_revoke_when_a_bid_is_written_0_for_nil_005_renege():
    # Cat's bid 0 is read as nil (zero_is_nil); the play still proves Bob's revoke. Cat's nil fails
    # (she took 3 tricks: -100, 3 bags +3); Ann bid 4, took 4, receives 3: 7 of 4 -> +43 (3 bags);
    # Ann & Cat +43 - 100 + 3 = -54. Bob & Dan bid 6, took 6, give 3: 3 of 6 -> -60.
    play = {
        "leader": 1,
        "tricks": [["2H", "3H", "4H", "AH"], ["KH", "2C", "5H", "6H"], ["3D", "7H", "4D", "5D"]],
    }
    output = score_record(record([hand([4, 3, 0, 3], [4, 3, 3, 3], play=play)], revoke_penalty="three_tricks"))
    assert output["hands"][0]["points"] == [-54, -60]
    assert lines(output)[0].startswith("Bob revoked: Bob & Dan give 3 tricks to Ann & Cat")


def test_revoke_penalty_set_sets_a_side_that_bid_0_005_renege():
    # zero_is_nil off: Ann & Cat bid 0 + 0 and revoke: -10 × 0 = 0, but the side is set (a set counted).
    game = parse_record(
        record([hand([0, 3, 0, 3], [4, 3, 3, 3], revokes=[0])], revoke_penalty="set", zero_is_nil=False)
    )
    sheet = score_spades(game)
    assert sheet.hands[0].points[0] == 0
    assert sheet.hands[0].sets == (True, False)
