"""Every Spades house rule value and every preset, with numbers worked out by hand from the rule text.

Source: Pagat, Spades (002; see docs/rules/spades.md, "Sources"): sections "Variations in the bidding"
(Partnership Bidding, Round-the-table bidding, The hand that bids itself), "Special actions /
bids" (Misdeal, Blind 6, 10-for-200, Moon or Boston, Blind moon, No trump bids, Double Nil,
Bemo), "Variations in the scoring", "Dennis J Barmore's rules", "New York City rules", "Solo
Spades", "Spades for Six / Three / Two Players"; docs/rules/spades.md ("Rule keys",
"Presets"). Seats: Ann 0, Bob 1, Cat 2, Dan 3; side 0 = Ann & Cat, side 1 = Bob & Dan.
Each test's comment shows the arithmetic. Where the text leaves a reading open, the test
says which reading the engine follows (docs/house-rules.md "Readings").
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import pytest

from scorekeeper.bench.common import random_play
from scorekeeper.engine.errors import RecordError, RuleError
from scorekeeper.engine.record import game_record, parse_record, score_record
from scorekeeper.engine.sheet import Sheet
from scorekeeper.engine.spades.game import Bemo, SpadesGame, SpadesHand
from scorekeeper.engine.spades.replay import spades_replay
from scorekeeper.engine.spades.rules import PRESETS, SpadesRules, spades_rules
from scorekeeper.engine.spades.scoring import score_spades

from .helpers import AT_337_WITH_7_BAGS, PLAYERS, score

THREE = ("Ann", "Bob", "Cat")
TWO = ("Ann", "Bob")
SIX = ("P0", "P1", "P2", "P3", "P4", "P5")  # sides: P0 & P3, P1 & P4, P2 & P5


def hand(bids: Sequence[Any] | None, tricks: Sequence[int] | None, **facts: Any) -> SpadesHand:
    """A hand with optional side-level facts (lists become tuples, bemo dicts become Bemo)."""
    extra: dict[str, Any] = {}
    for name, value in facts.items():
        if name == "bemo":
            value = tuple(Bemo(**item) for item in value)
        elif isinstance(value, list):
            value = tuple(value)
        extra[name] = value
    return SpadesHand(
        None if bids is None else tuple(bids),
        None if tricks is None else tuple(tricks),
        **extra,
    )


def table(*hands: SpadesHand, players: Sequence[str] = PLAYERS, dealer: int = 0, **rules: Any) -> SpadesGame:
    return SpadesGame(players=tuple(players), dealer=dealer, rules=spades_rules(rules), hands=hands)


def play(*hands: SpadesHand, players: Sequence[str] = PLAYERS, dealer: int = 0, **rules: Any) -> Sheet:
    """Score ``hands`` at a table of ``players`` under ``rules`` (record keys)."""
    return score_spades(table(*hands, players=players, dealer=dealer, **rules))


def rule_error(*hands: SpadesHand, players: Sequence[str] = PLAYERS, dealer: int = 0, **rules: Any) -> RuleError:
    """The RuleError that scoring ``hands`` raises."""
    with pytest.raises(RuleError) as caught:
        play(*hands, players=players, dealer=dealer, **rules)
    return caught.value


def rules_of(sheet: Sheet, hand_index: int, side: int) -> list[str]:
    return [line.rule for line in sheet.hands[hand_index].lines if line.side == side]


# AT_337_WITH_7_BAGS leaves Ann & Cat at 337 and Bob & Dan at 71: Bob & Dan are 266 behind.
BEHIND_266 = [hand(bids, tricks) for bids, tricks in AT_337_WITH_7_BAGS]


# ------------------------------------------------------------------------------------------
# Variations in the bidding
# ------------------------------------------------------------------------------------------


def test_bidding_partnership_one_bid_per_side_002_partnership_bidding():
    """002 "Partnership Bidding": each partnership agrees on one bid."""
    # Side 0 bids 5 and takes 3 + 2 = 5: +50. Side 1 bids 7 and takes 4 + 4 = 8: 70 + 1 bag = 71.
    sheet = play(hand([5, 7], [3, 4, 2, 4]), bidding="partnership")
    assert sheet.hands[0].points == (50, 71)
    assert sheet.bags == (0, 1)


def test_bidding_partnership_rejects_four_player_bids_002_partnership_bidding():
    error = rule_error(hand([3, 4, 2, 3], [3, 4, 2, 4]), bidding="partnership")
    assert error.field == "bids" and "Enter a bid for each of the 2 sides." in str(error)


def test_bidding_individual_rejects_side_bids_002_bidding():
    error = rule_error(hand([5, 7], [3, 4, 2, 4]))
    assert error.field == "bids" and "Enter a bid for each of the 4 players." in str(error)


def test_min_team_bid_4_partnership_bid_of_3_is_an_error_002_partnership_bidding():
    """002 "Partnership Bidding": "Some play that each team must bid a minimum of 4 tricks"."""
    error = rule_error(hand([3, 6], [3, 4, 2, 4]), bidding="partnership", min_team_bid=4)
    assert (error.seat, error.field) == (0, "bids")
    assert "a side bids a number of tricks from 4 to 13" in str(error)
    # 4 is enough: side 0 bids 4, takes 5: 41; side 1 bids 6, takes 8: 62.
    assert play(hand([4, 6], [3, 4, 2, 4]), bidding="partnership", min_team_bid=4).hands[0].points == (41, 62)


def test_min_team_bid_4_individual_side_total_of_3_is_an_error_002_partnership_bidding():
    # Ann 1 + Cat 2 = 3 < 4. Dealer 0 bids last (order Bob, Cat, Dan, Ann): Ann completes the breach.
    error = rule_error(hand([1, 4, 2, 4], [3, 4, 2, 4]), min_team_bid=4)
    assert (error.seat, error.field) == (0, "bids")
    assert "Ann: a side bids from 4 to 18 tricks in all." in str(error)


def test_min_team_bid_0_allows_any_side_bid_002_bidding():
    # Ann 1 + Cat 1 = 2, took 3 + 2 = 5: 20 + 3 bags = 23.
    assert score([([1, 4, 1, 4], [3, 4, 2, 4])]).hands[0].points[0] == 23


def test_max_team_bid_10_partnership_bid_of_11_is_an_error_002_new_york_city():
    """002 NYC: "The minimum bid for each team is 4 and the maximum is 10"."""
    error = rule_error(hand([11, 2], [6, 1, 5, 1]), bidding="partnership", max_team_bid=10)
    assert (error.seat, error.field) == (0, "bids")
    assert "from 0 to 10" in str(error)


def test_max_team_bid_10_individual_errors_002_new_york_city():
    # Ann 6 + Cat 5 = 11 > 10: error at Ann (the later bidder of side 0).
    error = rule_error(hand([6, 1, 5, 1], [6, 1, 5, 1]), max_team_bid=10)
    assert error.seat == 0 and "a side bids from 0 to 10 tricks in all." in str(error)
    # One player alone bidding 11 is over the side's limit too.
    error = rule_error(hand([11, 1, 0, 1], [11, 1, 0, 1]), max_team_bid=10)
    assert error.seat == 0 and "Ann: a side may bid at most 10." in str(error)


def test_nil_partner_min_bid_4_partner_bidding_3_is_an_error_002_partnership_bidding():
    """002: "If a player bids Nil, that player's partner must bid at least 4"."""
    error = rule_error(hand(["nil", 4, 3, 4], [0, 4, 5, 4]), nil_partner_min_bid=4)
    assert (error.seat, error.field) == (2, "bids")
    assert "Cat: the partner of a nil bids at least 4." in str(error)
    # Cat bids 4: nil made +100; Cat bid 4 took 5: 40 + 1 = 41 -> 141.
    sheet = score([(["nil", 4, 4, 4], [0, 4, 5, 4])], nil_partner_min_bid=4)
    assert sheet.hands[0].points[0] == 141


def test_nil_partner_min_bid_0_partner_may_bid_anything_002_bidding():
    # Ann nil made +100; Cat bid 3 took 5: 30 + 2 = 32 -> 132.
    assert score([(["nil", 4, 3, 4], [0, 4, 5, 4])]).hands[0].points[0] == 132


def test_no_bid_of_one_is_an_error_002_round_the_table_bidding():
    """002 "Round-the-table bidding": "some people play that no one can bid 1"."""
    error = rule_error(hand([1, 4, 4, 4], [1, 4, 4, 4]), no_bid_of_one=True)
    assert (error.seat, error.field) == (0, "bids")
    assert "Ann: nobody may bid one at this table." in str(error)
    # "the final contract must be either x, or else at least x + 2": Ann 3 + Cat 2 = 5 is fine.
    sheet = score([([3, 4, 2, 4], [3, 4, 2, 4])], no_bid_of_one=True)
    assert sheet.hands[0].points == (50, 80)


def test_no_bid_of_one_false_allows_one_002_bidding():
    # Ann 1 + Cat 4 = 5, took 1 + 4 = 5: 50.
    assert score([([1, 4, 4, 4], [1, 4, 4, 4])]).hands[0].points == (50, 80)


@pytest.mark.parametrize(("dealer", "last"), [(0, 0), (1, 1), (2, 2)])
def test_bids_may_total_13_false_error_on_the_last_bidder_002_partnership_bidding(dealer, last):
    """002: "Some play that the bids of the two sides must not add up to exactly 13 tricks"."""
    # 3 + 3 + 3 + 4 = 13; the dealer bids last (bidding starts at the dealer's left).
    error = rule_error(hand([3, 3, 3, 4], [3, 3, 3, 4]), dealer=dealer, bids_may_total_13=False)
    assert (error.seat, error.field) == (last, "bids")
    assert "The bids add up to 13, the tricks in a hand" in str(error)


def test_bids_may_total_13_false_last_bidder_with_dealer_bidding_first_002_round_the_table_bidding():
    # first_bidder "dealer": order Ann, Bob, Cat, Dan: Dan is last.
    error = rule_error(hand([3, 3, 3, 4], [3, 3, 3, 4]), bids_may_total_13=False, first_bidder="dealer")
    assert error.seat == 3


def test_bids_may_total_13_false_on_the_second_hand_blames_its_last_bidder_002_partnership_bidding():
    # Hand 2 is dealt by Bob (seat 1), who bids last.
    error = rule_error(hand([3, 3, 3, 3], [3, 3, 3, 4]), hand([3, 3, 3, 4], [3, 3, 3, 4]), bids_may_total_13=False)
    assert (error.hand, error.seat) == (1, 1)


def test_bids_may_total_13_true_allows_13_002_bidding():
    # A bid 6 took 6: 60; B bid 7 took 7: 70.
    assert score([([3, 3, 3, 4], [3, 3, 3, 4])]).hands[0].points == (60, 70)


def test_bids_may_total_13_false_partnership_sides_6_and_7_is_an_error_002_partnership_bidding():
    """002 "Partnership Bidding": "the bids of the two sides must not add up to exactly 13 tricks"."""
    error = rule_error(hand([6, 7], [3, 4, 3, 3]), bidding="partnership", bids_may_total_13=False)
    # Dealer Ann: "First the non-dealer's side agrees on a bid" -> Ann & Cat (side 0) complete it.
    assert (error.seat, error.field) == (0, "bids")


def test_bids_may_total_13_false_partnership_second_hand_blames_the_dealers_side_002_partnership_bidding():
    """Hand 2 is dealt by Bob: Ann & Cat (non-dealers) bid first, Bob & Dan (side 1) last."""
    error = rule_error(
        hand([6, 6], [3, 4, 3, 3]), hand([6, 7], [3, 4, 3, 3]), bidding="partnership", bids_may_total_13=False
    )
    assert (error.hand, error.seat) == (1, 1)


def test_first_hand_bids_itself_scores_10_per_trick_002_the_hand_that_bids_itself():
    """002: "in the first deal of a spades game there is no bidding ... each team scores 10 points
    for each trick taken"."""
    # Hand 1: A took 4 + 2 = 6 -> 60; B took 3 + 4 = 7 -> 70; no bags.
    # Hand 2 is bid as usual: A bid 6 took 7 -> 61; B bid 6 took 6 -> 60.
    sheet = play(hand(None, [4, 3, 2, 4]), hand([3, 3, 3, 3], [4, 3, 3, 3]), first_hand_bids_itself=True)
    assert sheet.hands[0].points == (60, 70)
    assert sheet.hands[0].bags == (0, 0)
    assert sheet.totals == (121, 130)
    assert rules_of(sheet, 0, 0) == ["first_hand_bids_itself"]


