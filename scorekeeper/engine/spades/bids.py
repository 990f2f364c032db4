"""One bid on its own: a player's bid round the table, or a partnership's agreed bid.

verify (raise), can (bool), offered (the buttons to show). What depends on several
bids together is in :mod:`.table_bids`; side-level declarations (blind, 10 for
200, ...) in :mod:`.declarations`. Sources: ``docs/rules/spades.md`` "Rule keys";
Pagat, Spades (002) "Bidding", "Variations in the bidding".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import RuleError
from ..source import PAGAT, Cite, Source
from ..text import Text, gettext_noop
from .game import Bid, SpadesGame, bid_tricks, normalise_bid
from .rules import BLIND_NIL, DOUBLE_NIL, KEYS, NIL, SpadesRules, key_row


def behind(totals: Sequence[int], side: int) -> int:
    """How many points ``side`` is behind the best other side (negative when ahead)."""
    return max(t for s, t in enumerate(totals) if s != side) - totals[side]


def bid_error(
    template: str, source: Source, *, seat: int | None = None, field: str = "bids", **params: object
) -> RuleError:
    """A :class:`RuleError` about the bidding: ``template`` (a msgid) filled with ``params``.

    ``field`` is the input at fault (``"bids"``, ``"declarations"``, ``"misdeal"``),
    ``seat`` the seat (or side) it is about, ``source`` where the rule is written.
    """
    return RuleError(Text(template, params), seat=seat, field=field, source=source)


@dataclass(frozen=True, slots=True)
class _Bidder:
    """The player whose bid :func:`verify_bid` checks: every refusal names them and their seat."""

    player: str
    seat: int

    def refuse(self, template: str, source: Source, **params: object) -> RuleError:
        """The error for this bidder's bid (``field="bids"``); ``template`` has a ``%(player)s``."""
        return RuleError(Text(template, {"player": self.player, **params}), seat=self.seat, field="bids", source=source)


def verify_bid(rules: SpadesRules, bid: object, *, seat: int, side: int, totals: Sequence[int], player: str) -> Bid:
    """Check one player's bid on its own (round-the-table bidding); return it normalised.

    Args:
        rules: the house rules.
        bid: a number of tricks, ``"nil"``, ``"blind_nil"`` or ``"double_nil"``.
        seat, side: the bidder's seat and side; player: the bidder's name.
        totals: each side's score before this hand (for the deficit rules).

    Raises:
        RuleError: with ``field="bids"`` and ``seat``: out of range, a bid of one
            where forbidden, a nil the rules do not play or not at this score.
    """
    bidder = _Bidder(player, seat)
    if type(bid) is str and bid == BLIND_NIL:
        return _verify_blind_nil(rules, bidder, totals=totals, side=side)
    if type(bid) is str and bid == DOUBLE_NIL:
        return _verify_double_nil(rules, bidder, totals=totals, side=side)
    if type(bid) is str and bid == NIL:
        if not rules.nil:
            raise bidder.refuse(gettext_noop("%(player)s: nil is not played at this table."), (key_row("nil"),))
        return NIL
    return _verify_number_bid(rules, bid, bidder)


def standing(lag: int) -> Text:
    """Where a side stands now, in words, for a refusal that needs it further behind: "30
    behind", "10 ahead" or "tied" (``lag``: points behind the leader, negative when ahead)."""
    if lag > 0:
        return Text(gettext_noop("%(points)d behind"), {"points": lag})
    if lag < 0:
        return Text(gettext_noop("%(points)d ahead"), {"points": -lag})
    return Text(gettext_noop("tied"))


def _verify_blind_nil(rules: SpadesRules, bidder: _Bidder, *, totals: Sequence[int], side: int) -> Bid:
    """Blind nil: played at this table (``blind_nil``), and only by a side far enough behind
    (``blind_nil_min_deficit``; 002 "Bidding")."""
    if not rules.blind_nil:
        raise bidder.refuse(gettext_noop("%(player)s: blind nil is not played at this table."), (key_row("blind_nil"),))
    lag = behind(totals, side)
    if rules.blind_nil_min_deficit and lag < rules.blind_nil_min_deficit:  # 0: any time, even when ahead
        template = gettext_noop(
            "%(player)s: blind nil is allowed only when the bidder's side is at least "
            "%(deficit)d points behind (now %(behind)s)."
        )
        source = (key_row("blind_nil_min_deficit"), Cite(PAGAT, "Bidding"))
        raise bidder.refuse(template, source, deficit=rules.blind_nil_min_deficit, behind=standing(lag))
    return BLIND_NIL


