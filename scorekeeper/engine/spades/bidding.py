"""Bid and trick checks for a Spades hand: verify (raise), can (bool), offered (list).

The same checks drive the entry form (which buttons to offer), the saved hand and
the game record, so they can never disagree. Sources: ``docs/rules/spades.md``
"Rule keys" and Pagat, Spades (002) "Bidding", "Variations in the bidding", "Special actions / bids".
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..errors import RuleError
from ..text import Text, gettext_noop
from .game import Bid, SpadesGame, SpadesHand, is_nil, normalise_bid
from .rules import BLIND_NIL, DOUBLE_NIL, NIL, SpadesRules


def behind(totals: Sequence[int], side: int) -> int:
    """How many points ``side`` is behind the best other side (negative when ahead)."""
    return max(t for s, t in enumerate(totals) if s != side) - totals[side]


def _error(template: str, source: str, *, seat: int | None = None, field: str = "bids", **params: object) -> RuleError:
    return RuleError(Text(template, params), seat=seat, field=field, source=source)


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

    def error(template: str, source: str, **params: object) -> RuleError:
        return RuleError(Text(template, {"player": player, **params}), seat=seat, field="bids", source=source)

    if bid == BLIND_NIL and type(bid) is str:
        if not rules.blind_nil:
            raise error(gettext_noop("%(player)s: blind nil is not played at this table."), "spades.md: blind_nil")
        lag = behind(totals, side)
        if rules.blind_nil_min_deficit and lag < rules.blind_nil_min_deficit:  # 0: any time, even when ahead
            template = gettext_noop(
                "%(player)s: blind nil is allowed only when the bidder's side is at least "
                "%(deficit)d points behind (now %(behind)d)."
            )
            source = "spades.md: blind_nil_min_deficit; 002 Bidding"
            raise error(template, source, deficit=rules.blind_nil_min_deficit, behind=lag)
        return BLIND_NIL
    if bid == DOUBLE_NIL and type(bid) is str:
        if not rules.double_nil or not rules.partnerships:
            raise error(gettext_noop("%(player)s: double nil is not played at this table."), "spades.md: double_nil")
        lag = behind(totals, side)
        if rules.double_nil_min_deficit and lag < rules.double_nil_min_deficit:
            template = gettext_noop(
                "%(player)s: double nil is allowed only when the bidder's side is at least "
                "%(deficit)d points behind (now %(behind)d)."
            )
            raise error(
                template, "spades.md: double_nil; 002 Double Nil", deficit=rules.double_nil_min_deficit, behind=lag
            )
        return DOUBLE_NIL
    if bid == NIL and type(bid) is str:
        if not rules.nil:
            raise error(gettext_noop("%(player)s: nil is not played at this table."), "spades.md: nil")
        return NIL
    if type(bid) is not int or not 0 <= bid <= rules.tricks:
        raise error(
            gettext_noop("%(player)s: a bid is a number of tricks from 0 to %(tricks)d, or nil."),
            "002 Bidding",
            tricks=rules.tricks,
        )
    if bid == 0 and rules.zero_is_nil and not rules.nil:
        raise error(
            gettext_noop("%(player)s: a bid of 0 means nil, and nil is not played at this table; bid at least 1."),
            "spades.md: zero_is_nil, nil; 002 Bidding",
        )
    if bid == 1 and rules.no_bid_of_one:
        raise error(gettext_noop("%(player)s: nobody may bid one at this table."), "spades.md: no_bid_of_one")
    if bid > rules.max_team_bid:
        raise error(
            gettext_noop("%(player)s: a side may bid at most %(most)d."),
            "002 New York City rules",
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
            source="spades.md: bidding, min_team_bid; 002 Partnership Bidding",
        )
    return bid


def offered_side_bids(rules: SpadesRules) -> tuple[int, ...]:
    """The numbers a partnership may agree on, as buttons."""
    return tuple(range(rules.min_team_bid, min(rules.max_team_bid, rules.tricks) + 1))


def side_bids(game: SpadesGame, bids: Sequence[Bid]) -> tuple[int, ...]:
    """Each side's bid in tricks: its agreed bid, or its players' numbers added (nil = 0)."""
    if game.rules.bidding == "partnership":
        return tuple(bids)  # type: ignore[arg-type]
    return tuple(sum(b for seat in seats if not is_nil(b := bids[seat])) for seats in game.sides)  # type: ignore[misc]


def verify_tricks(game: SpadesGame, tricks: object) -> tuple[int, ...]:
    """Check the tricks taken in a hand: one whole number per seat, adding up to the hand's tricks.

    Raises:
        RuleError: with ``field="tricks"`` (and ``seat`` when one entry is wrong).
    """
    count, total_tricks = len(game.players), game.rules.tricks
    if not isinstance(tricks, (list, tuple)) or len(tricks) != count:
        raise RuleError(
            Text(gettext_noop("Enter the tricks taken by each of the %(count)d players."), {"count": count}),
            field="tricks",
        )
    for seat, taken in enumerate(tricks):
        if type(taken) is not int or not 0 <= taken <= total_tricks:
            raise RuleError(
                Text(
                    gettext_noop("%(player)s: tricks taken must be a number from 0 to %(tricks)d."),
                    {"player": game.players[seat], "tricks": total_tricks},
                ),
                seat=seat,
                field="tricks",
            )
    total = sum(tricks)
    if total != total_tricks:
        raise RuleError(
            Text(
                gettext_noop("The tricks add up to %(total)d, but a hand has %(tricks)d tricks."),
                {"total": total, "tricks": total_tricks},
            ),
            field="tricks",
            source="002 Deal",
        )
    return tuple(tricks)


def _verify_side_list(game: SpadesGame, sides: object, what: str) -> None:
    count = len(game.sides)
    if not isinstance(sides, tuple) or any(type(s) is not int or not 0 <= s < count for s in sides):
        raise _error(
            gettext_noop("'%(what)s' must list side indexes from 0 to %(last)d."),
            "README: The game record",
            what=what,
            last=count - 1,
            field="declarations",
        )


def verify_declarations(
    game: SpadesGame, hand: SpadesHand, bids: Sequence[Bid], totals: Sequence[int], *, played: bool = True
) -> None:
    """Check the side-level declarations (blind, 10 for 200, no trump, bemo, ...) against the rules.

    With ``played=False`` (the bids of a hand not yet played) a bemo's outcome
    may still be unknown (``made`` is ``None``).

    Raises:
        RuleError: ``field="declarations"`` (``seat`` = the side) for a
            declaration the rules do not play, or not at this score or bid.
    """
    if not (hand.blind or hand.ten_for_two_hundred or hand.no_trump or hand.bemo) and (
        hand.bag_cancel is None and hand.high_spade_run is None
    ):
        return  # nothing declared: the common case, kept fast
    rules, names, per_side = game.rules, game.side_names(), side_bids(game, bids)
    for what in ("blind", "ten_for_two_hundred", "no_trump"):
        _verify_side_list(game, getattr(hand, what), what)
    for side in hand.blind:
        blind_no_trump = side in hand.no_trump
        moon = per_side[side] == rules.tricks
        if not rules.blind_bids and not (moon and rules.blind_moon):
            raise _error(
                gettext_noop("%(side)s: blind bids are not played at this table."),
                "spades.md: blind_bids",
                seat=side,
                side=names[side],
                field="declarations",
            )
        # Blind 6/7 is a partnership's bid; a cut-throat player may bet any number blind (002).
        least = (rules.blind_min - 1 if blind_no_trump else rules.blind_min) if rules.partnerships else 0
        if per_side[side] < least:
            raise _error(
                gettext_noop("%(side)s: a blind bid is for at least %(least)d tricks."),
                "spades.md: blind_min",
                seat=side,
                side=names[side],
                least=least,
                field="declarations",
            )
        lag = behind(totals, side)
        if rules.blind_min_deficit and lag < rules.blind_min_deficit:
            raise _error(
                gettext_noop(
                    "%(side)s: a blind bid is allowed only when the side is at least %(deficit)d points behind "
                    "(now %(behind)d)."
                ),
                "spades.md: blind_min_deficit; 002 New York City rules",
                seat=side,
                side=names[side],
                deficit=rules.blind_min_deficit,
                behind=lag,
                field="declarations",
            )
    for side in hand.ten_for_two_hundred:
        if not rules.ten_for_two_hundred:
            raise _error(
                gettext_noop("%(side)s: 10 for 200 is not played at this table."),
                "spades.md: ten_for_two_hundred",
                seat=side,
                side=names[side],
                field="declarations",
            )
        if per_side[side] != 10:
            raise _error(
                gettext_noop("%(side)s: 10 for 200 is a side bid of exactly 10."),
                "002 10 for 200",
                seat=side,
                side=names[side],
                field="declarations",
            )
    for side in hand.no_trump:
        if not rules.no_trump_bids:
            raise _error(
                gettext_noop("%(side)s: no-trump bids are not played at this table."),
                "spades.md: no_trump_bids",
                seat=side,
                side=names[side],
                field="declarations",
            )
    for bemo in hand.bemo:
        if not rules.bemo:
            raise _error(gettext_noop("Bemo is not played at this table."), "spades.md: bemo", field="declarations")
        made_ok = type(bemo.made) is bool or (not played and bemo.made is None)
        if (
            type(bemo.side) is not int
            or not 0 <= bemo.side < len(game.sides)
            or bemo.kind not in ("little", "big")
            or not made_ok
        ):
            raise _error(
                gettext_noop("A bemo needs a side, a kind (little or big) and whether it was made."),
                "README: The game record",
                field="declarations",
            )
    if hand.bag_cancel is not None:
        if rules.bag_cancel_card is None:
            raise _error(
                gettext_noop("No card cancels bags at this table."), "spades.md: bag_cancel_card", field="declarations"
            )
        _verify_side_list(game, (hand.bag_cancel,), "bag_cancel")
    if hand.high_spade_run is not None:
        if not rules.cutthroat_bonus:
            raise _error(
                gettext_noop("High-spade bonuses are not played at this table."),
                "spades.md: cutthroat3",
                field="declarations",
            )
        run = hand.high_spade_run
        if not isinstance(run, tuple) or len(run) != len(game.sides) or any(type(n) is not int or n < 0 for n in run):
            raise _error(
                gettext_noop("'high_spade_run' needs a number per side."),
                "README: The game record",
                field="declarations",
            )


def _last_bidder(game: SpadesGame, seats: Sequence[int], number: int) -> int:
    """The seat of ``seats`` that bids last in hand ``number`` (only worked out for an error)."""
    order = game.bidding_order(number)
    return max(seats, key=order.index)


def verify_table_bids(game: SpadesGame, bids: Sequence[Bid | None], number: int) -> None:
    """Check what depends on several bids of hand ``number``: side limits, nil partner, double nil, total.

    Args:
        bids: the normalised bids in seat order (sides with partnership bidding);
            ``None`` for a bid not chosen yet: a check that needs it is skipped,
            so the same check can filter the buttons while bids are being tapped.
        number: the hand (its bidding order decides who completes a breach).

    Raises:
        RuleError: ``field="bids"`` at the seat whose bid completes the breach.
    """
    rules = game.rules
    if (
        rules.min_team_bid == 0
        and rules.max_team_bid >= rules.tricks
        and not rules.nil_partner_min_bid
        and rules.bids_may_total_13
        and DOUBLE_NIL not in bids
    ):
        return  # no rule between seats is in play: the common case, kept fast
    if rules.bidding == "individual":
        for seats in game.sides:
            _verify_side_bids(game, bids, seats, number)
    if not rules.bids_may_total_13 and None not in bids:
        total = sum(side_bids(game, bids))  # type: ignore[arg-type]
        if total == rules.tricks:
            last = game.bidding_order(number)[-1] if rules.bidding == "individual" else game.side_order(number)[-1]
            raise _error(
                gettext_noop("The bids add up to %(total)d, the tricks in a hand: someone must bid differently."),
                "spades.md: bids_may_total_13; 002 Partnership Bidding",
                seat=last,
                total=total,
            )


def _verify_side_bids(game: SpadesGame, bids: Sequence[Bid | None], seats: Sequence[int], number: int) -> None:
    """The checks between partners' bids (round-the-table bidding); see :func:`verify_table_bids`."""
    rules = game.rules
    doubles = [seat for seat in seats if bids[seat] == DOUBLE_NIL]
    others = [seat for seat in seats if bids[seat] is not None and bids[seat] != DOUBLE_NIL]
    if doubles and others:
        raise _error(
            gettext_noop("%(player)s: double nil needs both partners to bid it."),
            "002 Double Nil",
            seat=doubles[0],
            player=game.players[doubles[0]],
        )
    complete = all(bids[seat] is not None for seat in seats)
    if complete and not doubles and len(seats) > 1:
        total = sum(b for seat in seats if not is_nil(b := bids[seat]))  # type: ignore[misc, arg-type]
        if not rules.min_team_bid <= total <= rules.max_team_bid:
            last = _last_bidder(game, seats, number)
            raise _error(
                gettext_noop("%(player)s: a side bids from %(low)d to %(high)d tricks in all, not %(total)d."),
                "spades.md: min_team_bid; 002 Partnership Bidding",
                seat=last,
                player=game.players[last],
                low=rules.min_team_bid,
                high=rules.max_team_bid,
                total=total,
            )
    if rules.nil_partner_min_bid:
        for seat in seats:
            if bids[seat] not in (NIL, BLIND_NIL):
                continue
            for partner in seats:
                partner_bid = bids[partner]
                if partner == seat or partner_bid is None:
                    continue
                if is_nil(partner_bid) or partner_bid < rules.nil_partner_min_bid:  # type: ignore[operator]
                    raise _error(
                        gettext_noop("%(player)s: the partner of a nil bids at least %(least)d."),
                        "spades.md: nil_partner_min_bid; 002 Partnership Bidding",
                        seat=partner,
                        player=game.players[partner],
                        least=rules.nil_partner_min_bid,
                    )


