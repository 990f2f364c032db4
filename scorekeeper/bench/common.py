"""What the parts of ``manage.py bench`` share: game records, timing, the met/missed word,
and the throwaway databases they run on (nothing real is touched)."""

from __future__ import annotations

import contextlib
import os
import random
import time
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol

from django.db import connection
from django.test.utils import setup_test_environment, teardown_test_environment

from scorekeeper.engine.mu.game import Eklat, MuDeal, Played
from scorekeeper.engine.mu.tables import COLOURS, HAND_SIZE, points_in_deal
from scorekeeper.engine.replay import Play
from scorekeeper.engine.spades.cards import deck
from scorekeeper.engine.spades.game import SpadesHand
from scorekeeper.engine.spades.play import Situation, legal_plays, trick_winner
from scorekeeper.engine.spades.rules import SpadesRules, spades_rules

#: Spades rules under which a game never ends, so any number of hands is a legal game.
NEVER_ENDS = {"preset": "standard", "target": 10**9, "blind_nil_min_deficit": 0}


class Output(Protocol):
    """Where a part prints: the command's ``stdout``; each ``write`` is one line."""

    def write(self, msg: str) -> Any: ...


def verdict(met: bool) -> str:
    """The word a goal line ends with: ``met``, or ``MISSED`` in capitals to stand out."""
    return "met" if met else "MISSED"


def median_ms(call: Callable[[], object], runs: int) -> float:
    """Median wall time in ms of ``runs`` calls of ``call`` (the caller warms up first)."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        call()
        times.append((time.perf_counter() - started) * 1000)
    return sorted(times)[len(times) // 2]


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


def random_deals(count: int, players: int = 5, seed: int = 1) -> list[MuDeal]:
    """``count`` valid Mü deals for ``players`` players, reproducibly random, as the engine tests'
    strategy draws them (``tests/engine/mu/test_properties.py``): a tenth all passed, a fifth tied
    (an Eklat), the rest played, with a Vize or none, any trumps and card points split at random."""
    rng = random.Random(seed)
    most, total = HAND_SIZE[players], points_in_deal(players)
    deals: list[MuDeal] = []
    for _ in range(count):
        kind = rng.randint(0, 9)
        if kind <= 2:
            tied = rng.sample(range(players), rng.randint(2, players))
            deals.append(Eklat() if kind == 0 else Eklat(rng.randint(1, most), tuple(tied), rng.choice(tied)))
            continue
        chef, level = rng.randrange(players), rng.randint(1, most)
        others = [seat for seat in range(players) if seat != chef]
        vize = None if players == 3 or level == 1 or rng.random() < 0.3 else rng.choice(others)
        partner = None if players == 3 else rng.choice([seat for seat in others if seat != vize])
        trumps: list[str | int] = [*COLOURS, *range(10)]
        chef_trump = None if rng.random() < 0.1 else rng.choice(trumps)
        cuts = sorted(rng.randint(0, total) for _ in range(players - 1))
        points = tuple(high - low for low, high in zip([0, *cuts], [*cuts, total], strict=True))
        deals.append(
            Played(chef, level, vize, chef_trump, None if vize is None else rng.choice(trumps), partner, points)
        )
    return deals


def random_play(seed: int = 1, rules: SpadesRules | None = None, leader: int = 1) -> Play:
    """A whole Spades hand played by the rules: dealt at random, each player (clockwise from
    ``leader``) playing their first legal card; ``rules`` default to the standard."""
    rules = rules or spades_rules({"preset": "standard"})
    cards = deck(rules.deck)
    shuffled = list(cards.cards)
    random.Random(seed).shuffle(shuffled)
    size = rules.tricks
    hands = [shuffled[seat * size : (seat + 1) * size] for seat in range(rules.seats)]
    tricks, broken, first = [], False, leader
    for number in range(1, size + 1):
        trick: list[str] = []
        for index in range(rules.seats):
            seat = (leader + index) % rules.seats
            card = legal_plays(rules, hands[seat], Situation(number, broken, tuple(trick)))[0]
            hands[seat].remove(card)
            trick.append(card)
        broken = broken or any(cards.is_trump(card) for card in trick)
        winner = trick_winner(rules, trick).index
        assert winner is not None
        leader = (leader + winner) % rules.seats
        tricks.append(tuple(trick))
    return Play(first, tuple(tricks))


def game_record(length: int) -> dict[str, Any]:
    """A Spades game record (``docs/game-record.md``) of ``length`` random hands that never ends."""
    return {
        "format": "scorekeeper-game/1",
        "game": "spades",
        "players": ["Ann", "Bob", "Cat", "Dan"],
        "dealer": 0,
        "rules": NEVER_ENDS,
        "hands": [{"bids": list(h.bids or ()), "tricks": list(h.tricks or ())} for h in random_hands(length)],
    }


@contextlib.contextmanager
def throwaway_test_database() -> Iterator[None]:
    """A fresh test database of the default connection, in Django's test environment (so the
    test ``Client`` works and queries are counted), for the duration of the block; destroyed after."""
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()


@contextlib.contextmanager
def throwaway_server_database(sqlite_file: Path) -> Iterator[dict[str, str]]:
    """A fresh, migrated test database that this process and an app server share; yields
    the server's environment (``server_env``). On SQLite it is ``sqlite_file`` (not the
    tests' file, which a test run may be using); otherwise the test database of ``DATABASE_URL``."""
    test = connection.settings_dict.setdefault("TEST", {})
    tests_name = test.get("NAME")
    if connection.vendor == "sqlite":
        test["NAME"] = str(sqlite_file)
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        if connection.vendor == "sqlite":
            yield server_env(sqlite_file=sqlite_file)
        else:
            url = urllib.parse.urlsplit(os.environ["DATABASE_URL"])
            yield server_env(database_url=url._replace(path="/" + connection.settings_dict["NAME"]).geturl())
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        test["NAME"] = tests_name


def server_env(*, sqlite_file: Path | None = None, database_url: str | None = None) -> dict[str, str]:
    """The environment of an app process serving ``sqlite_file`` (or the database of
    ``database_url``), with a throwaway secret key and connections kept open as in production."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    env.update(DJANGO_SECRET_KEY="bench-" + "x" * 50, DJANGO_DB_CONN_MAX_AGE="600")
    if database_url:
        env["DATABASE_URL"] = database_url
    else:
        env["DJANGO_DB_PATH"] = str(sqlite_file)
    return env
