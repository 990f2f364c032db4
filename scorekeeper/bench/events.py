"""An event at full size (issue 28): 32 tables (64 teams of two, Swiss, 5 rounds), every table a 20-hand
Spades game, the last round in play. Goals: the organiser's dashboard, the standings page, the wall and the
wall's poll after a save make the same number of queries for a 2-table event as for the 32-table one, and
each answers in under 200 ms; the wall's poll of an unchanged event makes exactly one query and answers 204;
and, served by gunicorn as ``make run`` serves (2 workers of 8 threads), every poll of 128 phones (four a
table, every 2 s) and the wall (every 3 s) is answered at its pace, flat out at least twice that rate, and a
sheet page asked for meanwhile answers in under 300 ms for 95 in 100 (p95)."""

from __future__ import annotations

import contextlib
import http.client
import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.bench.common import Output, median_ms, throwaway_server_database, verdict

#: The event: tables a round (two teams of two a table), rounds, and the hands of every table's game.
TABLES = 32
SMALL_TABLES = 2
ROUNDS = 5
HANDS = 20
TIMED_RUNS = 10
GOAL_PAGE_MS = 200
#: The phones: a sheet open on every player's phone polls every 2 s, the wall every 3 s (as the pages do).
PHONES_PER_TABLE = 4
PHONE_POLL_S = 2.0
WALL_POLL_S = 3.0
LOAD_SECONDS = 10.0
#: A sheet page every so often while they poll: its median and p95.
SHEET_EVERY_S = 0.2
GOAL_SHEET_P95_MS = 300
#: The phones' polls answered at their pace (the share of the polls asked answered 204 in the time).
GOAL_HELD_SHARE = 0.95
#: Flat out: one client a table and the wall, asking again as soon as answered.
FLAT_SECONDS = 3.0
GOAL_HEADROOM = 2
#: gunicorn as ``make run`` starts it (the Makefile's ``SERVE``).
GUNICORN_FLAGS = ("--workers", "2", "--threads", "8", "--worker-class", "gthread", "--keep-alive", "5")


#: The pages measured: label -> the event's address.
PAGES = {
    "dashboard (GET /events/<edit_key>/)": lambda event: reverse("events:detail", args=[event.edit_key]),
    "standings (GET /events/<view_key>/)": lambda event: reverse("events:detail", args=[event.view_key]),
    "wall (GET /events/<view_key>/wall/)": lambda event: reverse("events:wall", args=[event.view_key]),
    "wall poll after a save (?v=<old>)": lambda event: reverse("events:live", args=[event.view_key]) + "?v=0&page=wall",
}


def rules() -> dict[str, Any]:
    """Every table's house rules: standard Spades played to a hand limit (``HANDS`` hands end a game)."""
    return {"preset": "standard", "target": 10000, "hand_limit": HANDS}


def run(out: Output) -> None:
    """Seed a ``TABLES``-table and a ``SMALL_TABLES``-table event in a throwaway SQLite file, measure the
    pages in-process (Django's test client), then the polls served by gunicorn."""
    with tempfile.TemporaryDirectory() as folder, throwaway_server_database(Path(folder) / "bench.sqlite3") as env:
        started = time.perf_counter()
        big, small = seed_event(TABLES, "Big"), seed_event(SMALL_TABLES, "Small")
        made = time.perf_counter() - started
        with override_settings(ALLOWED_HOSTS=[*settings.ALLOWED_HOSTS, "testserver"]):
            pages = pages_measured(big, small)
            count, status, poll_ms = poll_measured(big)
        with served(env) as port:
            load = polling_load(port, big)
    out.write(
        f"An event of {TABLES} tables ({2 * TABLES} teams of two, Swiss, {ROUNDS} rounds of {HANDS}-hand Spades "
        f"games, the last in play; made in {made:.0f} s): queries at {SMALL_TABLES} tables / at {TABLES}, "
        f"server time at {TABLES} (median of {TIMED_RUNS}):"
    )
    for label, (few, many, ms, cpu) in pages.items():
        same, met = "same" if few == many else "DIFFERENT", verdict(few == many and ms < GOAL_PAGE_MS)
        out.write(
            f"  {label:<38}{few:>3} / {many:<4}{same:<10}{ms:>6.0f} ms (CPU {cpu:.0f} ms); "
            f"goal under {GOAL_PAGE_MS} ms: {met}"
        )
    out.write(
        f"  wall poll, unchanged (GET /events/<view_key>/live/?v=<token>&page=wall): {count} query, "
        f"status {status}, {poll_ms:.1f} ms (median of {10 * TIMED_RUNS}); "
        f"goal exactly 1 query and 204: {verdict(count == 1 and status == 204)}"
    )
    write_load(out, load)


