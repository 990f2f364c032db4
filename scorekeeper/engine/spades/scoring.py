"""Scoring a Spades game: every hand, every side, every step explained.

Each hand is checked (:mod:`.bidding`), then each side scores its contract
(step 1, :mod:`.contract`), its nils (steps 2 and 3, :mod:`.nils`), bemo and the
other bonuses (:mod:`.side`), then sandbagging (step 4, with the bags carried);
then the game may end (step 5, :mod:`.game_end`).

Source: ``docs/rules/spades.md``, "Standard scoring, exactly" (steps 1-5) and
"Rule keys"; Pagat, Spades (002) "Scoring", "Variations in the scoring", "Special
actions / bids", New York City, Barmore, three-player sections; the German rule
sheet (004) "Wertung", "Sandbagging"; a Spades app's rules page (003) "Punktevergabe".
Each :class:`~scorekeeper.engine.sheet.Line` names the rule it applies (its house
rule key, or the scoring step) and its source.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache, partial
from operator import add

from ..errors import RuleError
from ..limits import LimitRules, limit_end, limit_state, verify_time_called
from ..sheet import HandScore, Line, Sheet
from ..text import Text
from ..text import gettext_noop as _
from .bidding import HandCheck, hand_check
from .game import SpadesGame, SpadesHand
from .game_end import game_end, quiet_totals
from .plain import PlainSides, plain_sides
from .revokes import hand_revokes, revoke_penalties
from .rules import KEYS, SpadesRules
from .side import NO_OUTRIGHT, SideScore, SideSteps, score_sides, side_steps
from .sources import GAME, SANDBAG

__all__ = ["game_end", "score_spades"]

#: Builds a named tuple from a tuple of its fields, as its ``_make`` does: a hand's score is
#: built once per hand, and this is about twice as fast as calling the class (``make bench``).
_new_tuple = tuple.__new__


def score_spades(game: SpadesGame) -> Sheet:
    """Score every hand of ``game`` and decide whether it is over.

    Returns:
        A :class:`Sheet` with one side per partnership (or per player without partners): per hand
        the points, running totals, bag counts and lines; with a hand or time limit, its ``limit``.

    Raises:
        RuleError: tagged with the 0-based ``hand``: a bid, trick count, revoke or time called the house
            rules forbid at that moment, or a hand after the game ended.
    """
    rules, names = game.rules, game.side_names()
    check = hand_check(game)
    steps, plain, penalty = table_memory(rules, game.players)
    totals = bags = sets_in_a_row = sets_in_all = (0,) * len(names)
    nothing_outright, counts_sets = (NO_OUTRIGHT,) * len(names), rules.set_twice_loses or rules.sets_to_lose > 0
    low, high = quiet_totals(rules)  # totals between these end no game by the score
    limits = limit_rules(rules)
    played, called, reached = 0, None, False  # the hand limit's count, the hand time was called in
    hands: list[HandScore] = []
    winner: int | None = None
    end: Line | None = None
    for index, raw in enumerate(game.hands):
        if end is not None:
            assert winner is not None  # a game that ended has a winner
            raise _after_the_end(index, names[winner])
        if raw.time_called:
            called = _time_called(limits, index, called, misdeal=raw.misdeal is not None, reached=reached)
        scores = _side_scores(game, check, steps, plain, raw, totals, index)
        if isinstance(scores, Line):  # a misdeal: no score, and no hand toward the hand limit
            hands.append(HandScore((0,) * len(names), totals, bags, (scores,)))
            continue
        played += 1
        reached = reached or played == limits.hand_limit or called is not None
        # Steps 1-3 and the bonuses for every side, field by field (a SideScore is a tuple), then step 4.
        points, new_bags, sets, side_lines, outright, bonus = zip(*scores, strict=False)  # six fields each
        bags = tuple(map(add, bags, new_bags))
        for side_bags in bags:
            if side_bags >= rules.bag_limit:  # else no side reaches the bag limit
                points, bags, side_lines = _sandbag(rules, penalty, points, bags, new_bags, side_lines)
                break
        if any(bonus):
            points, side_lines = _opponents_bonus(names, bonus, points, side_lines)
        totals = tuple(map(add, totals, points))
        if counts_sets:  # only those rules count the sets
            sets_in_a_row, sets_in_all = _sets_counted(sets_in_a_row, sets_in_all, sets)
        lines: tuple[Line, ...] = sum(side_lines, ())
        # Most hands are quiet: no side at the target or lose_at, nothing outright, no sets counted, no limit.
        if not (outright == nothing_outright and not counts_sets and not reached and _quiet(totals, low, high)):
            outright = () if outright == nothing_outright else outright
            winner, end, note = game_end(
                rules, totals, names, outright=outright, sets_in_a_row=sets_in_a_row, sets_in_all=sets_in_all
            )
            if end is None and reached:  # the limit: the highest total wins, tied: one more hand
                winner, end, note = limit_end(limits, totals, names, by_time=called is not None)
            lines = lines if note is None else (*lines, note)
        hands.append(_new_tuple(HandScore, (points, totals, bags, lines, sets)))
    limit = limit_state(limits, played=played, time_called=called, reached=reached)
    return Sheet(names, tuple(hands), totals, bags, end is not None, winner, end, limit)


def _time_called(limits: LimitRules, index: int, before: int | None, *, misdeal: bool, reached: bool) -> int:
    """Hand ``index``, marked ``time_called``, checked (:func:`~..limits.verify_time_called`): time is called in it."""
    verify_time_called(limits, index=index, called_before=before, misdeal=misdeal, reached=reached)
    return index


def _quiet(totals: tuple[int, ...], low: float, high: int) -> bool:
    """Whether every side's total is above ``low`` and below ``high`` (:func:`~.game_end.quiet_totals`)."""
    for total in totals:
        if not low < total < high:
            return False
    return True


