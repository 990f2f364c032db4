"""Scoring a Spades game: every hand, every side, every step explained.

Each hand is checked (:mod:`.bidding`), then each side scores its contract
(step 1, :mod:`.contract`), its nils (steps 2 and 3, :mod:`.nils`), bemo and the
other bonuses, and sandbagging (step 4); then the game may end (step 5,
:mod:`.game_end`).

Source: ``docs/rules/spades.md``, "Standard scoring, exactly" (steps 1-5) and
"Rule keys"; Pagat, Spades (002) "Scoring", "Variations in the scoring", "Special
actions / bids", New York City, Barmore, three-player sections; the German rule
sheet (004) "Wertung", "Sandbagging"; a Spades app's rules page (003) "Punktevergabe".
Each :class:`~scorekeeper.engine.sheet.Line` names the rule it applies (its house
rule key, or the scoring step) and its source.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import NamedTuple

from ..errors import RuleError
from ..sheet import HandScore, Line, Sheet
from ..text import Text
from ..text import gettext_noop as _
from .bidding import verify_hand
from .contract import ContractOutcome, contract_lines, cutthroat_bonus_lines, decide_contract, moon_win_line
from .game import SpadesGame, SpadesHand, bid_tricks
from .game_end import Outright, game_end
from .nils import Nils, score_nils
from .rules import SpadesRules
from .sources import DOUBLE_NIL_SOURCE, GAME, SANDBAG, VARIATIONS

__all__ = ["game_end", "score_spades"]


class SideScore(NamedTuple):
    """What one side's hand produced.

    Immutable; a named tuple rather than a frozen dataclass, as :class:`~scorekeeper.engine.sheet.HandScore`
    is: scoring builds one per side and hand, and a tuple is several times faster to build (``make bench``).

    Attributes:
        points: the game points it scored in the hand (the sum of its lines).
        bags: its bag count carried after the hand.
        set: whether it was set.
        lines: the explanation, one line per step.
        outright: what ends the game at once (a winning moon, a Boston, a double nil that loses).
        opponents_bonus: what every other side scores for this side's failed double nil.
    """

    points: int
    bags: int
    set: bool
    lines: tuple[Line, ...]
    outright: Outright = Outright()  # nothing that ends the game
    opponents_bonus: int = 0


def score_spades(game: SpadesGame) -> Sheet:
    """Score every hand of ``game`` and decide whether it is over.

    Returns:
        A :class:`Sheet` with one side per partnership (or per player without
        partners): per hand the points, running totals, bag counts and lines.

    Raises:
        RuleError: tagged with the 0-based ``hand``: a bid or trick count the
            house rules forbid at that moment, or a hand after the game ended.
    """
    names = game.side_names()
    totals = bags = sets_in_a_row = (0,) * len(names)
    hands: list[HandScore] = []
    winner: int | None = None
    end: Line | None = None
    for index, raw in enumerate(game.hands):
        if end is not None:
            assert winner is not None  # a game that ended has a winner
            raise _after_the_end(index, names[winner])
        try:
            hand = verify_hand(game, raw, totals=totals, number=index)
        except RuleError as error:
            raise error.at_hand(index) from None
        if hand.misdeal is not None:
            hands.append(HandScore((0,) * len(names), totals, bags, (_misdeal_note(game, hand, index),)))
            continue
        results = _score_sides(game, hand, names=names, carried=bags)
        points = tuple([result.points for result in results])
        totals = tuple([total + scored for total, scored in zip(totals, points, strict=True)])
        bags = tuple([result.bags for result in results])
        sets = tuple([result.set for result in results])
        sets_in_a_row = tuple([n + 1 if was_set else 0 for n, was_set in zip(sets_in_a_row, sets, strict=True)])
        outright = [result.outright for result in results]
        winner, end, note = game_end(game.rules, totals, names, outright=outright, sets_in_a_row=sets_in_a_row)
        lines = [line for result in results for line in result.lines]
        if note is not None:
            lines.append(note)
        hands.append(HandScore(points, totals, bags, tuple(lines), sets))
    finished = end is not None
    return Sheet(sides=names, hands=tuple(hands), totals=totals, bags=bags, finished=finished, winner=winner, end=end)


def _after_the_end(index: int, winner: str) -> RuleError:
    """Hand ``index`` follows the hand that ended the game (step 5)."""
    text = Text(
        _("The game was already over after hand %(number)d (%(side)s won); no hand can follow it."),
        {"number": index, "side": winner},
    )
    return RuleError(text, hand=index, source=GAME)


def _misdeal_note(game: SpadesGame, hand: SpadesHand, index: int) -> Line:
    """A thrown-in hand: no score, the same dealer deals again (``misdeal``; 002 "Misdeal")."""
    assert hand.misdeal is not None
    text = Text(
        _("Misdeal called by %(player)s: the hand is thrown in, no score; %(dealer)s deals again"),
        {"player": game.players[hand.misdeal], "dealer": game.players[game.dealer_of(index)]},
    )
    return Line(None, 0, "misdeal", "spades.md: misdeal; 002 Misdeal", text)


def _score_sides(
    game: SpadesGame, hand: SpadesHand, *, names: Sequence[str], carried: Sequence[int]
) -> tuple[SideScore, ...]:
    """Every side's score for a played hand, then the bonus a failed double nil gives the opponents."""
    results = tuple(
        [_score_side(game, hand, side=side, name=name, carried=carried[side]) for side, name in enumerate(names)]
    )
    if not any([result.opponents_bonus for result in results]):
        return results
    return tuple(_with_opponents_bonus(results, side, names) for side in range(len(results)))


