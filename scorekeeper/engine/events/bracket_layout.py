"""An elimination's bracket as it stands, laid out for drawing (``docs/event-record.md``, "The next
round": ``single_elimination``, ``double_elimination``).

:func:`bracket_layout` gives every match of the bracket (:mod:`.bracket`) in its section (the
winners' bracket, the losers' bracket, the grand final) and round, where each of its sides comes
from, who sits there after the rounds played and who won it. Pure values: the web app draws them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .bracket import _NOBODY, _UNKNOWN, _bracket, _Match, _replay
from .tables import Result

#: A side with nobody in it: a missing seed (its opponent has a bye), the loser of a bye's match.
NOBODY = _NOBODY
#: A side not decided yet (the match feeding it is still to be played).
UNKNOWN = _UNKNOWN
WINNERS, LOSERS, FINAL = "winners", "losers", "final"


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """One match of an elimination's bracket after the rounds played.

    Attributes:
        section: ``"winners"`` (every match of a single elimination), ``"losers"`` or ``"final"``
            (a double elimination's grand final and its reset).
        round: 0-based round within its section (the final's: 0 the grand final, 1 the reset).
        sources: where each side comes from: ``("seed", entrant)``, ``("winner", match)`` or
            ``("loser", match)``, ``match`` an index into the layout.
        sides: each side's entrant, :data:`NOBODY` (an empty slot: a bye) or :data:`UNKNOWN`.
        winner: the entrant that went through (a bye's team once its round is over), :data:`NOBODY`
            (no entrant on either side; the reset when the grand final needed none) or :data:`UNKNOWN`.
        ready: its two entrants are known and it is not decided: a match of the round to play (or in play).
    """

    section: str
    round: int
    sources: tuple[tuple[str, int], tuple[str, int]]
    sides: tuple[int, int]
    winner: int
    ready: bool


def _sections(matches: Sequence[_Match], double: bool) -> list[tuple[str, int]]:
    """Each match's section and round in it. The winners' bracket: the matches fed by seeds and its
    own winners; the losers' bracket: the rest but (``double``) the last two, the grand final and
    its reset. A match's round is one more than the latest match of its section feeding it (the
    losers' bracket is fed by the winners' too: those feeds start no round)."""
    placed: list[tuple[str, int]] = []
    for index, match in enumerate(matches):
        if double and index >= len(matches) - 2:
            placed.append((FINAL, index - (len(matches) - 2)))
            continue
        sides = (match.first, match.second)
        winners = all(side.kind == "seed" or side.kind == "winner" and placed[side.ref][0] == WINNERS for side in sides)
        section = WINNERS if winners else LOSERS
        feeders = [placed[side.ref][1] for side in sides if side.kind == "winner" and placed[side.ref][0] == section]
        placed.append((section, 1 + max(feeders) if feeders else 0))
    return placed


def bracket_layout(
    seeds: int, played: Sequence[Sequence[Result]], byes_played: Sequence[Sequence[int]], *, double: bool
) -> tuple[BracketMatch, ...]:
    """Every match of the bracket for ``seeds`` entrants after ``played``, in the bracket's order (a
    match after those feeding it): the winners' bracket round by round, then (``double``) the
    losers' bracket, the grand final and the reset. ``()`` for one entrant (no match).

    Args: as :func:`~.bracket.single_elimination` (``byes_played``: each round's byes; a bye whose
    match was not played is a walkover).

    The reset's sides are known only once the losers' bracket's team has won the grand final; when
    the winners' bracket's team won it, the reset is :data:`NOBODY` on both sides (not played).

    Raises:
        ValueError: as :func:`~.bracket.single_elimination` (a played round that is not the bracket's).
    """
    matches = _bracket(seeds, double)
    state = _replay(seeds, played, byes_played, double)
    ready = set(state.ready)
    laid = []
    for index, (match, (section, round_)) in enumerate(zip(matches, _sections(matches, double), strict=True)):
        sides, winner = state.sides[index], state.won[index]
        if match.reset and sides[0] == sides[1] and sides[0] >= 0:
            sides, winner = (NOBODY, NOBODY), NOBODY  # the winners' bracket's team won the grand final
        laid.append(
            BracketMatch(
                section=section,
                round=round_,
                sources=((match.first.kind, match.first.ref), (match.second.kind, match.second.ref)),
                sides=sides,
                winner=winner,
                ready=index in ready,
            )
        )
    return tuple(laid)


__all__ = ["FINAL", "LOSERS", "NOBODY", "UNKNOWN", "WINNERS", "BracketMatch", "bracket_layout"]