def test_first_hand_bids_itself_a_bid_first_hand_is_an_error_002_the_hand_that_bids_itself():
    error = rule_error(hand([3, 3, 3, 3], [4, 3, 2, 4]), first_hand_bids_itself=True)
    assert error.hand == 0 and "The first hand bids itself: it has no bids." in str(error)


def test_first_hand_bids_itself_false_needs_bids_002_bidding():
    error = rule_error(hand(None, [4, 3, 2, 4]))
    assert error.field == "bids" and "Enter a bid for each of the 4 players." in str(error)


def test_first_hand_bids_itself_after_a_thrown_in_first_deal_002_the_hand_that_bids_itself_misdeal():
    """002: "in the first deal of a spades game there is no bidding"; "If a misdeal is called ...
    the cards are thrown in and a new hand is dealt by the same dealer"."""
    # The redeal is the first hand played: A 6 tricks -> 60, B 7 -> 70.
    sheet = play(
        hand(None, None, misdeal=1), hand(None, [4, 3, 2, 4]), first_hand_bids_itself=True, misdeal="no_spades"
    )
    assert sheet.totals == (60, 70)


@pytest.mark.parametrize(("zero_is_nil", "points"), [(True, 141), (False, 41)])
def test_zero_is_nil_002_round_the_table_bidding(zero_is_nil, points):
    """002: "There is also variation as to whether a bid of "zero" must necessarily be construed as nil"."""
    # True: Cat's 0 is a made nil, +100; Ann bid 4 took 5: 41 -> 141. False: side bid 4 + 0, took 5: 41.
    sheet = score([([4, 4, 0, 4], [5, 4, 0, 4])], zero_is_nil=zero_is_nil)
    assert sheet.hands[0].points[0] == points


@pytest.mark.parametrize("value", ["standard", "jokers", "nyc", "deuces_high", "jokers54", "double"])
def test_deck_does_not_change_the_score_with_four_players_002_variation_in_the_cards(value):
    # A bid 5 took 6: 51; B bid 7 took 7: 70, whatever the pack.
    assert score([([3, 4, 2, 3], [4, 4, 2, 3])], deck=value).hands[0].points == (51, 70)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("spades_lead", "broken"),
        ("spades_lead", "any_time"),
        ("spades_lead", "after_three_tricks"),
        ("first_lead", "dealer_left_no_spade"),
        ("first_lead", "dealer_any"),
        ("first_lead", "lowest_club"),
        ("first_lead", "two_of_clubs"),
        ("rake_em_and_shake_em", False),
        ("rake_em_and_shake_em", True),
        ("first_bidder", "dealer_left"),
        ("first_bidder", "dealer"),
    ],
)
def test_play_of_the_cards_keys_do_not_change_the_score_002_variations_in_the_play(key, value):
    assert score([([3, 4, 2, 3], [4, 4, 2, 3])], **{key: value}).hands[0].points == (51, 70)


# ------------------------------------------------------------------------------------------
# Blind bids (002 "Blind 6", Barmore, New York City)
# ------------------------------------------------------------------------------------------

BLIND = {"blind_bids": True}


def test_blind_6_exact_scores_120_002_blind_6():
    """002 "Blind 6": "It scores 120 points if the side takes exactly 6 tricks"."""
    # A blind 6 (3 + 3), took 3 + 3 = 6: 20 x 6 = 120. B bid 7 took 7: 70.
    sheet = play(hand([3, 3, 3, 4], [3, 3, 3, 4], blind=[0]), **BLIND)
    assert sheet.hands[0].points == (120, 70)
    assert rules_of(sheet, 0, 0) == ["blind_bids"]


@pytest.mark.parametrize(("tricks", "taken"), [([4, 3, 3, 3], 7), ([2, 4, 3, 4], 5)])
def test_blind_6_exact_other_number_loses_120_002_blind_6(tricks, taken):
    """002: "If they take some other number of tricks they lose 120" (blind_made exact, blind_failed double)."""
    # 7 tricks (one over) or 5 tricks: both -120, and no bags.
    sheet = play(hand([3, 3, 3, 4], tricks, blind=[0]), **BLIND)
    assert sheet.hands[0].points[0] == -120
    assert sheet.bags[0] == 0


def test_blind_made_at_least_6_with_7_tricks_scores_121_002_blind_6():
    """002: "Some people play that to win blind 6 you just have to win at least 6 tricks"."""
    # A blind 6 took 7: 120 + 1 bag = 121.
    sheet = play(hand([3, 3, 3, 4], [4, 3, 3, 3], blind=[0]), blind_made="at_least", **BLIND)
    assert sheet.hands[0].points[0] == 121
    assert sheet.bags[0] == 1


def test_blind_failed_single_lost_blind_6_loses_60_002_blind_6():
    """002: "Some play that a lost blind 6 only loses 60, not 120"."""
    # A blind 6 took 2 + 3 = 5: -10 x 6 = -60.
    sheet = play(hand([3, 3, 3, 4], [2, 4, 3, 4], blind=[0]), blind_failed="single", **BLIND)
    assert sheet.hands[0].points[0] == -60


def test_blind_failed_double_lost_blind_6_loses_120_002_blind_6():
    sheet = play(hand([3, 3, 3, 4], [2, 4, 3, 4], blind=[0]), blind_failed="double", **BLIND)
    assert sheet.hands[0].points[0] == -120


def test_blind_8_exact_scores_160_002_blind_6():
    """002: "Higher blind bids may also be allowed - Blind 7 for 140, Blind 8 for 160 and so on"."""
    # A blind 4 + 4 = 8, took 8: 160. B bid 5 took 5: 50.
    sheet = play(hand([4, 2, 4, 3], [4, 2, 4, 3], blind=[0]), **BLIND)
    assert sheet.hands[0].points == (160, 50)


def test_blind_min_6_blind_5_is_an_error_002_blind_6():
    error = rule_error(hand([3, 4, 2, 4], [3, 4, 2, 4], blind=[0]), **BLIND)
    assert (error.seat, error.field) == (0, "declarations")
    assert "Ann & Cat: a blind bid is for at least 6 tricks." in str(error)


def test_blind_min_7_blind_6_is_an_error_and_blind_7_scores_140_002_blind_6():
    """002: "For some people Blind 7 is the minimum blind bid"."""
    error = rule_error(hand([3, 3, 3, 4], [3, 3, 3, 4], blind=[0]), blind_min=7, **BLIND)
    assert "a blind bid is for at least 7 tricks" in str(error)
    # A blind 7 (4 + 3) took 7: 140. B bid 6 took 6: 60.
    sheet = play(hand([4, 3, 3, 3], [4, 3, 3, 3], blind=[0]), blind_min=7, **BLIND)
    assert sheet.hands[0].points == (140, 60)


def test_blind_bids_false_blind_is_an_error_002_blind_6():
    error = rule_error(hand([3, 3, 3, 4], [3, 3, 3, 4], blind=[0]))
    assert error.field == "declarations" and "blind bids are not played at this table" in str(error)


@pytest.mark.parametrize(("deficit", "allowed"), [(0, True), (100, True), (200, True), (400, False)])
def test_blind_min_deficit_002_new_york_city(deficit, allowed):
    """002 NYC: "A partnership which is losing by a margin of at least 100 points may ... bid blind"."""
    # After BEHIND_266, Bob & Dan are 337 - 71 = 266 behind. Blind 6 (Bob 3 + Dan 3), took 6: 120.
    blind_hand = hand([4, 3, 3, 3], [3, 3, 4, 3], blind=[1])
    if allowed:
        sheet = play(*BEHIND_266, blind_hand, blind_min_deficit=deficit, **BLIND)
        assert sheet.hands[-1].points[1] == 120
    else:
        error = rule_error(*BEHIND_266, blind_hand, blind_min_deficit=deficit, **BLIND)
        assert error.hand == 4 and "at least 400 points behind (now 266 behind)" in str(error)


def test_blind_min_deficit_100_side_not_behind_is_an_error_002_new_york_city():
    error = rule_error(hand([3, 3, 3, 4], [3, 3, 3, 4], blind=[0]), blind_min_deficit=100, **BLIND)
    assert error.seat == 0 and "a blind bid is allowed only when the side is at least 100" in str(error)


def test_barmore_blind_7_scores_140_and_overtricks_count_one_each_002_barmore():
    """002 Barmore 4: "blind seven ... This doubles the score to 140 if successful and -140 if not.
    If they make overtricks, these count one each as usual"."""
    # Side 0 blind 7 took 4 + 5 = 9: 140 + 2 bags = 142. Side 1 bid 5 took 2 + 2 = 4: -50.
    sheet = play(hand([7, 5], [4, 2, 5, 2], blind=[0]), preset="barmore")
    assert sheet.hands[0].points == (142, -50)
    assert sheet.bags == (2, 0)


def test_barmore_blind_7_failed_loses_140_002_barmore():
    # Side 0 blind 7 took 3 + 3 = 6: -140. Side 1 bid 6 took 4 + 3 = 7: 61.
    sheet = play(hand([7, 6], [3, 4, 3, 3], blind=[0]), preset="barmore")
    assert sheet.hands[0].points == (-140, 61)


def test_barmore_blind_8_is_worth_160_002_barmore():
    """002 Barmore 5: "blind 8 is worth 160, blind 9 is 180 and so on"."""
    # Side 0 blind 8 took 8; side 1 bid 5 took 5.
    assert play(hand([8, 5], [4, 2, 4, 3], blind=[0]), preset="barmore").hands[0].points == (160, 50)
    assert play(hand([9, 4], [5, 2, 4, 2], blind=[0]), preset="barmore").hands[0].points == (180, 40)


def test_barmore_blind_6_is_below_the_minimum_002_barmore():
    error = rule_error(hand([6, 5], [3, 3, 3, 4], blind=[0]), preset="barmore")
    assert "a blind bid is for at least 7 tricks" in str(error)


# ------------------------------------------------------------------------------------------
# 10 for 200, Moon, Blind moon (002 "Special actions / bids")
# ------------------------------------------------------------------------------------------


def test_ten_for_two_hundred_exact_10_tricks_scores_200_002_10_for_200():
    """002 "10-for-200": "This scores 200 points if a side takes exactly 10 tricks"."""
    # A declared 10 for 200 (5 + 5) and took 5 + 5 = 10: 200. B bid 2 took 1 + 2 = 3: 21.
    sheet = play(hand([5, 1, 5, 1], [5, 1, 5, 2], ten_for_two_hundred=[0]), ten_for_two_hundred="exact")
    assert sheet.hands[0].points == (200, 21)
    assert rules_of(sheet, 0, 0) == ["ten_for_two_hundred"]


