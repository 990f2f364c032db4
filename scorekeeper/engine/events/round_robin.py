"""The next round of a round robin (``docs/event-record.md``, "The next round": ``round_robin``).

The circle method's schedule (Berger tables) while the history follows it, else a greedy plan
of the rest, each round a maximum-weight matching (networkx) of the unmet pairs covering first
the teams whose unmet opponents bound the rounds left (a few plans with other tie-breaks when
the first is longer than that bound), so the event ends in as few rounds as it allows.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from itertools import combinations
from math import ceil

from .tables import Pairing, lexicographic, matching


def _circle(teams: Sequence[int]) -> list[list[tuple[int, int]]]:
    """The circle method's schedule (Berger tables) of ``teams``: ``n - 1`` rounds (``n`` if odd),
    each a list of pairs, every pair once. With an odd count a dummy is fixed first and its
    partner of the round has the bye (round 1: the last seed)."""
    wheel: list[int | None] = [None, *teams] if len(teams) % 2 else list(teams)
    size = len(wheel)
    rounds = []
    for _ in range(size - 1):
        pairs = [(wheel[i], wheel[size - 1 - i]) for i in range(size // 2)]
        rounds.append([(a, b) for a, b in pairs if a is not None and b is not None])
        wheel = [wheel[0], wheel[-1], *wheel[1:-1]]
    return rounds


def _rest_of(
    schedule: list[list[tuple[int, int]]], active: set[int], unmet: set[frozenset[int]]
) -> list[list[tuple[int, int]]] | None:
    """The rounds of ``schedule`` still to play among ``active`` when the history follows it: every
    round either played whole or not at all, and those not played being exactly the unmet pairs.
    ``None`` when the history does not follow it."""
    rest: list[list[tuple[int, int]]] = []
    covered: set[frozenset[int]] = set()
    for round_ in schedule:
        pairs = [(a, b) for a, b in round_ if a in active and b in active]
        open_ = [frozenset(pair) in unmet for pair in pairs]
        if any(open_) and not all(open_):
            return None
        if pairs and all(open_):
            rest.append(pairs)
            covered.update(frozenset(pair) for pair in pairs)
    return rest if covered == unmet else None


def _rounds_bound(teams: Sequence[int], unmet: Collection[frozenset[int]]) -> int:
    """A lower bound on the rounds left: the most unmet opponents of a team, and the unmet pairs
    over the tables a round can hold (half the teams with an opponent left)."""
    degree = Counter(team for pair in unmet for team in pair)
    playing = sum(1 for team in teams if degree[team])
    return max(max(degree.values(), default=0), ceil(len(unmet) / max(playing // 2, 1)))


#: Round robin off the circle's schedule: how many greedy plans to try (each with other
#: tie-breaks) for one as short as the bound, and how many matchings all of them may take.
PLANS = 8
PLAN_STEPS = 160


def round_robin(active: Sequence[int], met: Collection[frozenset[int]], byes: Mapping[int, int]) -> Pairing | None:
    """The next round of a round robin, or ``None`` once every pair of active teams has met.

    Args:
        active: the active teams' indexes, in seed order.
        met: the pairs of teams that have met (a forfeit too), withdrawn teams' included.
        byes: the byes each team has had (missing: none).

    Every pair meets exactly once, a team at most once a round; with an odd number of active teams
    one has a bye each round; the event ends in as few rounds as the history allows.

    While the history follows the circle method's schedule (Berger tables) of the active teams, or
    of every team that has played (after a withdrawal), and what is left of it takes no more rounds
    than a bound allows (the most unmet opponents of a team; the unmet pairs over the tables a
    round holds), its next round is played. Otherwise
    (a late entrant, a withdrawal that breaks it) the rest of the event is planned greedily, one
    round at a time: a maximum-weight matching (networkx) of the unmet pairs covering first every
    team with as many unmet opponents as the bound on the rounds left, then as many teams as it
    can, then the teams with the most byes (the bye goes to one with the fewest), then those with
    the most unmet opponents. When that plan is longer than the bound, others are tried with
    other tie-breaks (drawn from the unmet pairs, so a plan's rest is found again next round) and
    the shortest is played. ``bye``: every active team without a table (a team with no unmet
    opponent left waits, and the record counts that as a bye).

    Source: docs/event-record.md, "The next round": ``round_robin``.
    """
    teams = list(dict.fromkeys(active))
    present = set(teams)
    seen = {frozenset(pair) for pair in met}
    unmet = {frozenset(pair) for pair in combinations(teams, 2)} - seen
    if not unmet:
        return None
    bound = _rounds_bound(teams, unmet)
    everyone = sorted(present | {team for pair in seen for team in pair})
    circles = [plan for order in (teams, everyone) if (plan := _rest_of(_circle(order), present, unmet))]
    circle = min(circles, key=len, default=None)
    if circle is not None and len(circle) <= bound:
        chosen: Sequence[tuple[int, ...]] = circle[0]
    else:
        plan = _round_robin_plan(teams, unmet, byes, bound)
        chosen = circle[0] if circle is not None and len(circle) <= len(plan) else plan[0]
    return _teams_pairing(teams, chosen)


def _round_robin_plan(
    teams: Sequence[int], unmet: Collection[frozenset[int]], byes: Mapping[int, int], bound: int
) -> list[list[tuple[int, int]]]:
    """The shortest of the greedy plans tried (see :func:`round_robin`): each round's pairs."""
    best: list[list[tuple[int, int]]] = []
    steps = 0
    for attempt in range(PLANS):
        plan: list[list[tuple[int, int]]] = []
        left, had = set(unmet), Counter({team: byes.get(team, 0) for team in teams})
        while left:
            round_ = _round_robin_step(teams, left, had, attempt)
            plan.append(round_)
            left -= {frozenset(pair) for pair in round_}
            had.update(set(teams) - {team for pair in round_ for team in pair})
            steps += 1
        if not best or len(plan) < len(best):
            best = plan
        if len(best) <= bound or steps >= PLAN_STEPS:
            break
    return best


def _round_robin_step(
    teams: Sequence[int], unmet: Collection[frozenset[int]], byes: Mapping[int, int], attempt: int
) -> list[tuple[int, int]]:
    """One round of unmet pairs (see :func:`round_robin`); ``attempt`` above 0 breaks ties by lot,
    drawn from the unmet pairs and the attempt alone."""
    position = {team: index for index, team in enumerate(teams)}
    pairs = sorted(tuple(sorted(position[team] for team in pair)) for pair in unmet)
    bound = _rounds_bound(teams, unmet)
    degree = Counter(team for pair in unmet for team in pair)
    size = len(teams) + 1
    lot = random.Random(f"{attempt} {pairs}") if attempt else None
    most_byes = max((byes.get(team, 0) for team in teams), default=0) + 1
    edges = []
    for i, j in pairs:
        a, b = teams[i], teams[j]
        critical = (degree[a] >= bound) + (degree[b] >= bound)
        weight = lexicographic(
            (critical, 2 * size),
            (1, size),
            (lot.randrange(size) if lot else 0, size * size),
            (byes.get(a, 0) + byes.get(b, 0), size * most_byes * 2),
            (degree[a] + degree[b], size * size * 2),
        )
        edges.append((i, j, weight))
    return [(teams[i], teams[j]) for i, j in matching(edges, maxcardinality=False)]


def _teams_pairing(teams: Sequence[int], tables: Iterable[tuple[int, ...]]) -> Pairing:
    """Tables in seed order of their first team; ``bye``: the other teams, in seed order."""
    position = {team: index for index, team in enumerate(teams)}
    ordered = sorted((tuple(sorted(table, key=position.__getitem__)) for table in tables), key=lambda t: position[t[0]])
    seated = {team for table in ordered for team in table}
    return Pairing(tuple(ordered), tuple(team for team in teams if team not in seated))


__all__ = ["PLANS", "PLAN_STEPS", "round_robin"]
