"""What a phone downloads, served by gunicorn (2 workers) on loopback with a fresh SQLite file
(issue 13, "Every tap costs the same at hand 3 and at hand 300"). Goals: the first load of a
20-hand Spades sheet (the page and every stylesheet, script and icon it links) takes at most
30 KB on the wire, and the sheet page of a 200-hand game at most 40 KB (KB: 1,024 bytes).

Each request is sent over a socket of its own, as a phone's browser would send it
(``Accept-Encoding: gzip, br``), and the answer is counted as it came over the wire: status line,
headers and body, compressed (and chunked) as sent. ``measure`` makes one such request;
``WirePhone`` adds a browser's state (cookies, the CSRF token, htmx's headers). A kind of
request is a ``Kind`` in ``KINDS``: one run of it is a function of a phone and a game's address."""

from __future__ import annotations

import gzip
import html.parser
import http.client
import http.cookies
import io
import re
import socket
import statistics
import tempfile
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from scorekeeper.bench.common import Output, server_env, verdict
from scorekeeper.bench.server import gunicorn, import_games

KB = 1024
#: The games served: their number of hands.
LENGTHS = (10, 20, 200)
#: Runs of each kind measured (after one warm-up); the line gives the medians.
RUNS = 7
ACCEPT_ENCODING = "gzip, br"


@dataclass(frozen=True)
class Transfer:
    """One answer as it came over the wire."""

    status: int
    headers: http.client.HTTPMessage
    #: The status line, the headers and the body as received (compressed, chunked as sent).
    wire_bytes: int
    #: The body decoded (``Content-Encoding`` undone): what the browser works with.
    body: bytes
    #: Wall time from connecting to the last byte received.
    ms: float

    @property
    def body_bytes(self) -> int:
        return len(self.body)

    @property
    def text(self) -> str:
        return self.body.decode()


def measure(
    base: str, method: str, path: str, data: dict[str, str] | None = None, headers: dict[str, str] | None = None
) -> Transfer:
    """``method`` ``path`` on the server at ``base`` (``http://host:port``) over a new connection,
    as a browser asks (``Accept-Encoding: gzip, br``), with ``data`` as a form and ``headers``;
    the answer as received. A status of 400 or more is returned, not raised."""
    address = urllib.parse.urlsplit(base)
    body = urllib.parse.urlencode(data).encode() if data is not None else b""
    lines = [
        f"{method} {path} HTTP/1.1",
        f"Host: {address.netloc}",
        f"Accept-Encoding: {ACCEPT_ENCODING}",
        "Connection: close",
        *(f"{name}: {value}" for name, value in (headers or {}).items()),
    ]
    if data is not None:
        lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
    request = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body
    started = time.perf_counter()
    with socket.create_connection((address.hostname, address.port or 80), timeout=60) as connection:
        connection.sendall(request)
        received = b"".join(iter(lambda: connection.recv(65536), b""))
    ms = (time.perf_counter() - started) * 1000
    response = http.client.HTTPResponse(cast(socket.socket, _Received(received)), method=method)
    response.begin()
    raw_body = response.read()
    return Transfer(response.status, response.msg, len(received), _decoded(raw_body, response.msg), ms)


class _Received:
    """What ``http.client`` reads an answer from: the bytes received, as a socket's file."""

    def __init__(self, received: bytes) -> None:
        self.received = received

    def makefile(self, mode: str) -> io.BytesIO:
        return io.BytesIO(self.received)


def _decoded(body: bytes, headers: http.client.HTTPMessage) -> bytes:
    """``body`` with its ``Content-Encoding`` undone."""
    encoding = headers.get("Content-Encoding", "identity")
    if encoding == "gzip":
        return gzip.decompress(body)
    if encoding == "br":
        import brotli  # only a server that has it sends br

        return cast(bytes, brotli.decompress(body))
    if encoding != "identity":
        raise ValueError(f"unknown Content-Encoding {encoding!r}")
    return body


