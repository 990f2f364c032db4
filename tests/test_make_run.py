"""``make run`` (README "Get started"): the command its recipe runs serves the app with gunicorn on every
address of the machine, pages and static files alike, to a phone that reaches it by the laptop's LAN
address over plain HTTP (its host allowed, its form posts passing the CSRF check), and Ctrl-C stops it.

The server command is read from the Makefile itself (``make -n run``: what ``make run`` would run, in
order, without running it), then started on a free port with a throwaway SQLite file, as ``make run``
would serve ``db.sqlite3``. It serves what ``collectstatic`` wrote (``tests/conftest.py``)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The address a phone on the venue's Wi-Fi opens (what ``manage.py lan_address`` prints).
LAN_HOST = "192.168.1.23"
#: Seconds the server may take to answer its first request on a loaded machine.
START_SECONDS = 30


def clean_env(**extra: str) -> dict[str, str]:
    """The environment of a fresh terminal: none of the suite's settings (its settings module, a
    ``DATABASE_URL``), nor the make that runs the suite (``MAKEFLAGS``)."""
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("DJANGO_", "DATABASE_URL", "MAKE", "MFLAGS", "GUNICORN_"))
    }
    return {**env, **extra}


def run_recipe(port: int) -> list[str]:
    """The commands ``make run PORT=port`` runs, in order (``make -n``: printed, not run)."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    printed = subprocess.run(
        ["make", "--no-print-directory", "-n", "run", f"PORT={port}"],
        cwd=ROOT,
        env=clean_env(),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [line.strip() for line in printed.splitlines() if line.strip()]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("0.0.0.0", 0))
        return int(probe.getsockname()[1])


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes


def request(url: str, data: dict[str, str] | None = None, **headers: str) -> Answer:
    """One request, redirects not followed; the answer, whatever its status."""

    class NoRedirects(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    body = urllib.parse.urlencode(data).encode() if data is not None else None
    opener = urllib.request.build_opener(NoRedirects)
    try:
        with opener.open(urllib.request.Request(url, data=body, headers=headers), timeout=30) as response:
            return Answer(response.status, dict(response.headers), response.read())
    except urllib.error.HTTPError as error:
        return Answer(error.code, dict(error.headers), error.read())


@dataclass
class Server:
    base: str
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def lan(self) -> str:
        """``host:port`` as a phone on the venue's Wi-Fi asks for it."""
        return f"{LAN_HOST}:{self.base.rsplit(':', 1)[1]}"


@pytest.fixture(scope="module")
def port() -> int:
    return free_port()


@pytest.fixture(scope="module")
def recipe(port: int) -> list[str]:
    return run_recipe(port)


@pytest.fixture
def server(recipe: list[str], port: int, tmp_path: Path) -> Iterator[Server]:
    """The last command of ``make run`` (the server), started as the recipe's shell would start it,
    on a migrated throwaway SQLite file; killed at the end if the test has not stopped it."""
    env = clean_env(DJANGO_DB_PATH=str(tmp_path / "db.sqlite3"), DJANGO_SECRET_KEY="make-run-" + "x" * 50)
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    log = tmp_path / "server.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            recipe[-1], shell=True, cwd=ROOT, env=env, stdout=output, stderr=output, start_new_session=True
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_SECONDS
    try:
        while True:
            try:
                if request(base + "/health/").status == 200:
                    break
            except OSError:
                pass
            assert process.poll() is None, f"the server stopped: {log.read_text()}"
            assert time.monotonic() < deadline, f"no answer in {START_SECONDS} s: {log.read_text()}"
            time.sleep(0.1)
        yield Server(base, process, log)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def test_make_run_sets_up_prints_the_address_then_serves_with_gunicorn_on_every_address(
    recipe: list[str], port: int
) -> None:
    """In order: migrations, static files, the LAN address and its QR code, then the server: gunicorn
    with threads (phones on a slow Wi-Fi hold a thread, not a process), never Django's runserver."""
    steps = ["manage.py migrate", "manage.py collectstatic", f"manage.py lan_address --port {port}"]
    found = [next(i for i, line in enumerate(recipe) if step in line) for step in steps]
    assert found == sorted(found), recipe
    serve = recipe[-1]
    assert found[-1] < len(recipe) - 1, recipe
    assert re.search(r"(^|\s|/)gunicorn\s", serve) and "runserver" not in serve, serve
    assert f"--bind 0.0.0.0:{port}" in serve, serve
    assert re.search(r"--threads ([2-9]|[1-9][0-9])\b", serve), serve
    assert "scorekeeper.wsgi" in serve, serve


def test_make_run_serves_a_phone_on_the_lan_and_stops_at_ctrl_c(server: Server) -> None:
    """One server (its start is most of the time), in the order of a night."""
    pages_and_static_files_are_served_by_gunicorn(server)
    a_form_posted_over_plain_http_passes_the_csrf_check(server)
    ctrl_c_stops_it_cleanly(server)


def pages_and_static_files_are_served_by_gunicorn(server: Server) -> None:
    """The home page and the game list, asked for by the laptop's LAN address (any host is allowed,
    ``DJANGO_ALLOWED_HOSTS``), and htmx as the page links it: by its hashed name, compressed, cached for
    a year (WhiteNoise, with ``DEBUG`` off)."""
    home = request(server.base + "/", Host=server.lan)
    assert home.status == 200, home.body[:500]
    assert home.headers["Server"].startswith("gunicorn"), home.headers
    assert request(server.base + "/games/", Host=server.lan).status == 200
    linked = re.search(rb'<script src="(/static/django_htmx/htmx[^"]*\.js)"', home.body)
    assert linked is not None, "the page links htmx"
    htmx = request(server.base + linked.group(1).decode(), Host=server.lan, **{"Accept-Encoding": "br, gzip"})
    assert htmx.status == 200
    assert htmx.headers["Server"].startswith("gunicorn"), htmx.headers
    assert htmx.headers["Content-Encoding"] in {"br", "gzip"}, htmx.headers
    assert "immutable" in htmx.headers["Cache-Control"], htmx.headers


def a_form_posted_over_plain_http_passes_the_csrf_check(server: Server) -> None:
    """A phone's form post (here the language switch) over plain HTTP: its origin is the LAN address it
    opened, and no HTTPS is needed for the CSRF cookie. Without the token it is refused (403)."""
    home = request(server.base + "/", Host=server.lan)
    token = re.search(rb'"X-CSRFToken": "([^"]+)"', home.body)
    assert token is not None, "the page carries its CSRF token"
    cookie = SimpleCookie(home.headers["Set-Cookie"])["csrftoken"].value
    headers = {"Host": server.lan, "Origin": f"http://{server.lan}", "Cookie": f"csrftoken={cookie}"}
    form = {"language": "de", "next": "/"}
    posted = request(
        server.base + "/i18n/setlang/", {**form, "csrfmiddlewaretoken": token.group(1).decode()}, **headers
    )
    assert posted.status == 302, posted.body[:500]
    assert request(server.base + "/i18n/setlang/", form, **headers).status == 403


def ctrl_c_stops_it_cleanly(server: Server) -> None:
    """Ctrl-C (SIGINT to the terminal's whole process group) stops the server and its workers within
    seconds, without a traceback; the port is free again."""
    os.killpg(server.process.pid, signal.SIGINT)
    try:
        server.process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        # A machine loaded by other work (the suite's own workers beside it) once kept a worker from
        # quitting in time; a person presses Ctrl-C again, and so does the test: then it must stop.
        os.killpg(server.process.pid, signal.SIGINT)
        server.process.wait(timeout=15)
    log = server.log.read_text()
    assert "Traceback" not in log, log
    with pytest.raises(OSError):
        request(server.base + "/health/")