def _with_opponents_bonus(results: Sequence[SideScore], side: int, names: Sequence[str]) -> SideScore:
    """``side``'s score plus what each other side's failed double nil gives it (002 "Double Nil")."""
    result = results[side]
    for other, other_result in enumerate(results):
        if other_result.opponents_bonus and other != side:
            bonus = other_result.opponents_bonus
            template = _("%(side)s: both players of %(other)s took a trick in their double nil, %(points)+d")
            text = Text(template, {"side": names[side], "other": names[other], "points": bonus})
            line = Line(side, bonus, "double_nil", DOUBLE_NIL_SOURCE, text)
            result = result._replace(points=result.points + bonus, lines=(*result.lines, line))
    return result


def _score_side(game: SpadesGame, hand: SpadesHand, *, side: int, name: str, carried: int) -> SideScore:
    """One side's hand: its contract, nils, bemo, the blind bonus, the bag-cancelling card, then sandbagging.

    Args:
        carried: the side's bag count before the hand.
    """
    rules, seats = game.rules, game.sides[side]
    assert hand.tricks is not None
    all_tricks = sum([hand.tricks[seat] for seat in seats])
    if hand.bids is None:  # the first hand bids itself (002)
        return _bids_itself(side, name, all_tricks)
    bid, taken, bidders, nil_seats = _side_contract(game, hand, side)
    # Nils are scored first (a failed nil may help or set the partner) but explained after the contract.
    nils = score_nils(game, hand, side=side, name=name, nil_seats=nil_seats, bidders=bidders) if nil_seats else None
    lines: list[Line] = []
    contract = None
    if bidders:
        contract = decide_contract(
            rules,
            bid=bid,
            taken=taken + (nils.helped if nils else 0),
            all_tricks=all_tricks,
            blind=side in hand.blind,
            no_trump=side in hand.no_trump,
            declared_ten=side in hand.ten_for_two_hundred,
            nil_failed=nils is not None and nils.failed is not None,
        )
        lines += contract_lines(rules, contract, side=side, name=name, failed_nil=nils.failed if nils else None)
        if rules.cutthroat_bonus:
            run = hand.high_spade_run[side] if hand.high_spade_run else 0
            lines += cutthroat_bonus_lines(rules, contract, side=side, name=name, run=run)
    if nils is not None:
        lines += nils.lines
    if hand.bemo:
        lines += _bemo_lines(hand, side, name)
    if rules.cutthroat_bonus and side in hand.blind:  # cheap checks first: most hands have no bonus
        lines += _blind_doubles(side, name, points=sum([line.points for line in lines]))
    bag_lines, bags = _bags(rules, hand, contract, nils, side=side, name=name, carried=carried)
    lines += bag_lines
    return SideScore(
        sum([line.points for line in lines]),
        bags,
        contract is not None and not contract.made,
        tuple(lines),
        _outright(contract, nils, side=side, name=name),
        nils.opponents_bonus if nils else 0,
    )


def _bags(
    rules: SpadesRules,
    hand: SpadesHand,
    contract: ContractOutcome | None,
    nils: Nils | None,
    *,
    side: int,
    name: str,
    carried: int,
) -> tuple[list[Line], int]:
    """The side's new bags (a failed nil's tricks, tricks over a made bid), less one for the bag-cancelling
    card, then step 4 (sandbagging). Returns the lines and the bag count carried after the hand."""
    lines = []
    new_bags = (nils.bags if nils else 0) + (contract.bags if contract else 0)
    if hand.bag_cancel == side and contract is not None and contract.bags > 0:  # a made bid with bags
        new_bags -= 1
        lines.append(_bag_cancelled(rules, side, name))
    penalty, bags = _sandbag(rules, side=side, name=name, carried=carried, new_bags=new_bags)
    if penalty is not None:
        lines.append(penalty)
    return lines, bags


