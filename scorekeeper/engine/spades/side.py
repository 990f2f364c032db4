"""One side's Spades hand, before sandbagging: its contract, its nils and the bonuses, explained.

Steps 1 to 3 of "Standard scoring, exactly" (the contract, :mod:`.contract`; nils and
where a failed nil's tricks go, :mod:`.nils`), then bemo, the cut-throat bonuses and
the bag-cancelling card. What a side scores here depends only on the hand, so
:func:`side_steps` remembers each distinct case for a scoring run: a long game meets
the same contracts and nils over and over, and each is decided and explained once
(lines are immutable and shared). Step 4 (sandbagging) depends on the bags carried
and step 5 on the totals: both are in :mod:`.scoring`.

Source: ``docs/rules/spades.md``, "Standard scoring, exactly" 1-3 and "Rule keys";
Pagat, Spades (002) "Scoring", "Special actions / bids" (Bemo), "Variations in the
scoring", "Spades for Three Players"; 003 "Punktevergabe".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from functools import cache, partial
from types import MappingProxyType
from typing import Any, NamedTuple

from ..sheet import Line
from ..source import PAGAT, Cite
from ..text import Text
from ..text import gettext_noop as _
from .contract import ContractOutcome, contract_lines, cutthroat_bonus_lines, decide_contract, moon_win_line
from .game import Bid, SpadesGame, SpadesHand, bid_tricks
from .game_end import Outright
from .nils import Nils, score_nils
from .revokes import SidePenalty
from .rules import KEYS, SpadesRules

#: Builds a named tuple from a tuple of its fields, as its ``_make`` does: about twice as fast as
#: calling the class, for what scoring builds for every side and hand (``make bench``).
_new_tuple = tuple.__new__

#: A hand that cannot end the game by itself (most hands): one shared value.
NO_OUTRIGHT = Outright()

#: ``(seat, bid, tricks taken)`` of each seat of a side that bid a nil of any kind.
NilFacts = tuple[tuple[int, Bid, int], ...]


class SideScore(NamedTuple):
    """What one side's hand produced before sandbagging (step 4).

    Immutable; a named tuple rather than a frozen dataclass, as :class:`~scorekeeper.engine.sheet.HandScore`
    is: scoring needs one per side and hand, and a tuple is several times faster to build (``make bench``).

    Attributes:
        points: the game points it scored in the hand (the sum of its lines).
        new_bags: the bags the hand adds (a failed nil's tricks, tricks over a made bid,
            less the one the bag-cancelling card cancels).
        set: whether it was set.
        lines: the explanation, one line per step.
        outright: what ends the game at once (a winning moon, a Boston, a double nil that loses).
        opponents_bonus: what every other side scores for this side's failed double nil.
    """

    points: int
    new_bags: int
    set: bool
    lines: tuple[Line, ...]
    outright: Outright = NO_OUTRIGHT
    opponents_bonus: int = 0


#: Steps 1 to 3 for a side: ``(side, bid, taken, took_all, bidders, nils, blind, no_trump, ten, run)``
#: -> the side's score and its contract (see :func:`_side_step`).
SideStep = Callable[..., tuple[SideScore, ContractOutcome | None]]


class SideSteps(NamedTuple):
    """Steps 1 to 3 for a side in one scoring run (:func:`side_steps`).

    Attributes:
        remembered: for a side without a nil: each case is worked out once.
        computed: for a side with a nil, from its contract and its nils (each remembered):
            its cases are too many to remember whole (the tricks of each partner count).
        revoked: for a side whose nils a revoke fails (``revoke_penalty``): as ``computed``, with
            those seats and whether the side counts no tricks (set by a revoke) first:
            ``(failed nils, counts none, side, bid, ...)``.
    """

    remembered: SideStep
    computed: SideStep
    revoked: Callable[..., tuple[SideScore, ContractOutcome | None]]


def side_steps(game: SpadesGame, names: Sequence[str], *, remember: bool = True) -> SideSteps:
    """The side steps of one scoring run of ``game`` (``names``: each side's display name), with
    the contract and the nils steps within them remembered by their facts. Kept for the run
    only: the lines hold the game's names. ``remember=False`` works out every case afresh
    (the tests check that remembering changes nothing)."""
    keep: Callable[[Callable[..., Any]], Callable[..., Any]] = cache if remember else _afresh

    def nils(side: int, facts: NilFacts, partner_bids_number: bool) -> Nils:
        return score_nils(game, side=side, name=names[side], nils=facts, partner_bids_number=partner_bids_number)

    contract = keep(partial(_contract_step, game.rules, names))
    computed = partial(_side_step, game.rules, names, contract, keep(nils))

    def revoked(
        failed: frozenset[int], counts_none: bool, side: int, *facts: Any
    ) -> tuple[SideScore, ContractOutcome | None]:
        def nils_failed(side: int, facts: NilFacts, partner_bids_number: bool) -> Nils:
            nils = score_nils(
                game, side=side, name=names[side], nils=facts, partner_bids_number=partner_bids_number, revoked=failed
            )
            # A side set by a revoke counts no tricks toward its contract, a failed nil's neither.
            return dataclasses.replace(nils, helped=0) if counts_none else nils

        return _side_step(game.rules, names, contract, nils_failed, side, *facts)

    return SideSteps(keep(computed), computed, revoked)


def _afresh(step: Callable[..., Any]) -> Callable[..., Any]:
    """``step`` itself: nothing remembered (see :func:`side_steps`)."""
    return step


def score_sides(
    game: SpadesGame,
    hand: SpadesHand,
    steps: SideSteps,
    names: Sequence[str],
    penalties: Sequence[SidePenalty] | None = None,
) -> list[SideScore]:
    """Every side's played hand before sandbagging: contract, nils, bemo, the blind bonus, the
    bag-cancelling card (``steps``: the run's :func:`side_steps`; ``names``: the sides' names),
    after what the hand's revokes cost each side (``penalties``: :func:`~.revokes.revoke_penalties`,
    ``None`` without revokes), the revokes' lines first."""
    rules, bids, tricks = game.rules, hand.bids, hand.tricks
    assert tricks is not None
    if penalties is not None:
        return _penalised_sides(game, hand, steps, names, penalties)
    if bids is None:  # the first hand bids itself (002)
        return [
            _bids_itself(side, names[side], sum([tricks[seat] for seat in seats]))
            for side, seats in enumerate(game.sides)
        ]
    extras = hand.bemo or hand.bag_cancel is not None or rules.cutthroat_bonus
    scores = []
    for side, seats in enumerate(game.sides):
        bid, taken, all_tricks, bidders, nils = _side_facts(rules, bids, tricks, side, seats)
        score, contract = (steps.computed if nils else steps.remembered)(
            side, bid, taken, all_tricks == rules.tricks, bidders, nils, *_declared(rules, hand, side)
        )
        scores.append(_with_extras(rules, hand, score, contract, side=side, name=names[side]) if extras else score)
    return scores