class WirePhone:
    """A phone's browser, on the wire: it keeps the cookies the server sets (one host, so name and
    value are enough), reads the CSRF token from every page it loads, and posts as htmx does
    (``HX-Request``, the token in ``X-CSRFToken``). Every request goes through ``measure``."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies: dict[str, str] = {}
        self.token = ""

    def request(
        self, method: str, path: str, data: dict[str, str] | None = None, headers: dict[str, str] | None = None
    ) -> Transfer:
        """``measure`` with this phone's cookies; keeps the cookies set and the page's CSRF token."""
        sent = dict(headers or {})
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        answer = measure(self.base, method, path, data, sent)
        for header in answer.headers.get_all("Set-Cookie") or []:
            for name, morsel in http.cookies.SimpleCookie(header).items():
                if morsel["max-age"] == "0" or not morsel.value:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value
        if answer.headers.get_content_type() == "text/html":
            found = re.search(r'"X-CSRFToken": "([^"]+)"', answer.text)
            self.token = found.group(1) if found else self.token
        return answer

    def get(self, path: str, *, htmx: bool = False) -> Transfer:
        """GET ``path``, as htmx does with ``htmx`` (a poll, a partial)."""
        return self.request("GET", path, headers={"HX-Request": "true"} if htmx else None)

    def post(self, path: str, data: dict[str, str]) -> Transfer:
        """POST the form ``data`` to ``path`` as htmx does."""
        return self.request("POST", path, data, {"HX-Request": "true", "X-CSRFToken": self.token})


class _Assets(html.parser.HTMLParser):
    """The addresses of the stylesheets, icons and scripts a page links, in order, each once."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        rel = set((found.get("rel") or "").lower().split())
        if tag == "link" and rel & {"stylesheet", "icon"}:
            url = found.get("href")
        elif tag == "script":
            url = found.get("src")
        else:
            return
        if url and url not in self.urls:
            self.urls.append(url)


def linked_assets(page: str) -> list[str]:
    """The stylesheets, icons and scripts ``page`` links (``<link rel=stylesheet|icon href>``,
    ``<script src>``)."""
    parser = _Assets()
    parser.feed(page)
    return parser.urls


# --- the kinds of request --------------------------------------------------------------------------------------------


def first_load(phone: WirePhone, game_url: str) -> list[Transfer]:
    """A phone that never opened the game (a fresh ``WirePhone``, nothing cached): the sheet page,
    then every file it links."""
    fresh = WirePhone(phone.base)
    page = fresh.get(game_url)
    return [page, *(fresh.get(url) for url in linked_assets(page.text))]


def sheet_page(phone: WirePhone, game_url: str) -> list[Transfer]:
    """The sheet page, for a phone that opened the game before (its files are cached)."""
    return [phone.get(game_url)]


@dataclass(frozen=True)
class Kind:
    """A kind of request measured: its label, the game's hands, the goal in bytes on the wire,
    and one run (a phone that has opened the game, the game's address: the answers)."""

    label: str
    hands: int
    goal_bytes: int
    run: Callable[[WirePhone, str], list[Transfer]]


KINDS = (
    Kind("first load of a 20-hand sheet (page, stylesheets, scripts, icon)", 20, 30 * KB, first_load),
    Kind("sheet page of a 200-hand game", 200, 40 * KB, sheet_page),
)


@dataclass(frozen=True)
class Measured:
    """The medians over the runs of a kind: bytes on the wire and decoded, server time, and the
    number of requests of one run."""

    wire_bytes: int
    body_bytes: int
    ms: float
    requests: int


def measure_kind(base: str, kind: Kind, game_url: str, runs: int = RUNS) -> Measured:
    """``kind`` on the game at ``game_url``: a phone opens the game (not counted), then one warm-up
    run and ``runs`` runs; the medians. Every answer must be a success (below 400)."""
    phone = WirePhone(base)
    phone.get(game_url)
    kind.run(phone, game_url)
    loads = [kind.run(phone, game_url) for _ in range(runs)]
    for load in loads:
        failed = [answer.status for answer in load if answer.status >= 400]
        if failed:
            raise RuntimeError(f"{kind.label}: status {failed}")
    return Measured(
        wire_bytes=round(statistics.median(sum(answer.wire_bytes for answer in load) for load in loads)),
        body_bytes=round(statistics.median(sum(answer.body_bytes for answer in load) for load in loads)),
        ms=statistics.median(sum(answer.ms for answer in load) for load in loads),
        requests=len(loads[0]),
    )


def run(out: Output) -> None:
    """gunicorn (2 workers) on loopback with a fresh SQLite file: one line per kind of request."""
    with tempfile.TemporaryDirectory() as folder:
        env = server_env(sqlite_file=Path(folder) / "bench.sqlite3")
        games = import_games(env, Path(folder), LENGTHS)
        with gunicorn(env) as base:
            measured = [(kind, measure_kind(base, kind, games[kind.hands])) for kind in KINDS]
    out.write(
        f"On the wire (gunicorn, 2 workers, loopback; Accept-Encoding: {ACCEPT_ENCODING}; "
        f"medians of {RUNS} runs after one warm-up; KB = 1,024 bytes):"
    )
    for kind, result in measured:
        out.write(
            f"  {kind.label}: {result.wire_bytes:,} bytes on the wire in {result.requests} "
            f"{'response' if result.requests == 1 else 'responses'} ({result.body_bytes:,} decoded), "
            f"server {result.ms:.1f} ms; goal at most {kind.goal_bytes // KB} KB ({kind.goal_bytes:,} bytes): "
            f"{verdict(result.wire_bytes <= kind.goal_bytes)}"
        )
