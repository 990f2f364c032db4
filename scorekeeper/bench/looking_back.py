"""Looking back at scale: the games list and player statistics. Goal: with 10,000 games of 100 players, the
games list, a game page, a player's statistics and finding a player make the same queries as
with 100 games and answer in under 100 ms (issue "Game history and player statistics")."""

from __future__ import annotations

import random
import time
import urllib.parse
from functools import partial
from typing import Any

from django.db import connection
from django.db.models import Count, Q
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.bench.common import NEVER_ENDS, Output, median_ms, random_hands, throwaway_test_database, verdict
from scorekeeper.games.kinds import kind_for

HISTORY_GAMES = 10_000
HISTORY_PLAYERS = 100
GOAL_HISTORY_MS = 100
TIMED_RUNS = 15


def run(out: Output) -> None:
    """Games list, a game page and a player's statistics with 10,000 games of 100 players
    (issue "Game history and player statistics"): queries and server time, at 100 games and at 10,000."""
    from django.contrib.auth.models import User

    with throwaway_test_database():
        user = User.objects.create_user("bench")
        players = make_players(user, HISTORY_PLAYERS)
        rng = random.Random(7)
        make_games(user, players, 100, rng)
        # The player with the most wins so far: the filtered list is not empty at either size.
        star = max(players, key=lambda p: p.seats.aggregate(n=Count("pk", filter=Q(won=True)))["n"])
        small = time_pages(user, star)
        started = time.perf_counter()
        make_games(user, players, HISTORY_GAMES - 100, rng)
        made = time.perf_counter() - started
        large = time_pages(user, star)
    out.write(
        f"History with {HISTORY_GAMES:,} games of {HISTORY_PLAYERS} players (made in {made:.0f} s); "
        f"queries at 100 games / at {HISTORY_GAMES:,}, server time at {HISTORY_GAMES:,} (median of {TIMED_RUNS}):"
    )
    for label in large:
        (few, _), (many, ms) = small[label], large[label]
        same = "same" if few == many else "DIFFERENT"
        met = verdict(ms < GOAL_HISTORY_MS and few == many)
        out.write(f"  {label:<46}{few:>3} / {many:<4}{same:<10}{ms:>7.1f} ms; goal under {GOAL_HISTORY_MS} ms: {met}")


def time_pages(user: Any, player: Any) -> dict[str, tuple[int, float]]:
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
        results[label] = (count, median_ms(partial(client.get, url), TIMED_RUNS))
    return results


def make_players(user: Any, count: int) -> list[Any]:
    """``count`` players of ``user``'s group."""
    from scorekeeper.games.models import Player

    return Player.objects.bulk_create(Player(owner=user, name=f"Player {number:03d}") for number in range(count))


def make_games(user: Any, players: list[Any], count: int, rng: random.Random) -> None:
    """``count`` games of ``user`` among ``players``: nine in ten Spades, one in ten Mü; most
    Spades games played to the end (target 200), the rest unfinished. Stored in bulk, with
    the read model computed by the engine exactly as the services do."""
    from scorekeeper.games.models import Game, Row, Seat

    batch = 500
    for start in range(0, count, batch):
        games, rows, seats = [], [], []
        for _ in range(min(batch, count - start)):
            mu = rng.random() < 0.1
            people = rng.sample(players, 4)
            record = _mu_record(people, rng) if mu else _spades_record(people, rng)
            game, game_rows, game_seats = _game_rows(user, people, record)
            games.append(game)
            rows.extend(game_rows)
            seats.extend(game_seats)
        Game.objects.bulk_create(games)
        Row.objects.bulk_create(rows)
        Seat.objects.bulk_create(seats)


def _game_rows(user: Any, people: list[Any], record: dict[str, Any]) -> tuple[Any, list[Any], list[Any]]:
    """The unsaved rows of one game of ``user`` played by ``people`` (in seat order) from its
    ``record``: the ``Game``, its ``Row`` rows (hands or deals), and its ``Seat`` rows.
    Hands after the game was over are cut off the record first."""
    from scorekeeper.engine.errors import RuleError
    from scorekeeper.engine.record import parse_record, score_game
    from scorekeeper.engine.stats import player_lines
    from scorekeeper.games.models import SEAT_FIGURES, Game, Row, Seat

    engine = parse_record(record)
    try:
        sheet = score_game(engine)
    except RuleError as error:  # the game was over before its last hands: cut them off
        record["hands"] = record["hands"][: error.hand]
        engine = parse_record(record)
        sheet = score_game(engine)
    game = Game(
        kind=record["game"], players=record["players"], dealer=0, rules=record["rules"], owner=user,
        finished=sheet.finished, rows_played=len(sheet.hands),
    )  # fmt: skip
    rows = [Row(game=game, number=n, record=row) for n, row in enumerate(kind_for(game).records(engine))]
    seats = [
        Seat(game=game, player=person, seat=line.seat, side=line.side,
             **{name: getattr(line, name) for name in SEAT_FIGURES})
        for line, person in zip(player_lines(engine, sheet), people, strict=True)
    ]  # fmt: skip
    return game, rows, seats


def _spades_record(people: list[Any], rng: random.Random) -> dict[str, Any]:
    """A Spades game of 6 to 16 random hands among ``people``; four in five to 200 points, the rest never end."""
    hands = random_hands(rng.randint(6, 16), seed=rng.randrange(10**9))
    target = 200 if rng.random() < 0.8 else 10**9
    return {
        "format": "scorekeeper-game/1",
        "game": "spades",
        "players": [person.name for person in people],
        "dealer": 0,
        "rules": {**NEVER_ENDS, "target": target},
        "hands": [{"bids": list(h.bids or ()), "tricks": list(h.tricks or ())} for h in hands],
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