def offered_table_bids(
    game: SpadesGame, chosen: Sequence[Bid | None], *, totals: Sequence[int], number: int
) -> tuple[tuple[Bid, ...], ...]:
    """The bid buttons per seat (per side with partnership bidding) given the bids tapped so far.

    Each seat gets what :func:`offered_bids` allows it alone, less any bid that
    :func:`verify_table_bids` would refuse together with the bids already chosen
    (a nil's partner below the minimum, bids adding up to the tricks, ...). A
    seat's own current choice is always kept, so a conflict shows at the field.

    Args:
        chosen: the normalised bids tapped so far, ``None`` where none is chosen yet.
    """
    rules = game.rules
    if rules.bidding == "partnership":
        bases = [offered_side_bids(rules)] * len(game.sides)
    else:
        bases = [offered_bids(rules, side=game.side_of(seat), totals=totals) for seat in range(len(game.players))]
    result = []
    for index, base in enumerate(bases):
        others = [None if i == index else bid for i, bid in enumerate(chosen)]
        if _table_problem(game, others, number):
            result.append(base)  # a conflict elsewhere: do not hide this seat's buttons for it
            continue
        result.append(
            tuple(
                bid
                for bid in base
                if bid == chosen[index]
                or not _table_problem(game, [bid if i == index else b for i, b in enumerate(others)], number)
            )
        )
    return tuple(result)


