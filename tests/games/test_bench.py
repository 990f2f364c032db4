"""``manage.py bench``: the command runs the parts of ``scorekeeper.bench`` it is asked for,
prints the scoring goal line and (run small) the imports' lines, and the bench keeps the size
rules (no module over 400 lines, no function over 60), and the wire part's client counts and
sends what a browser would. The other slow parts are not run here: ``make bench`` runs them."""

from __future__ import annotations

import ast
import contextlib
import gzip
import io
import os
import re
import socket
import threading
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection

from scorekeeper import bench
from scorekeeper.bench import common, imports, ratings, wire
from scorekeeper.games import records
from scorekeeper.games.management.commands import bench as command


@pytest.mark.parametrize(("only", "parts"), [(None, list(bench.PARTS)), ("looking_back", ["looking_back"])])
def test_the_command_runs_the_chosen_parts_in_order(monkeypatch, only, parts):
    ran = []
    monkeypatch.setattr(command, "run", lambda name, out: ran.append(name))
    call_command("bench", only=only)
    assert ran == parts


def test_scoring_prints_a_goal_line_for_spades_mu_the_score_command_and_a_play():
    out = io.StringIO()
    call_command("bench", only="scoring", stdout=out)
    spades, mu, command, replay = out.getvalue().splitlines()
    met = r"(met|MISSED)"
    assert re.fullmatch(
        rf"Scoring a 1,000-hand game: [0-9.]+ ms \(best of 20\), [0-9.]+ µs per hand; goal under 20 µs: {met}", spades
    )
    assert re.fullmatch(
        rf"Scoring a 400-deal Mü game: [0-9.]+ ms \(best of 20\), [0-9.]+ µs per deal; goal under 20 µs: {met}", mu
    )
    assert re.fullmatch(
        r"manage.py score of a 2,001-hand record: [0-9.]+ ms, of a 1-hand record: [0-9.]+ ms "
        r"\(best of 25, taken in turn\), "
        rf"-?[0-9.]+ µs per hand more; goal at most 20 µs: {met}",
        command,
    )
    assert re.fullmatch(
        rf"Checking the play of a 13-trick hand \(leaders, winners, fouls\): [0-9.]+ ms \(best of 200\); "
        rf"goal under 1 ms: {met}",
        replay,
    )


@pytest.mark.django_db(transaction=True)  # the server reads what the test wrote: committed
def test_imports_prints_its_goal_lines_run_small(monkeypatch):
    """The ``imports`` part run small: a 10-hand record previewed with 0 and 3 stored games, and two
    imports of 4 records at once served by gunicorn, on the tests' own database (the server shares it)."""
    for name, value in {"HANDS": 10, "STORED": 3, "PREVIEW_RUNS": 1, "SHEET_HANDS": 3}.items():
        monkeypatch.setattr(imports, name, value)
    monkeypatch.setattr(records, "MAX_IMPORT_RECORDS", 4)
    monkeypatch.setattr(records, "MAX_IMPORT_HANDS", 40)
    if connection.vendor == "sqlite":
        env = common.server_env(sqlite_file=Path(connection.settings_dict["NAME"]))
    else:
        url = urllib.parse.urlsplit(os.environ["DATABASE_URL"])
        env = common.server_env(database_url=url._replace(path="/" + connection.settings_dict["NAME"]).geturl())
    monkeypatch.setattr(imports, "throwaway_test_database", contextlib.nullcontext)
    monkeypatch.setattr(imports, "throwaway_server_database", lambda _file: contextlib.nullcontext(env))
    out = io.StringIO()

    call_command("bench", only="imports", stdout=out)

    preview, sheet = out.getvalue().splitlines()
    met = r"(met|MISSED)"
    assert re.fullmatch(
        r"Import preview of a 10-hand record \((sqlite|postgresql), median of 1\): [0-9.]+ ms with no stored game, "
        rf"[0-9.]+ ms with 3 others of the same shape \(made in [0-9]+ s\), [0-9.]+ times; goal at most 1.5: {met}",
        preview,
    )
    assert re.fullmatch(
        r"Sheet page \(3 hands\) during two imports at once \(gunicorn, 2 workers, (sqlite|postgresql)\), each the "
        r"largest allowed \(4 records of 10 hands\): the imports took [0-9,]+ and [0-9,]+ ms, the sheet [0-9,]+ ms "
        rf"\([0-9.]+ ms alone\); goal under 2,000 ms: {met}",
        sheet,
    )


def test_an_unknown_part_is_refused():
    with pytest.raises(ValueError, match="no bench part 'speed'"):
        bench.run("speed", io.StringIO())


def test_the_bench_keeps_the_size_rules():
    files = [*Path(bench.__file__).parent.glob("*.py"), Path(command.__file__)]
    for file in files:
        text = file.read_text()
        assert len(text.splitlines()) <= 400, file.name
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno - node.lineno + 1 <= 60, f"{file.name}: {node.name}"


# --- the wire part's client: what it counts and what it sends ------------------------------------------------------


@contextlib.contextmanager
def canned_server(answers: list[bytes]) -> Iterator[tuple[str, list[bytes]]]:
    """A server on loopback that answers each connection with the next of ``answers`` and closes it;
    yields its base URL and the requests it received (head and body)."""
    received: list[bytes] = []
    listener = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        for answer in answers:
            connection, _ = listener.accept()
            with connection:
                request = connection.recv(65536)
                head, _, body = request.partition(b"\r\n\r\n")
                length = re.search(rb"Content-Length: (\d+)", head)
                while length and len(body) < int(length.group(1)):
                    body += connection.recv(65536)
                received.append(head + b"\r\n\r\n" + body)
                connection.sendall(answer)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}", received
    finally:
        thread.join(timeout=10)
        listener.close()


