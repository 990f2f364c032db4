"""What an import costs, and what it costs the other tables (issue 24). Goals: the preview of a
300-hand record takes the same time with 0 and with 1,000 stored games of the same shape (same
players, dealer and number of hands; at most 1.5 times), and, served by gunicorn (2 workers), a
sheet page asked for while two of the largest imports allowed run at once answers in under 2 s
(each import is bounded: ``records.MAX_IMPORT_RECORDS`` and ``MAX_IMPORT_HANDS``)."""

from __future__ import annotations

import http.cookiejar
import io
import json
import re
import secrets
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection
from django.test import Client, override_settings
from django.urls import reverse

from scorekeeper.bench.common import (
    Output,
    game_record,
    median_ms,
    throwaway_server_database,
    throwaway_test_database,
    verdict,
)
from scorekeeper.bench.server import Phone, gunicorn

#: The previewed record's hands, and the stored games of its shape.
HANDS = 300
STORED = 1000
PREVIEW_RUNS = 15
GOAL_RATIO = 1.5
#: The sheet read during the imports: a game of this many hands.
SHEET_HANDS = 20
GOAL_SHEET_MS = 2000


def run(out: Output) -> None:
    """The preview of a ``HANDS``-hand record with 0 and ``STORED`` stored games of its shape
    (in-process, a throwaway test database); then a sheet page during two imports at once."""
    with throwaway_test_database():
        few, many, made = preview_times()
    ratio = many / few
    out.write(
        f"Import preview of a {HANDS}-hand record ({connection.vendor}, median of {PREVIEW_RUNS}): "
        f"{few:.1f} ms with no stored game, {many:.1f} ms with {STORED:,} others of the same shape "
        f"(made in {made:.0f} s), "
        f"{ratio:.2f} times; goal at most {GOAL_RATIO}: {verdict(ratio <= GOAL_RATIO)}"
    )
    imports, during, alone, size = sheet_during_imports()
    out.write(
        f"Sheet page ({SHEET_HANDS} hands) during two imports at once (gunicorn, 2 workers, {connection.vendor}), "
        f"each the largest allowed ({size}): the imports took {imports[0]:,.0f} and {imports[1]:,.0f} ms, the sheet "
        f"{during:,.0f} ms ({alone:.1f} ms alone); goal under {GOAL_SHEET_MS:,} ms: {verdict(during < GOAL_SHEET_MS)}"
    )


def preview_times() -> tuple[float, float, float]:
    """Median ms of a signed-in owner's import preview (the whole request: file upload, checks,
    the look-up of stored games) of one ``HANDS``-hand record, with no stored game and with
    ``STORED`` other games of the same shape; and the seconds making them took. Then the same
    game stored too must be found (not timed).

    Raises:
        RuntimeError: a preview did not answer 200, or did not find the same game stored.
    """
    from django.contrib.auth.models import User

    user = User.objects.create_user("bench")
    client = Client()
    client.force_login(user)
    text = json.dumps(game_record(HANDS))
    with override_settings(THROTTLES={**settings.THROTTLES, "import": "1000000/h"}):
        _preview(client, text)  # warm: the session, the templates
        few = median_ms(lambda: _preview(client, text), PREVIEW_RUNS)
        started = time.perf_counter()
        make_stored(user, range(1, STORED + 1))
        made = time.perf_counter() - started
        many = median_ms(lambda: _preview(client, text), PREVIEW_RUNS)
        make_stored(user, range(1))
        if "Already stored" not in _preview(client, text):
            raise RuntimeError("the stored copy of the previewed game was not found")
    return few, many, made


def _preview(client: Client, text: str) -> str:
    """The preview page of ``text`` uploaded as a file (raises unless it is 200)."""
    upload = io.BytesIO(text.encode())
    upload.name = "records.json"
    response = client.post(reverse("games:import"), {"file": upload})
    if response.status_code != 200:
        raise RuntimeError(f"import preview: status {response.status_code}")
    return response.content.decode()