def _table_problem(game: SpadesGame, bids: Sequence[Bid | None], number: int) -> bool:
    try:
        verify_table_bids(game, bids, number)
    except RuleError:
        return True
    return False


def verify_hand(game: SpadesGame, hand: SpadesHand, *, totals: Sequence[int], number: int) -> SpadesHand:
    """Check a whole hand (number ``number``, 0-based) at ``totals``; return it with normalised bids.

    Raises:
        RuleError: the first problem found, tagged with its field and seat.
    """
    rules = game.rules
    if hand.misdeal is not None:
        if rules.misdeal == "none":
            raise _error(gettext_noop("Misdeals are not called at this table."), "spades.md: misdeal", field="misdeal")
        if type(hand.misdeal) is not int or not 0 <= hand.misdeal < len(game.players):
            raise _error(
                gettext_noop("'misdeal' is the seat of the player who called it."),
                "README: The game record",
                field="misdeal",
            )
        if hand.bids is not None or hand.tricks is not None:
            raise _error(gettext_noop("A thrown-in hand has no bids and no tricks."), "002 Misdeal", field="misdeal")
        _verify_nothing_declared(hand, gettext_noop("A thrown-in hand has no special bids or results."))
        return hand
    if game.bids_itself(number):
        if hand.bids is not None:
            raise _error(
                gettext_noop("The first hand bids itself: it has no bids."), "spades.md: first_hand_bids_itself"
            )
        _verify_nothing_declared(hand, gettext_noop("The first hand bids itself: it has no special bids."))
        return SpadesHand(None, verify_tricks(game, hand.tricks))
    bids = _verify_bids(game, hand.bids, totals, number)
    verify_declarations(game, hand, bids, totals)
    tricks = verify_tricks(game, hand.tricks)
    if bids == hand.bids and tricks == hand.tricks:
        return hand  # already normalised: no copy
    return SpadesHand(
        bids=bids,
        tricks=tricks,
        blind=hand.blind,
        ten_for_two_hundred=hand.ten_for_two_hundred,
        no_trump=hand.no_trump,
        bemo=hand.bemo,
        bag_cancel=hand.bag_cancel,
        high_spade_run=hand.high_spade_run,
    )


