"""Side-level declarations of a hand: blind, 10 for 200, no trump, bemo, the bag-cancelling card, high spades.

Each is checked against the house rules once the bids are known. Sources:
``docs/rules/spades.md`` "Rule keys"; Pagat, Spades (002) "Special actions /
bids" (Blind 6, 10 for 200, No Trump, Bemo), "Variations in the scoring",
"New York City rules", "Spades for Three Players"; the record's optional hand
fields are documented in ``docs/game-record.md`` ("Extensions").
"""

from __future__ import annotations

from collections.abc import Sequence

from ..source import GAME_RECORD, PAGAT, Cite, Source
from ..text import Text, gettext_noop
from .bids import behind, bid_error, side_bids, standing
from .game import Bemo, Bid, SpadesGame, SpadesHand
from .rules import KEYS, SpadesRules, key_row

#: Where the shape of the record's optional hand fields is written.
RECORD: Source = (Cite(GAME_RECORD, "Extensions"),)


def verify_declarations(
    game: SpadesGame, hand: SpadesHand, bids: Sequence[Bid], totals: Sequence[int], *, played: bool = True
) -> None:
    """Check the side-level declarations (blind, 10 for 200, no trump, bemo, ...) against the rules.

    Args:
        bids: the hand's normalised bids (a declaration may need the side's bid).
        totals: each side's score before the hand (for ``blind_min_deficit``).
        played: ``False`` for the bids of a hand not yet played: a bemo's
            outcome may still be unknown (``made`` is ``None``).

    Raises:
        RuleError: ``field="declarations"`` (``seat`` = the side) for a
            declaration the rules do not play, or not at this score or bid;
            the first problem in the order blind, 10 for 200, no trump, bemo,
            bag-cancelling card, high-spade run.
    """
    if not (hand.blind or hand.ten_for_two_hundred or hand.no_trump or hand.bemo) and (
        hand.bag_cancel is None and hand.high_spade_run is None
    ):
        return  # nothing declared: the common case, kept fast
    rules, names, per_side = game.rules, game.side_names(), side_bids(game, bids)
    for what in ("blind", "ten_for_two_hundred", "no_trump"):
        _verify_side_list(game, getattr(hand, what), what)
    for side in hand.blind:
        _verify_blind(rules, side=side, name=names[side], bid=per_side[side], no_trump=side in hand.no_trump)
        _verify_blind_deficit(rules, side=side, name=names[side], totals=totals)
    for side in hand.ten_for_two_hundred:
        _verify_ten_for_two_hundred(rules, side=side, name=names[side], bid=per_side[side])
    for side in hand.no_trump:
        if not rules.no_trump_bids:
            raise bid_error(
                gettext_noop("%(side)s: no-trump bids are not played at this table."),
                (key_row("no_trump_bids"),),
                seat=side,
                side=names[side],
                field="declarations",
            )
    for bemo in hand.bemo:
        _verify_bemo(game, bemo, played=played)
    if hand.bag_cancel is not None:
        _verify_bag_cancel(game, hand.bag_cancel)
    if hand.high_spade_run is not None:
        _verify_high_spade_run(game, hand.high_spade_run)


def _verify_side_list(game: SpadesGame, sides: object, what: str) -> None:
    """The record's list ``what`` holds side indexes only (docs/game-record.md "Extensions")."""
    count = len(game.sides)
    if not isinstance(sides, tuple) or any(type(s) is not int or not 0 <= s < count for s in sides):
        raise bid_error(
            gettext_noop("'%(what)s' must list side indexes from 0 to %(last)d."),
            RECORD,
            what=what,
            last=count - 1,
            field="declarations",
        )


def _verify_blind(rules: SpadesRules, *, side: int, name: str, bid: int, no_trump: bool) -> None:
    """A blind bid: played at this table (``blind_bids``, or ``blind_moon`` for a bid of every trick),
    and for at least ``blind_min`` tricks with partners (one less when also no trump).

    Blind 6/7 is a partnership's bid; a cut-throat player may bet any number blind (002 "Blind 6",
    "Spades for Three Players").
    """
    moon = bid == rules.tricks
    if not rules.blind_bids and not (moon and rules.blind_moon):
        raise bid_error(
            gettext_noop("%(side)s: blind bids are not played at this table."),
            (key_row("blind_bids"),),
            seat=side,
            side=name,
            field="declarations",
        )
    least = (rules.blind_min - 1 if no_trump else rules.blind_min) if rules.partnerships else 0
    if bid < least:
        raise bid_error(
            gettext_noop("%(side)s: a blind bid is for at least %(least)d tricks."),
            (key_row("blind_min"),),
            seat=side,
            side=name,
            least=least,
            field="declarations",
        )


def may_bid_blind(rules: SpadesRules, *, side: int, totals: Sequence[int]) -> bool:
    """Whether ``side`` is far enough behind the leader for a blind bid (``blind_min_deficit``;
    002 "New York City rules"; 0: any time, even ahead); whether blind bids are played at all
    is ``blind_bids``."""
    return not rules.blind_min_deficit or behind(totals, side) >= rules.blind_min_deficit


def _verify_blind_deficit(rules: SpadesRules, *, side: int, name: str, totals: Sequence[int]) -> None:
    """A blind bid only by a side far enough behind (:func:`may_bid_blind`)."""
    lag = behind(totals, side)
    if not may_bid_blind(rules, side=side, totals=totals):
        raise bid_error(
            gettext_noop(
                "%(side)s: a blind bid is allowed only when the side is at least %(deficit)d points behind "
                "(now %(behind)s)."
            ),
            KEYS["blind_min_deficit"].source,
            seat=side,
            side=name,
            deficit=rules.blind_min_deficit,
            behind=standing(lag),
            field="declarations",
        )


