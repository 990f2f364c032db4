"""``manage.py bench`` (``make bench``): scoring speed and SQL query counts.

Goals (issue "A Spades score sheet"): scoring a 1,000-hand game under 20 µs per
hand; the sheet page and saving a hand make the same number of queries for a
10-hand and a 200-hand game. Runs on a throwaway test database.
"""

from __future__ import annotations

import random
import timeit
from typing import Any

from django.core.management.base import BaseCommand
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext, setup_test_environment, teardown_test_environment
from django.urls import reverse

from scorekeeper.engine.spades.game import SpadesGame, SpadesHand
from scorekeeper.engine.spades.rules import spades_rules
from scorekeeper.engine.spades.scoring import score_spades

GOAL_US_PER_HAND = 20.0
NEVER_ENDS = {"preset": "standard", "target": 10**9, "blind_nil_min_deficit": 0}


def random_hands(count: int, seed: int = 1) -> list[SpadesHand]:
    """``count`` legal hands with numbers, nils and blind nils, reproducibly random."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        cuts = sorted(rng.randint(0, 13) for _ in range(3))
        tricks = (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2])
        bids = tuple(rng.choice([*range(1, 8), *range(1, 5), "nil", "blind_nil"]) for _ in range(4))
        hands.append(SpadesHand(bids, tricks))
    return hands


class Command(BaseCommand):
    help = "Benchmark scoring and count the SQL queries of the sheet page and of saving a hand."

    def handle(self, *args: Any, **options: Any) -> None:
        self.scoring()
        self.queries()

    def scoring(self) -> None:
        game = SpadesGame(("Ann", "Bob", "Cat", "Dan"), 0, spades_rules(NEVER_ENDS), tuple(random_hands(1000)))
        score_spades(game)
        runs = 20
        best = min(timeit.repeat(lambda: score_spades(game), number=1, repeat=runs))
        per_hand = best / 1000 * 1e6
        verdict = "met" if per_hand < GOAL_US_PER_HAND else "MISSED"
        self.stdout.write(
            f"Scoring a 1,000-hand game: {best * 1000:.2f} ms (best of {runs}), "
            f"{per_hand:.1f} µs per hand; goal under {GOAL_US_PER_HAND:.0f} µs: {verdict}"
        )

    def queries(self) -> None:
        from scorekeeper.games.services import game_import

        setup_test_environment()
        old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
        try:
            rows = {}
            for length in (10, 200):
                record = {
                    "format": "scorekeeper-game/1",
                    "game": "spades",
                    "players": ["Ann", "Bob", "Cat", "Dan"],
                    "dealer": 0,
                    "rules": NEVER_ENDS,
                    "hands": [{"bids": list(h.bids), "tricks": list(h.tricks)} for h in random_hands(length)],
                }
                game = game_import(record=record)
                rows[length] = self.count_requests(game)
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)
            teardown_test_environment()
        self.stdout.write("SQL queries per request        10 hands   200 hands")
        for label in rows[10]:
            same = "same" if rows[10][label] == rows[200][label] else "DIFFERENT"
            self.stdout.write(f"  {label:<28}{rows[10][label]:>6}{rows[200][label]:>11}   {same}")

    def count_requests(self, game: Any) -> dict[str, int]:
        client = Client()
        counts = {}
        requests = [
            ("sheet page (GET)", "get", reverse("games:detail", args=[game.pk]), {}),
            (
                "save bids (htmx POST)",
                "post",
                reverse("games:bids", args=[game.pk]),
                {"bid_0": "3", "bid_1": "4", "bid_2": "nil", "bid_3": "5"},
            ),
            (
                "save tricks (htmx POST)",
                "post",
                reverse("games:tricks", args=[game.pk]),
                {"tricks_0": "3", "tricks_1": "4", "tricks_2": "0", "tricks_3": "6"},
            ),
        ]
        for label, method, url, data in requests:
            with CaptureQueriesContext(connection) as queries:
                response = getattr(client, method)(url, data, HTTP_HX_REQUEST="true")
            if response.status_code != 200:
                raise RuntimeError(f"{label}: status {response.status_code}")
            counts[label] = len(queries)
        return counts