def verify_bidding(game: SpadesGame, hand: SpadesHand, *, totals: Sequence[int], number: int) -> SpadesHand:
    """Check the bids and declarations of hand ``number`` before it is played.

    Returns the hand with normalised bids (0 -> nil); ``tricks`` are not checked.

    Raises:
        RuleError: as :func:`verify_hand`, for the bids and declarations.
    """
    if game.bids_itself(number):
        raise _error(gettext_noop("The first hand bids itself: it has no bids."), "spades.md: first_hand_bids_itself")
    bids = _verify_bids(game, hand.bids, totals, number)
    verify_declarations(game, hand, bids, totals, played=False)
    return SpadesHand(
        bids,
        None,
        blind=hand.blind,
        ten_for_two_hundred=hand.ten_for_two_hundred,
        no_trump=hand.no_trump,
        bemo=hand.bemo,
    )


def _verify_nothing_declared(hand: SpadesHand, template: str) -> None:
    """A hand without bids carries no declarations or results: refuse them rather than ignore them."""
    if hand.blind or hand.ten_for_two_hundred or hand.no_trump or hand.bemo:
        raise _error(template, "README: The game record", field="declarations")
    if hand.bag_cancel is not None or hand.high_spade_run is not None:
        raise _error(template, "README: The game record", field="declarations")