def _penalised_sides(
    game: SpadesGame, hand: SpadesHand, steps: SideSteps, names: Sequence[str], penalties: Sequence[SidePenalty]
) -> list[SideScore]:
    """:func:`score_sides` for a hand with revokes (``revoke_penalty``): each side's tricks toward its
    bid shifted by the tricks it gave or received, or counting none when it is set, and the nils the
    revokes fail failed; the revokes' lines come first, with the first side's (each names its own
    side, so every side's points are still the sum of its lines; spades.md "Tournament rules")."""
    rules, bids, tricks = game.rules, hand.bids, hand.tricks
    assert tricks is not None
    scores = []
    for side, seats in enumerate(game.sides):
        penalty = penalties[side]
        if bids is None:  # the first hand bids itself: 10 per trick, after the tricks given or received
            counted = 0 if penalty.forced_set else sum([tricks[seat] for seat in seats]) + penalty.shift
            scores.append(_bids_itself(side, names[side], counted))
            continue
        bid, taken, all_tricks, bidders, nils = _side_facts(rules, bids, tricks, side, seats)
        taken += penalty.shift
        all_tricks += penalty.shift
        if penalty.forced_set:
            taken = all_tricks = 0
        facts = (bid, taken, all_tricks == rules.tricks, bidders, nils, *_declared(rules, hand, side))
        if penalty.failed_nils:
            score, contract = steps.revoked(penalty.failed_nils, penalty.forced_set, side, *facts)
        else:
            score, contract = (steps.computed if nils else steps.remembered)(side, *facts)
        if penalty.forced_set and contract is not None and not score.set:
            score = score._replace(set=True)  # a bid of 0 counting no trick is not failed, but the side is set
        extras = hand.bemo or hand.bag_cancel is not None or rules.cutthroat_bonus
        scores.append(_with_extras(rules, hand, score, contract, side=side, name=names[side]) if extras else score)
    # Every revoke's line first, in the order of the revokes by side: what it cost explains the rest.
    first = scores[0]
    scores[0] = first._replace(lines=(*(line for penalty in penalties for line in penalty.lines), *first.lines))
    return scores


