"""``manage.py bench`` (``make bench``): scoring speed, SQL query counts, and the
app served by gunicorn under concurrent load.

Goals: scoring a 1,000-hand Spades game under 20 µs per hand and a 400-deal Mü game under
20 µs per deal, and ``manage.py score`` of a 2,001-hand record at most 20 µs per hand more
than of a 1-hand record (issue 13); the sheet page and saving a
hand make the same number of queries for a 10-hand and a 200-hand game (issue "A
Spades score sheet"); 50 phones saving the same hand at once store exactly one, with
no server error; the live poll of an unchanged sheet serves at least 80 % of the
requests per second of a plain Django view (issue "One sheet, every phone"); with
10,000 games of 100 players, the games list, a game page, a player's statistics and
finding a player make the same queries as with 100 games and answer in under 100 ms
(issue "Game history and player statistics"); the largest allowed game (``MAX_ROWS``
hands) has its sheet, print page and CSV served in under a second, and a sheet GET while
another connection holds a write transaction answers in under 500 ms (issue 11, limits); on the
wire, the first load of a 20-hand sheet (the page and every file it links) takes at most 30 KB and
the sheet page of a 200-hand game at most 40 KB (issue 13); the import preview of a 300-hand record
takes the same time with 0 and 1,000 stored games of its shape, and a sheet page asked for during
two of the largest imports allowed answers in under 2 s (issue 24).
Runs on throwaway test databases and throwaway SQLite files; nothing real is touched.

The parts live in the package ``scorekeeper.bench``, one module each; this command only
reads the arguments and runs the chosen parts.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from scorekeeper.bench import PARTS, run

# Re-exported: the tests of concurrent saves and of the throttle import them from here.
from scorekeeper.bench.server import Phone, post_at_once

__all__ = ["Command", "Phone", "post_at_once"]


class Command(BaseCommand):
    help = "Benchmark scoring and count the SQL queries of the sheet page and of saving a hand."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--only", choices=PARTS, help="run one part")

    def handle(self, *args: Any, **options: Any) -> None:
        for name in PARTS:
            if options.get("only") in (None, name):
                run(name, self.stdout)
