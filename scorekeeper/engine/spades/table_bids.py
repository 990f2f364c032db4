"""What depends on several bids of a hand: side limits, a nil's partner, double nil, the total of all bids.

The same check refuses a saved hand and filters the bid buttons while bids are
being tapped (:func:`offered_table_bids`). Sources: ``docs/rules/spades.md``
"Rule keys" (``min_team_bid``, ``nil_partner_min_bid``, ``bids_may_total_13``);
Pagat, Spades (002) "Partnership Bidding", "Double Nil", "New York City rules".
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import RuleError
from ..source import PAGAT, Cite
from ..text import gettext_noop
from .bids import bid_error, offered_bids, offered_side_bids, side_bids
from .game import Bid, SpadesGame, bid_tricks, is_nil
from .rules import BLIND_NIL, DOUBLE_NIL, KEYS, NIL, SpadesRules, key_row


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
    if DOUBLE_NIL not in bids and not seat_rules_in_play(rules):
        return  # no rule between seats is in play: the common case, kept fast
    if rules.bidding == "individual":
        for seats in game.sides:
            _verify_double_nil_partners(game, bids, seats)
            _verify_side_total(game, bids, seats, number=number)
            _verify_nil_partner(game, bids, seats)
    _verify_bids_total(game, bids, number=number)


def seat_rules_in_play(rules: SpadesRules) -> bool:
    """Whether a rule between seats other than double nil's is in play: a side's limits
    (``min_team_bid``, ``max_team_bid``), a nil's partner (``nil_partner_min_bid``), the total
    (``bids_may_total_13``). Without one, only a double nil can break :func:`verify_table_bids`."""
    return not (
        rules.min_team_bid == 0
        and rules.max_team_bid >= rules.tricks
        and not rules.nil_partner_min_bid
        and rules.bids_may_total_13
    )


def _verify_double_nil_partners(game: SpadesGame, bids: Sequence[Bid | None], seats: Sequence[int]) -> None:
    """Double nil is one bid of both partners: one partner bidding it and the other anything else is refused
    (002 "Double Nil")."""
    doubles = [seat for seat in seats if bids[seat] == DOUBLE_NIL]
    others = [seat for seat in seats if bids[seat] is not None and bids[seat] != DOUBLE_NIL]
    if doubles and others:
        raise bid_error(
            gettext_noop("%(player)s: double nil needs both partners to bid it."),
            (Cite(PAGAT, "Double Nil"),),
            seat=doubles[0],
            player=game.players[doubles[0]],
        )


def _verify_side_total(game: SpadesGame, bids: Sequence[Bid | None], seats: Sequence[int], *, number: int) -> None:
    """Partners' numbers together within ``min_team_bid`` .. ``max_team_bid`` (002 "Partnership Bidding"),
    once every partner has bid; a double nil is exempt. The last of them to bid is at fault."""
    rules = game.rules
    chosen = [bid for seat in seats if (bid := bids[seat]) is not None]
    if len(chosen) < len(seats) or DOUBLE_NIL in chosen or len(seats) < 2:
        return
    total = sum(bid_tricks(bid) for bid in chosen)
    if not rules.min_team_bid <= total <= rules.max_team_bid:
        last = _last_bidder(game, seats, number)
        raise bid_error(
            # No total in it: the same words say why each bid a row may not tap is refused.
            gettext_noop("%(player)s: a side bids from %(low)d to %(high)d tricks in all."),
            (key_row("min_team_bid"), Cite(PAGAT, "Partnership Bidding")),
            seat=last,
            player=game.players[last],
            low=rules.min_team_bid,
            high=rules.max_team_bid,
        )


def _verify_nil_partner(game: SpadesGame, bids: Sequence[Bid | None], seats: Sequence[int]) -> None:
    """The partner of a nil or blind nil bids at least ``nil_partner_min_bid`` (002 "Partnership Bidding")."""
    least = game.rules.nil_partner_min_bid
    if not least:
        return
    for seat in seats:
        if bids[seat] not in (NIL, BLIND_NIL):
            continue
        for partner in seats:
            partner_bid = bids[partner]
            if partner == seat or partner_bid is None:
                continue
            if is_nil(partner_bid) or bid_tricks(partner_bid) < least:
                raise bid_error(
                    gettext_noop("%(player)s: the partner of a nil bids at least %(least)d."),
                    KEYS["nil_partner_min_bid"].source,
                    seat=partner,
                    player=game.players[partner],
                    least=least,
                )


def _verify_bids_total(game: SpadesGame, bids: Sequence[Bid | None], *, number: int) -> None:
    """With ``bids_may_total_13`` off, all bids together must not equal the tricks in a hand, so someone
    must fail (002 "Partnership Bidding", "Spades for Three Players"); the last to bid is at fault."""
    rules = game.rules
    if rules.bids_may_total_13:
        return
    chosen = [bid for bid in bids if bid is not None]
    if len(chosen) < len(bids):
        return
    total = sum(side_bids(game, chosen))
    if total == rules.tricks:
        last = game.bidding_order(number)[-1] if rules.bidding == "individual" else game.side_order(number)[-1]
        raise bid_error(
            gettext_noop("The bids add up to %(total)d, the tricks in a hand: someone must bid differently."),
            (key_row("bids_may_total_13"), Cite(PAGAT, "Partnership Bidding")),
            seat=last,
            total=total,
        )


def _last_bidder(game: SpadesGame, seats: Sequence[int], number: int) -> int:
    """The seat of ``seats`` that bids last in hand ``number`` (only worked out for an error)."""
    order = game.bidding_order(number)
    return max(seats, key=order.index)


def offered_table_bids(
    game: SpadesGame, chosen: Sequence[Bid | None], *, totals: Sequence[int], number: int
) -> tuple[tuple[Bid, ...], ...]:
    """The bid buttons per seat (per side with partnership bidding) given the bids tapped so far:
    what :func:`~.bids.offered_bids` allows each alone, less what :func:`refused_table_bids` refuses.

    Args:
        chosen: the normalised bids tapped so far, ``None`` where none is chosen yet.
    """
    return tuple(
        tuple(bid for bid in base if bid not in refused)
        for base, refused in zip(
            _seat_bases(game, totals), refused_table_bids(game, chosen, totals=totals, number=number), strict=True
        )
    )


def refused_table_bids(
    game: SpadesGame, chosen: Sequence[Bid | None], *, totals: Sequence[int], number: int
) -> tuple[dict[Bid, RuleError], ...]:
    """Per seat (per side with partnership bidding): each bid it could otherwise tap that
    :func:`verify_table_bids` would refuse together with the bids already chosen (a nil's
    partner below the minimum, bids adding up to the tricks, ...), with that refusal: the
    button is not offered, and the refusal says why.

    A seat's own current choice is never refused here, so a conflict shows at the field; nor
    is any bid of a seat while the bids of the others already conflict.

    Args:
        chosen: the normalised bids tapped so far, ``None`` where none is chosen yet.
        totals: the sides' scores before the hand; number: the 0-based hand.
    """
    result: list[dict[Bid, RuleError]] = []
    for index, base in enumerate(_seat_bases(game, totals)):
        others = [None if i == index else bid for i, bid in enumerate(chosen)]
        refused: dict[Bid, RuleError] = {}
        if _table_problem(game, others, number) is None:  # else a conflict elsewhere: this seat keeps its buttons
            for bid in base:
                if bid != chosen[index]:
                    problem = _table_problem(game, [bid if i == index else b for i, b in enumerate(others)], number)
                    if problem is not None:
                        refused[bid] = problem
        result.append(refused)
    return tuple(result)


def _seat_bases(game: SpadesGame, totals: Sequence[int]) -> list[tuple[Bid, ...]]:
    """What each seat (side with partnership bidding) may bid alone, with the sides' ``totals``."""
    rules = game.rules
    if rules.bidding == "partnership":
        return [offered_side_bids(rules)] * len(game.sides)
    return [offered_bids(rules, side=game.side_of(seat), totals=totals) for seat in range(len(game.players))]


def _table_problem(game: SpadesGame, bids: Sequence[Bid | None], number: int) -> RuleError | None:
    """The refusal of :func:`verify_table_bids` for ``bids``, or ``None``."""
    try:
        verify_table_bids(game, bids, number)
    except RuleError as error:
        return error
    return None
