"""The play of the cards in Mü: who wins a trick, which cards may be played (``mu.md`` §7).

A card is written ``"green 7"`` (colour, space, digit). Chef and Vize trumps form one
trump suit: a card that is trump belongs to the trump suit only (if 6 is trump, the
red 6 is not red). Every Chef trump beats every Vize trump; a double trump (both a
colour trump and a digit trump) beats all other trumps; of equal cards the one
played first is higher.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import RuleError
from ..text import Text
from ..text import gettext_noop as _
from .game import Trump
from .sources import PLAY
from .tables import COLOUR_NAMES, COLOURS

#: What a card follows as when it is trump.
TRUMP_SUIT = "trump"


def parse_card(code: str) -> tuple[str, int]:
    """``"green 7"`` -> ``("green", 7)``.

    Raises:
        ValueError: not a colour and a digit.
    """
    colour, _sep, digit = code.partition(" ")
    if colour not in COLOURS or not digit.isdecimal() or not 0 <= int(digit) <= 9:
        raise ValueError(f"not a Mü card: {code!r}")
    return colour, int(digit)


def _matches(card: tuple[str, int], trump: Trump) -> bool:
    colour, digit = card
    return trump is not None and (trump == colour if isinstance(trump, str) else trump == digit)


def is_trump(code: str, chef_trump: Trump, vize_trump: Trump) -> bool:
    """Whether the card is a trump: its colour or digit is the Chef's or the Vize's trump."""
    card = parse_card(code)
    return _matches(card, chef_trump) or _matches(card, vize_trump)


def suit(code: str, chef_trump: Trump, vize_trump: Trump) -> str:
    """What the card follows as: ``"trump"`` for a trump, else its colour (§7)."""
    return TRUMP_SUIT if is_trump(code, chef_trump, vize_trump) else parse_card(code)[0]


def _is_double(card: tuple[str, int], chef_trump: Trump, vize_trump: Trump) -> bool:
    """Both a colour trump and a digit trump (one trump a colour, the other a digit)."""
    if chef_trump is None or vize_trump is None or isinstance(chef_trump, str) == isinstance(vize_trump, str):
        return False
    return _matches(card, chef_trump) and _matches(card, vize_trump)


def trick_winner(plays: Sequence[str], chef_trump: Trump, vize_trump: Trump) -> tuple[int, Text]:
    """Who wins a trick of ``plays`` (card codes in play order), and why (§7).

    Returns:
        ``(index of the winning card, reason)``.
    """
    cards = [parse_card(code) for code in plays]
    trumps = [index for index, code in enumerate(plays) if is_trump(code, chef_trump, vize_trump)]
    if trumps:

        def strength(index: int) -> tuple[int, int, int, int]:
            card = cards[index]
            return (
                _is_double(card, chef_trump, vize_trump),
                _matches(card, chef_trump),
                card[1],
                -index,  # of equal cards the first played is higher
            )

        best = max(trumps, key=strength)
        card = cards[best]
        if _is_double(card, chef_trump, vize_trump):
            reason = _(
                "%(card)s wins: it is a double trump (a colour trump and a digit trump), above all other trumps."
            )
        elif _matches(card, chef_trump) and any(not _matches(cards[i], chef_trump) for i in trumps):
            reason = _("%(card)s wins: every Chef trump beats every Vize trump.")
        else:
            reason = _("%(card)s wins: it is the highest trump.")
        if any(cards[i] == card and i != best for i in trumps):
            reason = _("%(card)s wins: of two equal cards the one played first is higher.")
        return best, Text(reason, {"card": plays[best]})
    led = cards[0][0]
    following = [index for index, card in enumerate(cards) if card[0] == led]
    best = max(following, key=lambda index: (cards[index][1], -index))
    if any(cards[i] == cards[best] and i != best for i in following):
        reason = _("%(card)s wins: of two equal cards the one played first is higher.")
    else:
        reason = _("%(card)s wins: no trump was played, and it is the highest digit of the colour led.")
    return best, Text(reason, {"card": plays[best]})


def refusal(
    hand: Sequence[str], card: str, trick_so_far: Sequence[str], chef_trump: Trump, vize_trump: Trump
) -> Text | None:
    """Why ``card`` may not be played now, or ``None`` if it may (§7).

    Args:
        hand: the player's cards in hand *and* laid out on the table (both may be played).
    """
    if card not in hand:
        return Text(_("%(card)s is not among the player's cards."), {"card": card})
    if not trick_so_far:
        return None  # any card may be led
    led = suit(trick_so_far[0], chef_trump, vize_trump)
    if suit(card, chef_trump, vize_trump) == led:
        return None
    if any(suit(other, chef_trump, vize_trump) == led for other in hand):
        if led == TRUMP_SUIT:
            return Text(_("Trump was led and there is a trump among the player's cards: follow with a trump."))
        return Text(
            _("%(colour)s was led and the player has a %(colour)s card that is not a trump: follow it."),
            {"colour": Text(COLOUR_NAMES[led])},
        )
    return None


def legal_plays(
    hand: Sequence[str], trick_so_far: Sequence[str], chef_trump: Trump, vize_trump: Trump
) -> tuple[str, ...]:
    """The cards (in hand or laid out) that may be played now."""
    return tuple(card for card in hand if refusal(hand, card, trick_so_far, chef_trump, vize_trump) is None)


def verify_play(
    hand: Sequence[str], card: str, trick_so_far: Sequence[str], chef_trump: Trump, vize_trump: Trump
) -> None:
    """The revoke check for Mü.

    Raises:
        RuleError: ``field="play"``, with the reason (``mu.md`` §7).
    """
    refused = refusal(hand, card, trick_so_far, chef_trump, vize_trump)
    if refused is not None:
        raise RuleError(refused, field="play", source=PLAY, unit="deal")
