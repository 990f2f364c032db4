"""What the auction decides (mu.md §3-§5): Chef, Eklat, Vize and its tie-break, trump options."""

from __future__ import annotations

import pytest

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.mu.auction import (
    auction,
    auction_progress,
    parse_digits,
    partner_candidates,
    trump_options,
    verify_laid,
    verify_trump_laid,
    vize_by_digits,
)


def test_the_one_player_with_the_most_cards_is_chef_mu_4_beispiel_1():
    """Beispiel 1: Dagmar laid the most (4): Chef; Anna and Conny laid 2 each: tied for Vize."""
    result = auction([2, 1, 2, 4, 0])  # Anna, Beate, Conny, Dagmar, Emma
    assert (result.chef, result.level, result.eklat) == (3, 4, False)
    assert result.vize_candidates == (0, 2)


def test_a_tie_for_the_most_is_an_eklat_mu_4_beispiel_3():
    result = auction([3, 1, 3, 3, 0])
    assert result.eklat and result.tied == (0, 2, 3) and result.level == 3


def test_everyone_passing_in_the_first_round_is_an_eklat_without_points_mu_4():
    result = auction([0, 0, 0, 0])
    assert result.all_passed and result.eklat and result.tied == ()


def test_no_vize_with_3_players_or_when_the_chef_laid_alone_mu_4():
    assert auction([3, 1, 2]).vize_candidates == ()
    assert auction([0, 4, 0, 0]).vize_candidates == ()


def test_the_vize_tie_break_looks_at_the_highest_digit_then_the_next_mu_4_beispiel_1():
    """Beispiel 1: Anna and Conny both have a 9; Conny's second card is higher: Conny is Vize."""
    assert vize_by_digits({0: (9, 5), 2: (8, 9)}) == 2
    assert vize_by_digits({0: (9, 8, 1), 2: (9, 8, 0)}) == 0


def test_a_vize_tie_that_digits_cannot_break_means_no_vize_mu_4():
    assert vize_by_digits({0: (9, 5), 2: (5, 9)}) is None


@pytest.mark.parametrize(("typed", "digits"), [("9 8 6", (9, 8, 6)), ("986", (9, 8, 6)), ("9,8", (9, 8)), ("x", None)])
def test_digits_are_read_as_typed(typed, digits):
    assert parse_digits(typed) == digits


def test_trumps_are_among_the_cards_laid_mu_5_beispiel_5():
    """Beispiel 5: Dagmar may choose green, blue, 1, 7 or 8 (from the cards she laid)."""
    cards = [("green", 10), ("blue", 1), ("green", 8), ("blue", 9)]  # green 8, blue 1, green 7, blue 7
    assert trump_options(cards) == (("blue", "green"), (1, 7, 8))
    verify_trump_laid("green", cards, "Dagmar")
    verify_trump_laid(7, cards, "Dagmar")
    verify_trump_laid(None, cards, "Dagmar")  # no trump is the Chef's own choice, not a laid card
    with pytest.raises(RuleError, match="Dagmar may only name a colour or digit among the cards they laid"):
        verify_trump_laid("red", cards, "Dagmar")


def test_cards_laid_are_at_most_the_hand_size_mu_1():
    verify_laid(5, [2, 1, 2, 12, 0])
    with pytest.raises(RuleError) as caught:
        verify_laid(5, [2, 1, 2, 13, 0])
    assert caught.value.seat == 3


def test_the_chef_never_partners_the_vize_and_plays_alone_with_3_mu_6():
    assert partner_candidates(5, chef=3, vize=2) == (0, 1, 4)
    assert partner_candidates(4, chef=0, vize=None) == (1, 2, 3)
    assert partner_candidates(3, chef=0, vize=None) == ()


def test_a_player_is_never_offered_more_cards_than_they_hold_mu_1_mu_3():
    """Issue 16: with 6 players (10 cards each) Anna and Beate raise in turn until Beate has
    laid all 10 and Anna 9: "one more than the most" would let Anna lay 2, but she holds 1."""
    turns = [1, 2, 0, 0, 0, 0] + [2, 2, 0, 0, 0, 0] * 4  # Anna 1, 3, 5, 7, 9; Beate 2, 4, ..., 10
    progress = auction_progress(6, 0, turns)
    assert progress.laid[:2] == (9, 10) and progress.next_seat == 0 and progress.may_lay == 1
    auction_progress(6, 0, [*turns, 1])
    with pytest.raises(RuleError, match="Turn 31: this player may lay at most 1 now, all the cards left in their hand"):
        auction_progress(6, 0, [*turns, 2])