def _side_scores(
    game: SpadesGame,
    check: HandCheck,
    steps: SideSteps,
    plain: PlainSides | None,
    raw: SpadesHand,
    totals: tuple[int, ...],
    index: int,
) -> list[SideScore] | Line:
    """Every side's score of hand ``index`` before sandbagging, or the note of a misdeal: a plain hand
    (``plain``) checked and scored at once, any other checked first (:func:`_checked_sides`).

    Raises:
        RuleError: tagged with the hand.
    """
    if plain and not raw.revokes and not raw.time_called and (raw.play is None or game.rules.revoke_penalty == "none"):
        scores = plain(raw)
        if scores is not None:
            return scores
    return _checked_sides(game, check, steps, raw, totals, index)


def _sets_counted(
    in_a_row: tuple[int, ...], in_all: tuple[int, ...], sets: Sequence[bool]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each side's sets in a row and in all (``set_twice_loses``, ``sets_to_lose``) after a hand
    whose ``sets`` say which sides were set."""
    return (
        tuple([n + 1 if was_set else 0 for n, was_set in zip(in_a_row, sets, strict=True)]),
        tuple([n + 1 if was_set else n for n, was_set in zip(in_all, sets, strict=True)]),
    )


@lru_cache(maxsize=32)
def limit_rules(rules: SpadesRules) -> LimitRules:
    """The hand and time limits of ``rules`` (spades.md "Tournament rules")."""
    return LimitRules(rules.hand_limit, rules.time_limit, KEYS["hand_limit"].source, KEYS["time_limit"].source)


@lru_cache(maxsize=32)
def table_memory(
    rules: SpadesRules, players: tuple[str, ...]
) -> tuple[SideSteps, PlainSides | None, Callable[[int, int], Line]]:
    """What scoring remembers for a table (its house ``rules`` and ``players``): the side steps
    (:func:`~.side.side_steps`), the scorer of plain hands (:func:`~.plain.plain_sides`) and each
    side's bag penalty explained by its bag count.

    Everything in it is a pure function of the rules and the names, so it is kept across runs,
    for the last 32 tables: a table's game is scored again after every tap, and a long game then
    costs only the hands whose cases the table has not met yet. Each part holds a line per case
    met, and the cases are few (a side's bid and tricks, its nils), so a table's memory is small.
    """
    table = SpadesGame(players, 0, rules, ())  # the dealer and the hands play no part in a case
    names = table.side_names()
    steps = side_steps(table, names)
    penalty = cache(partial(_penalty_line, rules, names))  # each (side, bag count) explained once
    return steps, plain_sides(table, steps), penalty


def _checked_sides(
    game: SpadesGame, check: HandCheck, steps: SideSteps, raw: SpadesHand, totals: tuple[int, ...], index: int
) -> list[SideScore] | Line:
    """Every side's score of hand ``index`` (:func:`~.side.score_sides`) once it is checked
    (``check``: :func:`~.bidding.hand_check`), or the note of a misdeal.

    Raises:
        RuleError: tagged with the hand.
    """
    try:
        hand = check(raw, totals, index)
    except RuleError as error:
        raise error.at_hand(index) from None
    if hand.misdeal is not None:
        return _misdeal_note(game, hand, index)
    revokes = hand_revokes(game, index, hand) if game.rules.revoke_penalty != "none" else ()
    penalties = revoke_penalties(game, hand, revokes) if revokes else None
    return score_sides(game, hand, steps, game.side_names(), penalties)


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
    return Line(None, 0, "misdeal", KEYS["misdeal"].source, text)


def _sandbag(
    rules: SpadesRules,
    penalty: Callable[[int, int], Line],
    points: Sequence[int],
    reached: Sequence[int],
    new_bags: Sequence[int],
    lines: Sequence[tuple[Line, ...]],
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[Line, ...], ...]]:
    """Step 4 for every side: every time its bag count (``reached`` with the hand's ``new_bags``)
    reaches the limit, the penalty (``penalty``: :func:`_penalty_line` of the run); the rest carries
    over. Returns each side's points, bag count carried after the hand and lines."""
    if not rules.bag_penalty_applies:
        return tuple(points), tuple(reached), tuple(lines)
    points, bags, lines = list(points), list(reached), list(lines)
    for side, count in enumerate(reached):
        if new_bags[side] > 0 and count >= rules.bag_limit:
            line = penalty(side, count)
            points[side] += line.points
            bags[side] = count % rules.bag_limit
            lines[side] = (*lines[side], line)
    return tuple(points), tuple(bags), tuple(lines)


def _opponents_bonus(
    names: Sequence[str], bonus: Sequence[int], points: Sequence[int], lines: Sequence[tuple[Line, ...]]
) -> tuple[tuple[int, ...], tuple[tuple[Line, ...], ...]]:
    """Each side's points and lines plus what each other side's failed double nil (``bonus``: what it
    gives every other side) gives it (002 "Double Nil")."""
    points, lines = list(points), list(lines)
    for side, name in enumerate(names):
        for other, other_bonus in enumerate(bonus):
            if other_bonus and other != side:
                template = _("%(side)s: both players of %(other)s took a trick in their double nil, %(points)+d")
                text = Text(template, {"side": name, "other": names[other], "points": other_bonus})
                points[side] += other_bonus
                lines[side] = (*lines[side], Line(side, other_bonus, "double_nil", KEYS["double_nil"].source, text))
    return tuple(points), tuple(lines)


def _penalty_line(rules: SpadesRules, names: Sequence[str], side: int, reached: int) -> Line:
    """Step 4: ``side``'s bags reach ``reached``, at or over the limit: the penalty for every time
    they reach it, and what is left carries over."""
    times, left = divmod(reached, rules.bag_limit)
    points = -rules.bag_penalty * times
    text = Text(
        _("%(side)s: bags reach %(reached)d, %(points)+d; %(left)d carried over"),
        {"side": names[side], "reached": reached, "left": left, "points": points},
    )
    return Line(side, points, "bag_limit", SANDBAG, text)
