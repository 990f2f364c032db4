"""Which bids may be made now: verify / can / offered (spades.md "Rule keys", 002 "Bidding")."""

from __future__ import annotations

import pytest

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.spades.bidding import can_bid, offered_bids, verify_bid
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
        "Bob: blind nil is allowed only when the bidder's side is at least 100 points behind (now 80)."
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
