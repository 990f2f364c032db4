"""Standard Spades scoring, step by step, with every worked example of the published rules.

Source: docs/rules/spades.md "Standard scoring, exactly"; Pagat, Spades (002) "Scoring",
its German translation (000) "Punktwert", the German rule sheet (004) "Wertung" /
"Sandbagging" / "Gewinnen", a Spades app's rules page (003) "Punktevergabe".
"""

from __future__ import annotations

import pytest

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.source import written

from .helpers import AT_337_WITH_7_BAGS, score

# Step 1: the contract --------------------------------------------------------------


def test_contract_made_scores_ten_per_trick_bid_and_one_per_bag_004_wertung_example():
    """004 "Wertung": Beth and David bid 5 and win 7: 52 points (50 + 2 bags)."""
    sheet = score([([3, 2, 3, 3], [3, 4, 3, 3])])  # Bob 2 + Dan 3 = 5, they took 4 + 3 = 7
    assert sheet.hands[0].points[1] == 52
    assert sheet.bags[1] == 2


def test_contract_set_loses_ten_per_trick_bid_and_gives_no_bags_002_scoring():
    sheet = score([([4, 3, 4, 3], [3, 4, 4, 2])])  # A bid 8 took 7: set; B bid 6 took 6
    assert sheet.hands[0].points == (-80, 60)
    assert sheet.bags == (0, 0)


def test_team_bid_is_the_partners_bids_added_002_bidding_example():
    """002 "Bidding": West 3, North 1, East 4, South 4: N+S must win 5, E+W 7.

    Seats: South 0 (deals), West 1, North 2, East 3; side 0 = South & North.
    """
    sheet = score([([4, 3, 1, 4], [2, 4, 3, 4])])  # N+S took 5 of 5, E+W 8 of 7
    assert sheet.hands[0].points == (50, 71)
    assert "bid 5, took 5" in sheet.hands[0].lines[0].render()


# Step 2: nil and blind nil ---------------------------------------------------------


def test_nil_made_adds_100_to_the_partners_contract_002_nil():
    """004 "Bieten Nil": Alex bids 4, his partner Charlie nil; Alex must still win 4."""
    sheet = score([([4, 4, "nil", 4], [5, 4, 0, 4])])
    assert sheet.hands[0].points[0] == 40 + 1 + 100


def test_nil_failed_loses_100_but_the_partner_still_scores_002_nil():
    sheet = score([([4, 4, "nil", 4], [4, 4, 1, 4])])
    # Ann bid 4, took 4: +40. Cat's nil failed: -100; her trick is a bag: +1.
    assert sheet.hands[0].points[0] == 40 - 100 + 1
    assert sheet.bags[0] == 1


def test_zero_bid_is_nil_with_zero_is_nil_002_bidding_variations():
    assert score([([4, 4, 0, 4], [5, 4, 0, 4])]).hands[0].points[0] == 141


def test_zero_bid_is_a_plain_bid_without_zero_is_nil_002_bidding_variations():
    sheet = score([([4, 4, 0, 4], [5, 4, 0, 4])], zero_is_nil=False)
    # Ann 4 + Cat 0 = 4, took 5: +41; no nil bonus.
    assert sheet.hands[0].points[0] == 41


def test_both_partners_nil_both_made_plus_200_004_both_nil():
    """004: both partners nil, both succeed: +200."""
    assert score([(["nil", 6, "nil", 6], [0, 7, 0, 6])]).hands[0].points[0] == 200


def test_both_partners_nil_both_failed_minus_200_004_both_nil():
    """004: both fail: -200 (their tricks are bags: +1 each)."""
    sheet = score([(["nil", 6, "nil", 6], [1, 6, 1, 5])])
    assert sheet.hands[0].points[0] == -200 + 2
    assert sheet.bags[0] == 2


