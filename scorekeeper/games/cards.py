"""Playing cards as players read them, in the reader's language: "A♠", "10♥", "Big joker", "green 7".

The engine names a card by its code ("QS", "10H", "BJ", "green 7"); the referee, the replay
and the rulings kept with a game (``games.rulings``) write it as players do, and German
players write the queen and jack D (Dame) and B (Bube).
"""

from __future__ import annotations

from django.utils.translation import gettext, pgettext

from scorekeeper.engine.mu.tables import COLOUR_NAMES
from scorekeeper.engine.text import Text

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: The engine texts' parameters that hold a card code: the card itself, and a replay foul's card led
#: and card shown (``engine.replay``).
CARD_PARAMS = frozenset({"card", "led", "shown"})


def rank_label(rank: str) -> str:
    """A card's rank as players of the page's language write it: "Q" and "J" in English, "D" (Dame)
    and "B" (Bube) in German; numbers as they are."""
    names = {
        "A": pgettext("card rank: ace", "A"),
        "K": pgettext("card rank: king", "K"),
        "Q": pgettext("card rank: queen", "Q"),
        "J": pgettext("card rank: jack", "J"),
    }
    return names.get(rank, rank)


def card_label(card: str) -> str:
    """How a card code reads on the page: "A♠", "10♥", "big joker", "green 7"."""
    if card == "BJ":
        return gettext("Big joker")
    if card == "LJ":
        return gettext("Little joker")
    if card[-1] in SUIT_SYMBOLS and " " not in card:
        return rank_label(card[:-1]) + SUIT_SYMBOLS[card[-1]]
    colour, _sep, digit = card.partition(" ")
    return f"{gettext(COLOUR_NAMES.get(colour, colour))} {digit}"


def card_text(text: Text) -> str:
    """Render an engine text in the player's language, naming cards as players read them: its
    :data:`CARD_PARAMS`, in a text within it too ("K♥ wins: … Of two equal cards …")."""
    return _cards_named(text).render(gettext)


def _cards_named(text: Text) -> Text:
    params = {
        name: _cards_named(value) if isinstance(value, Text) else card_label(value) if name in CARD_PARAMS else value
        for name, value in text.params.items()
    }
    return Text(text.template, params)