@pytest.mark.parametrize("tricks", [[6, 1, 5, 1], [4, 2, 5, 2]])
def test_ten_for_two_hundred_exact_other_number_loses_200_002_10_for_200(tricks):
    """002: "and loses 200 if they take any other number of tricks"."""
    # A took 11, or 9: -200 either way.
    sheet = play(hand([5, 1, 5, 1], tricks, ten_for_two_hundred=[0]), ten_for_two_hundred="exact")
    assert sheet.hands[0].points[0] == -200


def test_ten_for_two_hundred_at_least_11_tricks_scores_201_002_10_for_200():
    """002: "Some people play that to win 10-for-200 you just have to win at least 10 tricks"."""
    # A took 11: 200 + 1 bag = 201. 9 tricks: -200.
    sheet = play(hand([5, 1, 5, 1], [6, 1, 5, 1], ten_for_two_hundred=[0]), ten_for_two_hundred="at_least")
    assert sheet.hands[0].points[0] == 201
    sheet = play(hand([5, 1, 5, 1], [4, 2, 5, 2], ten_for_two_hundred=[0]), ten_for_two_hundred="at_least")
    assert sheet.hands[0].points[0] == -200


def test_ten_for_two_hundred_undeclared_bid_of_10_is_an_ordinary_bid_002_10_for_200():
    # Not declared, ten_bid_is_ten_for_two_hundred false: A bid 10 took 10: 100.
    sheet = play(hand([5, 1, 5, 1], [5, 1, 5, 2]), ten_for_two_hundred="exact")
    assert sheet.hands[0].points[0] == 100


def test_ten_bid_is_ten_for_two_hundred_automatic_002_10_for_200():
    """002: "Some play that any bid of 10 is automatically a 10-for-200 bid"."""
    rules = {"ten_for_two_hundred": "exact", "ten_bid_is_ten_for_two_hundred": True}
    # A bid 10 (not declared) took 10: 200; took 9: -200.
    assert play(hand([5, 1, 5, 1], [5, 1, 5, 2]), **rules).hands[0].points[0] == 200
    assert play(hand([5, 1, 5, 1], [4, 2, 5, 2]), **rules).hands[0].points[0] == -200


def test_ten_for_two_hundred_declared_with_a_bid_of_9_is_an_error_002_10_for_200():
    error = rule_error(hand([5, 1, 4, 1], [5, 1, 5, 2], ten_for_two_hundred=[0]), ten_for_two_hundred="exact")
    assert error.field == "declarations" and "10 for 200 is a side bid of exactly 10" in str(error)


def test_ten_for_two_hundred_false_declaration_is_an_error_002_10_for_200():
    error = rule_error(hand([5, 1, 5, 1], [5, 1, 5, 2], ten_for_two_hundred=[0]))
    assert error.field == "declarations" and "10 for 200 is not played at this table" in str(error)


def test_moon_made_scores_200_002_moon_or_boston():
    """002 "Moon or Boston": "a bid to take all 13 tricks and is worth 200 points"."""
    # A bid 7 + 6 = 13, took 13: +200. B bid 2, took 0: -20.
    sheet = play(hand([7, 1, 6, 1], [7, 0, 6, 0]), moon=True)
    assert sheet.hands[0].points == (200, -20)
    assert not sheet.finished


def test_moon_failed_loses_200_002_moon_or_boston():
    """002: "The side loses 200 points if they fail to take all the tricks"."""
    # A took 12: -200. B bid 2 took 1: -20.
    sheet = play(hand([7, 1, 6, 1], [7, 1, 5, 0]), moon=True)
    assert sheet.hands[0].points == (-200, -20)


def test_moon_false_a_bid_of_13_is_an_ordinary_bid_002_bidding():
    # A bid 13 took 13: 130.
    assert play(hand([7, 1, 6, 1], [7, 0, 6, 0])).hands[0].points == (130, -20)


@pytest.mark.parametrize("ten", ["exact", "at_least"])
def test_moon_with_ten_for_two_hundred_scores_500_002_moon_or_boston(ten):
    """002: "If playing with 10-for-200 the Moon or Boston is worth 500 points"."""
    made = play(hand([7, 1, 6, 1], [7, 0, 6, 0]), moon=True, ten_for_two_hundred=ten)
    failed = play(hand([7, 1, 6, 1], [7, 1, 5, 0]), moon=True, ten_for_two_hundred=ten)
    assert made.hands[0].points[0] == 500
    assert failed.hands[0].points[0] == -500


def test_moon_wins_game_002_moon_or_boston():
    """002: "Some people play that a successful Moon bid automatically wins the game"."""
    # A at 200, far from 500, wins at once.
    sheet = play(hand([7, 1, 6, 1], [7, 0, 6, 0]), moon=True, moon_wins_game=True)
    assert sheet.totals == (200, -20)
    assert sheet.finished and sheet.winner == 0
    # Without moon_wins_game the game goes on.
    assert not play(hand([7, 1, 6, 1], [7, 0, 6, 0]), moon=True).finished


def test_blind_moon_scores_400_or_loses_400_002_blind_moon():
    """002 "Blind moon": "worth 400 points if it succeeds, and the side loses 400 points if it fails"."""
    made = play(hand([7, 1, 6, 1], [7, 0, 6, 0], blind=[0]), blind_moon=True)
    failed = play(hand([7, 1, 6, 1], [7, 1, 5, 0], blind=[0]), blind_moon=True)
    assert made.hands[0].points[0] == 400
    assert failed.hands[0].points[0] == -400


def test_blind_moon_false_blind_13_is_an_error_without_blind_bids_002_blind_moon():
    error = rule_error(hand([7, 1, 6, 1], [7, 0, 6, 0], blind=[0]), moon=True)
    assert "blind bids are not played" in str(error)


# ------------------------------------------------------------------------------------------
# No trump (002 "No trump bids")
# ------------------------------------------------------------------------------------------


def test_no_trump_made_scores_double_002_no_trump_bids():
    """002: "The value of the bid is double that of a normal bid for that number of tricks if won"."""
    # A no trump 6 took 7: 2 x 60 + 1 bag = 121. B bid 6 took 6: 60.
    sheet = play(hand([3, 3, 3, 3], [4, 3, 3, 3], no_trump=[0]), no_trump_bids=True)
    assert sheet.hands[0].points == (121, 60)


def test_no_trump_failed_loses_double_002_no_trump_bids():
    """002: "the penalty is if you lose is double the penalty for a normal bid"."""
    # A no trump 6 took 5: -2 x 60 = -120.
    sheet = play(hand([3, 3, 3, 3], [2, 4, 3, 4], no_trump=[0]), no_trump_bids=True)
    assert sheet.hands[0].points[0] == -120


def test_blind_no_trump_triple_won_and_lost_002_no_trump_bids():
    """002: "A "No Trump" bid can be made blind, increasing its value to triple the basic amount ...
    Failing in a Blind No Trump should cost the same as you win if you succeed"."""
    rules = {"no_trump_bids": True, "blind_bids": True}
    # A blind no trump 6 took 6: 3 x 60 = 180; took 5: -180.
    assert play(hand([3, 3, 3, 4], [3, 3, 3, 4], blind=[0], no_trump=[0]), **rules).hands[0].points[0] == 180
    assert play(hand([3, 3, 3, 4], [2, 4, 3, 4], blind=[0], no_trump=[0]), **rules).hands[0].points[0] == -180


def test_no_trump_failed_loses_double_the_houses_normal_penalty_002_no_trump_bids():
    """Issue 16: "double the penalty for a normal bid" as the house scores a normal bid: with
    ``set_penalty: shortfall`` a normal 6 taking 5 loses 10, so a no trump 6 loses 20; blind no
    trump triple, 30."""
    rules = {"no_trump_bids": True, "blind_bids": True, "set_penalty": "shortfall"}
    assert play(hand([3, 3, 3, 3], [2, 4, 3, 4], no_trump=[0]), **rules).hands[0].points[0] == -20
    assert play(hand([3, 3, 3, 4], [2, 4, 3, 4], blind=[0], no_trump=[0]), **rules).hands[0].points[0] == -30
    assert play(hand([3, 3, 3, 3], [2, 4, 3, 4]), **rules).hands[0].points[0] == -10  # a normal bid, for comparison


@pytest.mark.parametrize(
    ("rule", "tricks"),
    [({"set_on_double_tricks": True}, [1, 6, 0, 6]), ({"max_bags": 3}, [2, 5, 1, 5])],
    ids=["set_on_double_tricks", "max_bags"],
)
def test_a_no_trump_bid_set_by_a_house_rule_loses_double_002_no_trump_bids(rule, tricks):
    """Issue 16: Bob & Dan's no trump 6 is set although made (12 tricks with ``set_on_double_tricks``;
    10, 4 bags over ``max_bags: 3``): -2 x 60, where a normal bid of 6 loses 60."""
    bids = [2, 3, 2, 3]
    assert play(hand(bids, tricks), no_trump_bids=True, **rule).hands[0].points[1] == -60
    assert play(hand(bids, tricks, no_trump=[1]), no_trump_bids=True, **rule).hands[0].points[1] == -120


@pytest.mark.parametrize(("blind_min", "lowest"), [(6, 5), (7, 6)])
def test_blind_no_trump_minimum_is_one_less_than_blind_min_002_no_trump_bids(blind_min, lowest):
    """002: "The minimum number of tricks which can be bid in "Blind No Trump" is usually set at one
    less than the required minimum number for a normal blind bid"."""
    rules = {"no_trump_bids": True, "blind_bids": True, "blind_min": blind_min}
    # Blind no trump of ``lowest`` (Ann lowest - 2, Cat 2), made exactly: 3 x 10 x lowest.
    ok = hand([lowest - 2, 4, 2, 13 - lowest - 4], [lowest - 2, 4, 2, 13 - lowest - 4], blind=[0], no_trump=[0])
    assert play(ok, **rules).hands[0].points[0] == 30 * lowest
    # One fewer is an error, and a plain blind bid of ``lowest`` is an error too.
    low = hand([lowest - 3, 4, 2, 14 - lowest - 4], [lowest - 3, 4, 2, 14 - lowest - 4], blind=[0], no_trump=[0])
    assert f"a blind bid is for at least {lowest} tricks" in str(rule_error(low, **rules))
    plain = hand([lowest - 2, 4, 2, 13 - lowest - 4], [lowest - 2, 4, 2, 13 - lowest - 4], blind=[0])
    assert f"a blind bid is for at least {blind_min} tricks" in str(rule_error(plain, **rules))


def test_no_trump_bids_false_is_an_error_002_no_trump_bids():
    error = rule_error(hand([3, 3, 3, 3], [4, 3, 3, 3], no_trump=[0]))
    assert error.field == "declarations" and "no-trump bids are not played" in str(error)


# ------------------------------------------------------------------------------------------
# Double nil (002 "Double Nil")
# ------------------------------------------------------------------------------------------

DOUBLE_NIL = ["double_nil", 4, "double_nil", 4]


def test_double_nil_made_scores_500_002_double_nil():
    """002: "The score if successful is 500 points"."""
    # A double nil, no tricks: +500. B bid 8 took 7 + 6 = 13: 80 + 5 = 85.
    sheet = play(hand(DOUBLE_NIL, [0, 7, 0, 6]), double_nil=True)
    assert sheet.hands[0].points == (500, 85)