def test_both_partners_nil_one_made_one_failed_cancel_out_004_both_nil():
    """004: one succeeds, one fails: net 0 (plus the failed nil's trick as a bag)."""
    assert score([(["nil", 6, "nil", 6], [0, 6, 1, 6])]).hands[0].points[0] == 1


def test_blind_nil_made_scores_200_002_blind_nil():
    hands = AT_337_WITH_7_BAGS  # Bob & Dan are behind by more than 100
    sheet = score([*hands, ([4, "blind_nil", 4, 4], [5, 0, 4, 4])])
    assert sheet.hands[-1].points[1] == 200 + 40


def test_blind_nil_failed_loses_200_002_blind_nil():
    sheet = score([*AT_337_WITH_7_BAGS, ([4, "blind_nil", 4, 4], [4, 1, 4, 4])])
    assert sheet.hands[-1].points[1] == -200 + 40 + 1


def test_both_partners_blind_nil_plus_400_004_doppelter_nil():
    """004 "Doppelter Nil": both partners bid it: +400 if both make it."""
    sheet = score([*AT_337_WITH_7_BAGS, ([7, "blind_nil", 6, "blind_nil"], [7, 0, 6, 0])])
    assert sheet.hands[-1].points[1] == 400


@pytest.mark.parametrize(
    ("values", "made", "failed"),
    [
        ({"nil_value": 50, "blind_nil_value": 100, "blind_nil_penalty": 100}, 100, -100),
        ({"blind_nil_value": 200, "blind_nil_penalty": 100}, 200, -100),
        ({"nil_value": 50, "blind_nil_value": 100, "blind_nil_penalty": 50}, 100, -50),
    ],
)
def test_nil_and_blind_nil_values_002_nil_blind_nil(values, made, failed):
    """002 "Nil / Blind Nil": 50/100 instead of 100/200; penalty half the score."""
    made_sheet = score([*AT_337_WITH_7_BAGS, ([4, "blind_nil", 4, 4], [5, 0, 4, 4])], **values)
    failed_sheet = score([*AT_337_WITH_7_BAGS, ([4, "blind_nil", 4, 4], [4, 1, 4, 4])], **values)
    assert made_sheet.hands[-1].points[1] == made + 40
    assert failed_sheet.hands[-1].points[1] == failed + 40 + 1


def test_nil_value_50_002_nil_blind_nil():
    assert score([([4, 4, "nil", 4], [5, 4, 0, 4])], nil_value=50).hands[0].points[0] == 91


# Step 3: a failed nil's tricks ----------------------------------------------------


def test_failed_nil_tricks_are_bags_not_toward_the_partners_bid_002_nil():
    """002: the nil bidder's tricks do not help the partner (who is set) but are bags."""
    sheet = score([([4, 4, "nil", 4], [3, 4, 2, 4])])
    # Ann bid 4, took 3: set -40. Cat's nil failed -100; 2 bags +2.
    assert sheet.hands[0].points[0] == -40 - 100 + 2
    assert sheet.bags[0] == 2


def test_failed_nil_tricks_help_partner_003_punktevergabe():
    """003: in that variant a failed nil's tricks count toward the partner's bid, the rest are bags."""
    sheet = score([([4, 4, "nil", 4], [3, 4, 2, 4])], failed_nil_tricks="help_partner")
    # Ann bid 4, Ann 3 + Cat 2 = 5: made +40, 1 bag +1. Nil failed -100.
    assert sheet.hands[0].points[0] == 40 + 1 - 100
    assert sheet.bags[0] == 1


def test_failed_nil_tricks_count_for_nothing_with_neither():
    sheet = score([([4, 4, "nil", 4], [4, 4, 1, 4])], failed_nil_tricks="neither")
    assert sheet.hands[0].points[0] == 40 - 100
    assert sheet.bags[0] == 0


def test_failed_nil_sets_partner_002_nil_blind_nil():
    """002: some play that a lost nil loses the partner's bid as well."""
    sheet = score([([4, 4, "nil", 4], [5, 4, 1, 3])], failed_nil_sets_partner=True)
    assert sheet.hands[0].points[0] == -40 - 100 + 1


