"""Settings: the security headers every page carries, and a clean deployment check.

Mirrors ``scorekeeper/settings.py``; production is the same code with environment
variables set (docs/operations.md "Production").
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: A production environment as docs/operations.md "Production" sets it, without HTTPS.
PRODUCTION = {
    "DJANGO_SECRET_KEY": "x7-" + "k" * 30 + "Q9z!pL2#vB8$mN4%rT6^wY1&cX5*",
    "DJANGO_ALLOWED_HOSTS": "scores.example.org",
}


@pytest.mark.django_db
def test_pages_send_a_content_security_policy_without_inline_script(client):
    response = client.get("/")
    policy = response.headers["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert directives["script-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] == "same-origin"


@pytest.mark.django_db
def test_htmx_is_told_not_to_evaluate_code(client):
    html = client.get("/").content.decode()
    assert '"allowEval":false' in html
    assert '"allowScriptTags":false' in html


@pytest.mark.django_db
def test_database_url_picks_the_database_server():
    """CI runs the whole suite twice: SQLite, then PostgreSQL through ``DATABASE_URL``."""
    from django.db import connection

    expected = "postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "sqlite"
    assert connection.vendor == expected


def test_writes_are_one_transaction_and_reads_none():
    """Not ``ATOMIC_REQUESTS`` (it wraps reads too): the middleware wraps writes only, last of all."""
    from django.conf import settings
    from django.db import connection

    assert not connection.settings_dict["ATOMIC_REQUESTS"]
    assert settings.MIDDLEWARE[-1] == "scorekeeper.middleware.AtomicWritesMiddleware"


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_deployment_check_passes_with_the_production_environment():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_HTTPS="1",
        **PRODUCTION,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_deployment_check_flags_plain_http():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        **PRODUCTION,
    )
    assert result.returncode != 0
    assert "SECURE_SSL_REDIRECT" in result.stdout + result.stderr


@pytest.mark.django_db
def test_plain_http_pages_send_no_cross_origin_opener_policy(client):
    """Browsers ignore COOP over plain HTTP (a LAN with `make run`) and log an error on every page."""
    assert "Cross-Origin-Opener-Policy" not in client.get("/").headers


def test_https_keeps_the_cross_origin_opener_policy():
    result = _manage(
        "shell", "-c", "from django.conf import settings; print(settings.SECURE_CROSS_ORIGIN_OPENER_POLICY)",
        DJANGO_HTTPS="1", **PRODUCTION,
    )  # fmt: skip
    assert result.stdout.strip().endswith("same-origin"), result.stdout + result.stderr


SERVER_ERROR = """
from django.test import Client
from scorekeeper.games import access
def broken(request):
    raise RuntimeError("the disk is on fire")
access.games_of = broken
response = Client(raise_request_exception=False).get("/")
print(response.status_code, "Something went wrong" in response.content.decode())
Client().get("/rules/no-such-preset/")
"""


def test_errors_are_logged_to_standard_error():
    """The friendly 500 page for the phone; for whoever runs the server, on standard error (what gunicorn
    and any host collect), the traceback of a server error and one line per refused request (issue 11)."""
    result = _manage("shell", "-c", SERVER_ERROR)
    assert result.stdout.strip().splitlines()[-1] == "500 True", result.stdout + result.stderr
    err = result.stderr
    assert "ERROR django.request: Internal Server Error: /" in err
    assert "Traceback (most recent call last)" in err and "RuntimeError: the disk is on fire" in err
    not_found = [line for line in err.splitlines() if "Not Found" in line]
    assert len(not_found) == 1 and not_found[0].endswith("WARNING django.request: Not Found: /rules/no-such-preset/")


def test_scripts_and_stylesheets_come_without_the_policy_documents_and_icons_with_it(client):
    """The policy governs documents and workers only (the service worker, /sw.js, keeps it)."""
    for address in ("/static/css/app.css", "/static/js/table.js", "/static/django_htmx/htmx-2.min.js"):
        response = client.get(address)
        assert response.status_code == 200 and "Content-Security-Policy" not in response.headers, address
    for address in ("/static/favicon.svg", "/sw.js"):
        response = client.get(address)
        assert response.status_code == 200 and "Content-Security-Policy" in response.headers, address


@pytest.mark.django_db
def test_a_refused_request_logs_one_line_without_a_traceback(client, settings):
    """Issue 24: a view link's write (403) logged a 23-line traceback, and so would a request
    Django finds suspicious (400, ``django.security``): one line each, as a server error keeps
    its traceback (above)."""
    from scorekeeper.games import services

    game = services.game_create(kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={})
    settings.ALLOWED_HOSTS = ["testserver"]
    with _logged() as log:
        assert client.post(f"/games/{game.view_key}/undo/").status_code == 403
        assert client.get("/", HTTP_HOST="elsewhere.example").status_code == 400
    lines = log.getvalue().splitlines()
    assert len(lines) == 2, lines
    assert lines[0].endswith(f"WARNING django.request: Forbidden (Permission denied): /games/{game.view_key}/undo/")
    assert " ERROR django.security.DisallowedHost: Invalid HTTP_HOST header: 'elsewhere.example'." in lines[1]


@contextlib.contextmanager
def _logged() -> Iterator[io.StringIO]:
    """What the log on standard error (``settings.LOGGING``'s one handler) shows meanwhile."""
    handler = logging.getLogger("django").handlers[0]
    stream = io.StringIO()
    previous = handler.setStream(stream)
    try:
        yield stream
    finally:
        handler.setStream(previous)


def test_the_fallback_secret_key_is_readable_by_its_owner_only(tmp_path):
    """Issue 24: ``.secret_key`` was made world-readable (umask 022: 0644)."""
    from scorekeeper import settings as project

    path = tmp_path / ".secret_key"
    umask = os.umask(0o022)
    try:
        key = project._local_secret_key(path)
    finally:
        os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(key) >= 50 and path.read_text() == key
    assert project._local_secret_key(path) == key


def test_a_secret_key_file_made_before_is_kept_and_made_private(tmp_path):
    from scorekeeper import settings as project

    path = tmp_path / ".secret_key"
    path.write_text("an-older-key\n")
    path.chmod(0o644)
    assert project._local_secret_key(path) == "an-older-key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_processes_starting_at_once_agree_on_one_secret_key(tmp_path):
    """Each creates the file only if no other did (O_EXCL); the others read the one written,
    waiting while it is still empty."""
    from scorekeeper import settings as project

    for attempt in range(20):
        path = tmp_path / f"{attempt}.secret_key"
        start = threading.Barrier(6)

        def read(path: Path = path, start: threading.Barrier = start) -> str:
            start.wait()
            return project._local_secret_key(path)

        with ThreadPoolExecutor(6) as pool:
            keys = set(pool.map(lambda _: read(), range(6)))
        assert keys == {path.read_text()}, keys

    being_written = tmp_path / "late.secret_key"
    being_written.touch(mode=0o600)
    threading.Timer(0.2, being_written.write_text, ["written-late"]).start()
    assert project._local_secret_key(being_written) == "written-late"
