"""Ratings kept exact under load (issue 29): tables sharing players finish their games at the same
moment against a live server; every save succeeds and the ratings' read model equals rating the
group from scratch. Runs on SQLite and, with ``DATABASE_URL``, on PostgreSQL, where the writes of
one group take turns on a lock (without it, a save could fail on a step another just wrote, or rate
from steps another was replacing)."""

from __future__ import annotations

import threading

from scorekeeper.games import services
from scorekeeper.games.management.commands.bench import Phone
from scorekeeper.games.models import Game, Player, RatingStep
from scorekeeper.games.ratings import ratings_rebuild
from scorekeeper.spades import services as spades_services

from ..games.factories import sheet_url

TABLES = 6
ONE_HAND = {"preset": "standard", "hand_limit": 1}


def steps() -> dict[tuple[int, object], tuple[float, float]]:
    return {(s.player_id, s.game_id): (round(s.mu, 9), round(s.sigma, 9)) for s in RatingStep.objects.all()}


def test_tables_sharing_players_finish_at_once_and_the_ratings_stay_exact(live_server, transactional_db) -> None:
    games = []
    for table in range(TABLES):  # Ann and Bob at every table (as a club's regulars across an evening)
        players = ["Ann", f"Cat{table}", "Bob", f"Dan{table}"]
        group = Player.objects.filter(owner=None)
        game = services.game_create(kind="spades", players=players, dealer=0, rules=ONE_HAND, group=group)
        spades_services.hand_bids_save(game=game, bids=[5, 1, 5, 1], number=0)
        games.append(game)
    phones = [Phone(live_server.url, sheet_url(game)) for game in games]
    tricks = {"number": "0", "tricks_0": "5", "tricks_1": "2", "tricks_2": "5", "tricks_3": "1"}
    start = threading.Barrier(TABLES)
    statuses = [0] * TABLES

    def finish(table: int) -> None:
        start.wait()
        statuses[table] = phones[table].post(f"/games/{games[table].edit_key}/tricks/", tricks)

    threads = [threading.Thread(target=finish, args=(table,)) for table in range(TABLES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert statuses == [200] * TABLES, statuses
    assert Game.objects.filter(finished=True).count() == TABLES
    kept = steps()
    assert len(kept) == 4 * TABLES
    ratings_rebuild()
    assert steps() == kept