def _side_facts(
    rules: SpadesRules, bids: Sequence[Bid], tricks: Sequence[int], side: int, seats: Sequence[int]
) -> tuple[int, int, int, int, NilFacts]:
    """``(bid, taken, all tricks, bidders, nils)`` of ``side`` (its ``seats``) in a checked hand: what
    its number bidders bid and took (with partnership bidding, the side's bid and all its tricks), every
    trick it took, how many bid a number, and its nils."""
    if rules.bidding == "partnership":
        taken = sum([tricks[seat] for seat in seats])
        return bid_tricks(bids[side]), taken, taken, 1, ()
    bid = taken = all_tricks = bidders = 0
    nils: NilFacts = ()
    for seat in seats:
        seat_bid, seat_tricks = bids[seat], tricks[seat]
        all_tricks += seat_tricks
        if type(seat_bid) is int:  # after verify_hand, every word bid is a nil of some kind
            bid += seat_bid
            taken += seat_tricks
            bidders += 1
        else:
            nils += ((seat, seat_bid, seat_tricks),)
    return bid, taken, all_tricks, bidders, nils


def _declared(rules: SpadesRules, hand: SpadesHand, side: int) -> tuple[bool, bool, bool, int]:
    """What ``side`` declared in ``hand``: blind, no trump, 10 for 200 (each a bool), and its
    high-spade run (cut-throat bonus; 0 without it)."""
    run = (hand.high_spade_run[side] if hand.high_spade_run else 0) if rules.cutthroat_bonus else 0
    return side in hand.blind, side in hand.no_trump, side in hand.ten_for_two_hundred, run


def _side_step(
    rules: SpadesRules,
    names: Sequence[str],
    contract_step: Callable[..., tuple[ContractOutcome, tuple[Line, ...], int]],
    nil_step: Callable[[int, NilFacts, bool], Nils],
    side: int,
    bid: int,
    taken: int,
    took_all: bool,
    bidders: int,
    nil_facts: NilFacts,
    *declared: bool | int,
) -> tuple[SideScore, ContractOutcome | None]:
    """Steps 1 to 3 for ``side``: its score before the extras and sandbagging, and its contract
    (``None`` when every player of the side bid a nil).

    Args:
        bid, taken: the tricks its number bidders bid and took; took_all: the side took every
            trick; bidders: how many of its players bid a number; nil_facts: its nils;
            declared: blind, no trump, 10 for 200 (each a bool), its high-spade run.
    """
    # Nils are scored first (a failed nil may help or set the partner) but explained after the contract.
    nils = nil_step(side, nil_facts, bidders > 0) if nil_facts else None
    if not bidders:
        assert nils is not None  # no number bid: every player of the side bid a nil
        outright = _outright(None, nils, side, names[side])
        return _new_tuple(SideScore, (nils.points, nils.bags, False, nils.lines, outright, nils.opponents_bonus)), None
    if nils is None:
        contract, lines, points = contract_step(side, bid, taken, took_all, None, *declared)
        outright = _outright(contract, None, side, names[side])
        return _new_tuple(SideScore, (points, contract.bags, not contract.made, lines, outright, 0)), contract
    # A failed nil matters to the contract only where it sets the partner (fewer cases to remember).
    failed = nils.failed if rules.failed_nil_sets_partner else None
    contract, lines, points = contract_step(side, bid, taken + nils.helped, took_all, failed, *declared)
    outright = NO_OUTRIGHT
    if contract.wins_game or contract.boston or nils.loses_game:  # rare: see _outright
        outright = _outright(contract, nils, side, names[side])
    score = (points + nils.points, contract.bags + nils.bags, not contract.made, lines + nils.lines, outright)
    return _new_tuple(SideScore, (*score, nils.opponents_bonus)), contract


def _contract_step(
    rules: SpadesRules,
    names: Sequence[str],
    side: int,
    bid: int,
    taken: int,
    took_all: bool,
    failed_nil: str | None,
    blind: bool,
    no_trump: bool,
    ten: bool,
    run: int,
) -> tuple[ContractOutcome, tuple[Line, ...], int]:
    """Step 1 for ``side``: its contract decided, and its lines with the cut-throat bonuses and their points.

    Args:
        taken: tricks toward the bid (with a failed nil's that help the partner); took_all:
            the side took every trick; failed_nil: the player whose nil failed, or ``None``;
            blind, no_trump, ten: its declarations; run: its high-spade run (cut-throat bonus).
    """
    name = names[side]
    # Positional, as the cache of decide_contract is quickest to look up that way.
    contract = decide_contract(rules, bid, taken, took_all, blind, no_trump, ten, failed_nil is not None)
    lines = contract_lines(rules, contract, side=side, name=name, failed_nil=failed_nil)
    if rules.cutthroat_bonus:
        lines += cutthroat_bonus_lines(rules, contract, side=side, name=name, run=run)
    return contract, lines, sum([line.points for line in lines])


