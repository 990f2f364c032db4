"""What goes over the wire (issue 13): static files by hashed names, compressed ahead of time and
cached for a year; pages and htmx partials gzipped. Mirrors ``STORAGES``, WhiteNoise's settings and
``GZipMiddleware``'s place in ``MIDDLEWARE`` (``scorekeeper/settings.py``). The suite serves what
``collectstatic`` wrote, as production does (``tests/conftest.py`` runs it when it is out of date)."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import brotli
import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.templatetags.static import static

from scorekeeper.staticfiles import MINIFIERS

from .games.factories import HTMX, new_game, sheet_url, url

#: What every page links: its stylesheet, its icon and htmx.
LINKED = ["css/app.css", "favicon.svg", "django_htmx/htmx-2.min.js"]
YEAR = "max-age=31536000, public, immutable"


def source(name: str) -> bytes:
    """The static file ``name`` as ``collectstatic`` writes it: from its app folder, and, for our
    own scripts and stylesheets, minified (``scorekeeper.staticfiles``)."""
    found = finders.find(name)
    assert isinstance(found, str), name
    minify = MINIFIERS.get(Path(name).suffix)
    if minify is not None and Path(found).is_relative_to(settings.BASE_DIR / "static"):
        return minify(Path(found).read_text(encoding="utf-8")).encode("utf-8")
    return Path(found).read_bytes()


def test_our_scripts_and_stylesheets_are_served_minified_and_htmx_as_it_came(client):
    """The first load's bytes (issue 13's budget): no comments nor indentation in our files."""
    for name in ("css/app.css", "js/table.js"):
        written = Path(finders.find(name)).read_text(encoding="utf-8")
        served = body(client.get(static(name))).decode()
        assert written.startswith("/*") or written.startswith("//")
        assert not served.startswith(("/*", "//")) and "\n  " not in served and len(served) < 0.85 * len(written), name
    htmx = "django_htmx/htmx-2.min.js"
    assert body(client.get(static(htmx))) == Path(finders.find(htmx)).read_bytes()


def body(response) -> bytes:
    """The body as sent (WhiteNoise streams its files)."""
    return b"".join(response.streaming_content) if response.streaming else response.content


@pytest.mark.django_db
def test_pages_link_the_static_files_by_hashed_names(client):
    page = client.get("/").content.decode()
    for name in LINKED:
        stem, extension = name.rsplit(".", 1)
        hashed = static(name)
        assert re.fullmatch(rf"/static/{re.escape(stem)}\.[0-9a-f]{{12}}\.{extension}", hashed), hashed
        assert f'"{hashed}"' in page


@pytest.mark.parametrize("name", LINKED)
def test_a_hashed_name_is_cached_for_a_year(client, name):
    response = client.get(static(name))
    assert response.status_code == 200
    assert response["Cache-Control"] == YEAR
    assert body(response) == source(name)


def test_a_plain_name_is_served_from_the_collected_files_for_a_minute(client):
    """The name without its hash may change content: a minute, as before. It is served from what
    collectstatic wrote (compressed), not from the app folder."""
    response = client.get("/static/css/app.css", HTTP_ACCEPT_ENCODING="gzip")
    assert response["Cache-Control"] == "max-age=60, public"
    assert response["Content-Encoding"] == "gzip"
    assert gzip.decompress(body(response)) == source("css/app.css")


@pytest.mark.parametrize("name", LINKED)
@pytest.mark.parametrize(
    ("accept", "encoding", "decode"),
    [("gzip", "gzip", gzip.decompress), ("gzip, deflate, br, zstd", "br", brotli.decompress)],
)
def test_static_files_come_compressed(client, name, accept, encoding, decode):
    response = client.get(static(name), HTTP_ACCEPT_ENCODING=accept)
    sent = body(response)
    assert response["Content-Encoding"] == encoding
    assert response["Vary"] == "Accept-Encoding"
    assert response["Cache-Control"] == YEAR
    assert int(response["Content-Length"]) == len(sent) < len(source(name))
    assert decode(sent) == source(name)


def test_a_static_file_comes_plain_to_a_browser_that_asks_for_no_encoding(client):
    response = client.get(static("css/app.css"))
    assert "Content-Encoding" not in response
    assert response["Vary"] == "Accept-Encoding"
    assert body(response) == source("css/app.css")


def test_an_image_is_sent_as_it_is(client):
    """WhiteNoise leaves compressed formats alone, and GZipMiddleware, below it, never sees its answers."""
    response = client.get(static("readme/sheet-phone.png"), HTTP_ACCEPT_ENCODING="gzip, br")
    assert response.status_code == 200
    assert "Content-Encoding" not in response
    assert int(response["Content-Length"]) == len(body(response)) == len(source("readme/sheet-phone.png"))


@pytest.mark.django_db
def test_pages_come_gzipped_and_padded_against_breach(client):
    response = client.get(sheet_url(new_game()), HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    assert int(response["Content-Length"]) == len(response.content)
    # Heal The Breach: a file name of random length in the gzip header (Django 4.2+).
    assert response.content[3] & gzip.FNAME
    page = gzip.decompress(response.content).decode()
    assert page.startswith("<!doctype html>") and page.rstrip().endswith("</html>")
    assert len(response.content) < len(page.encode()) / 2
    assert "Content-Security-Policy" in response


@pytest.mark.django_db
def test_a_page_comes_plain_to_a_browser_that_asks_for_no_encoding(client):
    response = client.get("/")
    assert "Content-Encoding" not in response
    assert "Accept-Encoding" in response["Vary"]
    assert response.content.decode().startswith("<!doctype html>")


@pytest.mark.django_db
def test_htmx_partials_come_gzipped(client):
    game = new_game()
    bids = {"number": "0", "bid_0": "3", "bid_1": "3", "bid_2": "3", "bid_3": "3"}
    saved = client.post(url("bids", game), bids, HTTP_ACCEPT_ENCODING="gzip", **HTMX)
    assert saved.status_code == 200
    assert saved["Content-Encoding"] == "gzip" and "Accept-Encoding" in saved["Vary"]
    assert "sheet-changed" in saved["HX-Trigger"]
    assert gzip.decompress(saved.content).decode().lstrip().startswith('<div id="live"')

    # A phone showing the bids form of hand 1 (stage "1e") gets the tricks form with the change.
    changed = client.get(url("live", game), {"v": "0", "stage": "1e"}, HTTP_ACCEPT_ENCODING="gzip", **HTMX)
    assert changed.status_code == 200 and changed["Content-Encoding"] == "gzip"
    assert "Hand 1: tricks taken" in gzip.decompress(changed.content).decode()

    game.refresh_from_db()
    unchanged = client.get(url("live", game), {"v": str(game.version)}, HTTP_ACCEPT_ENCODING="gzip", **HTMX)
    assert unchanged.status_code == 204 and unchanged.content == b""
    assert "Content-Encoding" not in unchanged