@pytest.mark.parametrize(("penalty", "points"), [(500, -499), (250, -249)])
def test_double_nil_penalty_500_or_250_002_double_nil(penalty, points):
    """002: "If either partner wins a trick the bid fails. The penalty is variously set at 250, 500"."""
    # Ann took 1: -penalty, and (standard step 3) her trick is a bag: +1. B bid 8 took 12: 84, no bonus.
    sheet = play(hand(DOUBLE_NIL, [1, 6, 0, 6]), double_nil=True, double_nil_penalty=penalty)
    assert sheet.hands[0].points == (points, 84)
    assert sheet.bags[0] == 1


def test_double_nil_penalty_lose_game_002_double_nil():
    """002: "The penalty is variously set at ... automatic loss"."""
    sheet = play(hand(DOUBLE_NIL, [1, 6, 0, 6]), double_nil=True, double_nil_penalty="lose_game")
    assert sheet.finished and sheet.winner == 1
    assert sheet.hands[0].points == (1, 84)  # only the bag; the game is the penalty


def test_double_nil_both_partners_take_a_trick_opponents_get_100_002_double_nil():
    """002: "if both partners win a trick, their opponents get a bonus of 100 points"."""
    # A: -500 + 2 bags = -498. B bid 8 took 11: 83 + 100 = 183.
    sheet = play(hand(DOUBLE_NIL, [1, 6, 1, 5]), double_nil=True)
    assert sheet.hands[0].points == (-498, 183)
    assert "double_nil" in rules_of(sheet, 0, 1)


def test_double_nil_one_partner_takes_a_trick_no_bonus_for_the_opponents_002_double_nil():
    sheet = play(hand(DOUBLE_NIL, [0, 6, 2, 5]), double_nil=True)
    # B bid 8 took 11: 83, no bonus.
    assert sheet.hands[0].points[1] == 83


@pytest.mark.parametrize(("deficit", "allowed"), [(0, True), (100, True), (200, True), (400, False)])
def test_double_nil_min_deficit_002_double_nil(deficit, allowed):
    """002: "A bid of Double Nil is only allowed for a team who are far behind"."""
    # Bob & Dan are 266 behind; their double nil made: +500; A bid 8 took 13: 85.
    double = hand([4, "double_nil", 4, "double_nil"], [7, 0, 6, 0])
    if allowed:
        sheet = play(*BEHIND_266, double, double_nil=True, double_nil_min_deficit=deficit)
        assert sheet.hands[-1].points == (85 - 100, 500)  # A's 5 bags reach 12: -100, 2 carried
    else:
        error = rule_error(*BEHIND_266, double, double_nil=True, double_nil_min_deficit=deficit)
        assert error.seat == 1 and "double nil is allowed only when" in str(error)
        assert "at least 400 points behind (now 266 behind)" in str(error)


def test_double_nil_needs_both_partners_002_double_nil():
    error = rule_error(hand(["double_nil", 4, 5, 4], [0, 7, 0, 6]), double_nil=True)
    assert error.seat == 0 and "double nil needs both partners to bid it" in str(error)


def test_double_nil_false_is_an_error_002_double_nil():
    error = rule_error(hand(DOUBLE_NIL, [0, 7, 0, 6]))
    assert "double nil is not played at this table" in str(error)


# ------------------------------------------------------------------------------------------
# Bemo (002 "Bemo")
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "made", "tricks", "points"),
    [
        ("little", True, [4, 3, 3, 3], (121, 60)),
        ("little", False, [4, 3, 3, 3], (1, 60)),
        ("big", True, [5, 2, 4, 2], (153, -60)),
        ("big", False, [4, 3, 3, 3], (-29, 60)),
    ],
)
def test_bemo_on_top_of_the_bid_002_bemo(kind, made, tricks, points):
    """002: little bemo "an extra bonus of 60 if successful and loses 60 if not"; big bemo 90."""
    # A bid 6 took 7: 61, then +-60 (little) or -90 (big); a big bemo made took at least 9: 63 + 90.
    sheet = play(hand([3, 3, 3, 3], tricks, bemo=[{"side": 0, "kind": kind, "made": made}]), bemo=True)
    assert sheet.hands[0].points == points


def test_bemo_false_is_an_error_002_bemo():
    error = rule_error(hand([3, 3, 3, 3], [4, 3, 3, 3], bemo=[{"side": 0, "kind": "little", "made": True}]))
    assert error.field == "declarations" and "Bemo is not played" in str(error)


# ------------------------------------------------------------------------------------------
# Bags and sets (002 "Scoring", "Variations in the scoring", NYC)
# ------------------------------------------------------------------------------------------

FIVE_TAKE_SEVEN = ([3, 3, 2, 3], [4, 3, 3, 3])  # A bid 3 + 2 = 5, took 4 + 3 = 7; B bid 6 took 6


@pytest.mark.parametrize(("value", "points"), [(1, 52), (-1, 48), (0, 50)])
def test_overtrick_value_002_variations_in_the_scoring(value, points):
    """002: overtricks "worth an extra one point each"; "may be worth minus 1 point each"; the units
    digit not part of the score (worth 0)."""
    # A: 50 + 2 x value. Bags counted either way.
    sheet = score([FIVE_TAKE_SEVEN], overtrick_value=value)
    assert sheet.hands[0].points == (points, 60)
    assert sheet.bags == (2, 0)


def test_overtrick_value_minus_10_is_cutthroat_3_bet_4_take_5_002_spades_for_three_players():
    """002 three players: "if you bet 4 tricks and take 5, you win only 30 instead of 40"."""
    # Ann bet 4 took 5: 40 - 10 = 30. Bob bet 6 took 6: 60. Cat bet 5 took 6: 50 - 10 = 40.
    sheet = play(hand([4, 6, 5], [5, 6, 6]), players=THREE, preset="cutthroat3")
    assert spades_rules({"preset": "cutthroat3"}).overtrick_value == -10
    assert sheet.hands[0].points == (30, 60, 40)


def test_overtrick_value_minus_10_take_7_having_bet_3_loses_10_002_spades_for_three_players():
    """002: "if you take 7 tricks having bet 3 you lose 10 points overall (30 minus 40)"."""
    # Ann 30 - 40 = -10. Bob bet 5 took 5: 50. Cat bet 5 took 5: 50.
    sheet = play(hand([3, 5, 5], [7, 5, 5]), players=THREE, preset="cutthroat3")
    assert sheet.hands[0].points == (-10, 50, 50)


def test_bag_limit_5_penalty_at_5_bags_002_scoring():
    # A bid 5 took 7: 52, 2 bags; again 52, 4 bags; then bid 6 took 7: 61, 5 bags -> -100, 0 carried.
    sheet = score([FIVE_TAKE_SEVEN, FIVE_TAKE_SEVEN, ([3, 3, 3, 3], [4, 3, 3, 3])], bag_limit=5)
    assert [h.points[0] for h in sheet.hands] == [52, 52, 61 - 100]
    assert [h.bags[0] for h in sheet.hands] == [2, 4, 0]


def test_bag_limit_0_never_penalised_002_variations_in_the_scoring():
    """002: "Some play without any penalty for 10 sandbags"."""
    # Bid 3 take 13 (Ann 2 + Cat 1; 7 + 6): 30 + 10 = 40, 10 bags, no penalty.
    sheet = score([([2, 1, 1, 1], [7, 0, 6, 0])], bag_limit=0)
    assert sheet.hands[0].points[0] == 40


@pytest.mark.parametrize(("penalty", "points"), [(100, -60), (50, -10), (0, 40)])
def test_bag_penalty_002_scoring(penalty, points):
    # A bid 3 took 13: 30 + 10 bags = 40; 10 bags reached: -penalty, 0 carried.
    sheet = score([([2, 1, 1, 1], [7, 0, 6, 0])], bag_penalty=penalty)
    assert sheet.hands[0].points[0] == points
    assert sheet.bags[0] == 0


@pytest.mark.parametrize("card", ["3S", "2S", "AS", "cut"])
def test_bag_cancel_card_cancels_one_bag_002_variations_in_the_scoring(card):
    """002: "a special card which cancels one sandbag on that hand for the side that takes it"."""
    # A bid 5 took 7: 50 + 2 bags, one cancelled: 51, 1 bag.
    sheet = play(hand(*FIVE_TAKE_SEVEN, bag_cancel=0), bag_cancel_card=card)
    assert sheet.hands[0].points == (51, 60)
    assert sheet.bags == (1, 0)


def test_bag_cancel_card_avoids_the_bag_penalty_002_variations_in_the_scoring():
    # At 337 with 7 bags, bid 5 took 8: 3 bags, one cancelled -> 9 bags: 337 + 50 + 2 = 389, no -100.
    sheet = play(*BEHIND_266, hand([3, 4, 2, 4], [5, 4, 3, 1], bag_cancel=0), bag_cancel_card="3S")
    assert (sheet.totals[0], sheet.bags[0]) == (389, 9)


@pytest.mark.parametrize(
    ("tricks", "points", "bags"),
    [
        ([3, 3, 2, 5], 50, 0),  # A bid 5 took exactly 5: no overtricks, no effect
        ([2, 4, 2, 5], -50, 0),  # A bid 5 took 4: set, no effect
    ],
)
def test_bag_cancel_card_no_effect_without_overtricks_or_when_set_002_variations_in_the_scoring(tricks, points, bags):
    """002: "If the side which wins the special card makes no overtricks, or loses their bid, the
    special card has no effect"."""
    sheet = play(hand([3, 3, 2, 3], tricks, bag_cancel=0), bag_cancel_card="3S")
    assert sheet.hands[0].points[0] == points
    assert sheet.bags[0] == bags


def test_bag_cancel_card_none_is_an_error_002_variations_in_the_scoring():
    error = rule_error(hand(*FIVE_TAKE_SEVEN, bag_cancel=0))
    assert error.field == "declarations" and "No card cancels bags" in str(error)


@pytest.mark.parametrize(("penalty", "points"), [("bid", -90), ("shortfall", -20)])
def test_set_penalty_002_variations_in_the_scoring(penalty, points):
    """002: "the penalty ... is 10 points for each trick by which the team falls short"."""
    # A bid 5 + 4 = 9, took 4 + 3 = 7: -90 (bid) or -20 (2 short).
    sheet = score([([5, 3, 4, 3], [4, 4, 3, 2])], set_penalty=penalty)
    assert sheet.hands[0].points[0] == points


def test_set_on_double_tricks_bid_4_take_8_scores_minus_40_002_variations_in_the_scoring():
    """002: "if they bid 4 and win 8 or more tricks they score -40"."""
    # A bid 2 + 2 = 4, took 4 + 4 = 8: -40. B bid 6 took 5: -60.
    sheet = score([([2, 3, 2, 3], [4, 2, 4, 3])], set_on_double_tricks=True)
    assert sheet.hands[0].points == (-40, -60)
    assert sheet.bags[0] == 0
    # 7 tricks is less than twice 4: 40 + 3 = 43.
    assert score([([2, 3, 2, 3], [4, 3, 3, 3])], set_on_double_tricks=True).hands[0].points[0] == 43
    # Without the rule: bid 4 take 8: 40 + 4 = 44.
    assert score([([2, 3, 2, 3], [4, 2, 4, 3])]).hands[0].points[0] == 44


def test_max_bags_2_three_bags_is_a_set_002_new_york_city():
    """002 NYC: "If the team wins ... three or more sandbags, they are set"."""
    # A bid 5 took 7 (2 bags): 52. Took 8 (3 bags): -50.
    assert score([FIVE_TAKE_SEVEN], max_bags=2).hands[0].points[0] == 52
    sheet = score([([3, 3, 2, 3], [5, 3, 3, 2])], max_bags=2)
    assert sheet.hands[0].points[0] == -50
    assert sheet.bags[0] == 0