def _bids_itself(side: int, name: str, all_tricks: int) -> SideScore:
    """The first hand bids itself: 10 per trick taken, nothing else (``first_hand_bids_itself``)."""
    points = 10 * all_tricks
    text = Text(
        _("%(side)s: the first hand bids itself, 10 × %(tricks)d tricks = %(points)+d"),
        {"side": name, "tricks": all_tricks, "points": points},
    )
    source = "spades.md: first_hand_bids_itself; 002 The hand that bids itself"
    return SideScore(points, 0, False, (Line(side, points, "first_hand_bids_itself", source, text),))


def _side_contract(game: SpadesGame, hand: SpadesHand, side: int) -> tuple[int, int, int, list[int]]:
    """``(bid, taken, bidders, nil_seats)`` of ``side``: the tricks it bid and took toward the bid, how many
    of its players bid a number, and the seats that bid a nil (none with partnership bidding)."""
    assert hand.bids is not None and hand.tricks is not None
    seats = game.sides[side]
    if game.rules.bidding == "partnership":
        return bid_tricks(hand.bids[side]), sum([hand.tricks[seat] for seat in seats]), 1, []
    bid = taken = bidders = 0
    nil_seats: list[int] = []
    for seat in seats:
        seat_bid = hand.bids[seat]
        if type(seat_bid) is int:  # after verify_hand, every word bid is a nil of some kind
            bid += seat_bid
            taken += hand.tricks[seat]
            bidders += 1
        else:
            nil_seats.append(seat)
    return bid, taken, bidders, nil_seats


#: A hand that cannot end the game by itself (most hands): one shared value.
_NO_OUTRIGHT = Outright()


def _outright(contract: ContractOutcome | None, nils: Nils | None, *, side: int, name: str) -> Outright:
    """What in this side's hand can end the game at once (for :func:`~.game_end.game_end`)."""
    loses_game = nils.loses_game if nils else None
    if loses_game is None and (contract is None or not (contract.wins_game or contract.boston)):
        return _NO_OUTRIGHT
    return Outright(
        wins_game=moon_win_line(contract, side=side, name=name) if contract else None,
        loses_game=loses_game,
        boston=contract is not None and contract.boston,
    )


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
            lines.append(Line(side, points, "bemo", "spades.md: bemo; 002 Bemo", text))
    return lines


def _blind_doubles(side: int, name: str, *, points: int) -> list[Line]:
    """With the cut-throat bonuses, a blind bet doubles every point of the hand so far, ``points``
    (002 "Spades for Three Players": Blind); nothing to double, no line."""
    if not points:
        return []
    text = Text(_("%(side)s: blind doubles every point of the hand, %(points)+d"), {"side": name, "points": points})
    return [Line(side, points, "cutthroat_bonus", "002 Spades for Three Players: Blind", text)]


def _bag_cancelled(rules: SpadesRules, side: int, name: str) -> Line:
    """The side took the bag-cancelling card: one bag of the hand cancelled (``bag_cancel_card``)."""
    points = -rules.overtrick_value
    text = Text(
        _("%(side)s: took the bag-cancelling card, one bag cancelled, %(points)+d"), {"side": name, "points": points}
    )
    return Line(side, points, "bag_cancel_card", "spades.md: bag_cancel_card; " + VARIATIONS, text)


def _sandbag(rules: SpadesRules, *, side: int, name: str, carried: int, new_bags: int) -> tuple[Line | None, int]:
    """Step 4: every time the bag count reaches the limit, the penalty; the rest carries over.

    Returns:
        ``(penalty line or None, bag count carried after the hand)``.
    """
    bags = carried + new_bags
    line = None
    if new_bags > 0 and rules.bag_penalty_applies and bags >= rules.bag_limit:
        times, bags = divmod(bags, rules.bag_limit)
        points = -rules.bag_penalty * times
        text = Text(
            _("%(side)s: bags reach %(reached)d, %(points)+d; %(left)d carried over"),
            {"side": name, "reached": carried + new_bags, "left": bags, "points": points},
        )
        line = Line(side, points, "bag_limit", SANDBAG, text)
    return line, max(bags, 0)
