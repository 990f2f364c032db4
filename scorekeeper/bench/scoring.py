"""Scoring speed. Goal: scoring a 1,000-hand game under 20 µs per hand."""

from __future__ import annotations

import timeit

from scorekeeper.bench.common import NEVER_ENDS, Output, random_hands, verdict
from scorekeeper.engine.spades.game import SpadesGame
from scorekeeper.engine.spades.rules import spades_rules
from scorekeeper.engine.spades.scoring import score_spades

GOAL_US_PER_HAND = 20.0


def run(out: Output) -> None:
    """One line: the best of 20 times (ms) to score a 1,000-hand Spades game, and µs per hand."""
    game = SpadesGame(("Ann", "Bob", "Cat", "Dan"), 0, spades_rules(NEVER_ENDS), tuple(random_hands(1000)))
    score_spades(game)
    runs = 20
    best = min(timeit.repeat(lambda: score_spades(game), number=1, repeat=runs))
    per_hand = best / 1000 * 1e6
    met = per_hand < GOAL_US_PER_HAND
    out.write(
        f"Scoring a 1,000-hand game: {best * 1000:.2f} ms (best of {runs}), "
        f"{per_hand:.1f} µs per hand; goal under {GOAL_US_PER_HAND:.0f} µs: {verdict(met)}"
    )
