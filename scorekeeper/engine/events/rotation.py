"""The next round of an individual event (``docs/event-record.md``, "The next round": ``rotation``).

Who sits out by count; the tables by a local search (swaps of two players) on a cost whose
first part is the partners repeated, the second the pairs of players who have already shared a
table, counted as often as they have (so the spread is even); an exact matching (networkx)
settles the partners when the search cannot.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import ceil

from .tables import Pairing, lexicographic, matching

#: Up to how many players an exact matching of partners is tried when the search repeats one
#: (networkx's blossom algorithm in pure Python: about a quarter of a second for 64).
EXACT_PARTNERS = 64

#: Spades tables seat 2, 3 or 4 players (the preset's seats).
SPADES_SEATS = (2, 3, 4)
#: Mü tables seat 3 to 6.
MU_SEATS = (3, 4, 5, 6)


def mu_table_sizes(players: int, preferred: int) -> list[int]:
    """The Mü tables for ``players`` players: sizes 3 to 6 as equal as the count allows, the number
    of tables bringing the average nearest ``preferred`` (on a tie, more and smaller tables);
    ``[]`` below 3 players. Larger tables first.

    Raises:
        ValueError: ``preferred`` is not 3 to 6.
    """
    if preferred not in MU_SEATS:
        raise ValueError(f"a Mü table seats 3 to 6 players, not {preferred}")
    if players < 3:
        return []
    count = min(
        range(ceil(players / 6), players // 3 + 1),
        key=lambda tables: (Fraction(abs(players - preferred * tables), tables), -tables),
    )
    size, larger = divmod(players, count)
    return [size + 1] * larger + [size] * (count - larger)


def rotation(
    players: Sequence[int],
    history: Sequence[Sequence[tuple[int, ...]]],
    sat_out: Mapping[int, int],
    *,
    kind: str,
    seats: int = 4,
    table_size: int = 4,
) -> Pairing:
    """The next round of an individual event: tables formed afresh.

    Args:
        players: the active players' entrant indexes (in entrant order).
        history: each played round's tables, each the players in seat order (withdrawn players too).
        sat_out: the rounds each player has sat out (missing: none).
        kind: ``"spades"`` or ``"mu"``.
        seats: Spades: the preset's seats, 4 (partners: seats 0 + 2 and 1 + 3), 3 or 2 (no partners).
        table_size: Mü: the preferred table size, 3 to 6.

    Spades: as many full tables as the players fill; the rest sit out, those who have sat out
    least first (no one twice before everyone once; among equals those who have played most,
    then the last in entrant order). Mü: tables as :func:`mu_table_sizes` says; no one sits out
    unless there are fewer than 3 players (then all do).

    The tables: a local search (swaps of two players, first improvement, from a greedy start;
    random restarts seeded by the history when stuck) on a cost that is, first, the partners
    repeated (each pair counted as often as it has partnered before) and, second, the pairs at a
    table counted as often as they have shared one before: so no partner is repeated while the
    round allows it, and who shares a table spreads evenly. When the search still repeats
    partners, an exact minimum-weight perfect matching of partners (networkx) is tried. A table
    starts with its first player in entrant order (Spades: partners kept opposite); tables in
    order of their first player.

    Raises:
        ValueError: an unknown ``kind``, or ``seats`` / ``table_size`` out of range.

    Source: docs/event-record.md, "The next round": ``rotation``.
    """
    people = list(dict.fromkeys(players))
    if kind == "spades":
        if seats not in SPADES_SEATS:
            raise ValueError(f"a Spades table seats 2, 3 or 4 players, not {seats}")
        sizes = [seats] * (len(people) // seats)
    elif kind == "mu":
        sizes = mu_table_sizes(len(people), table_size)
    else:
        raise ValueError(f"no rotation for {kind!r}: 'spades' or 'mu'")
    position = {player: index for index, player in enumerate(people)}
    tables_played = Counter(player for round_ in history for table in round_ for player in table)
    sitting = sorted(people, key=lambda p: (sat_out.get(p, 0), -tables_played[p], -position[p]))
    out = set(sitting[: len(people) - sum(sizes)])
    playing = [player for player in people if player not in out]
    partners = kind == "spades" and seats == 4
    arranged = _arrange(len(playing), sizes, _history_counts(playing, history, partners), partners, seed=len(history))
    tables = [_canonical([playing[i] for i in table], partners, position) for table in arranged]
    tables.sort(key=lambda table: position[table[0]])
    return Pairing(tuple(tables), tuple(player for player in people if player in out))


def _canonical(table: list[int], partners: bool, position: Mapping[int, int]) -> tuple[int, ...]:
    """A table's seat order from its first player in entrant order: partners' tables turn round
    (keeping who sits opposite, and the clockwise order); other tables sort."""
    if not partners:
        return tuple(sorted(table, key=position.__getitem__))
    start = table.index(min(table, key=position.__getitem__))
    return tuple(table[start:] + table[:start])


@dataclass(frozen=True, slots=True)
class _Counts:
    """What seating each pair (local indexes) together again costs: the square of how often it
    has shared a table, and of how often it has partnered. Squares spread the repeats: a pair
    together twice before costs 4, two pairs together once each cost 2 in all."""

    table: list[list[int]]
    partner: list[list[int]]


def _history_counts(playing: Sequence[int], history: Sequence[Sequence[tuple[int, ...]]], partners: bool) -> _Counts:
    local = {player: index for index, player in enumerate(playing)}
    size = len(playing)
    table = [[0] * size for _ in range(size)]
    partner = [[0] * size for _ in range(size)]
    for round_ in history:
        for seated in round_:
            here = [local[p] for p in seated if p in local]
            for a, b in combinations(here, 2):
                table[a][b] += 1
                table[b][a] += 1
            if partners and len(seated) == 4:
                for a, b in ((seated[0], seated[2]), (seated[1], seated[3])):
                    if a in local and b in local:
                        partner[local[a]][local[b]] += 1
                        partner[local[b]][local[a]] += 1
    square = [[count * count for count in row] for row in table]
    return _Counts(square, [[count * count for count in row] for row in partner])


def _arrange(count: int, sizes: Sequence[int], counts: _Counts, partners: bool, *, seed: int) -> list[list[int]]:
    """Tables of the given sizes for local players ``0 .. count - 1``, seats in order, minimising
    the cost described in :func:`rotation`."""
    if not sizes:
        return []
    search = _Search(sizes, counts, partners, random.Random(seed * 7919 + count))
    best = search.run(_greedy(count, sizes, counts, partners))
    if partners and search.partner_cost(best) > 0 and count <= EXACT_PARTNERS:
        matched = _exact_partners(count, counts)
        if matched is not None:
            other = search.run(_tables_of_pairs(matched, counts, len(sizes)))
            if search.cost(other) < search.cost(best):
                best = other
    return best


def _greedy(count: int, sizes: Sequence[int], counts: _Counts, partners: bool) -> list[list[int]]:
    """A first arrangement: each table opened by the first player left, then filled with the
    players adding least cost (Spades: the partner first)."""
    left = list(range(count))
    tables: list[list[int]] = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            seat = len(table)

            def added(player: int, table: list[int] = table, seat: int = seat) -> tuple[int, int]:
                partner = 0
                if partners and seat == 1:
                    partner = counts.partner[table[0]][player]
                elif partners and seat == 3:
                    partner = counts.partner[table[2]][player]
                return partner, sum(counts.table[player][other] for other in table)

            choice = min(left, key=added)
            left.remove(choice)
            table.append(choice)
        if partners:
            table = [table[0], table[2], table[1], table[3]]  # the chosen partners sit opposite
        tables.append(table)
    return tables


def _tables_of_pairs(pairs: Sequence[tuple[int, int]], counts: _Counts, number: int) -> list[list[int]]:
    """Four-seat tables from partner pairs: each table the first pair left and the pair least met."""
    left = list(pairs)
    tables = []
    for _ in range(number):
        a, c = left.pop(0)
        choice = min(left, key=lambda pair: sum(counts.table[x][y] for x in (a, c) for y in pair))
        left.remove(choice)
        tables.append([a, choice[0], c, choice[1]])
    return tables


def _exact_partners(count: int, counts: _Counts) -> list[tuple[int, int]] | None:
    """A perfect matching of the players least repeating partners (then least repeating a table),
    by networkx; ``None`` if it cannot make one perfect."""
    most = max((max(row) for row in counts.partner), default=0) + 1
    met = max((max(row) for row in counts.table), default=0) + 1
    edges = []
    for a, b in combinations(range(count), 2):
        cost = lexicographic((counts.partner[a][b], most * count), (counts.table[a][b], met * count))
        edges.append((a, b, cost))
    top = max((cost for _, _, cost in edges), default=0) + 1
    pairs = matching((a, b, top - cost) for a, b, cost in edges)
    return pairs if 2 * len(pairs) == count else None


class _Search:
    """The local search: swaps of two seated players, first improvement, then kicks (a random
    swap of a player in conflict) while the budget lasts, keeping the best arrangement seen."""

    def __init__(self, sizes: Sequence[int], counts: _Counts, partners: bool, rng: random.Random) -> None:
        self.sizes = sizes
        self.counts = counts
        self.partners = partners
        self.rng = rng
        seated = sum(sizes)
        pairs = sum(size * (size - 1) // 2 for size in sizes)
        most = max((max(row) for row in counts.table), default=0)
        self.weight = pairs * most + 1  # one repeated partnership outweighs any table sharing
        self.budget = min(max(5_000, 40 * seated * seated), 250_000)  # swaps tried: a bound on the time

    def partner_cost(self, tables: Sequence[Sequence[int]]) -> int:
        if not self.partners:
            return 0
        partner = self.counts.partner
        return sum(partner[t[0]][t[2]] + partner[t[1]][t[3]] for t in tables)

    def cost(self, tables: Sequence[Sequence[int]]) -> int:
        table = self.counts.table
        shared = sum(table[a][b] for t in tables for a, b in combinations(t, 2))
        return self.weight * self.partner_cost(tables) + shared

    def run(self, start: list[list[int]]) -> list[list[int]]:
        seats = _Seats(start, self.counts, self.partners, self.weight)
        tables, count = seats.tables, seats.count
        spent = 0
        current = self.cost(tables)
        best, best_cost = [list(t) for t in tables], current
        players = list(range(count))
        while True:
            current, spent = self._descend(seats, current, spent)
            if current < best_cost:
                best, best_cost = [list(t) for t in tables], current
            if best_cost == 0 or spent >= self.budget:
                return best
            troubled = [x for x in players if seats.conflict(x) > 0]
            for _ in range(2):
                x = self.rng.choice(troubled)
                y = self.rng.choice(players)
                if y != x:
                    current += seats.delta(x, y)
                    seats.swap(x, y)
            spent += count

    def _descend(self, seats: _Seats, current: int, spent: int) -> tuple[int, int]:
        """Swaps that lower the cost, first improvement, until none does or the budget is spent:
        the cost and the budget spent after."""
        count = seats.count
        players = list(range(count))
        improved = True
        while improved and current > 0 and spent < self.budget:
            improved = False
            troubled = [x for x in players if seats.conflict(x) > 0]
            self.rng.shuffle(troubled)
            for x in troubled:
                if seats.conflict(x) == 0:
                    continue
                others = players[:]
                self.rng.shuffle(others)
                spent += count
                for y in others:
                    if y != x:
                        change = seats.delta(x, y)
                        if change < 0:
                            seats.swap(x, y)
                            current += change
                            improved = True
                            break
        return current, spent


class _Seats:
    """An arrangement the search changes: the tables, where each player sits, and
    ``with_table[x][t]``, how often ``x`` has shared a table before with those now at table ``t``."""

    def __init__(self, start: Sequence[Sequence[int]], counts: _Counts, partners: bool, weight: int) -> None:
        self.tables = [list(t) for t in start]
        self.count = sum(len(t) for t in self.tables)
        self.where = [(0, 0)] * self.count
        for t, table in enumerate(self.tables):
            for s, player in enumerate(table):
                self.where[player] = (t, s)
        self.shared = counts.table
        self.partner = counts.partner
        self.partners = partners
        self.weight = weight
        shared = self.shared
        self.with_table = [[sum(shared[x][o] for o in table) for table in self.tables] for x in range(self.count)]

    def mate(self, x: int) -> int:
        t, s = self.where[x]
        return self.tables[t][s ^ 2]

    def conflict(self, x: int) -> int:
        t, _ = self.where[x]
        own = self.with_table[x][t]
        return own + self.weight * self.partner[x][self.mate(x)] if self.partners else own

    def delta(self, x: int, y: int) -> int:
        """What swapping ``x`` and ``y`` changes the cost by."""
        where, with_table, shared, partner = self.where, self.with_table, self.shared, self.partner
        (tx, sx), (ty, sy) = where[x], where[y]
        change = 0
        if tx != ty:
            change = (
                with_table[y][tx]
                - shared[y][x]
                - with_table[x][tx]
                + with_table[x][ty]
                - shared[x][y]
                - with_table[y][ty]
            )
        elif not self.partners or sx ^ 2 == sy:
            return 0
        if self.partners:
            mx, my = self.tables[tx][sx ^ 2], self.tables[ty][sy ^ 2]
            change += self.weight * (partner[y][mx] + partner[x][my] - partner[x][mx] - partner[y][my])
        return change

    def swap(self, x: int, y: int) -> None:
        where, tables, shared = self.where, self.tables, self.shared
        (tx, sx), (ty, sy) = where[x], where[y]
        tables[tx][sx], tables[ty][sy] = y, x
        where[x], where[y] = (ty, sy), (tx, sx)
        if tx != ty:
            for z in range(self.count):
                row, step = self.with_table[z], shared[z][y] - shared[z][x]
                row[tx] += step
                row[ty] -= step


__all__ = ["EXACT_PARTNERS", "MU_SEATS", "SPADES_SEATS", "mu_table_sizes", "rotation"]