# Step 4: sandbagging -------------------------------------------------------------


@pytest.mark.parametrize(("taken", "total", "bags"), [(7, 389, 9), (8, 290, 0), (9, 291, 1)])
def test_sandbagging_337_bids_5_example_002_scoring(taken, total, bags):
    """002 "Scoring": a team at 337 bids 5: 7 tricks -> 389, 8 -> 290, 9 -> 291."""
    before = score(AT_337_WITH_7_BAGS)
    assert (before.totals[0], before.bags[0]) == (337, 7)
    rest = 13 - taken
    sheet = score([*AT_337_WITH_7_BAGS, ([3, 4, 2, 4], [taken - 3, rest - 4, 3, 4])])
    assert sheet.totals[0] == total
    assert sheet.bags[0] == bags


def test_sandbagging_11_bags_example_004_sandbagging():
    """004: bid 4 take 7, bid 3 take 6, bid 4 take 9: 11 bags -> -100, 1 carried."""
    sheet = score(
        [
            ([2, 3, 2, 3], [4, 3, 3, 3]),  # A: bid 4, took 7 -> 43, 3 bags
            ([2, 3, 1, 3], [3, 4, 3, 3]),  # A: bid 3, took 6 -> 33, 6 bags
            ([2, 2, 2, 2], [5, 2, 4, 2]),  # A: bid 4, took 9 -> 45 - 100, 11 -> 1 bag
        ]
    )
    assert [hand.totals[0] for hand in sheet.hands] == [43, 76, 21]
    assert [hand.bags[0] for hand in sheet.hands] == [3, 6, 1]
    assert any(line.rule == "bag_limit" and line.points == -100 for line in sheet.hands[2].lines)


def test_bags_worth_nothing_until_ten_369_example_002_variations():
    """002 "Variations in the scoring": with bags worth 0, a score of "369" (360 and 9 bags),
    bid 7, took 9 -> "331" (330 and 1 bag), not 341."""
    hands = [
        ([6, 1, 6, 1], [6, 0, 6, 1]),  # A: bid 12 took 12 -> 120; B: bid 2 took 1 -> -20
        ([6, 1, 6, 1], [6, 0, 6, 1]),  # A: 240
        ([4, 1, 4, 1], [6, 0, 6, 1]),  # A: bid 8 took 12 -> +80 and 0 for 4 bags -> 320
        ([1, 1, 3, 1], [5, 1, 4, 3]),  # A: bid 4 took 9 -> +40 and 0 for 5 bags -> 360, 9 bags
    ]
    sheet = score(hands, overtrick_value=0)
    assert (sheet.totals[0], sheet.bags[0]) == (360, 9)
    sheet = score([*hands, ([4, 3, 3, 3], [5, 2, 4, 2])], overtrick_value=0)  # bid 7, took 9
    assert (sheet.totals[0], sheet.bags[0]) == (330, 1)


def test_overtricks_minus_one_and_no_bag_penalty_002_variations():
    """002: overtricks may be worth -1 each; then the 10-bag penalty does not apply."""
    sheet = score([([1, 3, 1, 3], [6, 0, 6, 1]), ([1, 3, 1, 3], [6, 0, 6, 1])], overtrick_value=-1)
    assert sheet.totals[0] == 2 * (20 - 10)
    assert sheet.bags[0] == 20  # counted, never penalised


def test_no_bag_penalty_with_bag_limit_0_002_variations():
    sheet = score([([1, 3, 1, 3], [6, 0, 6, 1])] * 2, bag_limit=0)
    assert sheet.totals[0] == 2 * 30


def test_bag_penalty_repeats_every_limit_002_scoring():
    """002: twenty overtricks lose another 100, and so on (here with a limit of 5)."""
    sheet = score([([1, 3, 1, 3], [6, 0, 6, 1])], bag_limit=5)  # 10 bags in one hand
    assert sheet.totals[0] == 20 + 10 - 200
    assert sheet.bags[0] == 0