def seed_event(tables: int, name: str) -> Any:
    """An event of ``tables`` tables a round (``2 * tables`` teams), paired and started round by round by the
    services as the organiser's buttons do, every table's game then played (:func:`play_games`: ``HANDS``
    hands each; in the last round every other table at its last hand, bid, so the round is in play)."""
    from scorekeeper.events.services import event_create, event_draft, event_round_start
    from scorekeeper.games.models import Player

    teams = [
        {"name": f"{name} {number + 1}", "players": [f"{name} {number + 1}{side}" for side in "ab"]}
        for number in range(2 * tables)
    ]
    event = event_create(
        name=f"{name} night", kind="spades", rules=rules(), style="teams", pairing="swiss", entrants=teams,
        rounds=ROUNDS,
    )  # fmt: skip
    group = Player.objects.bulk_create(Player(name=player) for team in teams for player in team["players"])
    rng = random.Random(tables)
    for number in range(ROUNDS):
        with transaction.atomic():  # one commit a round: the SQLite file is not synced at every write
            event_draft(event=event)
            started = event_round_start(event=event, group=group)
            play_games([table.game for table in started], rng, last=number == ROUNDS - 1)
    event.refresh_from_db()
    return event


def play_games(games: list[Any], rng: random.Random, *, last: bool) -> None:
    """Store ``HANDS`` random valid hands in each of ``games`` (``last``: every other one at its last hand, in
    play), with the statistics' read model and a version as the hands' saves would have left them."""
    from django.utils import timezone

    from scorekeeper.games.changes import READ_MODEL_FIELDS, rebuild_read_model
    from scorekeeper.games.kinds import kind_for
    from scorekeeper.games.models import Row

    rows = []
    for at, game in enumerate(games):
        in_play = last and at % 2 == 1
        engine, sheet = drawn_game(game, rng, HANDS - in_play)
        game_rows = [Row(game=game, number=n, record=hand) for n, hand in enumerate(kind_for(game).records(engine))]
        if in_play:
            game_rows.append(Row(game=game, number=len(game_rows), record={"bids": drawn_hand(rng)["bids"]}))
        rebuild_read_model(game, game_rows, (engine, sheet))
        game.version, game.clock_started = 2 * len(game_rows) - in_play, timezone.now()  # bids, then tricks
        game.save(update_fields=[*READ_MODEL_FIELDS, "version", "clock_started"])
        rows += game_rows
    Row.objects.bulk_create(rows, batch_size=500)


def drawn_game(game: Any, rng: random.Random, count: int) -> tuple[Any, Any]:
    """The engine game of ``count`` random hands at ``game`` and its sheet: over at its last hand if
    ``count`` is ``HANDS`` (the hand limit; not tied), else not over. Drawn again while not so."""
    from scorekeeper.engine.errors import RuleError
    from scorekeeper.engine.record import FORMAT, parse_record, score_game

    for _ in range(200):
        hands = [drawn_hand(rng) for _ in range(count)]
        record = {"format": FORMAT, "game": game.kind, "players": game.players, "dealer": game.dealer}
        try:
            engine = parse_record({**record, "rules": game.rules, "hands": hands})
            sheet = score_game(engine)
        except RuleError:  # a side set twice in a row lost before the end
            continue
        if len(sheet.hands) == count and sheet.finished == (count == HANDS):
            return engine, sheet
    raise RuntimeError(f"no {count}-hand game drawn")


def drawn_hand(rng: random.Random) -> dict[str, Any]:
    """A Spades hand: the 13 tricks split at random, each player bidding up to two under the tricks they
    take (nil when none), now and then one over (a side may be set)."""
    cuts = sorted(rng.randint(0, 13) for _ in range(3))
    tricks = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
    bids: list[Any] = [
        "nil" if taken == 0 else max(1, taken - rng.randint(0, 2) + (rng.random() < 0.05)) for taken in tricks
    ]
    return {"bids": bids, "tricks": tricks}


def _get(client: Client, path: str, status: int = 200) -> Any:
    """``client``'s GET of ``path``, which must answer ``status``."""
    response = client.get(path)
    if response.status_code != status:
        raise RuntimeError(f"GET {path}: status {response.status_code}")
    return response


def pages_measured(big: Any, small: Any) -> dict[str, tuple[int, int, float, float]]:
    """Per page: its queries for ``small`` and for ``big``, and its median server time and CPU time (ms) for
    ``big`` (:func:`medians`)."""
    measured = {}
    for label, address in PAGES.items():
        counts = []
        for event in (small, big):
            client = Client()
            _get(client, address(event))  # warm: the templates, the first-time work
            with CaptureQueriesContext(connection) as queries:
                _get(client, address(event))
            counts.append(len(queries))
        measured[label] = (counts[0], counts[1], *medians(partial(_get, client, address(big)), TIMED_RUNS))
    return measured


