"""``manage.py bench`` (``make bench``): scoring speed, SQL query counts, and the
app served by gunicorn under concurrent load.

Goals: scoring a 1,000-hand game under 20 µs per hand; the sheet page and saving a
hand make the same number of queries for a 10-hand and a 200-hand game (issue "A
Spades score sheet"); 50 phones saving the same hand at once store exactly one, with
no server error; the live poll of an unchanged sheet serves at least 80 % of the
requests per second of a plain Django view (issue "One sheet, every phone"); with
10,000 games of 100 players, the games list, a game page, a player's statistics and
finding a player make the same queries as with 100 games and answer in under 100 ms
(issue "Game history and player statistics"); the largest allowed game (``MAX_HANDS``
hands) has its sheet, print page and CSV served in under a second, and a sheet GET while
another connection holds a write transaction answers in under 500 ms (issue 11, limits).
Runs on throwaway test databases and throwaway SQLite files; nothing real is touched.
"""

from __future__ import annotations

import contextlib
import http.cookiejar
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import timeit
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import connection
from django.db.models import Count, Q
from django.test import Client
from django.test.utils import CaptureQueriesContext, setup_test_environment, teardown_test_environment
from django.urls import reverse

from scorekeeper.engine.spades.game import SpadesGame, SpadesHand
from scorekeeper.engine.spades.rules import spades_rules
from scorekeeper.engine.spades.scoring import score_spades

GOAL_US_PER_HAND = 20.0
GOAL_POLL_SHARE = 0.80
SAVERS = 50
LOAD_SECONDS = 3.0
LOAD_CLIENTS = 8
NEVER_ENDS = {"preset": "standard", "target": 10**9, "blind_nil_min_deficit": 0}
HISTORY_GAMES = 10_000
HISTORY_PLAYERS = 100
GOAL_HISTORY_MS = 100
TIMED_RUNS = 15
GOAL_LARGEST_MS = 1000
SERVED_RUNS = 5
WRITE_SECONDS = 3.0
SHORT_GAME = 20
GOAL_READ_DURING_WRITE_MS = 500


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


def game_record(length: int) -> dict[str, Any]:
    """A Spades game record (``shared/formats/game-record.md``) of ``length`` random hands that never ends."""
    return {
        "format": "scorekeeper-game/1",
        "game": "spades",
        "players": ["Ann", "Bob", "Cat", "Dan"],
        "dealer": 0,
        "rules": NEVER_ENDS,
        "hands": [{"bids": list(h.bids), "tricks": list(h.tricks)} for h in random_hands(length)],
    }


def make_players(user: Any, count: int) -> list[Any]:
    """``count`` players of ``user``'s group."""
    from scorekeeper.games.models import Player

    return Player.objects.bulk_create(Player(owner=user, name=f"Player {number:03d}") for number in range(count))


def make_games(user: Any, players: list[Any], count: int, rng: random.Random) -> None:
    """``count`` games of ``user`` among ``players``: nine in ten Spades, one in ten Mü; most
    Spades games played to the end (target 200), the rest unfinished. Stored in bulk, with
    the read model computed by the engine exactly as the services do."""
    from scorekeeper.engine.errors import RuleError
    from scorekeeper.engine.record import parse_record, score_game
    from scorekeeper.engine.stats import player_lines
    from scorekeeper.games.models import Deal, Game, Hand, Seat
    from scorekeeper.games.services import SEAT_FIGURES

    batch = 500
    for start in range(0, count, batch):
        games, rows, seats = [], [], []
        for _ in range(min(batch, count - start)):
            mu = rng.random() < 0.1
            people = rng.sample(players, 4)
            record = _mu_record(people, rng) if mu else _spades_record(people, rng)
            engine = parse_record(record)
            try:
                sheet = score_game(engine)
            except RuleError as error:  # the game was over before its last hands: cut them off
                record["hands"] = record["hands"][: error.hand]
                engine = parse_record(record)
                sheet = score_game(engine)
            game = Game(
                kind=record["game"], players=record["players"], dealer=0, rules=record["rules"], owner=user,
                finished=sheet.finished, hands_played=len(sheet.hands),
            )  # fmt: skip
            games.append(game)
            for number, hand in enumerate(record["hands"]):
                if mu:
                    rows.append(Deal(game=game, number=number, record=hand))
                else:
                    rows.append(Hand(game=game, number=number, bids=hand["bids"], tricks=hand["tricks"]))
            for line, person in zip(player_lines(engine, sheet), people, strict=True):
                seats.append(
                    Seat(game=game, player=person, seat=line.seat, side=line.side,
                         **{name: getattr(line, name) for name in SEAT_FIGURES})
                )  # fmt: skip
        Game.objects.bulk_create(games)
        Hand.objects.bulk_create([row for row in rows if isinstance(row, Hand)])
        Deal.objects.bulk_create([row for row in rows if isinstance(row, Deal)])
        Seat.objects.bulk_create(seats)