def test_measure_counts_status_line_headers_and_body_as_sent():
    page = b"<p>" + b"spades " * 500 + b"</p>"
    packed = gzip.compress(page)
    chunked = b"%x\r\n%s\r\n0\r\n\r\n" % (len(packed), packed)
    head = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n"
    with canned_server([head + chunked]) as (base, received):
        answer = wire.measure(base, "GET", "/games/x/", headers={"HX-Request": "true"})
    assert answer.status == 200
    assert answer.wire_bytes == len(head) + len(chunked)
    assert answer.body == page and answer.body_bytes == len(page)
    assert answer.ms > 0
    assert received[0].startswith(b"GET /games/x/ HTTP/1.1\r\n")
    assert b"\r\nAccept-Encoding: gzip, br\r\n" in received[0] and b"\r\nHX-Request: true\r\n" in received[0]


def test_the_wire_phone_keeps_cookies_and_posts_as_htmx_does():
    page = b'<body hx-headers=\'{"X-CSRFToken": "tok3n"}\'>'
    first = (
        b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: %d\r\n"
        b"Set-Cookie: sessionid=s1; Path=/; HttpOnly\r\nSet-Cookie: csrftoken=c1; Path=/\r\n\r\n%s" % (len(page), page)
    )
    second = b'HTTP/1.1 204 No Content\r\nSet-Cookie: sessionid=""; Max-Age=0; Path=/\r\n\r\n'
    third = b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n"
    with canned_server([first, second, third]) as (base, received):
        phone = wire.WirePhone(base)
        phone.get("/games/x/")
        saved = phone.post("/games/x/bids/", {"bid_0": "3"})
        refused = phone.get("/games/x/live/", htmx=True)
    assert phone.token == "tok3n"
    assert saved.status == 204 and refused.status == 403
    assert b"\r\nCookie: sessionid=s1; csrftoken=c1\r\n" in received[1]
    assert b"\r\nHX-Request: true\r\n" in received[1] and b"\r\nX-CSRFToken: tok3n\r\n" in received[1]
    assert received[1].endswith(b"\r\n\r\nbid_0=3")
    assert b"\r\nCookie: csrftoken=c1\r\n" in received[2]  # the session cookie was deleted


def test_linked_assets_are_the_stylesheets_icons_and_scripts_of_a_page():
    page = """<head><link rel="stylesheet" href="/static/css/app.1.css"><link href="/static/favicon.2.svg" rel="icon">
    <link rel="preconnect" href="https://example.org"><script src="/static/htmx.3.js" defer></script>
    <script>inline()</script><link rel=stylesheet href="/static/css/app.1.css"></head>"""
    assert wire.linked_assets(page) == ["/static/css/app.1.css", "/static/favicon.2.svg", "/static/htmx.3.js"]


@pytest.mark.browser
@pytest.mark.browser  # it drives Chromium
def test_screen_plays_a_hand_and_a_deal_in_chromium_and_finds_no_tap_off_screen(monkeypatch):
    """The ``screen`` part run small: one Spades hand and one Mü deal at 320x640, served by gunicorn
    from a throwaway file."""
    from scorekeeper.bench import screen

    monkeypatch.setattr(screen, "SIZES", ((320, 640),))
    monkeypatch.setattr(screen, "HANDS", screen.HANDS[:1])
    monkeypatch.setattr(screen, "MU_DEALS", screen.MU_DEALS[:1])
    out = io.StringIO()
    call_command("bench", only="screen", stdout=out)
    said = out.getvalue()
    assert re.search(
        r"Spades 320x640: 9 taps a hand, 0 off screen when needed, totals hidden after 0 of 2 saves: met", said
    )
    assert re.search(
        r"Mü 320x640: 16 taps a deal, 0 off screen when needed, totals hidden after 0 of 2 saves: met", said
    )


@pytest.mark.django_db(transaction=True)
def test_ratings_prints_its_goal_lines_run_small(monkeypatch):
    """The ``ratings`` part run small (12 players, 30 games) on the tests' own database."""
    for name, value in {"PLAYERS": 12, "GAMES": 30, "SMALL_GAMES": 10, "RUNS": 1}.items():
        monkeypatch.setattr(ratings, name, value)
    monkeypatch.setattr(ratings, "throwaway_test_database", contextlib.nullcontext)
    out = io.StringIO()

    call_command("bench", only="ratings", stdout=out)

    heading, ladder, player, save, correction = out.getvalue().splitlines()
    met = r"(met|MISSED)"
    assert re.fullmatch(
        r"Ratings of 12 players over 30 games \(all rated anew in [0-9.]+ s\); queries at 10 games / at 30, "
        r"server time at 30 \(median of 1\):",
        heading,
    )
    for line, page in ((ladder, r"ladder \(GET /players/ladder/\)"), (player, r"player page \(GET /players/<id>/\)")):
        assert re.fullmatch(rf"  {page} +\d+ / \d+ +same +[0-9.]+ ms; goal the same, under 100 ms: {met}", line)
    assert re.fullmatch(rf"  a save finishing the newest game: its ratings [0-9.]+ ms; goal at most 5 ms: {met}", save)
    assert re.fullmatch(rf"  correcting game 15 of 30: re-rated in [0-9.]+ s; goal under 2 s: {met}", correction)