def _verify_bids(game: SpadesGame, bids: object, totals: Sequence[int], number: int) -> tuple[Bid, ...]:
    rules = game.rules
    partnership = rules.bidding == "partnership"
    count = len(game.sides) if partnership else len(game.players)
    if not isinstance(bids, (list, tuple)) or len(bids) != count:
        template = (
            gettext_noop("Enter a bid for each of the %(count)d sides.")
            if partnership
            else gettext_noop("Enter a bid for each of the %(count)d players.")
        )
        raise RuleError(Text(template, {"count": count}), field="bids")
    if partnership:
        names = game.side_names()
        checked = tuple(verify_side_bid(rules, bid, side=side, name=names[side]) for side, bid in enumerate(bids))
    else:
        legal = _score_free_bids(rules)
        checked_bids: list[Bid] = []
        for seat, bid in enumerate(bids):
            if type(bid) in (int, str) and bid in legal:
                checked_bids.append(legal[bid])
            else:
                checked_bids.append(
                    verify_bid(rules, bid, seat=seat, side=game.side_of(seat), totals=totals, player=game.players[seat])
                )
        checked = tuple(checked_bids)
    verify_table_bids(game, checked, number)
    return checked


@lru_cache(maxsize=64)
def _score_free_bids(rules: SpadesRules) -> dict[Bid, Bid]:
    """Bid -> normalised bid, for every bid :func:`verify_bid` accepts whatever the score.

    Numbers and plain nil do not depend on the score (blind and double nil do), so
    scoring a long game checks them once per rule set instead of once per seat.
    """
    legal: dict[Bid, Bid] = {}
    for bid in [*range(rules.tricks + 1), NIL]:
        try:
            legal[bid] = verify_bid(rules, bid, seat=0, side=0, totals=(0, 0), player="")
        except RuleError:
            continue
    return legal
