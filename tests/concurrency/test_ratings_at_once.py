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


def test_a_merge_and_a_sign_in_re_rating_the_same_two_groups_at_once_never_deadlock(transactional_db) -> None:
    """A merge re-rates the groups of the kept player's games (an account's, and a guest's rematch
    without one) while a sign-in moves a browser's game from the group without an account to the
    account's: both lock the two groups, each first in the same order, so neither waits on the
    other (on PostgreSQL, opposite orders were a deadlock: one of them a 500)."""
    from types import SimpleNamespace
    from unittest import mock

    import pytest
    from django.contrib.auth.models import User
    from django.db import connection, connections

    from scorekeeper.games import ratings
    from scorekeeper.games.access import MADE, _claim_games

    from ..games.factories import play

    if connection.vendor != "postgresql":
        pytest.skip("SQLite's writes take turns from their transaction's start")
    host = User.objects.create_user("host", password="ratings-29-deadlock")
    mine = services.game_create(kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules=ONE_HAND,
                                owner=host, group=Player.objects.filter(owner=host))  # fmt: skip
    play(mine, [5, 2, 5, 1], [5, 2, 5, 1])
    play(services.game_rematch(game=mine, owner=None), [5, 2, 5, 1], [5, 2, 5, 1])  # the host's Bob, a guest's game
    other = services.game_create(kind="spades", players=["Eve", "Fay", "Gus", "Hal"], dealer=0, rules=ONE_HAND,
                                 owner=host, group=Player.objects.filter(owner=host))  # fmt: skip
    play(other, [5, 2, 5, 1], [5, 2, 5, 1])
    browsers = services.game_create(kind="spades", players=["Ivy", "Jon", "Kim", "Lee"], dealer=0, rules=ONE_HAND)
    play(browsers, [5, 2, 5, 1], [5, 2, 5, 1])
    eve, bob = (Player.objects.get(owner=host, name=name) for name in ("Eve", "Bob"))
    both_hold_a_lock = threading.Barrier(2, timeout=3)
    locked = ratings._groups_locked

    def held(groups) -> None:  # each write, holding its first locks, waits for the other to hold its own
        locked(groups)
        try:
            both_hold_a_lock.wait()
        except threading.BrokenBarrierError:
            pass  # the other waits for this one's locks: as it should

    errors: list[BaseException] = []

    def run(write) -> None:
        try:
            write()
        except BaseException as error:  # noqa: BLE001 (any failure is the test's)
            errors.append(error)
        finally:
            connections.close_all()

    writes = [
        lambda: services.player_merge(player=eve, into=bob),
        lambda: _claim_games(None, SimpleNamespace(session={MADE: [str(browsers.pk)]}), host),
    ]
    with mock.patch.object(ratings, "_groups_locked", held):
        threads = [threading.Thread(target=run, args=(write,)) for write in writes]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert not errors, errors
    kept = steps()
    ratings_rebuild()
    assert steps() == kept
