"""``manage.py bench --only events`` run small: an event of 2 tables (and one of 1) seeded through the
services, its pages' queries and times, the wall's poll, and the phones' polls served by gunicorn with the
flags ``make run`` uses, on the tests' own database (the server shares it)."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import urllib.parse
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection

from scorekeeper.bench import common, events

SMALL = {
    "TABLES": 2, "SMALL_TABLES": 1, "ROUNDS": 2, "HANDS": 3, "TIMED_RUNS": 1, "PHONES_PER_TABLE": 1,
    "LOAD_SECONDS": 1.0, "FLAT_SECONDS": 0.5,
}  # fmt: skip


@pytest.mark.django_db(transaction=True)  # the server reads what the test wrote: committed
def test_events_prints_its_goal_lines_run_small(monkeypatch):
    for name, value in SMALL.items():
        monkeypatch.setattr(events, name, value)
    if connection.vendor == "sqlite":
        env = common.server_env(sqlite_file=Path(connection.settings_dict["NAME"]))
    else:
        url = urllib.parse.urlsplit(os.environ["DATABASE_URL"])
        env = common.server_env(database_url=url._replace(path="/" + connection.settings_dict["NAME"]).geturl())
    monkeypatch.setattr(events, "throwaway_server_database", lambda _file: contextlib.nullcontext(env))
    out = io.StringIO()

    call_command("bench", only="events", stdout=out)

    made, dashboard, standings, wall, changed, poll, held, sheet, flat = out.getvalue().splitlines()
    met = r"(met|MISSED)"
    assert re.fullmatch(
        r"An event of 2 tables \(4 teams of two, Swiss, 2 rounds of 3-hand Spades games, the last in play; made "
        r"in [0-9]+ s\): queries at 1 tables / at 2, server time at 2 \(median of 1\):",
        made,
    )
    pages = [r"dashboard \(GET /events/<edit_key>/\)", r"standings \(GET /events/<view_key>/\)"]
    pages += [r"wall \(GET /events/<view_key>/wall/\)", r"wall poll after a save \(\?v=<old>\)"]
    for line, page in zip((dashboard, standings, wall, changed), pages, strict=True):
        assert re.fullmatch(
            rf"  {page} +([0-9]+) / \1 +same +[0-9]+ ms \(CPU [0-9]+ ms\); goal under 200 ms: {met}", line
        ), line
    assert re.fullmatch(
        r"  wall poll, unchanged \(GET /events/<view_key>/live/\?v=<token>&page=wall\): 1 query, status 204, "
        r"[0-9.]+ ms \(median of 10\); goal exactly 1 query and 204: met",
        poll,
    )
    assert re.fullmatch(
        r"Served by gunicorn \(--workers 2 --threads 8 --worker-class gthread --keep-alive 5, as make run\), 2 "
        r"phones \(1 a table\) polling their sheet every 2 s and the wall every 3 s for 1 s: [0-9.]+ polls a second "
        rf"answered 204 of 1.3 asked, 0 otherwise, in [0-9.]+ ms \(median\), [0-9.]+ ms \(p95\); goal all "
        rf"answered, at least 95% of the pace: {met}",
        held,
    )
    assert re.fullmatch(
        r"  sheet page \(GET /games/<edit_key>/, 3 hands\) meanwhile, [0-9]+ times: [0-9]+ ms \(median\), "
        rf"[0-9]+ ms \(p95\), [0-9]+ ms alone; goal p95 under 300 ms: {met}",
        sheet,
    )
    assert re.fullmatch(
        r"  flat out, 3 clients \(a phone a table and the wall\) asking again at once for 0.5 s: [0-9]+ polls a "
        rf"second answered 204, 0 otherwise, [0-9.]+ times the phones' pace; goal at least 2: {met}",
        flat,
    )


def test_the_events_part_serves_with_the_flags_of_make_run():
    """Its gunicorn is the server ``make run`` starts (the Makefile's ``SERVE``, its defaults filled in)."""
    makefile = (Path(settings.BASE_DIR) / "Makefile").read_text()
    defaults = dict(re.findall(r"^(\w+) \?= (\S+)$", makefile, re.MULTILINE))
    serve = re.search(r"^SERVE = (.+)$", makefile, re.MULTILINE)
    assert serve is not None, "the Makefile names the server make run starts"
    words = shlex.split(re.sub(r"\$\((\w+)\)", lambda name: defaults.get(name.group(1), ""), serve.group(1)))
    flags = list(events.GUNICORN_FLAGS)
    pairs = {flags[at]: flags[at + 1] for at in range(0, len(flags), 2)}
    assert all(words[words.index(flag) + 1] == value for flag, value in pairs.items() if flag in words)
    assert set(pairs) == {word for word in words if word.startswith("--")} - {"--bind", "--log-level"}


def test_a_drawn_game_ends_at_its_hand_limit_and_one_a_hand_short_does_not():
    from scorekeeper.games.models import Game

    game = Game(kind="spades", players=["A", "B", "C", "D"], dealer=0, rules=events.rules())
    rng = events.random.Random(1)
    _, over = events.drawn_game(game, rng, events.HANDS)
    _, playing = events.drawn_game(game, rng, events.HANDS - 1)
    assert over.finished and len(over.hands) == events.HANDS and over.winner is not None
    assert not playing.finished and len(playing.hands) == events.HANDS - 1