def test_set_penalty_shortfall_000_punktwert_variants():
    """000 / 002 variations: lose 10 per trick missing instead of 10 per trick bid."""
    sheet = score([([5, 3, 4, 3], [4, 4, 3, 2])], set_penalty="shortfall")  # A bid 9, took 7
    assert sheet.hands[0].points[0] == -20


# Step 5: winning -----------------------------------------------------------------


def big_hand(side: int) -> tuple[list[int], list[int]]:
    """A hand where ``side`` bids 10 and takes 13 (+103) and the other side is set (-20)."""
    if side == 0:
        return [5, 1, 5, 1], [7, 0, 6, 0]
    return [1, 5, 1, 5], [0, 7, 0, 6]


def test_first_side_to_reach_the_target_wins_002_scoring():
    sheet = score([big_hand(0), big_hand(0), big_hand(0)], target=300)
    assert sheet.finished and sheet.winner == 0
    assert sheet.end is not None and "win the game" in sheet.end.render()


def test_not_over_below_the_target():
    sheet = score([big_hand(0), big_hand(0)], target=300)
    assert not sheet.finished and sheet.winner is None


def test_both_reach_the_target_in_the_same_hand_the_higher_wins_004_gewinnen():
    """004 "Gewinnen" / 002 "Scoring": both reach the target in one hand: the higher score wins."""
    sheet = score([([3, 3, 3, 3], [4, 3, 3, 3])], target=50)  # A bid 6 took 7: 61; B bid 6 took 6: 60
    assert sheet.totals == (61, 60)
    assert sheet.finished and sheet.winner == 0


def test_tie_at_the_target_plays_another_hand_004_gewinnen():
    """004 "Gewinnen": a tie at or over the target: play another hand."""
    # Bags worth 0 make a tie possible: A bid 6 took 7 -> 60, B bid 6 took 6 -> 60.
    sheet = score([([3, 3, 3, 3], [4, 3, 3, 3])], target=60, overtrick_value=0)
    assert sheet.totals == (60, 60)
    assert not sheet.finished and sheet.winner is None
    assert sheet.hands[0].lines[-1].render().startswith("Ann & Cat / Bob & Dan are tied at 60: play another hand")
    # Next hand: A bid 6 took 6 -> 120; B bid 7 took 7 -> 130: Bob & Dan win.
    after = score([([3, 3, 3, 3], [4, 3, 3, 3]), ([3, 4, 3, 3], [3, 4, 3, 3])], target=60, overtrick_value=0)
    assert after.winner == 1


def test_win_on_exceed_needs_more_than_the_target_003_punktevergabe():
    """003: the team with the highest score over 500 wins."""
    at_target = score([([3, 3, 3, 3], [3, 3, 3, 4])], target=60, win_on="exceed")  # 60 : 61
    assert at_target.winner == 1
    exactly = score([([3, 3, 3, 3], [3, 4, 3, 3])], target=61, win_on="exceed")  # 60 : 61
    assert not exactly.finished


def test_lose_at_minus_500_002_variations():
    """002: a side whose cumulative score is -500 or worse loses the game."""
    hands = [([6, 1, 6, 1], [0, 7, 0, 6])] * 5  # A bids 12, takes 0: -120 each hand
    assert not score(hands[:4], lose_at=-500).finished  # -480
    sheet = score(hands, lose_at=-500)
    assert sheet.totals[0] == -600
    assert sheet.finished and sheet.winner == 1


# Invalid input -------------------------------------------------------------------


def test_a_hand_after_the_game_was_won_is_an_error_naming_the_hand():
    with pytest.raises(RuleError) as caught:
        score([big_hand(0), big_hand(0), big_hand(0), big_hand(1)], target=300)
    assert caught.value.hand == 3
    assert str(caught.value).startswith("Hand 4: The game was already over after hand 3")


