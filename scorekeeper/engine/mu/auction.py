"""What the auction decides (``mu.md`` §3, §4): the Chef, an Eklat, the Vize and its tie-break.

The deal-entry form asks for the cards each player laid; these functions say
what follows from them, so the form only asks what is still open (who laid last
in an Eklat, the digits of players tied for Vize).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..errors import RuleError
from ..text import Text
from ..text import gettext_noop as _
from .sources import AUCTION, CHEF, LAID, TRUMPS
from .tables import COLOURS, DIGITS, HAND_SIZE


@dataclass(frozen=True, slots=True)
class Auction:
    """The outcome of an auction, from the cards each player laid.

    Attributes:
        level: the most cards anyone laid (0 when everyone passed).
        chef: the one player who laid the most, or ``None`` (Eklat).
        tied: the players tied for the most (an Eklat), else ``()``.
        vize_candidates: the players with the second most cards (``()``: no Vize possible).
    """

    level: int
    chef: int | None
    tied: tuple[int, ...]
    vize_candidates: tuple[int, ...]

    @property
    def all_passed(self) -> bool:
        """Everyone passed in the first round: an Eklat with no points (§4)."""
        return self.level == 0

    @property
    def eklat(self) -> bool:
        """No single player laid the most: the deal ends at once (§4)."""
        return self.chef is None


def verify_laid(players: int, laid: Sequence[int]) -> None:
    """Check the cards laid: one whole number per player, at most the hand size.

    Raises:
        RuleError: ``field="laid"`` (``seat`` set for a bad entry).
    """
    most = HAND_SIZE[players]
    if len(laid) != players:
        raise RuleError(
            Text(_("Enter the cards laid by each of the %(count)d players."), {"count": players}), field="laid"
        )
    for seat, cards in enumerate(laid):
        if type(cards) is not int or not 0 <= cards <= most:
            raise RuleError(
                Text(_("Cards laid are from 0 to %(most)d."), {"most": most}),
                field="laid",
                seat=seat,
                source=LAID,
            )


def auction(laid: Sequence[int]) -> Auction:
    """The Chef (or Eklat) and the Vize candidates from the cards each player laid (§4).

    There is no Vize with 3 players, nor when the Chef is the only one who laid a card.
    """
    level = max(laid)
    top = tuple(seat for seat, cards in enumerate(laid) if cards == level)
    if level == 0 or len(top) > 1:
        return Auction(level, None, top if level else (), ())
    chef = top[0]
    rest = [cards for seat, cards in enumerate(laid) if seat != chef and cards > 0]
    if len(laid) == 3 or not rest:
        return Auction(level, chef, (), ())
    second = max(rest)
    return Auction(level, chef, (), tuple(seat for seat, cards in enumerate(laid) if seat != chef and cards == second))


def vize_by_digits(digits: Mapping[int, Sequence[int]]) -> int | None:
    """Break a tie for Vize: the highest digit laid wins, then the second highest, ... (§4).

    Args:
        digits: the digits each tied player laid.

    Returns:
        The Vize's seat, or ``None`` when the digits cannot tell them apart (no Vize).
    """
    ranked = sorted(digits.items(), key=lambda item: sorted(item[1], reverse=True), reverse=True)
    if len(ranked) > 1 and sorted(ranked[0][1], reverse=True) == sorted(ranked[1][1], reverse=True):
        return None
    return ranked[0][0] if ranked else None


def vize_of(result: Auction, digits: Mapping[int, Sequence[int]]) -> int | None:
    """The Vize of an auction: the one candidate, or the tie-break on the digits laid (§4).

    Args:
        result: the auction (not an Eklat).
        digits: the digits each player laid, at least for those tied for Vize.

    Returns:
        The Vize's seat, or ``None`` (no candidate, or the digits cannot tell them apart).

    Raises:
        RuleError: ``field="digits"`` when candidates are tied and their digits are missing.
    """
    candidates = result.vize_candidates
    if len(candidates) <= 1:
        return candidates[0] if candidates else None
    if any(not digits.get(seat) for seat in candidates):
        raise RuleError(
            Text(_("Players are tied for Vize: enter the digits each of them laid.")), field="digits", source=CHEF
        )
    return vize_by_digits({seat: digits[seat] for seat in candidates})


def parse_digits(text: str) -> tuple[int, ...] | None:
    """Digits typed as "9 8 6", "986" or "9,8,6" -> ``(9, 8, 6)``; ``None`` if anything else is in it."""
    cleaned = text.replace(",", " ").replace(" ", "")
    if not cleaned or not cleaned.isdecimal():
        return None
    return tuple(int(char) for char in cleaned)


def trump_options(cards: Sequence[tuple[str, int]]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The colours and digits a player may name as trump: those among the cards they laid (§5).

    Args:
        cards: the cards laid, as (colour, index into :data:`~.tables.DIGITS`) pairs.

    Returns:
        ``(colours, digits)`` in deck order.
    """
    colours = tuple(colour for colour in COLOURS if any(card[0] == colour for card in cards))
    digits = tuple(sorted({DIGITS[index] for _colour, index in cards}))
    return colours, digits


def verify_trump_laid(trump: object, cards: Sequence[tuple[str, int]], player: str) -> None:
    """Check that ``trump`` is a colour or digit among the cards ``player`` laid (§5); no check without cards.

    Raises:
        RuleError: ``field="trump"``.
    """
    if not cards or trump is None:
        return
    colours, digits = trump_options(cards)
    if (isinstance(trump, str) and trump in colours) or (type(trump) is int and trump in digits):
        return
    raise RuleError(
        Text(_("%(player)s may only name a colour or digit among the cards they laid."), {"player": player}),
        field="trump",
        source=TRUMPS,
    )


@dataclass(frozen=True, slots=True)
class Progress:
    """Where an auction stands after a sequence of turns (``mu.md`` §3).

    Attributes:
        laid: cards laid so far, per seat.
        next_seat: whose turn it is; may_lay: the most cards they may lay now
            (so that they have at most one more than the most so far, and no more than they hold).
        ended: everyone has passed once, directly in a row.
        last_laid: per seat, the turn number of their last card laid (-1: none), for the Eklat.
    """

    laid: tuple[int, ...]
    next_seat: int
    may_lay: int
    ended: bool
    last_laid: tuple[int, ...]

    def outcome(self) -> Auction:
        """The Chef, Eklat and Vize candidates from the cards laid (:func:`auction`)."""
        return auction(self.laid)

    def laid_last(self) -> int | None:
        """In an Eklat, the tied player who laid a card last (§4)."""
        tied = self.outcome().tied
        return max(tied, key=lambda seat: self.last_laid[seat]) if tied else None


def auction_progress(players: int, dealer: int, turns: Sequence[int]) -> Progress:
    """Replay an auction: ``turns`` are the cards laid at each turn in order (0 = pass), from the dealer (§3).

    Raises:
        RuleError: ``field="turns"``: more cards than allowed at a turn, more than
            the hand, or a turn after the auction ended.
    """
    laid = [0] * players
    last_laid = [-1] * players
    seat, passes = dealer, 0
    for turn, cards in enumerate(turns):
        if passes == players:
            raise RuleError(Text(_("The auction had ended: everyone passed in a row.")), field="turns", source=AUCTION)
        most = _may_lay(players, laid, seat)
        if type(cards) is not int or not 0 <= cards <= most:
            template = (
                _("Turn %(turn)d: this player may lay at most %(most)d now, all the cards left in their hand.")
                if most < max(laid) + 1 - laid[seat]
                else _("Turn %(turn)d: this player may lay at most %(most)d cards now (one more than the most so far).")
            )
            raise RuleError(
                Text(template, {"turn": turn + 1, "most": most}),
                field="turns",
                source=LAID,
            )
        if cards:
            laid[seat] += cards
            last_laid[seat] = turn
            passes = 0
        else:
            passes += 1
        seat = (seat + 1) % players
    return Progress(tuple(laid), seat, _may_lay(players, laid, seat), passes == players, tuple(last_laid))


def _may_lay(players: int, laid: Sequence[int], seat: int) -> int:
    """The most cards ``seat`` may lay now: one more than the most so far (§3), and never
    more than the cards left in hand (§1: 3 -> 12, 4 -> 15, 5 -> 12, 6 -> 10 cards)."""
    return min(max(laid) + 1 - laid[seat], HAND_SIZE[players] - laid[seat])


def partner_candidates(players: int, chef: int, vize: int | None) -> tuple[int, ...]:
    """Whom the Chef may pick as partner: anyone but the Chef and the Vize; nobody with 3 players (§6)."""
    if players == 3:
        return ()
    return tuple(seat for seat in range(players) if seat not in (chef, vize))
