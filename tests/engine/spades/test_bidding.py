"""Which bids may be made now: verify / can / offered (spades.md "Rule keys", 002 "Bidding")."""

from __future__ import annotations

import pytest

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.spades.bidding import can_bid, offered_bids, offered_table_bids, refused_table_bids, verify_bid
from scorekeeper.engine.spades.game import SpadesGame
from scorekeeper.engine.spades.rules import BLIND_NIL, NIL, spades_rules

STANDARD = spades_rules()


def test_standard_offers_1_to_13_and_nil_and_blind_nil_only_when_100_behind():
    assert offered_bids(STANDARD, side=0, totals=(0, 0)) == (*range(1, 14), NIL)
    assert offered_bids(STANDARD, side=0, totals=(0, 100)) == (*range(1, 14), NIL, BLIND_NIL)
    assert offered_bids(STANDARD, side=1, totals=(0, 100)) == (*range(1, 14), NIL)


def test_zero_is_offered_as_a_plain_bid_when_zero_is_not_nil():
    rules = spades_rules({"zero_is_nil": False})
    assert offered_bids(rules, side=0, totals=(0, 0))[0] == 0  # a plain 0 comes first


def test_no_nil_buttons_when_nil_and_blind_nil_are_off():
    rules = spades_rules({"nil": False, "blind_nil": False})
    assert offered_bids(rules, side=0, totals=(0, 500)) == tuple(range(1, 14))


def test_verify_bid_normalises_zero_to_nil():
    assert verify_bid(STANDARD, 0, seat=0, side=0, totals=(0, 0), player="Ann") == NIL


def test_can_bid_and_verify_bid_agree():
    for bid in [*range(-1, 15), NIL, BLIND_NIL, "x", None]:
        for totals in [(0, 0), (0, 99), (0, 100), (250, 0)]:
            try:
                verify_bid(STANDARD, bid, seat=1, side=1, totals=totals, player="Bob")
            except RuleError:
                allowed = False
            else:
                allowed = True
            assert can_bid(STANDARD, bid, side=1, totals=totals) is allowed


def test_blind_nil_error_says_how_far_behind_the_side_is():
    with pytest.raises(RuleError) as caught:
        verify_bid(STANDARD, BLIND_NIL, seat=1, side=1, totals=(120, 40), player="Bob")
    assert str(caught.value).startswith(
        "Bob: blind nil is allowed only when the bidder's side is at least 100 points behind (now 80 behind)."
    )


def test_bidding_order_starts_at_the_dealers_left_002_bidding():
    game = SpadesGame(players=("S", "W", "N", "E"), dealer=0)
    assert game.bidding_order(0) == (1, 2, 3, 0)
    assert game.bidding_order(1) == (2, 3, 0, 1)  # the deal passes to the left
    assert game.dealer_of(5) == 1


def test_sides_are_partners_opposite():
    game = SpadesGame(players=("Ann", "Bob", "Cat", "Dan"))
    assert game.sides == ((0, 2), (1, 3))
    assert game.side_names() == ("Ann & Cat", "Bob & Dan")


def table(**rules: object) -> SpadesGame:
    return SpadesGame(players=("Ann", "Bob", "Cat", "Dan"), rules=spades_rules(rules))


def test_buttons_follow_the_nil_partner_minimum_002_partnership_bidding():
    """002: "If a player bids Nil, that player's partner must bid at least 4"."""
    offers = offered_table_bids(table(nil_partner_min_bid=4), [NIL, None, None, None], totals=(0, 0), number=0)
    assert offers[2] == tuple(range(4, 14))  # Cat, Ann's partner
    assert offers[1] == (*range(1, 14), NIL)  # Bob is not affected
    offers = offered_table_bids(table(nil_partner_min_bid=4), [None, None, 2, None], totals=(0, 0), number=0)
    assert NIL not in offers[0]  # Ann may not bid nil next to a partner's 2


def test_buttons_follow_the_side_minimum_002_new_york_city():
    offers = offered_table_bids(table(min_team_bid=4, max_team_bid=10), [1, None, None, None], totals=(0, 0), number=0)
    assert offers[2] == tuple(range(3, 10))  # Cat makes the side 4 to 10 with Ann's 1


def test_buttons_leave_out_the_bid_that_makes_the_total_13_002_partnership_bidding():
    offers = offered_table_bids(table(bids_may_total_13=False), [4, 3, 3, None], totals=(0, 0), number=0)
    assert 3 not in offers[3] and 4 in offers[3]
    partnership = table(bidding="partnership", bids_may_total_13=False)
    assert 7 not in offered_table_bids(partnership, [6, None], totals=(0, 0), number=0)[1]


def test_a_bid_left_out_comes_with_the_rule_that_refuses_it_002_partnership_bidding():
    """The same check refuses a saved hand and says why a button is not offered (verify / can)."""
    refused = refused_table_bids(table(bids_may_total_13=False), [4, 3, 3, None], totals=(0, 0), number=0)
    assert list(refused[3]) == [3]
    assert refused[3][3].text.render() == "The bids add up to 13, the tricks in a hand: someone must bid differently."
    assert refused[0] == refused[1] == refused[2] == {}  # their own choices are never refused
    nil_partner = refused_table_bids(table(nil_partner_min_bid=4), [NIL, None, None, None], totals=(0, 0), number=0)
    assert set(nil_partner[2]) == {1, 2, 3, NIL}
    assert "the partner of a nil bids at least 4" in nil_partner[2][1].text.render()


def test_a_seats_own_choice_stays_offered_so_the_conflict_shows_at_the_field():
    offers = offered_table_bids(table(nil_partner_min_bid=4), [NIL, None, 2, None], totals=(0, 0), number=0)
    assert 2 in offers[2]  # Cat's 2 conflicts with Ann's nil, but stays, marked by the check on save


def test_without_rules_between_seats_the_buttons_are_the_single_bid_offers():
    offers = offered_table_bids(table(), [4, None, None, None], totals=(0, 0), number=0)
    assert offers == tuple(offered_bids(STANDARD, side=seat % 2, totals=(0, 0)) for seat in range(4))
