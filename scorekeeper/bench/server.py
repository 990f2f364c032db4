"""The app served by gunicorn on loopback, and browser-like clients of it (``Phone``), for the
``served`` and ``limits`` parts of the bench. The tests of concurrent saves and of the
throttle drive Django's live server with ``Phone`` and ``post_at_once`` too."""

from __future__ import annotations

import contextlib
import http.cookiejar
import json
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterable, Iterator
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage

from scorekeeper.bench.common import game_record


def get(url: str) -> str:
    """GET ``url`` without cookies; the body (an error status raises ``urllib.error.HTTPError``)."""
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read().decode()


@contextlib.contextmanager
def gunicorn(env: dict[str, str]) -> Iterator[str]:
    """gunicorn (2 workers) serving the app on a free loopback port with ``env``; yields its base URL.
    It serves the static files ``collectstatic`` wrote (``make bench`` runs it first)."""
    root = settings.BASE_DIR
    if not Path(staticfiles_storage.path(staticfiles_storage.manifest_name)).exists():
        raise RuntimeError("No static files to serve: run `manage.py collectstatic --noinput` first")
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


def import_games(env: dict[str, str], folder: Path, lengths: Iterable[int]) -> dict[int, str]:
    """Migrate the database of ``env`` and store a Spades game (``common.game_record``) of each of
    ``lengths`` hands in it with ``manage.py import_game`` (its record written in ``folder``); the
    games' addresses by hands."""
    root = settings.BASE_DIR
    manage = [sys.executable, str(root / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], env=env, cwd=root, check=True)
    games = {}
    for length in lengths:
        record = folder / f"game-{length}.json"
        record.write_text(json.dumps(game_record(length)))
        imported = subprocess.run(
            [*manage, "import_game", str(record)], env=env, cwd=root, check=True, capture_output=True, text=True
        ).stdout
        found = re.search(r"(/games/[A-Za-z0-9_-]{24}/)", imported)
        assert found is not None, "import_game prints the game's address"
        games[length] = found.group(1)
    return games


def _wait_for(url: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            get(url)
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


class Phone:
    """A browser-like client of a running server, with its own session cookies and
    CSRF token (read from the page at ``game_url``)."""

    def __init__(self, base: str, game_url: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        page = self.get(game_url)
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert found is not None, "the sheet has a CSRF token"
        self.token = found.group(1)

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