def medians(call: Any, runs: int) -> tuple[float, float]:
    """The median wall time and the median CPU time of this thread (ms) of ``runs`` calls of ``call``: on a
    busy machine the wall time waits for a core, the CPU time is the request's own work."""
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.thread_time()
        call()
        cpus.append((time.thread_time() - cpu) * 1000)
        walls.append((time.perf_counter() - wall) * 1000)
    return sorted(walls)[runs // 2], sorted(cpus)[runs // 2]


def poll_measured(event: Any) -> tuple[int, int, float]:
    """The wall's poll of ``event`` unchanged, with the token the wall shows: its queries, status, and
    median server time (ms, of ``10 * TIMED_RUNS``)."""
    client = Client()
    wall = _get(client, reverse("events:wall", args=[event.view_key])).content.decode()
    found = re.search(r"live/\?v=([^&\"]+)&amp;page=wall", wall)
    if found is None:
        raise RuntimeError("the wall does not poll with its token")
    address = reverse("events:live", args=[event.view_key]) + f"?v={found.group(1)}&page=wall"
    with CaptureQueriesContext(connection) as queries:
        response = client.get(address, HTTP_HX_REQUEST="true")
    return len(queries), response.status_code, median_ms(partial(_get, client, address, 204), 10 * TIMED_RUNS)


@contextlib.contextmanager
def served(env: dict[str, str]) -> Iterator[int]:
    """gunicorn started with ``GUNICORN_FLAGS`` serving the app on a free loopback port with ``env``;
    yields the port. It serves the static files ``collectstatic`` wrote (``make bench`` runs it first)."""
    from django.contrib.staticfiles.storage import staticfiles_storage

    if not Path(staticfiles_storage.path(staticfiles_storage.manifest_name)).exists():
        raise RuntimeError("No static files to serve: run `manage.py collectstatic --noinput` first")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "gunicorn", *GUNICORN_FLAGS, "--bind", f"127.0.0.1:{port}", "scorekeeper.wsgi"]
    quiet = subprocess.DEVNULL
    server = subprocess.Popen(command, env=env, cwd=settings.BASE_DIR, stdout=quiet, stderr=quiet)
    try:
        deadline = time.monotonic() + 30
        while Asker(port, htmx=False).ask("/health/") != 200:
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError("gunicorn did not start")
            time.sleep(0.2)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=30)


@dataclass
class Tally:
    """What a group of clients got: each answer's time (ms), and the answers not of the status expected
    (``wrong``: how many of each status; 0: no answer)."""

    times: list[float] = field(default_factory=list)
    wrong: Counter[int] = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, ms: float, status: int | None) -> None:
        """One answer of ``ms``; ``status`` if it was not the one expected, else ``None``."""
        with self.lock:
            self.times.append(ms)
            if status is not None:
                self.wrong[status] += 1

    @property
    def failed(self) -> int:
        return sum(self.wrong.values())

    def otherwise(self) -> str:
        """How many answers were not as expected, and their statuses: "0 otherwise", "3 otherwise (500: 3)"."""
        said = ", ".join(f"{status}: {count}" for status, count in sorted(self.wrong.items()))
        return f"{self.failed} otherwise" + (f" ({said})" if said else "")

    def ms(self, share: float) -> float:
        """The time below which ``share`` of the answers came (0.5: the median, 0.95: the p95)."""
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


class Asker:
    """A browser's connection to the server, kept alive between requests as a phone's is; ``htmx``: it
    asks as htmx does (with ``HX-Request``: the polls), else as for a page."""

    def __init__(self, port: int, *, htmx: bool = True) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {"HX-Request": "true"} if htmx else {}

    def ask(self, path: str) -> int:
        """GET ``path``; the status, 0 if none came. A connection the server closed meanwhile is opened
        again once, as a browser does."""
        for _ in range(2):
            try:
                self.connection.request("GET", path, headers=self.headers)
                response = self.connection.getresponse()
                response.read()
                return response.status
            except (OSError, http.client.HTTPException):
                self.connection.close()
        return 0

    def timed(self, path: str, status: int, tally: Tally) -> None:
        """GET ``path`` and add its time to ``tally``, failed unless it answered ``status``."""
        started = time.perf_counter()
        got = self.ask(path)
        tally.add((time.perf_counter() - started) * 1000, None if got == status else got)


def poll(asker: Asker, path: str, every: float, first: float, stop: float, tally: Tally, status: int = 204) -> None:
    """GET ``path`` (a poll of an unchanged page: 204) every ``every`` s from ``first`` until ``stop`` (both
    monotonic); ``every`` 0: again as soon as answered (flat out)."""
    tick = first
    while tick < stop:
        time.sleep(max(0.0, tick - time.monotonic()))
        asker.timed(path, status, tally)
        tick = tick + every if every else time.monotonic()


