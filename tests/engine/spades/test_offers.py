"""What a side may declare before its bids (``engine.spades.offers``): the same conditions the
declarations are checked with (docs/rules/spades.md keys ``blind_bids``, ``blind_min_deficit``,
``ten_for_two_hundred``; Pagat, Spades (002) "New York City rules", "10 for 200")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine.spades.declarations import may_bid_blind
from scorekeeper.engine.spades.offers import declarable
from scorekeeper.engine.spades.rules import spades_rules


def test_blind_min_deficit_0_means_any_time_even_ahead() -> None:
    rules = spades_rules({"preset": "standard", "blind_bids": True, "blind_min_deficit": 0})
    assert declarable(rules, side=0, totals=[300, 100]).blind  # the side leads by 200


@pytest.mark.parametrize(("totals", "offered"), [([100, 150], False), ([100, 200], True), ([100, 350], True)])
def test_blind_min_deficit_100_new_york_city_rules(totals: list[int], offered: bool) -> None:
    rules = spades_rules({"preset": "standard", "blind_bids": True, "blind_min_deficit": 100})
    assert declarable(rules, side=0, totals=totals).blind is offered


def test_no_blind_without_blind_bids_and_nothing_to_declare_in_standard_rules() -> None:
    rules = spades_rules({"preset": "standard"})
    assert not declarable(rules, side=0, totals=[0, 400])


def test_ten_for_two_hundred_is_offered_only_where_a_bid_of_10_is_not_already_it() -> None:
    rules = spades_rules({"preset": "standard", "ten_for_two_hundred": "exact"})
    assert declarable(rules, side=1, totals=[0, 0]).ten_for_two_hundred == (not rules.ten_bid_is_ten_for_two_hundred)


@given(
    deficit=st.sampled_from([0, 100, 200, 400]),
    own=st.integers(-500, 1000),
    other=st.integers(-500, 1000),
)
def test_the_offer_and_the_check_agree(deficit: int, own: int, other: int) -> None:
    rules = spades_rules({"preset": "standard", "blind_bids": True, "blind_min_deficit": deficit})
    assert declarable(rules, side=0, totals=[own, other]).blind == may_bid_blind(rules, side=0, totals=[own, other])
