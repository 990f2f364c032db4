"""A Swiss round (``docs/event-record.md``, "The next round": ``swiss``).

Round 1 top half against bottom half; later rounds a maximum-weight perfect matching
(networkx, Edmonds' blossom algorithm) whose weights put, in this order, the fewest rematches,
the least sum of win differences, then pairing by rank order.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from itertools import combinations

from .tables import Pairing, lexicographic, matching


def swiss(
    ranked: Sequence[int],
    wins: Mapping[int, int],
    met: Collection[frozenset[int]],
    had_bye: Collection[int],
    *,
    first: bool,
) -> Pairing:
    """A Swiss round.

    Args:
        ranked: the active teams in current rank order (round 1: seed order).
        wins: each team's wins, byes included (missing: none).
        met: the pairs of teams that have met (a forfeit too).
        had_bye: the teams that have had a bye.
        first: this is round 1.

    With an odd number the bye goes first, to the lowest ranked team without one (round 1: the
    last seed; when every team has had one, the lowest ranked). Round 1 then pairs the top half
    with the bottom half in order (1 v n/2+1, 2 v n/2+2, ...). Later rounds take a maximum-weight
    perfect matching (networkx, Edmonds' blossom algorithm, exact on integer weights) whose weight
    orders, in turn: the fewest rematches (none while a pairing without one exists), the least
    sum of win differences across tables, then the least sum of squared rank distances (pairing
    by rank order: 1 v 2, 3 v 4 among equals). A table lists its better ranked team first; the
    tables go in rank order of their first team.

    Source: docs/event-record.md, "The next round": ``swiss``.
    """
    order = list(dict.fromkeys(ranked))
    bye: tuple[int, ...] = ()
    if len(order) % 2:
        without = [team for team in order if team not in had_bye]
        bye = ((without or order)[-1],)
        order.remove(bye[0])
    half = len(order) // 2
    if first:
        return Pairing(tuple((order[i], order[i + half]) for i in range(half)), bye)
    seen = {frozenset(pair) for pair in met}
    score = [wins.get(team, 0) for team in order]
    count = len(order) + 1
    spread = max(score, default=0) - min(score, default=0) + 1
    edges = []
    for i, j in combinations(range(len(order)), 2):
        cost = lexicographic(
            (frozenset((order[i], order[j])) in seen, count),
            (abs(score[i] - score[j]), count * spread),
            ((j - i) ** 2, count**3),
        )
        edges.append((i, j, cost))
    top = max((cost for _, _, cost in edges), default=0) + 1
    pairs = matching((i, j, top - cost) for i, j, cost in edges)
    return Pairing(tuple((order[i], order[j]) for i, j in sorted(pairs)), bye)


__all__ = ["swiss"]