def _verify_ten_for_two_hundred(rules: SpadesRules, *, side: int, name: str, bid: int) -> None:
    """10 for 200: played at this table (``ten_for_two_hundred``), and a side bid of exactly 10 (002 "10 for 200")."""
    if not rules.ten_for_two_hundred:
        raise bid_error(
            gettext_noop("%(side)s: 10 for 200 is not played at this table."),
            (key_row("ten_for_two_hundred"),),
            seat=side,
            side=name,
            field="declarations",
        )
    if bid != 10:
        raise bid_error(
            gettext_noop("%(side)s: 10 for 200 is a side bid of exactly 10."),
            (Cite(PAGAT, "10 for 200"),),
            seat=side,
            side=name,
            field="declarations",
        )


def _verify_bemo(game: SpadesGame, bemo: Bemo, *, played: bool) -> None:
    """A bemo: played at this table (``bemo``; 002 "Bemo"), with a side, a kind and (once played) its outcome."""
    if not game.rules.bemo:
        raise bid_error(gettext_noop("Bemo is not played at this table."), (key_row("bemo"),), field="declarations")
    side_ok = type(bemo.side) is int and 0 <= bemo.side < len(game.sides)
    made_ok = type(bemo.made) is bool or (not played and bemo.made is None)
    if not side_ok or bemo.kind not in ("little", "big") or not made_ok:
        raise bid_error(
            gettext_noop("A bemo needs a side, a kind (little or big) and whether it was made."),
            RECORD,
            field="declarations",
        )


def _verify_bag_cancel(game: SpadesGame, side: object) -> None:
    """The side that took the bag-cancelling card: only where a card cancels bags (``bag_cancel_card``)."""
    if game.rules.bag_cancel_card is None:
        raise bid_error(
            gettext_noop("No card cancels bags at this table."), (key_row("bag_cancel_card"),), field="declarations"
        )
    _verify_side_list(game, (side,), "bag_cancel")


def _verify_high_spade_run(game: SpadesGame, run: object) -> None:
    """The last tricks won with high spades, per side: only with the cut-throat bonus scores (``cutthroat3``)."""
    if not game.rules.cutthroat_bonus:
        raise bid_error(
            gettext_noop("High-spade bonuses are not played at this table."),
            (key_row("cutthroat_bonus", "cutthroat3"),),
            field="declarations",
        )
    if not isinstance(run, tuple) or len(run) != len(game.sides) or any(type(n) is not int or n < 0 for n in run):
        raise bid_error(gettext_noop("'high_spade_run' needs a number per side."), RECORD, field="declarations")


#: The bemo kinds as players read them.
BEMO_KINDS = {"little": gettext_noop("little"), "big": gettext_noop("big")}


def verify_claims(game: SpadesGame, hand: SpadesHand, tricks: Sequence[int]) -> None:
    """What a played hand's declarations claim must be possible (issue 16): a bemo made by a side
    that won the first 6 (little) or 9 (big) tricks, so it took at least that many, and, when the
    play is recorded, won exactly those; a high-spade run for one side at most, of no more tricks
    than it took (002 "Bemo", "Spades for Three Players").

    Raises:
        RuleError: ``field="declarations"``, naming the side.
    """
    taken = [0] * len(game.sides)
    for seat, count in enumerate(tricks):
        taken[game.side_of(seat)] += count
    names = game.side_names()
    first = _first_winners(game, hand)
    for bemo in hand.bemo:
        need = 6 if bemo.kind == "little" else 9
        won_all = all(game.side_of(seat) == bemo.side for seat in first[:need]) if len(first) >= need else None
        if (bemo.made and taken[bemo.side] < need) or (won_all is not None and won_all != bemo.made):
            raise bid_error(
                gettext_noop("%(side)s: a %(kind)s bemo is made by winning the first %(need)d tricks, %(shown)s."),
                KEYS["bemo"].source,
                seat=bemo.side,
                side=names[bemo.side],
                kind=Text(BEMO_KINDS[bemo.kind]),
                need=need,
                shown=_bemo_shown(bemo.made, won_all, taken[bemo.side]),
                field="declarations",
            )
    run = hand.high_spade_run or ()
    running = [side for side, count in enumerate(run) if count]
    over = [side for side in running if run[side] > taken[side]]
    if len(running) > 1 or over:
        side = running[1] if len(running) > 1 else over[0]
        raise bid_error(
            gettext_noop(
                "%(side)s: a high-spade run of the last tricks is one side's, of no more tricks than it took."
            ),
            (key_row("cutthroat_bonus", "cutthroat3"), Cite(PAGAT, "Spades for Three Players")),
            seat=side,
            side=names[side],
            field="declarations",
        )


def _first_winners(game: SpadesGame, hand: SpadesHand) -> tuple[int, ...]:
    """The seats that won the tricks the hand's recorded play shows, in order (none without a play)."""
    if hand.play is None:
        return ()
    from .replay import spades_replay  # the replay builds on the play rules, which build on these checks

    replayed = spades_replay(game.rules, hand.play, dealer=0, names=game.players)
    return tuple(trick.winner for trick in replayed.tricks if trick.winner is not None)


def _bemo_shown(made: bool, won_all: bool | None, taken: int) -> Text:
    if won_all is None:
        return Text(gettext_noop("but the side took only %(taken)d tricks"), {"taken": taken})
    if made:
        return Text(gettext_noop("but the play shows another side winning one of them"))
    return Text(gettext_noop("and the play shows the side winning them all: it was made"))
