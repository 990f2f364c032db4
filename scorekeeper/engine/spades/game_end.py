"""Step 5 of Spades scoring: whether the game is over after a hand, who won, and why.

Source: ``docs/rules/spades.md``, "Standard scoring, exactly" 5 and the keys
``win_on``, ``lose_at``, ``moon_wins_game``, ``boston_wins``, ``set_twice_loses``
(``consecutive_sets_to_lose``) and ``double_nil_penalty``; Pagat, Spades (002)
"Scoring", "Variations in the scoring", "New York City rules"; 003 "Punktevergabe".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..sheet import Line
from ..source import APP_RULES, Cite, Source
from ..text import Text
from ..text import gettext_noop as _
from .rules import KEYS, SpadesRules, key_row
from .sources import GAME, VARIATIONS

_LOSERS: Source = (key_row("set_twice_loses", "set_twice_loses, double_nil"),)
_BOSTON: Source = (key_row("boston_wins"),)
_OVER_THE_TARGET = (key_row("win_on"), Cite(APP_RULES, "Punktevergabe"))
_FALLEN = (key_row("lose_at"), *VARIATIONS)


@dataclass(frozen=True, slots=True)
class Outright:
    """What a side's hand did that can end the game whatever the scores.

    Attributes:
        wins_game: the line of a made moon that wins the game (``moon_wins_game``), or ``None``.
        loses_game: the line of a failed double nil that loses it (``double_nil_penalty``), or ``None``.
        boston: the side bid 10 or more and took every trick (wins with ``boston_wins``).
    """

    wins_game: Line | None = None
    loses_game: Line | None = None
    boston: bool = False


def game_end(
    rules: SpadesRules,
    totals: Sequence[int],
    names: Sequence[str],
    *,
    outright: Sequence[Outright] = (),
    sets_in_a_row: Sequence[int] = (),
    sets_in_all: Sequence[int] = (),
) -> tuple[int | None, Line | None, Line | None]:
    """Decide whether the game is over at ``totals`` (step 5 and the keys in the module docstring).

    A hand that wins or loses the game outright decides first (if several sides
    win outright, or every side loses, the higher score wins). Then the sides that
    reached the target compete: the highest wins, a tie at the top plays another
    hand. Otherwise, with ``lose_at``, a side at or below it loses.

    Args:
        totals: each side's total after the hand; names: each side's display name.
        outright: per side, what its hand did that ends the game at once (``()``: nothing, for any side).
        sets_in_a_row: per side, how many hands in a row it has been set (``()``: not counted).
        sets_in_all: per side, how many hands of the game it has been set (``sets_to_lose``; ``()``: not counted).

    Returns:
        ``(winner, end, note)``: the winning side or ``None``; the line saying
        why the game ended or ``None``; a note for the hand's lines (the end,
        or "tie: play another hand") or ``None``.
    """
    counted = (rules.set_twice_loses and sets_in_a_row) or (rules.sets_to_lose and sets_in_all)
    if not outright and not counted:  # most hands: the score alone decides
        low, high = quiet_totals(rules)
        for total in totals:
            if not low < total < high:
                break
        else:
            return None, None, None  # nobody reached the target, nobody fell to lose_at: no contenders
        contenders, source = _by_the_score(rules, totals)
        return _winner(totals, names, contenders, source=source, reason=None) if contenders else (None, None, None)
    wins = _outright_wins(rules, outright, names)
    losers, reason = _outright_losers(rules, outright, names, sets_in_a_row=sets_in_a_row, sets_in_all=sets_in_all)
    if wins:
        # Kept as it was (a known quirk): a side with both a winning moon and a Boston is listed
        # twice, so it "ties" with itself and another hand is played.
        contenders, source, reason = [side for side, _line in wins], GAME, wins[0][1]
    elif losers:
        contenders = [side for side in range(len(totals)) if side not in losers] or list(range(len(totals)))
        source = _LOSERS
        reason = reason or next(line for side in sorted(losers) if (line := outright[side].loses_game))
    else:
        contenders, source = _by_the_score(rules, totals)
    if not contenders:
        return None, None, None
    return _winner(totals, names, contenders, source=source, reason=reason)


def quiet_totals(rules: SpadesRules) -> tuple[float, int]:
    """``(low, high)``: a side's total above ``low`` and below ``high`` has not reached the target
    (``win_on``) nor fallen to ``lose_at``; with every side's there and nothing outright, step 5
    ends no game (:func:`game_end` returns ``(None, None, None)``)."""
    high = rules.target if rules.win_on == "reach" else rules.target + 1
    return (-math.inf if rules.lose_at is None else rules.lose_at), high


def _outright_wins(rules: SpadesRules, outright: Sequence[Outright], names: Sequence[str]) -> list[tuple[int, Line]]:
    """The sides that win at once, with the line saying why: made moons first, then Bostons
    (``boston_wins``; 002 "New York City rules"). A side's moon line goes before its Boston line."""
    wins = [(side, line) for side, facts in enumerate(outright) if (line := facts.wins_game)]
    if rules.boston_wins:
        for side, facts in enumerate(outright):
            if facts.boston:
                text = Text(
                    _("%(side)s bid 10 or more and took every trick (Boston): the game is won"), {"side": names[side]}
                )
                wins.append((side, facts.wins_game or Line(side, 0, "boston_wins", _BOSTON, text)))
    return wins


