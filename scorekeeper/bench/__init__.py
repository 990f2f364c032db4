"""The parts of ``manage.py bench`` (``make bench``), one module each, and their goals.

- ``scoring``: scoring a 1,000-hand Spades game under 20 µs per hand, a 400-deal Mü game
  under 20 µs per deal, and ``manage.py score`` of a 2,001-hand record at most 20 µs per hand
  more than of a 1-hand record (issue 13).
- ``queries``: the sheet page and saving a hand make the same number of queries for a
  10-hand and a 200-hand game (issue "A Spades score sheet").
- ``served`` (gunicorn, 2 workers, on loopback): 50 phones saving the same hand at once
  store exactly one, with no server error; the live poll of an unchanged sheet serves at
  least 80 % of the requests per second of a plain Django view (issue "One sheet, every phone").
- ``looking_back``: with 10,000 games of 100 players, the games list, a game page, a player's
  statistics and finding a player make the same queries as with 100 games and answer in
  under 100 ms (issue "Game history and player statistics").
- ``limits``: the largest allowed game (``MAX_ROWS`` hands) has its sheet, print page and
  CSV served in under a second, and a sheet GET while another connection holds a write
  transaction answers in under 500 ms (issue 11, limits).
- ``wire`` (gunicorn, 2 workers, on loopback): what a phone downloads, counted as it comes over
  the wire (status line, headers, body as sent, compressed): the first load of a 20-hand Spades
  sheet with every file it links at most 30 KB, the sheet page of a 200-hand game at most 40 KB
  (issue 13, "Every tap costs the same at hand 3 and at hand 300").
- ``taps`` (gunicorn, 2 workers, on loopback): saving bids, saving tricks, correcting an old hand
  and the live poll after another phone's save, each at hand 10 and at hand 200: at most 8 KB on
  the wire, and the 200-hand server time at most 1.5 times the 10-hand one (issue 13).
- ``imports``: the import preview of a 300-hand record takes the same time with 0 and with 1,000
  stored games of its shape (at most 1.5 times), and, served by gunicorn (2 workers), a sheet page
  asked for while two of the largest imports allowed run at once answers in under 2 s (issue 24).
- ``events``: an event of 32 tables (64 teams, Swiss, 5 rounds of 20-hand Spades games, the last in
  play): the dashboard, the standings page, the wall and the wall's poll after a save make the same
  queries as at 2 tables and answer in under 200 ms; the wall's poll of an unchanged event makes one
  query and answers 204; served by gunicorn as ``make run`` serves it (2 workers of 8 threads), 128
  phones polling every 2 s and the wall every 3 s are all answered at their pace, with at least twice
  that rate flat out, and a sheet page meanwhile answers in under 300 ms for 95 in 100 (issue 28).
- ``ratings``: a group of 1,000 players and 10,000 finished Spades games: the ladder and a player's page
  make the same queries as with 100 games and answer in under 100 ms; a save that finishes the newest
  game adds at most 5 ms for its players' ratings; correcting a game in the middle re-rates what it
  reaches in under 2 s (issue 29).

- ``screen`` (gunicorn, Debian's Chromium at 375x812, 360x640 and 320x640): three Spades hands (four
  players) and two Mü deals (six) played as a phone plays them: the taps a hand or deal takes, none of
  them off screen when needed (goal 0), and every total (and bags) in view after every save (issue 25).

``common`` holds what the parts share (game records, timing, the met/missed word, the
throwaway databases) and ``server`` a running gunicorn and its browser-like clients. Every
part runs on throwaway test databases and throwaway SQLite files; nothing real is touched.
A plain package, not a Django app: it has no models and is not in ``INSTALLED_APPS``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.bench.common import Output

#: The parts, in the order a full run takes them; each is the module of that name in this
#: package, with a ``run(out)``.
PARTS = (
    "scoring", "queries", "served", "looking_back", "limits", "wire", "taps", "imports", "events", "ratings", "screen",
)  # fmt: skip


def run(name: str, out: Output) -> None:
    """Run the part ``name`` (one of ``PARTS``), writing its lines to ``out``.

    The module is imported only now, so ``manage.py bench --only scoring`` (and ``--help``)
    loads none of the other parts."""
    if name not in PARTS:
        raise ValueError(f"no bench part {name!r}; the parts are {', '.join(PARTS)}")
    importlib.import_module(f"{__name__}.{name}").run(out)