def make_stored(user: Any, numbers: range) -> None:
    """Games of ``user`` of the shape of ``common.game_record(HANDS)`` (its players, dealer and
    number of hands), one for each of ``numbers``: 0 is the same game, any other another game
    (two of its hands moved); stored in bulk with the digest every write keeps (no seats: a
    preview reads none).

    Raises:
        RuntimeError: two of the games of ``user`` are the same (they must all differ).
    """
    from scorekeeper.engine.record import game_record as record_of
    from scorekeeper.engine.record import parse_record
    from scorekeeper.games.models import Game, Row
    from scorekeeper.games.records import record_digest

    record = record_of(parse_record(game_record(HANDS)))  # as the app writes it: its hands are stored so
    batch = 100
    for start in range(numbers.start, numbers.stop, batch):
        games, hands = [], []
        for number in range(start, min(numbers.stop, start + batch)):
            turned = list(record["hands"])
            if number:  # two hands moved: another game (checked below)
                turned[0], turned[number % HANDS] = turned[number % HANDS], turned[0]
                turned[1], turned[2 + number // HANDS] = turned[2 + number // HANDS], turned[1]
            text = json.dumps({**record, "hands": turned}, sort_keys=True, separators=(",", ":"))
            game = Game(
                kind="spades", players=record["players"], dealer=record["dealer"], rules=record["rules"],
                owner=user, rows_played=HANDS, record_digest=record_digest(text),
            )  # fmt: skip
            games.append(game)
            hands += [Row(game=game, number=index, record={"bids": hand["bids"], "tricks": hand["tricks"]})
                      for index, hand in enumerate(turned)]  # fmt: skip
        Game.objects.bulk_create(games)
        Row.objects.bulk_create(hands, batch_size=2000)
    mine = Game.objects.filter(owner=user)
    if mine.values("record_digest").distinct().count() != mine.count():
        raise RuntimeError("two stored games are the same game")


def largest_import() -> tuple[str, str]:
    """The largest import allowed: ``MAX_IMPORT_RECORDS`` records of a share of ``MAX_IMPORT_HANDS``
    hands each (storing a game costs more than checking a hand), each with its own players; its
    JSON text and a few words saying what it holds."""
    from scorekeeper.games.records import MAX_IMPORT_HANDS, MAX_IMPORT_RECORDS

    hands = MAX_IMPORT_HANDS // MAX_IMPORT_RECORDS
    records = [
        {**game_record(hands), "players": [f"{name} {number}" for name in ("Ann", "Bob", "Cat", "Dan")]}
        for number in range(MAX_IMPORT_RECORDS)
    ]
    return json.dumps(records), f"{MAX_IMPORT_RECORDS} records of {hands} hands"


def sheet_during_imports() -> tuple[list[float], float, float, str]:
    """Served by gunicorn (2 workers): two phones import the largest file allowed at once
    (confirmed: checked and stored), and a third asks for a sheet meanwhile. The ms of each
    import, of the sheet during them and of the sheet alone (median of 5), and what an import held."""
    from scorekeeper.games.services import game_import

    text, size = largest_import()
    with tempfile.TemporaryDirectory() as folder, throwaway_server_database(Path(folder) / "bench.sqlite3") as env:
        game = game_import(record=game_record(SHEET_HANDS))
        sheet = reverse("games:detail", args=[game.edit_key])
        with gunicorn(env) as base:
            reader = Phone(base, sheet)
            reader.get(sheet)
            alone = median_ms(lambda: reader.get(sheet), 5)
            importers = [Importer(base) for _ in range(2)]
            times = [0.0, 0.0]
            threads = [
                threading.Thread(target=_timed_import, args=(importer, text, times, index))
                for index, importer in enumerate(importers)
            ]
            for thread in threads:
                thread.start()
            time.sleep(0.2)  # both imports under way: each holds one of the two workers
            started = time.perf_counter()
            reader.get(sheet)
            during = (time.perf_counter() - started) * 1000
            for thread in threads:
                thread.join()
    if 0.0 in times:
        raise RuntimeError("an import failed")
    return times, during, alone, size


def _timed_import(importer: Importer, text: str, times: list[float], index: int) -> None:
    started = time.perf_counter()
    if importer.confirm(text) == 302:
        times[index] = (time.perf_counter() - started) * 1000


class Importer:
    """A browser on the import page: its cookies and CSRF token, and the form it posts."""

    def __init__(self, base: str) -> None:
        self.base = base
        cookies = urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        self.opener = urllib.request.build_opener(cookies, _NoRedirect)
        with self.opener.open(base + reverse("games:import"), timeout=60) as response:
            page = response.read().decode()
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert found is not None, "the import page has a CSRF token"
        self.token = found.group(1)

    def confirm(self, text: str) -> int:
        """Post ``text`` as the preview's form does to import it (multipart); the status (302: imported)."""
        boundary = secrets.token_hex(16)
        fields = {"csrfmiddlewaretoken": self.token, "records": text, "confirm": "new"}
        body = (
            b"".join(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
                for name, value in fields.items()
            )
            + f"--{boundary}--\r\n".encode()
        )
        headers = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
        request = urllib.request.Request(self.base + reverse("games:import"), data=body, headers=headers)
        try:
            return self.opener.open(request, timeout=120).status
        except urllib.error.HTTPError as error:
            return error.code


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Keep a redirect as the answer (an import answers 302 to the games list)."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None
