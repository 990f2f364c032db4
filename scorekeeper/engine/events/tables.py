"""The values a pairing gives and takes (:class:`Pairing`, :class:`Result`), and the weighted matching
the pairings share (``docs/event-record.md``, "The next round").

networkx has no type information: its functions are untyped here, and what they return is
read with care.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import networkx as nx


@dataclass(frozen=True, slots=True)
class Pairing:
    """The next round's tables: each table's entrants (teams: the two teams; individual: players in seat order),
    and the entrants with a bye (teams) or sitting out (individual).

    ``bye`` holds every active entrant without a table this round, in entrant order (the record's
    ``bye``, docs/event-record.md "A round"): in an elimination, the teams whose next match waits
    for another to be played are there too.
    """

    tables: tuple[tuple[int, ...], ...]
    bye: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Result:
    """One table's counted result: its entrants and the winner (an entrant index), in a played round."""

    entrants: tuple[int, ...]
    winner: int


def lexicographic(*parts: tuple[int, int]) -> int:
    """One integer weight ordering by the parts in turn: each part is ``(value, bound)`` with
    ``0 <= value < bound``, where ``bound`` is above any sum a matching can make of that part."""
    weight = 0
    for value, bound in parts:
        weight = weight * bound + value
    return weight


def matching(edges: Iterable[tuple[int, int, int]], *, maxcardinality: bool = True) -> list[tuple[int, int]]:
    """A maximum-weight matching (networkx, integer weights: exact); with ``maxcardinality``, the
    heaviest of those with the most pairs."""
    graph = nx.Graph()
    for u, v, weight in edges:
        graph.add_edge(u, v, weight=weight)
    pairs: set[tuple[int, int]] = nx.max_weight_matching(graph, maxcardinality=maxcardinality, weight="weight")
    return sorted((min(u, v), max(u, v)) for u, v in pairs)


__all__ = ["Pairing", "Result", "lexicographic", "matching"]
