"""The ratings at a club's size (issue 29): a group of 1,000 players and 10,000 finished Spades
games. Goals: the ladder and a player's page make the same number of queries as with 100 games and
answer in under 100 ms; a save that finishes the newest game adds at most 5 ms for the ratings of
its players; correcting a game in the middle of the 10,000 re-rates what it reaches in under 2 s."""

from __future__ import annotations

import random
import time
from functools import partial
from typing import Any

from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.bench.common import Output, median_ms, throwaway_test_database, verdict

PLAYERS = 1_000
GAMES = 10_000
SMALL_GAMES = 100
GOAL_PAGE_MS = 100
GOAL_SAVE_MS = 5
GOAL_CORRECTION_S = 2
RUNS = 10


def _games(owner: Any, players: list[Any], count: int, rng: random.Random) -> None:
    """``count`` finished 4-player Spades games of ``players`` (bulk: games and seats, the read model a
    finished game's write leaves; the ratings rebuilt after), each won by a random side."""
    from datetime import timedelta

    from django.utils import timezone

    from scorekeeper.games.models import Game, Seat

    start = timezone.now() - timedelta(days=400)
    games, seats = [], []
    for _ in range(count):
        four = rng.sample(players, 4)
        winner = rng.randrange(2)
        game = Game(kind="spades", players=[p.name for p in four], rules={"preset": "standard"}, owner=owner,
                    finished=True, rows_played=12)  # fmt: skip
        games.append(game)
        for seat, player in enumerate(four):
            side = seat % 2
            total = 500 + rng.randrange(60) if side == winner else 200 + rng.randrange(200)
            seats.append(Seat(game=game, player=player, seat=seat, side=side, total=total, won=side == winner))
    Game.objects.bulk_create(games, batch_size=1000)
    for number, game in enumerate(games):  # the order they were played: auto_now_add set them all alike
        game.created_at = start + timedelta(minutes=number)
    Game.objects.bulk_update(games, ["created_at"], batch_size=1000)
    for at, seat in enumerate(seats):
        seat.total = seats[at - at % 4 + seat.side].total  # partners share their side's total
    Seat.objects.bulk_create(seats, batch_size=2000)


def _pages(client: Client, player_id: int) -> dict[str, tuple[int, float]]:
    """The ladder's and a player's page: (queries, median ms)."""
    timed = {}
    pages = {
        "ladder (GET /players/ladder/)": reverse("games:ladder"),
        "player page (GET /players/<id>/)": reverse("games:player", args=[player_id]),
    }
    for label, address in pages.items():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(address).status_code == 200
        timed[label] = (len(queries), median_ms(partial(client.get, address), RUNS))
    return timed


def run(out: Output) -> None:
    """Seed, rate, then time the pages, a save that finishes the newest game and a mid correction."""
    from django.contrib.auth.models import User

    from scorekeeper.games.models import Game, Player, Seat
    from scorekeeper.games.ratings import ratings_rebuild, ratings_rerate

    with throwaway_test_database():
        user = User.objects.create_user("bench-ratings")
        players = Player.objects.bulk_create([Player(owner=user, name=f"Player {n}") for n in range(PLAYERS)])
        rng = random.Random(29)
        client = Client()
        client.force_login(user)
        _games(user, players, SMALL_GAMES, rng)
        ratings_rebuild()
        small = _pages(client, players[0].pk)
        _games(user, players, GAMES - SMALL_GAMES, rng)
        started = time.perf_counter()
        with transaction.atomic():
            ratings_rebuild()
        rebuilt = time.perf_counter() - started
        large = _pages(client, players[0].pk)
        ordered = list(Game.objects.filter(owner=user).order_by("created_at", "pk"))
        newest, middle = ordered[-1], ordered[len(ordered) // 2]
        save_ms = median_ms(lambda: ratings_rerate(games=[newest]), RUNS)
        flipped = list(Seat.objects.filter(game=middle))
        for seat in flipped:
            seat.won = not seat.won  # the other side won it after all
        Seat.objects.bulk_update(flipped, ["won"])
        started = time.perf_counter()
        with transaction.atomic():
            ratings_rerate(games=[middle])
        corrected = time.perf_counter() - started
    out.write(f"Ratings of {PLAYERS:,} players over {GAMES:,} games (all rated anew in {rebuilt:.1f} s); queries at "
              f"{SMALL_GAMES} games / at {GAMES:,}, server time at {GAMES:,} (median of {RUNS}):")  # fmt: skip
    for label, (many, ms) in large.items():
        few = small[label][0]
        met = verdict(few == many and ms < GOAL_PAGE_MS)
        out.write(f"  {label:<36}{few:>3} / {many:<4}{'same' if few == many else 'DIFFERENT':<10}{ms:>7.1f} ms; "
                  f"goal the same, under {GOAL_PAGE_MS} ms: {met}")  # fmt: skip
    out.write(f"  a save finishing the newest game: its ratings {save_ms:.1f} ms; goal at most {GOAL_SAVE_MS} ms: "
              f"{verdict(save_ms <= GOAL_SAVE_MS)}")  # fmt: skip
    out.write(f"  correcting game {GAMES // 2:,} of {GAMES:,}: re-rated in {corrected:.2f} s; goal under "
              f"{GOAL_CORRECTION_S} s: {verdict(corrected < GOAL_CORRECTION_S)}")  # fmt: skip