def test_max_bags_none_any_number_of_bags_002_scoring():
    assert score([([3, 3, 2, 3], [5, 3, 3, 2])]).hands[0].points[0] == 53


def test_max_bags_2_blind_bids_have_no_limit_002_new_york_city():
    """002 NYC: "For a blind bid ... there is no limit on sandbags"."""
    # A blind 6 took 5 + 5 = 10 (at least): 120 + 4 bags = 124, not a set.
    sheet = play(hand([3, 1, 3, 1], [5, 1, 5, 2], blind=[0]), max_bags=2, blind_bids=True, blind_made="at_least")
    assert sheet.hands[0].points[0] == 124


SET_A = ([4, 3, 4, 3], [3, 4, 3, 3])  # A bid 8 took 6: -80; B bid 6 took 7: 61
MADE_A = ([3, 3, 3, 3], [4, 3, 3, 3])  # A bid 6 took 7: 61; B bid 6 took 6: 60


def test_set_twice_loses_002_new_york_city():
    """002 NYC: "If a team is set twice in succession ("shot back to back"), they lose the whole game"."""
    sheet = score([SET_A, SET_A], set_twice_loses=True)
    assert sheet.totals == (-160, 122)
    assert sheet.finished and sheet.winner == 1
    assert sheet.end is not None and sheet.end.rule == "set_twice_loses"


def test_set_twice_loses_not_in_succession_goes_on_002_new_york_city():
    assert not score([SET_A, MADE_A, SET_A], set_twice_loses=True).finished


def test_set_twice_loses_false_goes_on_002_scoring():
    assert not score([SET_A, SET_A, SET_A]).finished


def test_consecutive_sets_to_lose_3_002_new_york_city_bk_redd():
    """002 NYC: "in some groups, a team survives two consecutive sets but loses the whole game if
    they are set three times in succession"."""
    rules = {"set_twice_loses": True, "consecutive_sets_to_lose": 3}
    assert not score([SET_A, SET_A], **rules).finished
    sheet = score([SET_A, SET_A, SET_A], **rules)
    assert sheet.finished and sheet.winner == 1


def test_set_twice_both_sides_set_twice_higher_score_wins_002_new_york_city():
    """002 NYC: "If both teams are set on two consecutive deals, the team with the higher score wins"."""
    # A bid 9 took 7: -90; B bid 8 took 6: -80. Twice: A -180, B -160: B wins.
    both = ([5, 4, 4, 4], [4, 3, 3, 3])
    sheet = score([both, both], set_twice_loses=True)
    assert sheet.totals == (-180, -160)
    assert sheet.finished and sheet.winner == 1


def test_boston_wins_bid_10_take_13_002_new_york_city():
    """002 NYC: "If they bid 10 and win all 13 tricks they win the whole game"."""
    # A bid 10 took 13: 103 and the game.
    sheet = score([([5, 1, 5, 1], [7, 0, 6, 0])], boston_wins=True)
    assert sheet.totals[0] == 103
    assert sheet.finished and sheet.winner == 0


def test_boston_wins_bid_9_take_13_does_not_win_002_new_york_city():
    # "That is the case even if they bid less than 10": bragging rights only. A bid 9 took 13: 94.
    sheet = score([([5, 1, 4, 1], [7, 0, 6, 0])], boston_wins=True)
    assert sheet.totals[0] == 94 and not sheet.finished


def test_boston_wins_false_goes_on_002_scoring():
    assert not score([([5, 1, 5, 1], [7, 0, 6, 0])]).finished


def test_lose_at_minus_100_002_variations_in_the_scoring():
    """002: "if a side's cumulative score is minus 500 or worse, that side loses" (here -100)."""
    # A bid 12 took 0: -120 <= -100.
    sheet = score([([6, 1, 6, 1], [0, 7, 0, 6])], lose_at=-100)
    assert sheet.finished and sheet.winner == 1
    assert not score([([6, 1, 6, 1], [0, 7, 0, 6])]).finished


# ------------------------------------------------------------------------------------------
# Misdeal (002 "Misdeal")
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["no_spades", "one_spade", "seven_card_suit", "no_face_cards"])
def test_misdeal_no_score_same_dealer_deals_again_002_misdeal(kind):
    """002: "the cards are thrown in and a new hand is dealt by the same dealer"."""
    game = table(
        hand(*MADE_A),
        hand(None, None, misdeal=3),
        hand(*MADE_A),
        misdeal=kind,
    )
    # Dealers: hand 1 Ann, hand 2 Bob, thrown in -> hand 3 Bob again, then Cat.
    assert [game.dealer_of(i) for i in range(4)] == [0, 1, 1, 2]
    assert game.bidding_order(2) == (2, 3, 0, 1)
    sheet = score_spades(game)
    assert sheet.hands[1].points == (0, 0)
    assert sheet.hands[1].totals == (61, 60)
    assert sheet.totals == (122, 120)
    assert "Misdeal called by Dan: the hand is thrown in, no score; Bob deals again" in sheet.hands[1].lines[0].render()


def test_misdeal_with_bids_is_an_error_002_misdeal():
    error = rule_error(hand([3, 3, 3, 3], None, misdeal=0), misdeal="no_spades")
    assert error.field == "misdeal" and "A thrown-in hand has no bids and no tricks." in str(error)


def test_misdeal_none_is_an_error_002_misdeal():
    error = rule_error(hand(None, None, misdeal=0))
    assert error.field == "misdeal" and "Misdeals are not called at this table." in str(error)


# ------------------------------------------------------------------------------------------
# Players: 3, 2, 6, solo4 (002 "Spades for Three / Two / Six Players", "Solo Spades")
# ------------------------------------------------------------------------------------------


def test_players_3_cut_throat_17_tricks_002_spades_for_three_players():
    """002: "There are no partnerships ... Deal 17 cards to each player"."""
    # Standard scoring, three sides: Ann bid 5 took 6: 51; Bob bid 6 took 6: 60; Cat bid 5 took 5: 50.
    game = SpadesGame(players=THREE, rules=spades_rules({"players": 3}), hands=(hand([5, 6, 5], [6, 6, 5]),))
    assert game.rules.tricks == 17
    assert game.sides == ((0,), (1,), (2,))
    sheet = score_spades(game)
    assert sheet.sides == THREE
    assert sheet.hands[0].points == (51, 60, 50)


def test_players_3_tricks_must_add_up_to_17_002_spades_for_three_players():
    game = SpadesGame(players=THREE, rules=spades_rules({"players": 3}), hands=(hand([4, 4, 5], [4, 4, 5]),))
    with pytest.raises(RuleError, match="a hand has 17 tricks"):
        score_spades(game)


def test_players_3_with_jokers54_18_tricks_002_spades_for_three_players():
    """002: "Variation: play with a 54 card pack ... Deal 18 cards to each player"."""
    assert spades_rules({"players": 3, "deck": "jokers54"}).tricks == 18


def test_players_3_bets_may_not_total_17_002_spades_for_three_players():
    """002: "Some people play that the total of the three bets cannot be 17 tricks"."""
    # 5 + 6 + 6 = 17; dealer Ann bids last (Bob, Cat, Ann).
    error = rule_error(hand([5, 6, 6], [5, 6, 6]), players=THREE, preset="cutthroat3", bids_may_total_13=False)
    assert (error.seat, error.field) == (0, "bids")
    assert "The bids add up to 17" in str(error)


def test_players_2_two_sides_13_tricks_002_spades_for_two_players():
    """002: "each player bids a number of tricks, and you play and score according to the same rules"."""
    # Ann bid 5 took 6: 51; Bob bid 7 took 7: 70.
    sheet = score_spades(SpadesGame(players=TWO, rules=spades_rules({"players": 2}), hands=(hand([5, 7], [6, 7]),)))
    assert sheet.sides == TWO
    assert sheet.hands[0].points == (51, 70)


def test_players_6_three_partnerships_17_tricks_002_spades_for_six_players():
    """002: "three teams of two, partners sitting opposite"; 102 cards -> 17 each."""
    game = SpadesGame(players=SIX, rules=spades_rules({"players": 6}), hands=())
    assert game.sides == ((0, 3), (1, 4), (2, 5))
    assert game.rules.tricks == 17
    assert game.side_names() == ("P0 & P3", "P1 & P4", "P2 & P5")


def test_players_solo4_four_sides_002_solo_spades():
    """002 "Solo Spades": "Bids are for the number of tricks the individual player will make"."""
    # Ann bid 3 took 4: 31; Bob 4/4: 40; Cat 2/1: -20; Dan 3/4: 31.
    game = SpadesGame(
        players=PLAYERS, rules=spades_rules({"players": "solo4"}), hands=(hand([3, 4, 2, 3], [4, 4, 1, 4]),)
    )
    assert game.sides == ((0,), (1,), (2,), (3,))
    assert score_spades(game).hands[0].points == (31, 40, -20, 31)


# ------------------------------------------------------------------------------------------
# Cut-throat bonus scores (002 "Spades for Three Players", "Variation - bonus scores")
# ------------------------------------------------------------------------------------------

BONUS = {"preset": "cutthroat3", "cutthroat_bonus": True}


def test_cutthroat_bonus_exact_2_40_exact_1_60_exact_0_100_002_variation_bonus_scores():
    """002: "Anyone who bets 2 and gets 2 wins 40 points", "bets 1 and gets exactly 1 wins 60 pts",
    "Anyone who bets none and gets it is entitled to 100 pts"."""
    # Ann 2/2: 40. Bob 1/1: 60. Cat 14/14: 140 + 10 x (14 - 6) = 220.
    sheet = play(hand([2, 1, 14], [2, 1, 14]), players=THREE, **BONUS)
    assert sheet.hands[0].points == (40, 60, 220)
    # Ann 0/0: 100. Bob 2/2: 40. Cat 15/15: 150 + 90 = 240.
    sheet = play(hand([0, 2, 15], [0, 2, 15]), players=THREE, **BONUS)
    assert sheet.hands[0].points == (100, 40, 240)


def test_cutthroat_bonus_bet_7_exact_80_bet_8_exact_100_002_variation_bonus_scores():
    """002: "if you make a seven trick bid exactly, you gain 80 points. Eight tricks exactly gains 100,
    9 gains 120"."""
    # Ann 7/7: 70 + 10 = 80. Bob 8/8: 80 + 20 = 100. Cat 2/2: 40.
    assert play(hand([7, 8, 2], [7, 8, 2]), players=THREE, **BONUS).hands[0].points == (80, 100, 40)
    # Ann 9/9: 90 + 30 = 120. Bob 5/5: 50. Cat 3/3: 30.
    assert play(hand([9, 5, 3], [9, 5, 3]), players=THREE, **BONUS).hands[0].points == (120, 50, 30)


def test_cutthroat_bonus_bags_after_an_exact_bet_002_variation_bonus_scores():
    """002: bet 2 "Four tricks is worth nothing, and every additional bag is -10 each"; bet 1 "If you
    get 2, you also get nothing, and each additional bag is again -10 each"; bet none "Otherwise,
    subtract 10 for every trick taken"."""
    # Ann bet 2 took 4: 20 - 20 = 0. Bob bet 1 took 2: 10 - 10 = 0. Cat bet 6 took 11: 60 - 50 = 10.
    assert play(hand([2, 1, 6], [4, 2, 11]), players=THREE, **BONUS).hands[0].points == (0, 0, 10)
    # Ann bet 2 took 5: 20 - 30 = -10. Bob bet 1 took 3: 10 - 20 = -10. Cat bet 0 took 9: -90.
    assert play(hand([2, 1, 0], [5, 3, 9]), players=THREE, **BONUS).hands[0].points == (-10, -10, -90)


