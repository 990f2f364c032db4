"""The play of the cards in Mü (mu.md §7) and the auction replayed turn by turn (§3)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.mu.auction import auction_progress
from scorekeeper.engine.mu.play import legal_plays, parse_card, suit, trick_winner, verify_play
from scorekeeper.engine.mu.tables import COLOURS, DIGITS
from tests.profiles import examples

CARDS = [f"{colour} {digit}" for colour in COLOURS for digit in DIGITS]
TRUMPS = [None, *COLOURS, *range(10)]


def test_every_chef_trump_beats_every_vize_trump_mu_7():
    """§7: "a Chef-trump 0 beats all Vize trumps" (green over red)."""
    index, reason = trick_winner(["red 5", "red 9", "green 0", "red 8"], "green", "red")
    assert index == 2 and "every Chef trump beats every Vize trump" in reason.render()


def test_a_double_trump_beats_all_other_trumps_mu_7():
    # Chef green, Vize 7: the green 7 is both.
    assert trick_winner(["blue 3", "blue 7", "green 9", "green 7"], "green", 7)[0] == 3


def test_of_the_two_double_trumps_with_1_or_7_the_first_played_wins_mu_7():
    index, reason = trick_winner(["blue 3", "green 7", "green 7"], "green", 7)
    assert index == 1 and "played first" in reason.render()
    assert trick_winner(["green 1", "red 4", "green 1"], 1, "green")[0] == 0


def test_a_trump_card_belongs_to_the_trump_suit_only_mu_7():
    """§7: "if 6 is trump, the red 6 is not red"."""
    assert suit("red 6", 6, None) == "trump"
    assert legal_plays(["red 6", "red 2", "blue 4"], ["red 5"], 6, None) == ("red 2",)
    with pytest.raises(RuleError, match="follow it"):
        verify_play(["red 6", "red 2"], "red 6", ["red 5"], 6, None)


def test_trump_led_must_be_followed_with_trump_mu_7():
    assert legal_plays(["blue 1", "green 2", "red 9"], ["blue 8"], "blue", None) == ("blue 1",)


def test_without_trump_the_highest_digit_of_the_colour_led_wins_and_equal_cards_go_to_the_first_mu_7():
    assert trick_winner(["red 3", "red 8", "blue 9"], None, None)[0] == 1
    assert trick_winner(["red 7", "blue 2", "red 7"], None, None)[0] == 0


def test_cards_are_written_colour_and_digit():
    assert parse_card("green 7") == ("green", 7)
    with pytest.raises(ValueError):
        parse_card("purple 7")


@st.composite
def mu_tricks(draw: st.DrawFn) -> tuple[list[str], object, object]:
    chef, vize = draw(st.sampled_from(TRUMPS)), draw(st.sampled_from(TRUMPS))
    return draw(st.lists(st.sampled_from(CARDS), min_size=2, max_size=6)), chef, vize


@settings(max_examples=examples(400))
@given(mu_tricks())
def test_the_winner_followed_the_suit_led_or_trumped(case):
    plays, chef, vize = case
    winner = plays[trick_winner(plays, chef, vize)[0]]
    assert suit(winner, chef, vize) in ("trump", suit(plays[0], chef, vize))


@settings(max_examples=examples(400))
@given(mu_tricks(), st.data())
def test_a_player_who_can_follow_must(case, data):
    plays, chef, vize = case
    hand = data.draw(st.lists(st.sampled_from(CARDS), min_size=1, max_size=8, unique=True))
    led = suit(plays[0], chef, vize)
    allowed = legal_plays(hand, plays[:1], chef, vize)
    if any(suit(card, chef, vize) == led for card in hand):
        assert allowed and all(suit(card, chef, vize) == led for card in allowed)
    else:
        assert set(allowed) == set(hand)


# The auction, turn by turn (§3) ---------------------------------------------------------------


def test_the_dealer_opens_with_at_most_one_card_mu_3():
    assert auction_progress(5, 0, []).may_lay == 1


def test_a_player_may_have_at_most_one_card_more_than_the_most_so_far_mu_3():
    progress = auction_progress(5, 0, [1, 0, 2])  # Anna 1, Beate passes, Conny 2
    assert progress.next_seat == 3 and progress.may_lay == 3
    with pytest.raises(RuleError, match="at most 3 cards"):
        auction_progress(5, 0, [1, 0, 2, 4])


def test_the_auction_ends_when_everyone_passed_in_a_row_and_names_who_laid_last_mu_3_mu_4():
    progress = auction_progress(5, 0, [1, 0, 1, 2, 0, 2, 1, 2, 1, 0, 0, 0, 0, 0])
    assert progress.ended and progress.laid == (3, 1, 3, 3, 0)
    assert progress.outcome().eklat and progress.laid_last() == 3  # Dagmar laid last: the Eklat's -10 per card


def test_everyone_passing_in_the_first_round_ends_it_mu_4():
    progress = auction_progress(4, 2, [0, 0, 0, 0])
    assert progress.ended and progress.outcome().all_passed


def test_no_turn_after_the_end():
    with pytest.raises(RuleError, match="had ended"):
        auction_progress(3, 0, [0, 0, 0, 1])