def _spades_record(people: list[Any], rng: random.Random) -> dict[str, Any]:
    hands = random_hands(rng.randint(6, 16), seed=rng.randrange(10**9))
    target = 200 if rng.random() < 0.8 else 10**9
    return {
        "format": "scorekeeper-game/1",
        "game": "spades",
        "players": [person.name for person in people],
        "dealer": 0,
        "rules": {**NEVER_ENDS, "target": target},
        "hands": [{"bids": list(h.bids), "tricks": list(h.tricks)} for h in hands],
    }


def _mu_record(people: list[Any], rng: random.Random) -> dict[str, Any]:
    """A Mü game of a few deals: the Chef (level 2 or 3) with a partner, the rest of the 60 points dealt out."""
    deals = []
    for _ in range(rng.randint(3, 8)):
        chef, vize, partner = rng.sample(range(4), 3)
        cut = sorted(rng.randint(0, 60) for _ in range(3))
        deals.append({
            "chef": chef, "level": rng.choice([2, 3]), "vize": vize, "chef_trump": "red", "vize_trump": 7,
            "partner": partner, "points": [cut[0], cut[1] - cut[0], cut[2] - cut[1], 60 - cut[2]],
        })  # fmt: skip
    return {
        "format": "scorekeeper-game/1",
        "game": "mu",
        "players": [person.name for person in people],
        "dealer": 0,
        "rules": {},
        "hands": deals,
    }


