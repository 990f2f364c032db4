"""The next round of an event: what each pairing asks (``docs/event-record.md``, "The next round").

Pure functions of the facts a record holds (who is active, who has met, the results so far); none
stores anything, and each gives the same answer for the same facts (ties are broken by seed or
entrant order, and the one local search is seeded by the history).

- :func:`round_robin`: the circle method's schedule (Berger tables) while the history follows it,
  else a greedy plan of the rest, each round a maximum-weight matching (networkx) of the unmet
  pairs covering first the teams whose unmet opponents bound the rounds left (a few plans with
  other tie-breaks when the first is longer than that bound), so the event ends in as few rounds
  as it allows.
- :func:`swiss`: round 1 top half against bottom half; later rounds a maximum-weight perfect
  matching (networkx, Edmonds' blossom algorithm) whose weights put, in this order, the fewest
  rematches, the least sum of win differences, then pairing by rank order.
- :func:`single_elimination`, :func:`double_elimination`: a bracket of matches fed by seeds,
  winners and losers; a round is every match whose two entrants are known and not yet played.
  :func:`elimination_ranks` ranks by the round reached.
- :func:`rotation`: individual events. Who sits out by count; the tables by a local search
  (swaps of two players) on a cost whose first part is the partners repeated, the second the
  pairs of players who have already shared a table, counted as often as they have (so the
  spread is even); an exact matching (networkx) settles the partners when the search cannot.

Each lives in a module of its own (``round_robin``, ``swiss``, ``bracket``, ``rotation``; the values and
the weighted matching they share in ``tables``); this module names them together.
"""

from __future__ import annotations

from .bracket import double_elimination, elimination_ranks, single_elimination
from .rotation import MU_SEATS, SPADES_SEATS, mu_table_sizes, rotation
from .round_robin import round_robin
from .swiss import swiss
from .tables import Pairing, Result

__all__ = [
    "MU_SEATS",
    "SPADES_SEATS",
    "Pairing",
    "Result",
    "double_elimination",
    "elimination_ranks",
    "mu_table_sizes",
    "rotation",
    "round_robin",
    "single_elimination",
    "swiss",
]
