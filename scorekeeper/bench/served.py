"""The app served by gunicorn (2 workers) on loopback with a fresh SQLite file, under
concurrent load. Goals: 50 phones saving the same hand at once store exactly one, with no
server error; the live poll of an unchanged sheet serves at least 80 % of the requests per
second of a plain Django view (issue "One sheet, every phone")."""

from __future__ import annotations

import re
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from scorekeeper.bench.common import Output, server_env, verdict
from scorekeeper.bench.server import Phone, get, gunicorn, import_games, post_at_once

GOAL_POLL_SHARE = 0.80
SAVERS = 50
LOAD_SECONDS = 3.0
LOAD_CLIENTS = 8


def run(out: Output) -> None:
    """gunicorn (2 workers) on loopback with a fresh SQLite file: concurrent saves, poll speed."""
    with tempfile.TemporaryDirectory() as folder:
        env = server_env(sqlite_file=Path(folder) / "bench.sqlite3")
        game_url = import_games(env, Path(folder), [20])[20]
        with gunicorn(env) as base:
            concurrent_saves(out, base, game_url)
            poll_speed(out, base, game_url)


def concurrent_saves(out: Output, base: str, game_url: str) -> None:
    """``SAVERS`` phones post the same bids for the next hand of the game at ``game_url`` at once;
    one line: how many were stored, refused (409) and failed (5xx), and the wall time in ms."""
    phones = [Phone(base, game_url) for _ in range(SAVERS)]
    bids = {"number": "20", **{f"bid_{seat}": "3" for seat in range(4)}}
    began = time.perf_counter()
    statuses = post_at_once(phones, game_url + "bids/", bids)
    took = time.perf_counter() - began
    # The one stored hand is now in play: the sheet asks for its tricks.
    in_play = "Hand 21: tricks taken" in get(base + game_url)
    ok = statuses.count(200) == 1 and statuses.count(409) == SAVERS - 1 and in_play
    out.write(
        f"{SAVERS} phones saving the same bids at once (gunicorn, 2 workers): "
        f"{statuses.count(200)} stored, {statuses.count(409)} told another phone was faster, "
        f"{sum(s >= 500 for s in statuses)} server errors, {took * 1000:.0f} ms in all; "
        f"goal exactly one stored, no 500: {verdict(ok)}"
    )


def poll_speed(out: Output, base: str, game_url: str) -> None:
    """One line: requests per second of the plain ``/health/`` view and of the live poll of the
    unchanged sheet at ``game_url``, and the poll's share of the plain view's rate."""
    page = get(base + game_url)
    found = re.search(r"live/\?v=([0-9]+)", page)
    assert found is not None, "the sheet polls with its version"
    version = found.group(1)
    plain = requests_per_second(base + "/health/", 200)
    poll = requests_per_second(f"{base}{game_url}live/?v={version}", 204)
    share = poll / plain
    out.write(
        f"Requests per second ({LOAD_CLIENTS} clients, {LOAD_SECONDS:.0f} s each): plain view {plain:.0f}, "
        f"live poll of an unchanged sheet {poll:.0f} ({share:.0%}); "
        f"goal at least {GOAL_POLL_SHARE:.0%}: {verdict(share >= GOAL_POLL_SHARE)}"
    )


def requests_per_second(url: str, status: int) -> float:
    """Completed requests per second from ``LOAD_CLIENTS`` threads for ``LOAD_SECONDS``; a thread
    that gets another status than ``status`` stops (threading prints its error)."""
    done = [0] * LOAD_CLIENTS
    stop = time.monotonic() + LOAD_SECONDS

    def hammer(index: int) -> None:
        while time.monotonic() < stop:
            with urllib.request.urlopen(url, timeout=30) as response:
                if response.status != status:
                    raise RuntimeError(f"{url}: status {response.status}")
                response.read()
            done[index] += 1

    threads = [threading.Thread(target=hammer, args=(index,)) for index in range(LOAD_CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(done) / LOAD_SECONDS