def _outright(contract: ContractOutcome | None, nils: Nils | None, side: int, name: str) -> Outright:
    """What in this side's hand can end the game at once (for :func:`~.game_end.game_end`)."""
    loses_game = nils.loses_game if nils else None
    if loses_game is None and (contract is None or not (contract.wins_game or contract.boston)):
        return NO_OUTRIGHT
    return Outright(
        wins_game=moon_win_line(contract, side=side, name=name) if contract else None,
        loses_game=loses_game,
        boston=contract is not None and contract.boston,
    )


def _with_extras(
    rules: SpadesRules, hand: SpadesHand, score: SideScore, contract: ContractOutcome | None, *, side: int, name: str
) -> SideScore:
    """``score`` with what follows the contract and the nils in a hand that has any of it: bemo,
    the blind bonus (cut-throat) and the bag-cancelling card."""
    extra = _bemo_lines(hand, side, name) if hand.bemo else []
    if rules.cutthroat_bonus and side in hand.blind:  # cheap checks first: most hands have no bonus
        extra += _blind_doubles(side, name, points=score.points + sum([line.points for line in extra]))
    new_bags = score.new_bags
    if hand.bag_cancel == side and contract is not None and contract.bags > 0:  # a made bid with bags
        new_bags -= 1
        extra.append(_bag_cancelled(rules, side, name))
    if not extra:
        return score
    points = score.points + sum([line.points for line in extra])
    return score._replace(points=points, new_bags=new_bags, lines=(*score.lines, *extra))


def _bids_itself(side: int, name: str, all_tricks: int) -> SideScore:
    """The first hand bids itself: 10 per trick taken, nothing else (``first_hand_bids_itself``)."""
    points = 10 * all_tricks
    text = Text(
        _("%(side)s: the first hand bids itself, 10 × %(tricks)d tricks = %(points)+d"),
        {"side": name, "tricks": all_tricks, "points": points},
    )
    source = KEYS["first_hand_bids_itself"].source
    return SideScore(points, 0, False, (Line(side, points, "first_hand_bids_itself", source, text),))


#: (kind, made) -> the template of a bemo's line.
_BEMO_TEMPLATES: Mapping[tuple[str, bool], str] = MappingProxyType(
    {
        ("little", True): _("%(side)s: little bemo (the first 6 tricks) made, %(points)+d"),
        ("little", False): _("%(side)s: little bemo (the first 6 tricks) failed, %(points)+d"),
        ("big", True): _("%(side)s: big bemo (the first 9 tricks) made, %(points)+d"),
        ("big", False): _("%(side)s: big bemo (the first 9 tricks) failed, %(points)+d"),
    }
)


def _bemo_lines(hand: SpadesHand, side: int, name: str) -> list[Line]:
    """Little bemo (the first 6 tricks) +-60, big bemo (the first 9) +-90, on top of the bid (002 "Bemo")."""
    lines = []
    for bemo in hand.bemo:
        if bemo.side == side:
            value = 60 if bemo.kind == "little" else 90
            points = value if bemo.made else -value
            text = Text(
                _BEMO_TEMPLATES["little" if bemo.kind == "little" else "big", bemo.made],
                {"side": name, "points": points},
            )
            lines.append(Line(side, points, "bemo", KEYS["bemo"].source, text))
    return lines


def _blind_doubles(side: int, name: str, *, points: int) -> list[Line]:
    """With the cut-throat bonuses, a blind bet doubles every point of the hand so far, ``points``
    (002 "Spades for Three Players": Blind); nothing to double, no line."""
    if not points:
        return []
    text = Text(_("%(side)s: blind doubles every point of the hand, %(points)+d"), {"side": name, "points": points})
    return [Line(side, points, "cutthroat_bonus", (Cite(PAGAT, "Spades for Three Players: Blind"),), text)]


def _bag_cancelled(rules: SpadesRules, side: int, name: str) -> Line:
    """The side took the bag-cancelling card: one bag of the hand cancelled (``bag_cancel_card``)."""
    points = -rules.overtrick_value
    text = Text(
        _("%(side)s: took the bag-cancelling card, one bag cancelled, %(points)+d"), {"side": name, "points": points}
    )
    return Line(side, points, "bag_cancel_card", KEYS["bag_cancel_card"].source, text)