def _together(jobs: list[tuple[Any, ...]]) -> None:
    """:func:`poll` with each of ``jobs``' arguments, all at once (a thread each); back when all are done."""
    threads = [threading.Thread(target=poll, args=job) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


@dataclass(frozen=True)
class Load:
    """The phones' polls at their pace (``asked`` a second), the sheets meanwhile (and ``alone``), flat out."""

    clients: int
    asked: float
    polls: Tally
    sheets: Tally
    alone: float
    flat: Tally


def polling_load(port: int, event: Any) -> Load:
    """The last round's phones (``PHONES_PER_TABLE`` a table, each polling its table's sheet every
    ``PHONE_POLL_S``) and the wall (every ``WALL_POLL_S``) for ``LOAD_SECONDS``, while another phone opens
    table 1's sheet every ``SHEET_EVERY_S``; then a client a table and the wall flat out for ``FLAT_SECONDS``."""
    from scorekeeper.events.models import EventTable
    from scorekeeper.events.presenters import event_token

    tables = list(EventTable.objects.filter(event=event, round=ROUNDS - 1).select_related("game"))
    sheets = [f"/games/{table.game.edit_key}/live/?v={table.game.version}" for table in tables]
    wall = reverse("events:live", args=[event.view_key]) + f"?v={event_token(key=event.view_key)}&page=wall"
    page = reverse("games:detail", args=[tables[0].game.edit_key])
    alone, reader = Tally(), Asker(port, htmx=False)
    poll(reader, page, 0, time.monotonic(), time.monotonic() + 1, alone, 200)  # a second of it alone
    clients = [(path, PHONE_POLL_S) for path in sheets for _ in range(PHONES_PER_TABLE)] + [(wall, WALL_POLL_S)]
    polls, read, rng = Tally(), Tally(), random.Random(5)
    begin = time.monotonic() + 0.5
    stop = begin + LOAD_SECONDS
    phones = [(Asker(port), path, every, begin + rng.uniform(0, every), stop, polls) for path, every in clients]
    _together([*phones, (reader, page, SHEET_EVERY_S, begin, stop, read, 200)])
    flat, begin = Tally(), time.monotonic()
    _together([(Asker(port), path, 0, begin, begin + FLAT_SECONDS, flat) for path in [*sheets, wall]])
    asked = len(sheets) * PHONES_PER_TABLE / PHONE_POLL_S + 1 / WALL_POLL_S
    return Load(len(clients), asked, polls, read, alone.ms(0.5), flat)


def write_load(out: Output, load: Load) -> None:
    """The served figures' lines: the phones' polls held, the sheet page meanwhile, the polls flat out."""
    polls, sheets, flat = load.polls, load.sheets, load.flat
    held = (len(polls.times) - polls.failed) / LOAD_SECONDS
    on_pace = polls.failed == 0 and held >= GOAL_HELD_SHARE * load.asked
    out.write(
        f"Served by gunicorn ({' '.join(GUNICORN_FLAGS)}, as make run), {load.clients - 1} phones "
        f"({PHONES_PER_TABLE} a table) polling their sheet every {PHONE_POLL_S:g} s and the wall every "
        f"{WALL_POLL_S:g} s for {LOAD_SECONDS:g} s: {held:.1f} polls a second answered 204 of {load.asked:.1f} "
        f"asked, {polls.otherwise()}, in {polls.ms(0.5):.1f} ms (median), {polls.ms(0.95):.1f} ms (p95); "
        f"goal all answered, at least {GOAL_HELD_SHARE:.0%} of the pace: {verdict(on_pace)}"
    )
    sheet_met = sheets.failed == 0 and sheets.ms(0.95) < GOAL_SHEET_P95_MS
    out.write(
        f"  sheet page (GET /games/<edit_key>/, {HANDS} hands) meanwhile, {len(sheets.times)} times: "
        f"{sheets.ms(0.5):.0f} ms (median), {sheets.ms(0.95):.0f} ms (p95), {load.alone:.0f} ms alone; "
        f"goal p95 under {GOAL_SHEET_P95_MS} ms: {verdict(sheet_met)}"
    )
    rate = (len(flat.times) - flat.failed) / FLAT_SECONDS
    out.write(
        f"  flat out, {TABLES + 1} clients (a phone a table and the wall) asking again at once for "
        f"{FLAT_SECONDS:g} s: {rate:.0f} polls a second answered 204, {flat.otherwise()}, "
        f"{rate / load.asked:.1f} times the phones' pace; goal at least {GOAL_HEADROOM}: "
        f"{verdict(flat.failed == 0 and rate >= GOAL_HEADROOM * load.asked)}"
    )
