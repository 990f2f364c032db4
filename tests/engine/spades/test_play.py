"""The play of the cards in Spades: trick winners, leads, following suit, revokes.

Sources: 002 "Play", Barmore, New York City, "Variation in the cards", "Variations in the
play", "Solo Spades", "Spades for Six Players"; 004 "Gameplay", "Breaking Spaten".
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.spades.cards import deck
from scorekeeper.engine.spades.play import Situation, legal_plays, refusal, trick_winner, verify_play
from scorekeeper.engine.spades.rules import spades_rules
from tests.profiles import examples

STANDARD = spades_rules()
DECKS = ("standard", "jokers", "nyc", "deuces_high", "jokers54", "double")


def test_highest_spade_wins_a_trick_with_a_spade_002_play():
    assert trick_winner(STANDARD, ["KH", "AH", "2S", "QH"]).index == 2


def test_highest_card_of_the_suit_led_wins_without_a_spade_002_play():
    ruling = trick_winner(STANDARD, ["KH", "AH", "3C", "QH"])
    assert ruling.index == 1
    assert "no spade was played" in ruling.text.render()


def test_004_example_a_player_without_hearts_may_trump_or_discard_004_breaking_spaten():
    """004: Alex leads hearts, Beth and Charlie follow; David has no hearts: spade or club or diamond."""
    hand = ["4S", "7C", "9D"]
    assert legal_plays(STANDARD, hand, Situation(trick=2, trick_so_far=("5H", "9H", "KH"))) == tuple(hand)


@pytest.mark.parametrize("name", DECKS)
def test_every_deck_ranks_its_trumps_in_the_documented_order(name):
    cards = deck(name)
    rules = spades_rules({"deck": name})
    for higher, lower in zip(cards.trumps, cards.trumps[1:], strict=False):
        assert trick_winner(rules, ["5H", lower, higher]).index == 2
        assert trick_winner(rules, ["5H", higher, lower]).index == 1


def test_barmore_and_nyc_trump_orders_002():
    """002 Barmore: big joker, small joker, 2, A, K ... 3 of spades. NYC: big, small, 2D, 2S, A ..."""
    assert deck("jokers").trumps[:5] == ("BJ", "LJ", "2S", "AS", "KS")
    assert deck("nyc").trumps[:5] == ("BJ", "LJ", "2D", "2S", "AS")
    assert "2C" not in deck("nyc").cards and "2H" not in deck("jokers").cards


def test_in_nyc_jokers_and_the_2_of_diamonds_follow_as_spades_002_new_york_city():
    nyc = spades_rules({"preset": "new_york"})
    hand = ["2D", "9D", "4H"]
    # Spades led: the 2 of diamonds is a spade, so it must follow (and 9D may not).
    assert legal_plays(nyc, hand, Situation(trick=5, trick_so_far=("AS",))) == ("2D",)
    assert trick_winner(nyc, ["KD", "2D", "AD"]).index == 1  # 2D trumps the diamond lead


def test_of_two_equal_cards_the_second_wins_with_six_players_002_six_players():
    six = spades_rules({"preset": "six_player"})
    ruling = trick_winner(six, ["KH", "AH", "AH", "3H"])
    assert ruling.index == 2 and "second beats the first" in ruling.text.render()


def test_spades_may_not_be_led_until_broken_002_play():
    hand = ["AS", "KH"]
    assert refusal(STANDARD, hand, "AS", Situation(trick=3)) is not None
    assert refusal(STANDARD, hand, "AS", Situation(trick=3, spades_broken=True)) is None
    assert refusal(STANDARD, ["AS", "KS"], "AS", Situation(trick=3)) is None  # only spades left


def test_spades_any_time_and_after_three_tricks_002_variations():
    assert refusal(spades_rules({"spades_lead": "any_time"}), ["AS", "KH"], "AS", Situation(trick=3)) is None
    nyc = spades_rules({"spades_lead": "after_three_tricks", "first_lead": "dealer_any"})
    assert refusal(nyc, ["AS", "KH"], "AS", Situation(trick=3)) is not None
    assert refusal(nyc, ["AS", "KH"], "AS", Situation(trick=4)) is None  # "from the fourth trick onwards"


def test_first_lead_rules_002_variations_in_the_play():
    lowest = spades_rules({"first_lead": "lowest_club"})
    assert legal_plays(lowest, ["2C", "9C", "AS"], Situation(trick=1)) == ("2C",)
    assert legal_plays(lowest, ["9C", "KC", "AD"], Situation(trick=1, trick_so_far=("2C",))) == ("9C",)
    assert legal_plays(lowest, ["AS", "KD", "4H"], Situation(trick=1, trick_so_far=("2C",))) == ("KD", "4H")
    two = spades_rules({"first_lead": "two_of_clubs"})
    assert legal_plays(two, ["2C", "9C", "AD"], Situation(trick=1)) == ("2C",)


def test_rake_em_and_shake_em_002_variations_in_the_play():
    rake = spades_rules({"deck": "jokers54", "rake_em_and_shake_em": True})
    assert legal_plays(rake, ["LJ", "4S", "AH"], Situation(trick=4, trick_so_far=("BJ",))) == ("LJ",)


def test_solo_must_beat_the_highest_card_so_far_002_solo_spades():
    solo = spades_rules({"preset": "solo4"})
    # Hearts led, K high so far: holding A and 3 of hearts, the ace must be played.
    assert legal_plays(solo, ["AH", "3H", "5C"], Situation(trick=2, trick_so_far=("9H", "KH"))) == ("AH",)
    # No hearts: "this includes playing a spade if you have no card of the suit led".
    assert legal_plays(solo, ["4S", "5C"], Situation(trick=2, trick_so_far=("9H",))) == ("4S",)


def test_a_revoke_is_a_rule_error_with_the_reason():
    with pytest.raises(RuleError, match="follow suit"):
        verify_play(STANDARD, ["4H", "AS"], "AS", Situation(trick=2, trick_so_far=("KH",)))


# Exhaustive properties over random tricks -----------------------------------------------------


@st.composite
def tricks(draw: st.DrawFn) -> tuple[str, list[str]]:
    name = draw(st.sampled_from(DECKS))
    cards = deck(name)
    pool = list(cards.cards) * cards.copies
    plays = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=6))
    return name, plays


@settings(max_examples=examples(300))
@given(tricks())
def test_the_winner_followed_suit_or_trumped(case):
    name, plays = case
    cards, rules = deck(name), spades_rules({"deck": name})
    winner = plays[trick_winner(rules, plays).index]
    assert cards.is_trump(winner) or cards.suit(winner) == cards.suit(plays[0])


@settings(max_examples=examples(300))
@given(tricks())
def test_without_a_trump_the_highest_card_of_the_suit_led_wins(case):
    name, plays = case
    cards, rules = deck(name), spades_rules({"deck": name})
    if any(cards.is_trump(card) for card in plays):
        return
    led = cards.suit(plays[0])
    winner = plays[trick_winner(rules, plays).index]
    assert cards.rank(winner) == max(cards.rank(card) for card in plays if cards.suit(card) == led)


@settings(max_examples=examples(300))
@given(tricks(), st.data())
def test_a_player_holding_the_suit_led_may_play_no_other_suit(case, data):
    name, plays = case
    cards, rules = deck(name), spades_rules({"deck": name})
    hand = data.draw(st.lists(st.sampled_from(list(cards.cards)), min_size=1, max_size=8, unique=True))
    led = cards.suit(plays[0])
    allowed = legal_plays(rules, hand, Situation(trick=5, spades_broken=True, trick_so_far=tuple(plays[:1])))
    if any(cards.suit(card) == led for card in hand):
        assert allowed and all(cards.suit(card) == led for card in allowed)
    else:
        assert set(allowed) == set(hand)