class Command(BaseCommand):
    help = "Benchmark scoring and count the SQL queries of the sheet page and of saving a hand."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--only", choices=["scoring", "queries", "served", "history", "limits"], help="run one part"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        parts = {
            "scoring": self.scoring,
            "queries": self.queries,
            "served": self.served,
            "history": self.history,
            "limits": self.limits,
        }
        for name, part in parts.items():
            if options.get("only") in (None, name):
                part()

    def history(self) -> None:
        """Games list, a game page and a player's statistics with 10,000 games of 100 players
        (issue "Game history and player statistics"): queries and server time, at 100 games and at 10,000."""
        from django.contrib.auth.models import User

        setup_test_environment()
        old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
        try:
            user = User.objects.create_user("bench")
            players = make_players(user, HISTORY_PLAYERS)
            rng = random.Random(7)
            make_games(user, players, 100, rng)
            # The player with the most wins so far: the filtered list is not empty at either size.
            star = max(players, key=lambda p: p.seats.aggregate(n=Count("pk", filter=Q(won=True)))["n"])
            small = self.time_history_pages(user, star)
            started = time.perf_counter()
            make_games(user, players, HISTORY_GAMES - 100, rng)
            made = time.perf_counter() - started
            large = self.time_history_pages(user, star)
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)
            teardown_test_environment()
        self.stdout.write(
            f"History with {HISTORY_GAMES:,} games of {HISTORY_PLAYERS} players (made in {made:.0f} s); "
            f"queries at 100 games / at {HISTORY_GAMES:,}, server time at {HISTORY_GAMES:,} (median of {TIMED_RUNS}):"
        )
        for label in large:
            (few, _), (many, ms) = small[label], large[label]
            same = "same" if few == many else "DIFFERENT"
            verdict = "met" if ms < GOAL_HISTORY_MS and few == many else "MISSED"
            self.stdout.write(
                f"  {label:<46}{few:>3} / {many:<4}{same:<10}{ms:>7.1f} ms; goal under {GOAL_HISTORY_MS} ms: {verdict}"
            )

    def limits(self) -> None:
        """The largest allowed game (``MAX_HANDS`` hands) served by gunicorn: round trips of its
        sheet, print page and CSV; and a returning phone's sheet GET while another connection
        holds a write transaction on a game of ``SHORT_GAME`` hands (reads take no transaction, so it
        must not wait; a short game, so that the time is the wait, not the rendering of a long sheet)."""
        from scorekeeper.games.models import MAX_HANDS
        from scorekeeper.games.services import game_import

        vendor = connection.vendor
        with tempfile.TemporaryDirectory() as folder, _throwaway_database(Path(folder) / "bench.sqlite3") as env:
            game = game_import(record=game_record(MAX_HANDS))
            short = game_import(record=game_record(SHORT_GAME))
            pages = {
                "sheet page (GET /games/<key>/)": game.get_absolute_url(),
                "print page (GET /games/<key>/print/)": reverse("games:print", args=[game.edit_key]),
                "CSV (GET /games/<key>/sheet.csv)": reverse("games:csv", args=[game.edit_key]),
            }
            with _gunicorn(env) as base:
                phone = Phone(base, game.get_absolute_url())  # the phone's first visit writes its session
                times = {label: _median_ms(phone, path) for label, path in pages.items()}
                phone = Phone(base, short.get_absolute_url())
                alone_ms = _median_ms(phone, short.get_absolute_url())
                read_ms, save_ms = _sheet_read_during_write(phone, short)
        self.stdout.write(
            f"Largest allowed game ({MAX_HANDS} hands) served by gunicorn (2 workers, {vendor}), "
            f"round trip (median of {SERVED_RUNS} after one warm-up):"
        )
        for label, ms in times.items():
            verdict = "met" if ms < GOAL_LARGEST_MS else "MISSED"
            self.stdout.write(f"  {label:<42}{ms:>8.1f} ms; goal under {GOAL_LARGEST_MS} ms: {verdict}")
        verdict = "met" if read_ms < GOAL_READ_DURING_WRITE_MS else "MISSED"
        self.stdout.write(
            f"Sheet read during a long write ({vendor}): another connection holds a write transaction on a "
            f"{SHORT_GAME}-hand game for {WRITE_SECONDS:.0f} s; a returning phone's sheet GET took {read_ms:.1f} ms "
            f"({alone_ms:.1f} ms without the write; a save posted meanwhile waited {save_ms:,.0f} ms); "
            f"goal under {GOAL_READ_DURING_WRITE_MS} ms: {verdict}"
        )

    def time_history_pages(self, user: Any, player: Any) -> dict[str, tuple[int, float]]:
        """Per page: (queries, median server time in ms) for a signed-in owner of every game."""
        from scorekeeper.games.models import Game

        client = Client()
        client.force_login(user)
        game = Game.objects.filter(kind="spades").order_by("-pk").first()
        pages = {
            "games list (GET /games/)": reverse("games:list"),
            "games list filtered (a player, won)": reverse("games:list") + f"?who={player.pk}&won=1",
            "game page (GET /games/<key>/)": reverse("games:detail", args=[game.edit_key]),
            "player statistics (GET /players/<id>/)": reverse("games:player", args=[player.pk]),
            "finding a player (GET /players/?q=<name>)": reverse("games:players")
            + "?"
            + urllib.parse.urlencode({"q": player.name}),
        }
        results = {}
        for label, url in pages.items():
            client.get(url)  # warm: the session, and the page's first-time work
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url)
            count = len(queries)  # now: every request empties the log Django keeps
            if response.status_code != 200:
                raise RuntimeError(f"{label}: status {response.status_code}")
            times = []
            for _ in range(TIMED_RUNS):
                started = time.perf_counter()
                client.get(url)
                times.append((time.perf_counter() - started) * 1000)
            results[label] = (count, sorted(times)[len(times) // 2])
        return results

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
                game = game_import(record=game_record(length))
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
        client.get(reverse("games:detail", args=[game.edit_key]))  # the phone has opened the link before
        counts = {}
        requests = [
            ("sheet page (GET)", "get", reverse("games:detail", args=[game.edit_key]), {}),
            (
                "live poll, unchanged (GET)",
                "get",
                reverse("games:live", args=[game.edit_key]),
                {"v": type(game).objects.get(pk=game.pk).version},
            ),
            (
                "save bids (htmx POST)",
                "post",
                reverse("games:bids", args=[game.edit_key]),
                {"bid_0": "3", "bid_1": "4", "bid_2": "nil", "bid_3": "5"},
            ),
            (
                "save tricks (htmx POST)",
                "post",
                reverse("games:tricks", args=[game.edit_key]),
                {"tricks_0": "3", "tricks_1": "4", "tricks_2": "0", "tricks_3": "6"},
            ),
        ]
        for label, method, url, data in requests:
            with CaptureQueriesContext(connection) as queries:
                response = getattr(client, method)(url, data, HTTP_HX_REQUEST="true")
            if response.status_code not in (200, 204):
                raise RuntimeError(f"{label}: status {response.status_code}")
            counts[label] = len(queries)
        return counts

    def served(self) -> None:
        """gunicorn (2 workers) on loopback with a fresh SQLite file: concurrent saves, poll speed."""
        root = settings.BASE_DIR
        with tempfile.TemporaryDirectory() as folder:
            env = _server_env(sqlite_file=Path(folder) / "bench.sqlite3")
            manage = [sys.executable, str(root / "manage.py")]
            subprocess.run([*manage, "migrate", "--noinput", "-v0"], env=env, cwd=root, check=True)
            record = Path(folder) / "game.json"
            record.write_text(json.dumps(game_record(20)))
            imported = subprocess.run(
                [*manage, "import_game", str(record)], env=env, cwd=root, check=True, capture_output=True, text=True
            ).stdout
            game_url = re.search(r"(/games/[A-Za-z0-9_-]{24}/)", imported).group(1)
            with _gunicorn(env) as base:
                self.concurrent_saves(base, game_url)
                self.poll_speed(base, game_url)

    def concurrent_saves(self, base: str, game_url: str) -> None:
        phones = [Phone(base, game_url) for _ in range(SAVERS)]
        bids = {"number": "20", **{f"bid_{seat}": "3" for seat in range(4)}}
        began = time.perf_counter()
        statuses = post_at_once(phones, game_url + "bids/", bids)
        took = time.perf_counter() - began
        # The one stored hand is now in play: the sheet asks for its tricks.
        in_play = "Hand 21: tricks taken" in _get(base + game_url)
        ok = statuses.count(200) == 1 and statuses.count(409) == SAVERS - 1 and in_play
        self.stdout.write(
            f"{SAVERS} phones saving the same bids at once (gunicorn, 2 workers): "
            f"{statuses.count(200)} stored, {statuses.count(409)} told another phone was faster, "
            f"{sum(s >= 500 for s in statuses)} server errors, {took * 1000:.0f} ms in all; "
            f"goal exactly one stored, no 500: {'met' if ok else 'MISSED'}"
        )

    def poll_speed(self, base: str, game_url: str) -> None:
        page = _get(base + game_url)
        version = re.search(r"live/\?v=([0-9]+)", page).group(1)
        plain = _requests_per_second(base + "/health/", 200)
        poll = _requests_per_second(f"{base}{game_url}live/?v={version}", 204)
        share = poll / plain
        self.stdout.write(
            f"Requests per second ({LOAD_CLIENTS} clients, {LOAD_SECONDS:.0f} s each): plain view {plain:.0f}, "
            f"live poll of an unchanged sheet {poll:.0f} ({share:.0%}); "
            f"goal at least {GOAL_POLL_SHARE:.0%}: {'met' if share >= GOAL_POLL_SHARE else 'MISSED'}"
        )


@contextlib.contextmanager
def _throwaway_database(sqlite_file: Path) -> Iterator[dict[str, str]]:
    """A fresh, migrated test database that this process and an app server share; yields
    the server's environment (``_server_env``). On SQLite it is ``sqlite_file`` (not the
    tests' file, which a test run may be using); otherwise the test database of ``DATABASE_URL``."""
    test = connection.settings_dict.setdefault("TEST", {})
    tests_name = test.get("NAME")
    if connection.vendor == "sqlite":
        test["NAME"] = str(sqlite_file)
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        if connection.vendor == "sqlite":
            yield _server_env(sqlite_file=sqlite_file)
        else:
            url = urllib.parse.urlsplit(os.environ["DATABASE_URL"])
            yield _server_env(database_url=url._replace(path="/" + connection.settings_dict["NAME"]).geturl())
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        test["NAME"] = tests_name


def _median_ms(phone: Phone, path: str) -> float:
    """Median round trip in ms of ``SERVED_RUNS`` GETs of ``path`` by ``phone``, after one warm-up."""
    phone.get(path)
    times = []
    for _ in range(SERVED_RUNS):
        started = time.perf_counter()
        phone.get(path)
        times.append((time.perf_counter() - started) * 1000)
    return sorted(times)[len(times) // 2]


def _sheet_read_during_write(phone: Phone, game: Any) -> tuple[float, float]:
    """While another connection holds a write transaction on ``game``'s row for ``WRITE_SECONDS``
    (an UPDATE of its version, then a rollback): ms of ``phone``'s sheet GET, and ms a save
    posted after it waited for the lock (it shows the lock is real; its stale hand number stores nothing)."""
    from django.db import connections

    held = threading.Event()
    failed: list[BaseException] = []

    def write() -> None:
        writer = connections.create_connection("default")
        try:
            writer.set_autocommit(False)
            meta = type(game)._meta
            table, key = writer.ops.quote_name(meta.db_table), writer.ops.quote_name(meta.pk.column)
            with writer.cursor() as cursor:
                cursor.execute(
                    f"UPDATE {table} SET version = version + 1 WHERE {key} = %s",
                    [meta.pk.get_db_prep_value(game.pk, writer)],
                )
            held.set()
            time.sleep(WRITE_SECONDS)
            writer.rollback()
        except BaseException as error:  # the main thread reports it
            failed.append(error)
        finally:
            held.set()
            writer.close()

    holder = threading.Thread(target=write)
    holder.start()
    held.wait()
    started = time.perf_counter()
    phone.get(game.get_absolute_url())
    read = time.perf_counter() - started
    started = time.perf_counter()
    phone.post(
        game.get_absolute_url() + "bids/",
        {"number": "0", "bid_0": "3", "bid_1": "3", "bid_2": "3", "bid_3": "3"},
    )
    save = time.perf_counter() - started
    holder.join()
    if failed:
        raise RuntimeError("the long write failed") from failed[0]
    return read * 1000, save * 1000


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read().decode()


def _server_env(*, sqlite_file: Path | None = None, database_url: str | None = None) -> dict[str, str]:
    """The environment of an app process serving ``sqlite_file`` (or the database of
    ``database_url``), with a throwaway secret key and connections kept open as in production."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    env.update(DJANGO_SECRET_KEY="bench-" + "x" * 50, DJANGO_DB_CONN_MAX_AGE="600")
    if database_url:
        env["DATABASE_URL"] = database_url
    else:
        env["DJANGO_DB_PATH"] = str(sqlite_file)
    return env


@contextlib.contextmanager
def _gunicorn(env: dict[str, str]) -> Iterator[str]:
    """gunicorn (2 workers) serving the app on a free loopback port with ``env``; yields its base URL."""
    root = settings.BASE_DIR
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--workers", "2", "--bind", f"127.0.0.1:{port}", "scorekeeper.wsgi"],
        env=env,
        cwd=root,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_for(base + "/health/")
        yield base
    finally:
        server.terminate()
        server.wait(timeout=30)


def _wait_for(url: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            _get(url)
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def _requests_per_second(url: str, status: int) -> float:
    """Completed requests per second from ``LOAD_CLIENTS`` threads for ``LOAD_SECONDS``."""
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


class Phone:
    """A browser-like client of a running server, with its own session cookies and
    CSRF token (read from the page at ``game_url``)."""

    def __init__(self, base: str, game_url: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        page = self.get(game_url)
        self.token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)

    def get(self, path: str) -> str:
        """GET ``path`` with this phone's cookies; the body."""
        with self.opener.open(self.base + path, timeout=60) as response:
            return response.read().decode()

    def post(self, path: str, data: dict[str, str]) -> int:
        """POST ``data`` to ``path`` as htmx does; the status code."""
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": self.token, **data}).encode()
        request = urllib.request.Request(self.base + path, data=body, headers={"HX-Request": "true"})
        try:
            return self.opener.open(request, timeout=60).status
        except urllib.error.HTTPError as error:
            return error.code


def post_at_once(phones: list[Phone], path: str, data: dict[str, str]) -> list[int]:
    """Every phone posts ``data`` to ``path`` at the same moment; their status codes."""
    start = threading.Barrier(len(phones))
    statuses = [0] * len(phones)

    def run(index: int) -> None:
        start.wait()
        statuses[index] = phones[index].post(path, data)

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(phones))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses
