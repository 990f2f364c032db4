"""Bid and trick checks for a Spades hand: verify (raise), can (bool), offered (list).

The same checks drive the entry form (which buttons to offer), the saved hand and
the game record, so they can never disagree. Sources: ``shared/rules/spades.md``
"Rule keys" (nil, zero_is_nil, blind_nil, blind_nil_min_deficit) and 002 "Bidding".
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import RuleError
from ..text import Text, gettext_noop
from .game import TRICKS, Bid, SpadesGame, SpadesHand, normalise_bid
from .rules import BLIND_NIL, NIL, SpadesRules


def verify_bid(rules: SpadesRules, bid: object, *, seat: int, side: int, totals: Sequence[int], player: str) -> Bid:
    """Check one player's bid before the hand; return it normalised (0 -> nil).

    Args:
        rules: the house rules.
        bid: an int 0-13, ``"nil"`` or ``"blind_nil"`` (anything else is rejected).
        seat, side: the bidder's seat and side; player: the bidder's name.
        totals: each side's score before this hand (for blind nil's deficit).

    Raises:
        RuleError: with ``field="bids"`` and ``seat``: out of range, nil not
            played, blind nil not played or not allowed at this score.
    """

    def error(template: str, source: str, **params: object) -> RuleError:
        return RuleError(Text(template, {"player": player, **params}), seat=seat, field="bids", source=source)

    if bid == BLIND_NIL and type(bid) is str:
        if not rules.blind_nil:
            raise error(gettext_noop("%(player)s: blind nil is not played at this table."), "spades.md: blind_nil")
        behind = max(t for s, t in enumerate(totals) if s != side) - totals[side]
        if rules.blind_nil_min_deficit and behind < rules.blind_nil_min_deficit:
            raise error(
                gettext_noop(
                    "%(player)s: blind nil is allowed only when the bidder's side is at least "
                    "%(deficit)d points behind (now %(behind)d)."
                ),
                "spades.md: blind_nil_min_deficit; 002 Bidding",
                deficit=rules.blind_nil_min_deficit,
                behind=behind,
            )
        return BLIND_NIL
    if bid == NIL and type(bid) is str:
        if not rules.nil:
            raise error(gettext_noop("%(player)s: nil is not played at this table."), "spades.md: nil")
        return NIL
    if type(bid) is not int or not 0 <= bid <= TRICKS:
        raise error(
            gettext_noop("%(player)s: a bid is a number of tricks from 0 to 13, or nil."),
            "002 Bidding",
        )
    if bid == 0 and rules.zero_is_nil and not rules.nil:
        raise error(
            gettext_noop("%(player)s: a bid of 0 means nil, and nil is not played at this table; bid at least 1."),
            "spades.md: zero_is_nil, nil; 002 Bidding",
        )
    return normalise_bid(rules, bid)


def can_bid(rules: SpadesRules, bid: object, *, side: int, totals: Sequence[int]) -> bool:
    """Whether :func:`verify_bid` accepts ``bid`` for a player of ``side`` at ``totals``."""
    try:
        verify_bid(rules, bid, seat=0, side=side, totals=totals, player="")
    except RuleError:
        return False
    return True


def offered_bids(rules: SpadesRules, *, side: int, totals: Sequence[int]) -> tuple[Bid, ...]:
    """The bids to offer as buttons right now, in display order.

    Numbers 1-13, then 0 (only when a 0 is a plain bid), nil and blind nil, each
    only when :func:`can_bid` allows it.
    """
    candidates: list[Bid] = [*range(1, TRICKS + 1), 0, NIL, BLIND_NIL]
    if rules.zero_is_nil:
        candidates.remove(0)  # the Nil button stands for it
    return tuple(bid for bid in candidates if can_bid(rules, bid, side=side, totals=totals))


def verify_tricks(game: SpadesGame, tricks: object) -> tuple[int, ...]:
    """Check the tricks taken in a hand: one whole number per seat, adding up to 13.

    Raises:
        RuleError: with ``field="tricks"`` (and ``seat`` when one entry is wrong).
    """
    count = len(game.players)
    if not isinstance(tricks, (list, tuple)) or len(tricks) != count:
        raise RuleError(
            Text(gettext_noop("Enter the tricks taken by each of the %(count)d players."), {"count": count}),
            field="tricks",
        )
    for seat, taken in enumerate(tricks):
        if type(taken) is not int or not 0 <= taken <= TRICKS:
            raise RuleError(
                Text(
                    gettext_noop("%(player)s: tricks taken must be a number from 0 to 13."),
                    {"player": game.players[seat]},
                ),
                seat=seat,
                field="tricks",
            )
    total = sum(tricks)
    if total != TRICKS:
        raise RuleError(
            Text(gettext_noop("The tricks add up to %(total)d, but a hand has 13 tricks."), {"total": total}),
            field="tricks",
            source="002 Deal",
        )
    return tuple(tricks)


def verify_hand(game: SpadesGame, hand: SpadesHand, *, totals: Sequence[int]) -> SpadesHand:
    """Check a whole hand (bids, then tricks) at ``totals``; return it normalised.

    Raises:
        RuleError: the first problem found, tagged with its field and seat.
    """
    count = len(game.players)
    if not isinstance(hand.bids, (list, tuple)) or len(hand.bids) != count:
        raise RuleError(
            Text(gettext_noop("Enter a bid for each of the %(count)d players."), {"count": count}), field="bids"
        )
    bids = tuple(
        verify_bid(game.rules, bid, seat=seat, side=game.side_of(seat), totals=totals, player=game.players[seat])
        for seat, bid in enumerate(hand.bids)
    )
    return SpadesHand(bids=bids, tricks=verify_tricks(game, hand.tricks))
