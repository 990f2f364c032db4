"""Spades cards and decks: which cards are in play and how they rank (002 "Variation in the cards").

A card is written as a code: rank then suit, ``"AS"`` (ace of spades), ``"10H"``,
``"2D"``; the jokers are ``"BJ"`` (big) and ``"LJ"`` (little). Each deck says which
cards it holds, which of them count as spades (trumps) and the trump order.
Sources: ``docs/rules/spades.md`` ``deck``; Pagat, Spades (002) "Dennis J Barmore's rules",
"New York City rules", "Variation in the cards and their ranking", "Spades for Six Players".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

SUITS = ("S", "H", "D", "C")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKERS = ("BJ", "LJ")


@dataclass(frozen=True, slots=True)
class Deck:
    """A Spades deck.

    Attributes:
        name: the ``deck`` house rule value.
        cards: every card code in the deck (each once; see ``copies``).
        trumps: the cards that count as spades, highest first (the trump order).
        copies: how many of each card (2 for the six-player double deck: of two
            equal cards played to a trick, the second beats the first).
    """

    name: str
    cards: tuple[str, ...]
    trumps: tuple[str, ...]
    copies: int = 1

    def is_trump(self, card: str) -> bool:
        """Whether ``card`` counts as a spade (jokers and elevated twos do)."""
        return card in self.trumps

    def suit(self, card: str) -> str:
        """The suit ``card`` follows as: ``"S"`` for every trump, else its printed suit."""
        return "S" if card in self.trumps else card[-1]

    def rank(self, card: str) -> int:
        """Strength within its suit: trumps by the trump order, others by A high, 2 low (higher wins)."""
        if card in self.trumps:
            return 100 + len(self.trumps) - self.trumps.index(card)
        return RANKS.index(card[:-1])


def _plain(*removed: str) -> list[str]:
    return [rank + suit for suit in SUITS for rank in RANKS if rank + suit not in removed]


def _spades_high_to_low(*skip: str) -> list[str]:
    return [rank + "S" for rank in reversed(RANKS) if rank + "S" not in skip]


@cache  # a deck is frozen; the referee asks for it once per card it judges
def deck(name: str) -> Deck:
    """The deck of house rule ``deck`` (``docs/rules/spades.md``).

    - ``standard``: 52 cards, ace high, spades trump.
    - ``jokers`` (Barmore): 2C and 2H out, two jokers in; trumps big joker, little
      joker, 2S, A ... 3 of spades; the jokers count as spades.
    - ``nyc`` (New York City): 2C and 2H out, two jokers in; trumps big joker,
      little joker, 2D, 2S, A ... 3 of spades; jokers and 2D count as spades.
    - ``deuces_high``: every two is a spade, above the ace, in the order 2S, 2D,
      2C, 2H (002 leaves the order to the table; this is our documented reading).
    - ``jokers54``: all 52 cards and two jokers, the jokers above the ace of spades.
    - ``double``: two packs for six players, both 2 of diamonds out (102 cards).
    """
    if name == "standard":
        return Deck(name, tuple(_plain()), tuple(_spades_high_to_low()))
    if name == "jokers":
        return Deck(name, (*_plain("2C", "2H"), *JOKERS), (*JOKERS, "2S", *_spades_high_to_low("2S")))
    if name == "nyc":
        return Deck(name, (*_plain("2C", "2H"), *JOKERS), (*JOKERS, "2D", "2S", *_spades_high_to_low("2S")))
    if name == "deuces_high":
        return Deck(name, tuple(_plain()), ("2S", "2D", "2C", "2H", *_spades_high_to_low("2S")))
    if name == "jokers54":
        return Deck(name, (*_plain(), *JOKERS), (*JOKERS, *_spades_high_to_low()))
    if name == "double":
        return Deck(name, tuple(_plain("2D")), tuple(_spades_high_to_low()), copies=2)
    raise ValueError(f"unknown deck {name!r}")