def test_tricks_must_add_up_to_13_naming_the_hand():
    with pytest.raises(RuleError) as caught:
        score([big_hand(0), ([3, 3, 3, 3], [3, 3, 3, 3])])
    assert caught.value.hand == 1 and caught.value.field == "tricks"
    assert "Hand 2: The tricks add up to 12, but a hand has 13 tricks." in str(caught.value)


@pytest.mark.parametrize("bid", [14, -1, "7", 2.5, None, True, "pass"])
def test_a_bid_out_of_range_is_an_error_naming_the_player(bid):
    with pytest.raises(RuleError) as caught:
        score([([bid, 3, 3, 3], [4, 3, 3, 3])])
    assert caught.value.seat == 0 and caught.value.field == "bids"
    assert "Ann: a bid is a number of tricks from 0 to 13, or nil." in str(caught.value)


def test_blind_nil_when_not_behind_by_100_is_an_error_002_bidding():
    """002: blind nil only by a player whose side is losing by at least 100 points."""
    with pytest.raises(RuleError) as caught:
        score([([4, "blind_nil", 4, 4], [5, 0, 4, 4])])
    assert caught.value.seat == 1 and caught.value.hand == 0
    assert "at least 100 points behind (now tied)" in str(caught.value)


def test_blind_nil_any_time_with_deficit_0_004_doppelter_nil():
    sheet = score([([4, "blind_nil", 4, 4], [5, 0, 4, 4])], preset="german_table")
    assert sheet.hands[0].points[1] == 240


def test_blind_nil_needs_200_behind_with_deficit_200():
    hands = AT_337_WITH_7_BAGS[:1]  # A 103, B -20: B is 123 behind
    with pytest.raises(RuleError):
        score([*hands, ([4, "blind_nil", 4, 4], [5, 0, 4, 4])], blind_nil_min_deficit=200)
    assert score([*hands, ([4, "blind_nil", 4, 4], [5, 0, 4, 4])]).hands[-1].points[1] == 240


def test_blind_nil_not_played_is_an_error():
    with pytest.raises(RuleError, match="blind nil is not played at this table"):
        score([*AT_337_WITH_7_BAGS, ([4, "blind_nil", 4, 4], [5, 0, 4, 4])], blind_nil=False)


def test_nil_not_played_is_an_error():
    with pytest.raises(RuleError, match="nil is not played at this table"):
        score([([4, "nil", 4, 4], [5, 0, 4, 4])], nil=False)
    with pytest.raises(RuleError, match="a bid of 0 means nil"):
        score([([4, 0, 4, 4], [5, 0, 4, 4])], nil=False)
    assert score([([4, 0, 4, 4], [5, 0, 4, 4])], nil=False, zero_is_nil=False).hands[0].points == (81, 40)


# Explanations ----------------------------------------------------------------------


def test_every_line_names_its_rule_source_and_sums_to_the_points():
    sheet = score([([4, 4, "nil", 4], [3, 4, 2, 4])])
    hand = sheet.hands[0]
    for side in (0, 1):
        assert sum(line.points for line in hand.lines if line.side == side) == hand.points[side]
    assert all(written(line.source).startswith("spades.md") for line in hand.lines)
    assert [line.render() for line in hand.lines if line.side == 0] == [
        "Ann & Cat: bid 4, took 3: set, -10 × 4 = -40 (spades.md: Standard scoring 1)",
        "Ann & Cat: nil by Cat failed (tricks taken: 2), -100 (spades.md: Standard scoring 2)",
        "Ann & Cat: tricks of the failed nil by Cat (2) count as bags, not toward the bid, +2 "
        "(spades.md: Standard scoring 3)",
    ]


def test_lines_render_in_another_language():
    sheet = score([([4, 4, 4, 1], [4, 4, 4, 1])])
    rendered = sheet.hands[0].lines[0].render(lambda template: template.replace("took", "nahm"))
    assert "nahm 8" in rendered
