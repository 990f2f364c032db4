"""Checking a whole Spades hand: its bids, declarations and tricks; before play (bidding) or after.

verify (raise), can (bool), offered (list): the same checks drive the entry form
(which buttons to offer), the saved hand and the game record, so they can never
disagree. One bid on its own is checked in :mod:`.bids`, what depends on several
bids in :mod:`.table_bids`, the side-level declarations in :mod:`.declarations`;
every name the rest of the project imports from here still is (see ``__all__``).
Sources: ``docs/rules/spades.md`` "Rule keys" and Pagat, Spades (002) "Bidding",
"Variations in the bidding", "Special actions / bids".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache, partial

from ..errors import RuleError
from ..source import PAGAT, Cite
from ..text import Text, gettext_noop
from .bids import (
    behind,
    bid_error,
    bids_offered_at_some_score,
    can_bid,
    offered_bids,
    offered_side_bids,
    side_bids,
    verify_bid,
    verify_side_bid,
)
from .declarations import RECORD, verify_claims, verify_declarations
from .game import Bid, SpadesGame, SpadesHand
from .revokes import verify_revokes
from .rules import BLIND_NIL, DOUBLE_NIL, NIL, SpadesRules, key_row
from .table_bids import offered_table_bids, refused_table_bids, seat_rules_in_play, verify_table_bids

__all__ = [
    "behind",
    "bids_offered_at_some_score",
    "can_bid",
    "offered_bids",
    "offered_side_bids",
    "offered_table_bids",
    "refused_table_bids",
    "side_bids",
    "verify_bid",
    "verify_bidding",
    "verify_declarations",
    "verify_hand",
    "verify_side_bid",
    "verify_table_bids",
    "verify_tricks",
    "hand_check",
]


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
            source=(Cite(PAGAT, "Deal"),),
        )
    return tuple(tricks)


def verify_hand(game: SpadesGame, hand: SpadesHand, *, totals: Sequence[int], number: int) -> SpadesHand:
    """Check a whole hand (number ``number``, 0-based) at ``totals``; return it with normalised bids.

    Raises:
        RuleError: the first problem found, tagged with its field and seat.
    """
    return hand_check(game)(hand, totals, number)


#: :func:`verify_hand` for the hands of one game: ``(hand, totals, number)`` -> the checked hand.
HandCheck = Callable[[SpadesHand, Sequence[int], int], SpadesHand]


def hand_check(game: SpadesGame) -> HandCheck:
    """:func:`verify_hand` for the hands of ``game``, with what depends on its rules alone (the bids
    accepted whatever the score) looked up once: scoring a game checks every hand."""
    rules = game.rules
    legal = _score_free_bids(rules)
    if rules.bidding == "individual" and not rules.first_hand_bids_itself and not seat_rules_in_play(rules):
        return partial(_check_plain_hand, game, legal)
    return partial(_check_hand, game, legal)


def _check_plain_hand(
    game: SpadesGame, legal: Mapping[Bid, Bid], hand: SpadesHand, totals: Sequence[int], number: int
) -> SpadesHand:
    """:func:`_check_hand` where no bid depends on another (bidding round the table, no rule between
    seats) and no hand bids itself, with a plain hand checked at once: no misdeal, nothing declared,
    every bid one accepted whatever the score (not a double nil: both partners must bid it), and
    the tricks whole numbers adding up. Any other hand goes through every check (for its error)."""
    bids, tricks = hand.bids, hand.tricks
    hand_tricks, count = game.rules.tricks, len(game.players)
    if (
        type(bids) is tuple
        and type(tricks) is tuple
        and len(bids) == count == len(tricks)
        and hand.misdeal is None
        and not (hand.blind or hand.ten_for_two_hundred or hand.no_trump or hand.bemo)
        and hand.bag_cancel is None
        and hand.high_spade_run is None
        and not hand.revokes
        and not hand.time_called
    ):
        checked: list[Bid] = []
        total = 0
        for bid, taken in zip(bids, tricks, strict=True):
            if (
                type(bid) not in (int, str)
                or bid not in legal
                or type(taken) is not int
                or not 0 <= taken <= hand_tricks
            ):
                break
            checked.append(legal[bid])
            total += taken
        else:
            if total == hand_tricks and DOUBLE_NIL not in checked:
                normalised = tuple(checked)
                # A bid rewritten (0 as nil): the rest of the hand kept, its recorded play with it.
                return hand if normalised == bids else dataclasses.replace(hand, bids=normalised)
    return _check_hand(game, legal, hand, totals, number)


def _check_hand(
    game: SpadesGame, legal: Mapping[Bid, Bid], hand: SpadesHand, totals: Sequence[int], number: int
) -> SpadesHand:
    """:func:`verify_hand`, with ``legal`` the bids accepted whatever the score (:func:`_score_free_bids`)."""
    if hand.misdeal is not None:
        return _verify_thrown_in(game, hand)
    if game.bids_itself(number):
        if hand.bids is not None:
            raise bid_error(
                gettext_noop("The first hand bids itself: it has no bids."), (key_row("first_hand_bids_itself"),)
            )
        _verify_nothing_declared(hand, gettext_noop("The first hand bids itself: it has no special bids."))
        verify_revokes(game, hand)
        tricks = verify_tricks(game, hand.tricks)
        return SpadesHand(None, tricks, play=hand.play, revokes=hand.revokes, time_called=hand.time_called)
    bids = _verify_bids(game, hand.bids, totals, number, legal)
    verify_declarations(game, hand, bids, totals)
    verify_revokes(game, hand)
    tricks = verify_tricks(game, hand.tricks)
    if hand.bemo or hand.high_spade_run is not None:
        verify_claims(game, hand, tricks)
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
        play=hand.play,
        revokes=hand.revokes,
        time_called=hand.time_called,
    )


def _verify_thrown_in(game: SpadesGame, hand: SpadesHand) -> SpadesHand:
    """A misdeal: called where the house rules allow it (``misdeal``), by a seat at the table, and
    the hand has nothing else (002 "Misdeal": the cards are thrown in, no score)."""
    if game.rules.misdeal == "none":
        raise bid_error(gettext_noop("Misdeals are not called at this table."), (key_row("misdeal"),), field="misdeal")
    if type(hand.misdeal) is not int or not 0 <= hand.misdeal < len(game.players):
        raise bid_error(gettext_noop("'misdeal' is the seat of the player who called it."), RECORD, field="misdeal")
    if hand.bids is not None or hand.tricks is not None:
        raise bid_error(
            gettext_noop("A thrown-in hand has no bids and no tricks."), (Cite(PAGAT, "Misdeal"),), field="misdeal"
        )
    _verify_nothing_declared(hand, gettext_noop("A thrown-in hand has no special bids or results."))
    if hand.revokes:
        raise bid_error(gettext_noop("A thrown-in hand was not played: it has no revokes."), RECORD, field="revokes")
    return hand


def verify_bidding(game: SpadesGame, hand: SpadesHand, *, totals: Sequence[int], number: int) -> SpadesHand:
    """Check the bids and declarations of hand ``number`` before it is played.

    Returns the hand with normalised bids (0 -> nil); ``tricks`` are not checked.

    Raises:
        RuleError: as :func:`verify_hand`, for the bids and declarations.
    """
    if game.bids_itself(number):
        raise bid_error(
            gettext_noop("The first hand bids itself: it has no bids."), (key_row("first_hand_bids_itself"),)
        )
    bids = _verify_bids(game, hand.bids, totals, number, _score_free_bids(game.rules))
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
        raise bid_error(template, RECORD, field="declarations")
    if hand.bag_cancel is not None or hand.high_spade_run is not None:
        raise bid_error(template, RECORD, field="declarations")


def _verify_bids(
    game: SpadesGame, bids: object, totals: Sequence[int], number: int, legal: Mapping[Bid, Bid]
) -> tuple[Bid, ...]:
    """Every bid of hand ``number`` on its own (a side's, or a player's), then together (:mod:`.table_bids`).
    ``legal``: the bids accepted whatever the score (:func:`_score_free_bids`).

    Raises:
        RuleError: ``field="bids"``: not one bid per side or player, or the first bid refused.
    """
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
    checked: tuple[Bid, ...]
    if partnership:
        names = game.side_names()
        checked = tuple(verify_side_bid(rules, bid, side=side, name=names[side]) for side, bid in enumerate(bids))
    else:
        checked = tuple(
            [
                legal[bid]
                if type(bid) in (int, str) and bid in legal
                else verify_bid(
                    rules, bid, seat=seat, side=game.side_of(seat), totals=totals, player=game.players[seat]
                )
                for seat, bid in enumerate(bids)
            ]
        )
    verify_table_bids(game, checked, number)
    return checked


@lru_cache(maxsize=64)
def _score_free_bids(rules: SpadesRules) -> dict[Bid, Bid]:
    """Bid -> normalised bid, for every bid :func:`verify_bid` accepts whatever the score.

    Numbers and plain nil do not depend on the score; blind and double nil do only
    with a minimum deficit (``blind_nil_min_deficit``, ``double_nil_min_deficit``; 0:
    any time). So scoring a long game checks them once per rule set instead of once per seat.
    """
    candidates: list[Bid] = [*range(rules.tricks + 1), NIL]
    if not rules.blind_nil_min_deficit:
        candidates.append(BLIND_NIL)
    if not rules.double_nil_min_deficit:
        candidates.append(DOUBLE_NIL)
    legal: dict[Bid, Bid] = {}
    for bid in candidates:
        try:
            legal[bid] = verify_bid(rules, bid, seat=0, side=0, totals=(0, 0), player="")
        except RuleError:
            continue
    return legal