def test_cutthroat_bonus_bet_2_take_3_002_variation_bonus_scores():
    """002: "If you get 3, you still get 20 points (one bag)" - which contradicts "Four tricks is
    worth nothing ... every additional bag is -10 each" under -10 per bag. The engine applies
    the cut-throat -10 per bag throughout: 20 - 10 = 10 (see the report)."""
    # Ann bet 2 took 3: 20 - 10 = 10. Bob bet 6 took 6: 60. Cat bet 8 took 8: 80 + 20 = 100.
    assert play(hand([2, 6, 8], [3, 6, 8]), players=THREE, **BONUS).hands[0].points == (10, 60, 100)


def test_cutthroat_bonus_high_spade_last_tricks_only_when_exact_002_variation_bonus_scores():
    """002: "If you win an unbroken sequence of tricks at the end ... all with high spades ... and get
    exactly what you bet, there is a similar bonus of 10 points per trick"; "If you bag ... there is
    no bonus"."""
    # Ann 5/5 with the last 3 tricks: 50 + 30 = 80. Bob 6/6: 60. Cat 6/6: 60.
    sheet = play(hand([5, 6, 6], [5, 6, 6], high_spade_run=[3, 0, 0]), players=THREE, **BONUS)
    assert sheet.hands[0].points == (80, 60, 60)
    # Ann 4/5 with the last 3 tricks: bagged, 40 - 10 = 30, no bonus. Cat bet 7 took 6: -70.
    sheet = play(hand([4, 6, 7], [5, 6, 6], high_spade_run=[3, 0, 0]), players=THREE, **BONUS)
    assert sheet.hands[0].points == (30, 60, -70)
    # The very last trick alone: +10.
    sheet = play(hand([5, 6, 6], [5, 6, 6], high_spade_run=[0, 1, 0]), players=THREE, **BONUS)
    assert sheet.hands[0].points == (50, 70, 60)


def test_cutthroat_bonus_blind_doubles_everything_002_variation_bonus_scores():
    """002: "Blind: ... This will double all points ... if you miss, the penalty is also double"."""
    rules = {**BONUS, "blind_bids": True}
    # Ann blind 6 took 6 with the last 2 tricks: (60 + 20) x 2 = 160.
    sheet = play(hand([6, 5, 6], [6, 5, 6], blind=[0], high_spade_run=[2, 0, 0]), players=THREE, **rules)
    assert sheet.hands[0].points == (160, 50, 60)
    # Ann blind 7 took 7: (70 + 10) x 2 = 160. Missed (took 5): -70 x 2 = -140.
    assert play(hand([7, 5, 5], [7, 5, 5], blind=[0]), players=THREE, **rules).hands[0].points[0] == 160
    assert play(hand([7, 5, 5], [5, 6, 6], blind=[0]), players=THREE, **rules).hands[0].points[0] == -140
    # Ann blind 6 took 8 (not exact, blind_made ignored): (60 - 20) x 2 = 80.
    assert play(hand([6, 5, 6], [8, 4, 5], blind=[0]), players=THREE, **rules).hands[0].points[0] == 80


def test_cutthroat_bonus_blind_5_won_100_lost_100_002_variation_bonus_scores():
    """002: "if you bet and win 5 tricks, you gain 100 pts. However, if you miss, the penalty is also
    double (in the 5 trick case, 100 points)"."""
    rules = {**BONUS, "blind_bids": True}
    # Ann blind 5 took 5: 50 x 2 = 100. Bob 6/6: 60. Cat 6/6: 60.
    assert play(hand([5, 6, 6], [5, 6, 6], blind=[0]), players=THREE, **rules).hands[0].points == (100, 60, 60)
    # Ann blind 5 took 4: -50 x 2 = -100.
    assert play(hand([5, 6, 6], [4, 6, 7], blind=[0]), players=THREE, **rules).hands[0].points[0] == -100


def test_cutthroat_bonus_false_high_spade_run_is_an_error_002_variation_bonus_scores():
    error = rule_error(hand([5, 6, 6], [5, 6, 6], high_spade_run=[3, 0, 0]), players=THREE, preset="cutthroat3")
    assert error.field == "declarations" and "High-spade bonuses are not played" in str(error)


def test_cutthroat_bonus_false_exact_bets_score_plainly_002_spades_for_three_players():
    # Ann 2/2: 20. Bob 1/1: 10. Cat 14/14: 140.
    sheet = play(hand([2, 1, 14], [2, 1, 14]), players=THREE, preset="cutthroat3")
    assert sheet.hands[0].points == (20, 10, 140)


# ------------------------------------------------------------------------------------------
# New York City rules (002 "New York City rules"), preset new_york
# ------------------------------------------------------------------------------------------

NYC = {"preset": "new_york"}
# The first hand bids itself: Bob & Dan take 13 tricks -> 130; Ann & Cat 0: 130 behind, so they may bid blind.
NYC_FIRST = hand(None, [0, 7, 0, 6])


def test_new_york_first_hand_bids_itself_002_new_york_city():
    """002 NYC: "The first hand of a new game is normally played without any bidding. The teams just
    play to win as many tricks as possible and score 10 points per trick"."""
    # A took 3 + 2 = 5: 50; B took 4 + 4 = 8: 80.
    sheet = play(hand(None, [3, 4, 2, 4]), **NYC)
    assert sheet.hands[0].points == (50, 80)


def test_new_york_blind_10_made_scores_400_002_new_york_city():
    """002 NYC: "a successful blind 10 wins 400"."""
    # A blind 10 took 5 + 5 = 10: 2 x 200 = 400. B bid 4 took 3: -40.
    sheet = play(NYC_FIRST, hand([10, 4], [5, 1, 5, 2], blind=[0]), **NYC)
    assert sheet.hands[1].points == (400, -40)


def test_new_york_came_out_of_blind_for_10_scores_200_002_new_york_city():
    """002 NYC: "a team that bids blind and then comes out for a non-blind bid of 10 scores only 200"
    (recorded as a plain bid of 10)."""
    sheet = play(NYC_FIRST, hand([10, 4], [5, 1, 5, 2]), **NYC)
    assert sheet.hands[1].points == (200, -40)


@pytest.mark.parametrize("tricks", [[5, 1, 5, 2], [6, 1, 5, 1], [6, 0, 6, 1]])
def test_new_york_bid_10_with_10_to_12_tricks_scores_200_002_new_york_city(tricks):
    """002 NYC: "the team scores 200 points if they take 10, 11 or 12 tricks"."""
    sheet = play(NYC_FIRST, hand([10, 4], tricks), **NYC)
    assert sheet.hands[1].points[0] == 200
    assert not sheet.finished


def test_new_york_bid_10_with_9_tricks_loses_200_002_new_york_city():
    """002 NYC: "If they take fewer than 10 tricks they lose 200"."""
    assert play(NYC_FIRST, hand([10, 4], [4, 2, 5, 2]), **NYC).hands[1].points[0] == -200


def test_new_york_bid_10_take_13_wins_the_game_002_new_york_city():
    """002 NYC: "If they bid 10 and win all 13 tricks they win the whole game"."""
    sheet = play(NYC_FIRST, hand([10, 4], [7, 0, 6, 0]), **NYC)
    assert sheet.finished and sheet.winner == 0


def test_new_york_failed_blind_10_loses_200_002_new_york_city():
    """002 NYC: "or 200 for a failed blind 10"."""
    # A blind 10 took 9: -200 (no double). B bid 4 took 4: 40.
    assert play(NYC_FIRST, hand([10, 4], [4, 2, 5, 2], blind=[0]), **NYC).hands[1].points == (-200, 40)