def _outright_losers(
    rules: SpadesRules,
    outright: Sequence[Outright],
    names: Sequence[str],
    *,
    sets_in_a_row: Sequence[int],
    sets_in_all: Sequence[int] = (),
) -> tuple[set[int], Line | None]:
    """The sides that lose at once: a double nil that loses the game, set too many hands in a row
    (``set_twice_loses``; 002 "New York City rules") or in all (``sets_to_lose``; 005); with the
    line of the last side set too often."""
    losers = {side for side, facts in enumerate(outright) if facts.loses_game}
    reason: Line | None = None
    if rules.set_twice_loses and sets_in_a_row:
        for side, sets in enumerate(sets_in_a_row):
            if sets >= rules.consecutive_sets_to_lose:
                losers.add(side)
                text = Text(
                    _("%(side)s set %(count)d times in a row: the game is lost"), {"side": names[side], "count": sets}
                )
                reason = Line(side, 0, "set_twice_loses", KEYS["set_twice_loses"].source, text)
    if rules.sets_to_lose and sets_in_all:
        for side, sets in enumerate(sets_in_all):
            if sets >= rules.sets_to_lose and side not in losers:
                losers.add(side)
                text = Text(
                    _("%(side)s set %(count)d times in the game: the game is lost"),
                    {"side": names[side], "count": sets},
                )
                reason = Line(side, 0, "sets_to_lose", KEYS["sets_to_lose"].source, text)
    return losers, reason


def _by_the_score(rules: SpadesRules, totals: Sequence[int]) -> tuple[list[int], Source]:
    """The sides that reached the target (``win_on``: reach or go over it); if none, with ``lose_at``,
    every side but those at or below it (002 "Variations in the scoring"). Returns the contenders and the source."""
    sides = range(len(totals))
    target = rules.target
    if rules.win_on == "reach":
        contenders = [side for side, total in enumerate(totals) if total >= target]
    else:
        contenders = [side for side, total in enumerate(totals) if total > target]
    source = GAME if rules.win_on == "reach" else _OVER_THE_TARGET
    if not contenders and rules.lose_at is not None:
        fallen = [side for side in sides if totals[side] <= rules.lose_at]
        if fallen:
            contenders = [side for side in sides if side not in fallen] or list(sides)
            source = _FALLEN
    return contenders, source


def _winner(
    totals: Sequence[int], names: Sequence[str], contenders: Sequence[int], *, source: Source, reason: Line | None
) -> tuple[int | None, Line | None, Line | None]:
    """The highest total among ``contenders`` wins; a tie at the top plays another hand (step 5).

    The end line names ``source``; when ``reason`` is another side's line (it
    lost the game), that line's rule and words come first.
    """
    best = max(totals[side] for side in contenders)
    leaders = [side for side in contenders if totals[side] == best]
    if len(leaders) > 1:
        text = Text(
            _("%(sides)s are tied at %(score)d: play another hand"),
            {"sides": " / ".join(names[side] for side in leaders), "score": best},
        )
        return None, None, Line(None, 0, "game", GAME, text)
    winner = leaders[0]
    text = Text(_("%(side)s win the game with %(score)d"), {"side": names[winner], "score": best})
    end = Line(winner, 0, "game", source, text)
    if reason is not None and reason.side != winner:
        # Say why first (the loser's line), then who wins.
        end = Line(
            winner,
            0,
            reason.rule,
            reason.source,
            Text(_("%(reason)s; %(winner)s"), {"reason": reason.text, "winner": text}),
        )
    return winner, end, end