def _verify_double_nil(rules: SpadesRules, bidder: _Bidder, *, totals: Sequence[int], side: int) -> Bid:
    """Double nil: played at this table with partners (``double_nil``), and only by a side far enough
    behind (``double_nil_min_deficit``; 002 "Double Nil"). Both partners bidding it is checked in
    :mod:`.table_bids`."""
    if not rules.double_nil or not rules.partnerships:
        raise bidder.refuse(
            gettext_noop("%(player)s: double nil is not played at this table."), (key_row("double_nil"),)
        )
    lag = behind(totals, side)
    if rules.double_nil_min_deficit and lag < rules.double_nil_min_deficit:
        template = gettext_noop(
            "%(player)s: double nil is allowed only when the bidder's side is at least "
            "%(deficit)d points behind (now %(behind)s)."
        )
        source = KEYS["double_nil"].source
        raise bidder.refuse(template, source, deficit=rules.double_nil_min_deficit, behind=standing(lag))
    return DOUBLE_NIL


def _verify_number_bid(rules: SpadesRules, bid: object, bidder: _Bidder) -> Bid:
    """A number of tricks: within the hand (002 "Bidding"), not a 0 meaning a nil nobody plays
    (``zero_is_nil``), not one where forbidden (``no_bid_of_one``), not above the side limit
    (``max_team_bid``, 002 "New York City rules")."""
    if type(bid) is not int or not 0 <= bid <= rules.tricks:
        raise bidder.refuse(
            gettext_noop("%(player)s: a bid is a number of tricks from 0 to %(tricks)d, or nil."),
            (Cite(PAGAT, "Bidding"),),
            tricks=rules.tricks,
        )
    if bid == 0 and rules.zero_is_nil and not rules.nil:
        raise bidder.refuse(
            gettext_noop("%(player)s: a bid of 0 means nil, and nil is not played at this table; bid at least 1."),
            (key_row("zero_is_nil", "zero_is_nil, nil"), Cite(PAGAT, "Bidding")),
        )
    if bid == 1 and rules.no_bid_of_one:
        raise bidder.refuse(gettext_noop("%(player)s: nobody may bid one at this table."), (key_row("no_bid_of_one"),))
    if bid > rules.max_team_bid:
        raise bidder.refuse(
            gettext_noop("%(player)s: a side may bid at most %(most)d."),
            KEYS["max_team_bid"].source,
            most=rules.max_team_bid,
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
    """The bids to offer a player as buttons right now, in display order.

    Numbers (from 0 when a 0 is a plain bid, else from 1) up to the tricks in a
    hand, then nil, blind nil and double nil, each only when :func:`can_bid` allows it.
    """
    numbers = range(1, rules.tricks + 1) if rules.zero_is_nil else range(rules.tricks + 1)  # Nil stands for 0
    candidates: list[Bid] = [*numbers, NIL, BLIND_NIL, DOUBLE_NIL]
    return tuple(bid for bid in candidates if can_bid(rules, bid, side=side, totals=totals))


#: Behind by more than any game is: every rule that lets only a side far enough behind bid something
#: (``blind_nil_min_deficit``, ``double_nil_min_deficit``) lets it.
FAR_BEHIND = 1_000_000


def bids_offered_at_some_score(rules: SpadesRules) -> tuple[Bid, ...]:
    """Every bid the sheet offers under ``rules`` at some score, in display order: a partnership's
    agreed bids (:func:`offered_side_bids`), or what :func:`offered_bids` offers a player whose side
    is as far behind as a deficit rule may ask. The referee asks about these ("is this bid allowed?")."""
    if rules.bidding == "partnership":
        return offered_side_bids(rules)
    return offered_bids(rules, side=0, totals=(0, FAR_BEHIND))


def verify_side_bid(rules: SpadesRules, bid: object, *, side: int, name: str) -> int:
    """Check a partnership's agreed bid (``bidding: partnership``): a number within the side limits.

    Raises:
        RuleError: ``field="bids"``, ``seat`` set to the side index.
    """
    low, high = rules.min_team_bid, min(rules.max_team_bid, rules.tricks)
    if type(bid) is not int or not low <= bid <= high:
        raise RuleError(
            Text(
                gettext_noop("%(side)s: a side bids a number of tricks from %(low)d to %(high)d."),
                {"side": name, "low": low, "high": high},
            ),
            seat=side,
            field="bids",
            source=(key_row("bidding", "bidding, min_team_bid"), Cite(PAGAT, "Partnership Bidding")),
        )
    return bid


def offered_side_bids(rules: SpadesRules) -> tuple[int, ...]:
    """The numbers a partnership may agree on, as buttons."""
    return tuple(range(rules.min_team_bid, min(rules.max_team_bid, rules.tricks) + 1))


def side_bids(game: SpadesGame, bids: Sequence[Bid]) -> tuple[int, ...]:
    """Each side's bid in tricks: its agreed bid, or its players' numbers added (nil = 0).

    ``bids`` are normalised (after :func:`verify_bid` or :func:`verify_side_bid`).
    """
    if game.rules.bidding == "partnership":
        return tuple(bid_tricks(bid) for bid in bids)
    return tuple(sum(bid_tricks(bids[seat]) for seat in seats) for seats in game.sides)