@pytest.mark.parametrize("bid", [6, 7, 8, 9])
def test_new_york_failed_blind_6_to_9_loses_10_per_trick_002_new_york_city(bid):
    """002 NYC: "they lose just 10 points per trick bid for a blind bid of 6 to 9"."""
    # A blind ``bid`` took bid - 1: -10 x bid. B bid 4 took the rest (14 - bid >= 5).
    taken = bid - 1
    rest = 13 - taken
    sheet = play(NYC_FIRST, hand([bid, 4], [taken, rest - rest // 2, 0, rest // 2], blind=[0]), **NYC)
    assert sheet.hands[1].points[0] == -10 * bid


def test_new_york_blind_made_doubles_and_has_no_bag_limit_002_new_york_city():
    """002 NYC: "the team scores double ... if they take at least as many tricks as they bid, and
    there is no limit on sandbags"."""
    # A blind 7 took 6 + 5 = 11 (4 bags, worth 0): 140. B bid 4 took 2: -40.
    assert play(NYC_FIRST, hand([7, 4], [6, 1, 5, 1], blind=[0]), **NYC).hands[1].points == (140, -40)


def test_new_york_bid_4_to_9_made_with_up_to_two_bags_no_extra_002_new_york_city():
    """002 NYC: "may win one or two overtricks ... they win 10 times the number bid, with nothing
    extra for overtricks"."""
    # A bid 5 took 7: 50. B bid 6 took 6: 60.
    sheet = play(NYC_FIRST, hand([5, 6], [4, 3, 3, 3]), **NYC)
    assert sheet.hands[1].points == (50, 60)
    assert sheet.hands[1].bags == (2, 0)


def test_new_york_three_bags_is_a_set_002_new_york_city():
    """002 NYC: "If the team wins fewer tricks than they bid, or wins three or more sandbags, they are set"."""
    # A bid 5 took 8: -50. B bid 5 took 5: 50.
    assert play(NYC_FIRST, hand([5, 5], [4, 3, 4, 2]), **NYC).hands[1].points == (-50, 50)


def test_new_york_boston_bidding_less_than_10_is_a_set_002_new_york_city():
    """002 NYC: "A team that takes all 13 tricks, known as a Boston ... even if they bid less than 10,
    in which case they are set and score minus their bid for taking too many overtricks"."""
    # A bid 7 took 13: 6 bags > 2: -70. B bid 4 took 0: -40. Not a win.
    sheet = play(NYC_FIRST, hand([7, 4], [7, 0, 6, 0]), **NYC)
    assert sheet.hands[1].points == (-70, -40)
    assert not sheet.finished


def test_new_york_min_4_max_10_no_nil_002_new_york_city():
    """002 NYC: "The minimum bid for each team is 4 and the maximum is 10. There are no Nil bids"."""
    for bids in ([3, 5], [11, 2], [0, 6]):
        error = rule_error(NYC_FIRST, hand(bids, [3, 4, 2, 4]), **NYC)
        assert error.field == "bids" and "from 4 to 10" in str(error)


def test_new_york_blind_needs_100_behind_002_new_york_city():
    """002 NYC: "A partnership which is losing by a margin of at least 100 points may ... bid blind"."""
    # Bob & Dan lead 130 : 0, so their blind 6 is an error.
    error = rule_error(NYC_FIRST, hand([4, 6], [2, 3, 2, 6], blind=[1]), **NYC)
    assert error.seat == 1 and "at least 100 points behind (now 130 ahead)" in str(error)


def test_new_york_blind_minimum_6_002_new_york_city():
    """002 NYC: "The minimum blind bid is 6 tricks"."""
    error = rule_error(NYC_FIRST, hand([5, 6], [3, 4, 2, 4], blind=[0]), **NYC)
    assert "a blind bid is for at least 6 tricks" in str(error)


def test_new_york_set_twice_in_succession_loses_002_new_york_city():
    """002 NYC: "If a team is set twice in succession ("shot back to back"), they lose the whole game,
    irrespective of the scores"."""
    # Hand 2: A bid 5 took 4: -50; B bid 8 took 9: 80. Hand 3 the same: A set twice, B wins.
    set_a = hand([5, 8], [2, 4, 2, 5])
    sheet = play(NYC_FIRST, set_a, set_a, **NYC)
    assert sheet.totals == (-100, 290)
    assert sheet.finished and sheet.winner == 1


def test_new_york_both_set_twice_higher_score_wins_002_new_york_city():
    """002 NYC: "If both teams are set on two consecutive deals, the team with the higher score wins"."""
    # Hand 1: A 50, B 80. Hands 2, 3: A bid 8 took 6: -80; B bid 8 took 7: -80. A -110, B -80: B wins.
    both = hand([8, 8], [3, 4, 3, 3])
    sheet = play(hand(None, [3, 4, 2, 4]), both, both, **NYC)
    assert sheet.totals == (-110, -80)
    assert sheet.finished and sheet.winner == 1


def test_new_york_set_three_times_b_k_redd_002_new_york_city():
    """002 NYC: "in some groups, a team survives two consecutive sets but loses ... three times"."""
    set_a = hand([5, 8], [2, 4, 2, 5])
    assert not play(NYC_FIRST, set_a, set_a, consecutive_sets_to_lose=3, **NYC).finished
    sheet = play(NYC_FIRST, set_a, set_a, set_a, consecutive_sets_to_lose=3, **NYC)
    assert sheet.finished and sheet.winner == 1


def test_new_york_bags_still_count_toward_the_10_bag_penalty_spades_md_overtrick_value_0():
    """002 NYC scores overtricks as nothing and sets at 3+ bags; it does not say that the basic
    sandbag rule is dropped. spades.md names the NYC preset's "overtricks 0", and defines
    ``overtrick_value: 0`` as "bags count only toward the penalty", so the preset keeps the
    10-bag penalty (docs/house-rules.md "Readings"; a table that drops it sets bag_limit to 0)."""
    hands = [
        NYC_FIRST,  # A 0, B 130
        # A blind 6 took 6 + 5 = 11 (5 bags, "no limit"): 120. B bid 4 took 2: -40.
        hand([6, 4], [6, 1, 5, 1], blind=[0]),
        # A bid 4 took 6 (2 bags): 40. B bid 7 took 7: 70. Twice.
        hand([4, 7], [3, 4, 3, 3]),
        hand([4, 7], [3, 4, 3, 3]),
        # A bid 4 took 5 (1 bag, 10 in all): 40 - 100. B bid 8 took 8: 80.
        hand([4, 8], [3, 4, 2, 4]),
    ]
    assert play(*hands, **NYC).totals == (140, 310)
    assert play(*hands, **{**NYC, "bag_limit": 0}).totals == (240, 310)


# ------------------------------------------------------------------------------------------
# Presets end to end (spades.md "Presets")
# ------------------------------------------------------------------------------------------


def test_preset_standard_end_to_end_002_scoring():
    sheet = play(
        # A bid 5 took 6: 51 (1 bag). B bid 7 took 7: 70.
        hand([3, 4, 2, 3], [4, 4, 2, 3]),
        # A bid 8 took 9: 81 (2 bags). B: Bob's nil made +100; Dan bid 3 took 4: 31 -> 131 (1 bag).
        hand([4, "nil", 4, 3], [5, 0, 4, 4]),
        # A bid 9 took 7: -90. B bid 4 took 6: 42 (3 bags).
        hand([5, 2, 4, 2], [3, 3, 4, 3]),
        preset="standard",
    )
    assert [h.points for h in sheet.hands] == [(51, 70), (81, 131), (-90, 42)]
    assert sheet.totals == (42, 243)
    assert sheet.bags == (2, 3)
    assert not sheet.finished


def test_preset_nil_helps_partner_end_to_end_003_punktevergabe():
    rules = {"preset": "nil_helps_partner", "target": 80}
    sheet = play(
        # A: Cat's nil failed -100; her 2 tricks help Ann: 3 + 2 = 5 >= 4: 40 + 1 bag -> -59. B: 8/8: 80.
        hand([4, 4, "nil", 4], [3, 4, 2, 4]),
        **rules,
    )
    assert sheet.hands[0].points == (-59, 80)
    assert not sheet.finished  # 80 only reaches the target; it must be exceeded
    # Hand 2: A bid 6 took 6: 60 -> 1. B bid 6 took 7: 61 -> 141 > 80: B wins.
    sheet = play(hand([4, 4, "nil", 4], [3, 4, 2, 4]), hand([3, 3, 3, 3], [3, 4, 3, 3]), **rules)
    assert sheet.totals == (1, 141)
    assert sheet.finished and sheet.winner == 1
    # No blind nil in this preset.
    error = rule_error(*BEHIND_266, hand([4, "blind_nil", 4, 4], [5, 0, 4, 4]), preset="nil_helps_partner")
    assert "blind nil is not played" in str(error)


def test_preset_german_table_end_to_end_004_doppelter_nil():
    sheet = play(
        # Blind nil at any score. A bid 8 took 9: 81. B: blind nil +200, Dan bid 4 took 4: 40 -> 240.
        hand([4, "blind_nil", 4, 4], [5, 0, 4, 4]),
        # Blind nil failed: A 8/8: 80. B: -200 + 1 bag + Dan 4/4: 40 -> -159.
        hand([4, "blind_nil", 4, 4], [4, 1, 4, 4]),
        # Both partners blind nil (004: +400). A bid 13 took 13: 130.
        hand([6, "blind_nil", 7, "blind_nil"], [6, 0, 7, 0]),
        preset="german_table",
    )
    assert [h.points for h in sheet.hands] == [(81, 240), (80, -159), (130, 400)]
    assert sheet.totals == (291, 481)
    assert sheet.bags == (1, 1)


def test_preset_barmore_end_to_end_002_barmore():
    sheet = play(
        # Side 0 bid 5 took 3 + 2 = 5: 50. Side 1 bid 7 took 4 + 4 = 8: 71.
        hand([5, 7], [3, 4, 2, 4]),
        # Side 0 blind 7 took 9: 140 + 2 = 142. Side 1 bid 5 took 4: -50.
        hand([7, 5], [4, 2, 5, 2], blind=[0]),
        # Side 0 bid 6 took 7: 61. Side 1 blind 7 took 6: -140.
        hand([6, 7], [3, 3, 4, 3], blind=[1]),
        preset="barmore",
    )
    assert [h.points for h in sheet.hands] == [(50, 71), (142, -50), (61, -140)]
    assert sheet.totals == (253, -119)
    assert sheet.bags == (3, 1)
    # "There is no nil or blind nil bid": a side bid is a number.
    error = rule_error(hand(["nil", 7], [3, 4, 2, 4]), preset="barmore")
    assert "a side bids a number of tricks" in str(error)


def test_preset_new_york_end_to_end_002_new_york_city():
    sheet = play(
        # Bids itself: A 3 + 2 = 5 tricks: 50; B 8: 80.
        hand(None, [3, 4, 2, 4]),
        # A bid 5 took 6: 50 (1 bag worth 0). B bid 6 took 7: 60 (1 bag).
        hand([5, 6], [3, 3, 3, 4]),
        # A bid 4 took 7 (3 bags): set -40. B bid 7 took 6: set -70.
        hand([4, 7], [3, 4, 4, 2]),
        # B bid 10 (10 for 200) took 11: 200. A bid 4 took 2: set again -40: A set twice, B wins.
        hand([4, 10], [1, 6, 1, 5]),
        **NYC,
    )
    assert [h.points for h in sheet.hands] == [(50, 80), (50, 60), (-40, -70), (-40, 200)]
    assert sheet.totals == (20, 270)
    assert sheet.finished and sheet.winner == 1


def test_preset_cutthroat3_end_to_end_002_spades_for_three_players():
    sheet = play(
        # Ann 4/5: 30. Bob 6/6: 60. Cat 5/6: 40.
        hand([4, 6, 5], [5, 6, 6]),
        # Ann 3/7: -10. Bob 5/8: 50 - 30 = 20. Cat 0/2 (0 is a plain bet here): -20.
        hand([3, 5, 0], [7, 8, 2]),
        # Ann 6/4: -60. Bob 2/2: 20. Cat 4/11: 40 - 70 = -30.
        hand([6, 2, 4], [4, 2, 11]),
        players=THREE,
        preset="cutthroat3",
    )
    assert [h.points for h in sheet.hands] == [(30, 60, 40), (-10, 20, -20), (-60, 20, -30)]
    assert sheet.totals == (-40, 100, -10)
    # Sandbags cost 10 each at once, never 100 for ten: Cat has 1 + 2 + 7 = 10 bags and no penalty.
    assert sheet.bags == (5, 3, 10)
    # No nil: "nil" is an error.
    error = rule_error(hand(["nil", 8, 9], [0, 8, 9]), players=THREE, preset="cutthroat3")
    assert "nil is not played" in str(error)


def test_preset_cutthroat3_with_cutthroat_bonus_end_to_end_002_variation_bonus_scores():
    sheet = play(
        # Ann 2/2: 40. Bob 8/8: 80 + 20 + last 2 tricks 20 = 120. Cat 7/7: 80.
        hand([2, 8, 7], [2, 8, 7], high_spade_run=[0, 2, 0]),
        # Ann 1/2: 0. Bob 0/0: 100. Cat 5/15: 50 - 100 = -50; bagged, so her last 3 tricks earn nothing.
        hand([1, 0, 5], [2, 0, 15], high_spade_run=[0, 0, 3]),
        players=THREE,
        **BONUS,
    )
    assert [h.points for h in sheet.hands] == [(40, 120, 80), (0, 100, -50)]
    assert sheet.totals == (40, 220, 30)


def test_preset_two_player_end_to_end_002_spades_for_two_players():
    sheet = play(
        # Ann 5/6: 51. Bob 7/7: 70.
        hand([5, 7], [6, 7]),
        # Ann 4/12: 48 (9 bags). Bob's nil failed: -100 + 1 bag = -99.
        hand([4, "nil"], [12, 1]),
        # Ann 3/5: 32, bags 11: -100, 1 carried. Bob 9/8: -90.
        hand([3, 9], [5, 8]),
        players=TWO,
        preset="two_player",
    )
    assert [h.points for h in sheet.hands] == [(51, 70), (48, -99), (-68, -90)]
    assert sheet.totals == (31, -119)
    assert sheet.bags == (1, 1)


def test_preset_six_player_end_to_end_002_spades_for_six_players():
    sheet = play(
        # Sides P0&P3 bid 6 took 7: 61; P1&P4 bid 4 took 4: 40; P2&P5 bid 6 took 6: 60.
        hand([3, 2, 3, 3, 2, 3], [3, 2, 3, 4, 2, 3]),
        # P0&P3 bid 8 took 9: 81. P1&P4: P1 nil made +100, P4 5/5: 50 -> 150. P2&P5 bid 4 took 3: -40.
        hand([4, "nil", 2, 4, 5, 2], [4, 0, 2, 5, 5, 1]),
        players=SIX,
        preset="six_player",
    )
    assert sheet.sides == ("P0 & P3", "P1 & P4", "P2 & P5")
    assert [h.points for h in sheet.hands] == [(61, 40, 60), (81, 150, -40)]
    assert sheet.totals == (142, 190, 20)
    assert sheet.bags == (2, 0, 0)


def test_preset_solo4_end_to_end_002_solo_spades():
    sheet = play(
        # Ann 3/4: 31. Bob 4/4: 40. Cat 2/1: -20. Dan 3/4: 31.
        hand([3, 4, 2, 3], [4, 4, 1, 4]),
        # Ann nil made: 100. Bob 5/6: 51. Cat 4/4: 40. Dan 3/3: 30.
        hand(["nil", 5, 4, 3], [0, 6, 4, 3]),
        preset="solo4",
    )
    assert sheet.sides == PLAYERS
    assert [h.points for h in sheet.hands] == [(31, 40, -20, 31), (100, 51, 40, 30)]
    assert sheet.totals == (131, 91, 20, 61)


def test_every_preset_is_covered_here():
    assert set(PRESETS) == {
        "standard",
        "nil_helps_partner",
        "german_table",
        "barmore",
        "new_york",
        "cutthroat3",
        "tournament",
        "two_player",
        "six_player",
        "solo4",
    }


def test_preset_tournament_sets_what_spades_md_lists_005():
    rules = spades_rules({"preset": "tournament"})
    assert (rules.revoke_penalty, rules.set_twice_loses, rules.sets_to_lose, rules.time_limit) == (
        "three_tricks",
        True,
        3,
        40,
    )
    assert (rules.hand_limit, rules.target, rules.players) == (0, 500, 4)  # standard scoring otherwise


def test_presets_barmore_new_york_cutthroat3_set_what_spades_md_lists():
    barmore = spades_rules({"preset": "barmore"})
    assert (barmore.bidding, barmore.nil, barmore.blind_bids, barmore.blind_min) == ("partnership", False, True, 7)
    assert (barmore.blind_made, barmore.blind_failed) == ("at_least", "double")
    nyc = spades_rules(NYC)
    assert (nyc.min_team_bid, nyc.max_team_bid, nyc.max_bags, nyc.overtrick_value) == (4, 10, 2, 0)
    assert (nyc.blind_min, nyc.blind_min_deficit, nyc.blind_made, nyc.blind_failed) == (6, 100, "at_least", "single")
    assert nyc.boston_wins and nyc.set_twice_loses and nyc.first_hand_bids_itself
    assert spades_rules({"preset": "six_player"}).players == 6
    assert spades_rules({"preset": "two_player"}).players == 2
    assert spades_rules({"preset": "solo4"}).seats == 4
    assert SpadesRules().players == 4


# ------------------------------------------------------------------------------------------
# The game record: every optional hand field round-trips, and is an error when its rule is off
# ------------------------------------------------------------------------------------------

FOUR = ["Ann", "Bob", "Cat", "Dan"]

# (id, rules with the field's rule on, the same rules with it off, players, hands, expected totals, message)
OPTIONAL_FIELDS = [
    (
        "blind",
        {"preset": "standard", "blind_bids": True},
        {"preset": "standard"},
        FOUR,
        [{"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4], "blind": [0]}],
        [120, 70],  # blind 6 exact: 120; B 7/7: 70
        "blind bids are not played",
    ),
    (
        "ten_for_two_hundred",
        {"preset": "standard", "ten_for_two_hundred": "exact"},
        {"preset": "standard"},
        FOUR,
        [{"bids": [5, 1, 5, 1], "tricks": [5, 1, 5, 2], "ten_for_two_hundred": [0]}],
        [200, 21],  # 10 for 200 with 10: 200; B 2/3: 21
        "10 for 200 is not played",
    ),
    (
        "no_trump",
        {"preset": "standard", "no_trump_bids": True},
        {"preset": "standard"},
        FOUR,
        [{"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4], "no_trump": [1]}],
        [60, 121],  # B no trump 6 took 7: 120 + 1
        "no-trump bids are not played",
    ),
    (
        "bemo",
        {"preset": "standard", "bemo": True},
        {"preset": "standard"},
        FOUR,
        [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "bemo": [{"side": 0, "kind": "little", "made": True}]}],
        [121, 60],  # 61 + 60
        "Bemo is not played",
    ),
    (
        "bag_cancel",
        {"preset": "standard", "bag_cancel_card": "3S"},
        {"preset": "standard"},
        FOUR,
        [{"bids": [3, 3, 2, 3], "tricks": [4, 3, 3, 3], "bag_cancel": 0}],
        [51, 60],  # 52 - 1 cancelled bag
        "No card cancels bags",
    ),
    (
        "misdeal",
        {"preset": "standard", "misdeal": "no_spades"},
        {"preset": "standard"},
        FOUR,
        [{"misdeal": 1}, {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}],
        [61, 60],
        "Misdeals are not called",
    ),
    (
        "high_spade_run",
        {"preset": "cutthroat3", "cutthroat_bonus": True},
        {"preset": "cutthroat3"},
        ["Ann", "Bob", "Cat"],
        [{"bids": [2, 8, 7], "tricks": [2, 8, 7], "high_spade_run": [0, 2, 0]}],
        [40, 120, 80],
        "High-spade bonuses are not played",
    ),
    (
        "bids_omitted_in_hand_1",
        {"preset": "standard", "first_hand_bids_itself": True},
        {"preset": "standard"},
        FOUR,
        [{"tricks": [4, 3, 2, 4]}, {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}],
        [121, 130],  # 60 + 61, 70 + 60
        "Enter a bid for each of the 4 players",
    ),
    (
        "partnership_bids",
        {"preset": "standard", "bidding": "partnership"},
        {"preset": "standard"},
        FOUR,
        [{"bids": [5, 7], "tricks": [3, 4, 2, 4]}],
        [50, 71],
        "Enter a bid for each of the 4 players",
    ),
]


def _record(rules: dict[str, Any], players: list[str], hands: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": "scorekeeper-game/1",
        "game": "spades",
        "players": players,
        "dealer": 0,
        "rules": rules,
        "hands": hands,
    }


@pytest.mark.parametrize(
    ("rules", "players", "hands", "totals"),
    [pytest.param(on, players, hands, totals, id=name) for name, on, _, players, hands, totals, _ in OPTIONAL_FIELDS],
)
def test_record_optional_hand_field_round_trips_and_scores_game_record_md(rules, players, hands, totals):
    record = _record(rules, players, hands)
    assert game_record(parse_record(copy.deepcopy(record))) == record
    assert score_record(record)["totals"] == totals


@pytest.mark.parametrize(
    ("rules", "players", "hands", "message"),
    [pytest.param(off, players, hands, msg, id=name) for name, _, off, players, hands, _, msg in OPTIONAL_FIELDS],
)
def test_record_optional_hand_field_is_an_error_when_its_rule_is_off_game_record_md(rules, players, hands, message):
    record = _record(rules, players, hands)
    with pytest.raises(RuleError) as caught:
        score_record(record)
    assert message in str(caught.value)
    assert caught.value.hand == 0


def test_record_blind_when_blind_bids_false_mentions_blind_game_record_md():
    record = _record({"preset": "standard"}, FOUR, [{"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4], "blind": [0]}])
    with pytest.raises(RuleError, match="blind"):
        score_record(record)


def test_record_double_nil_bid_round_trips_game_record_md():
    record = _record(
        {"preset": "standard", "double_nil": True},
        FOUR,
        [{"bids": ["double_nil", 4, "double_nil", 4], "tricks": [0, 7, 0, 6]}],
    )
    assert game_record(parse_record(copy.deepcopy(record))) == record
    assert score_record(record)["totals"] == [500, 85]


@pytest.mark.parametrize(
    ("hand_data", "message"),
    [
        ({"tricks": [4, 3, 3, 3], "bemo": [{"side": 0, "kind": "little"}]}, "'bemo' must be a list of"),
        ({"tricks": [4, 3, 3, 3], "bag_cancel": "0"}, "'bag_cancel' must be a whole number."),
        ({"misdeal": "Ann"}, "'misdeal' must be a whole number."),
        ({"tricks": [4, 3, 3, 3], "blind": 0}, "'blind' must be a list."),
        ({"tricks": [4, 3, 3, 3], "high_spade_run": 3}, "'high_spade_run' must be a list."),
    ],
)
def test_record_optional_hand_field_shapes_are_record_errors_game_record_md(hand_data, message):
    record = _record({"preset": "standard"}, FOUR, [{"bids": [3, 3, 3, 3], **hand_data}])
    with pytest.raises(RecordError) as caught:
        parse_record(record)
    assert message in str(caught.value)


def test_record_blind_side_index_out_of_range_is_an_error_game_record_md():
    record = _record(
        {"preset": "standard", "blind_bids": True}, FOUR, [{"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4], "blind": [2]}]
    )
    with pytest.raises(RuleError, match="'blind' must list side indexes from 0 to 1"):
        score_record(record)


@pytest.mark.parametrize(
    ("rules", "hand_data"),
    [
        ({"preset": "new_york"}, {"tricks": [3, 4, 2, 4], "bemo": [{"side": 0, "kind": "big", "made": True}]}),
        ({"preset": "standard", "misdeal": "no_spades"}, {"misdeal": 0, "blind": [0]}),
    ],
    ids=["bemo_on_a_hand_that_bids_itself", "blind_on_a_misdeal"],
)
def test_record_declarations_on_a_hand_without_bids_are_errors_game_record_md(rules, hand_data):
    """record.py: "unknown fields are an error, never ignored"; bemo / blind bids are not played here."""
    with pytest.raises(RuleError):
        score_record(_record(rules, FOUR, [hand_data]))


# ------------------------------------------------------------------------------------------
# What a hand claims must be possible (issue 16)
# ------------------------------------------------------------------------------------------


def test_a_bemo_made_by_a_side_that_took_fewer_tricks_is_invalid_002_bemo():
    """A little bemo is the first 6 tricks: a side that took 5 in all cannot have made it."""
    error = rule_error(hand([3, 3, 3, 3], [3, 4, 2, 4], bemo=[{"side": 0, "kind": "little", "made": True}]), bemo=True)
    assert error.field == "declarations" and "took only 5 tricks" in str(error)


def test_a_bemo_must_agree_with_the_play_002_bemo():
    """With the play recorded, the first 6 tricks' winners decide whether a little bemo was made."""
    dealt = random_play(3)
    replayed = spades_replay(spades_rules({"preset": "standard"}), dealt, dealer=0, names=PLAYERS)
    first_six = {trick.winner % 2 for trick in replayed.tricks[:6]}
    assert len(first_six) == 2  # both sides won one of the first 6: nobody made a little bemo
    bids = [3, 3, 3, 3]
    for side in (0, 1):
        claimed = hand(bids, replayed.taken, bemo=[{"side": side, "kind": "little", "made": True}], play=dealt)
        assert "a little bemo is made by winning the first 6 tricks" in str(rule_error(claimed, bemo=True))
        honest = hand(bids, replayed.taken, bemo=[{"side": side, "kind": "little", "made": False}], play=dealt)
        assert play(honest, bemo=True).hands[0].points  # accepted


@pytest.mark.parametrize("run", [(2, 1, 0), (5, 0, 0)], ids=["two sides", "more than Ann took"])
def test_a_high_spade_run_is_one_sides_of_no_more_tricks_than_it_took_002_spades_for_three_players(run):
    claimed = hand([5, 6, 6], [4, 7, 6], high_spade_run=list(run))
    error = rule_error(claimed, players=THREE, preset="cutthroat3", cutthroat_bonus=True)
    assert error.field == "declarations" and "a high-spade run of the last tricks is one side's" in str(error)
