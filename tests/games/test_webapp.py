"""The app on the home screen (issue 14): the web app manifest every page links, its icons, and the
Share page's word on what a plain HTTP address on the local network allows
(``scorekeeper.games.webapp``, ``views.web_manifest``, ``views.game_share``)."""

from __future__ import annotations

import json
import re
import struct
import zlib

import pytest
from django.contrib.staticfiles import finders
from django.test import Client, RequestFactory
from django.urls import reverse

from scorekeeper.games import webapp

from .factories import new_game, url

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MANIFEST = "/manifest.webmanifest"
HASHED_PNG = r"/static/icons/[\w-]+\.[0-9a-f]{12}\.png"
#: What the Share page says at a plain HTTP address on the network, and in a secure context.
UNAVAILABLE = "not available at this address"
STILL_SAVES = "Saving still works when the connection drops"
HOW_TO_INSTALL = "“Add to Home screen” or “Install app”"


def served(client: Client, address: str) -> bytes:
    """The body of a static file as WhiteNoise sends it (streamed)."""
    response = client.get(address)
    assert response.status_code == 200, address
    return b"".join(response.streaming_content) if response.streaming else response.content


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header (its signature, then the IHDR chunk)."""
    assert data[:8] == PNG_SIGNATURE, "not a PNG"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _unfilter(kind: int, line: bytearray, previous: bytearray, channels: int) -> None:
    """Undo a PNG scanline filter (PNG spec, section 9) in place."""
    for i in range(len(line)):
        left = line[i - channels] if i >= channels else 0
        up = previous[i]
        up_left = previous[i - channels] if i >= channels else 0
        if kind == 1:
            line[i] = (line[i] + left) & 255
        elif kind == 2:
            line[i] = (line[i] + up) & 255
        elif kind == 3:
            line[i] = (line[i] + (left + up) // 2) & 255
        elif kind == 4:
            guess = left + up - up_left
            nearest = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - up_left), 2, up_left))
            line[i] = (line[i] + nearest[2]) & 255


def png_pixels(data: bytes) -> list[list[tuple[int, ...]]]:
    """The pixels of an 8-bit RGB or RGBA PNG, not interlaced (what Chromium's screenshots are), row by row."""
    width, height = png_size(data)
    depth, colour, interlace = data[24], data[25], data[28]
    assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
    channels = 3 if colour == 2 else 4
    compressed, at = b"", 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        if kind == b"IDAT":
            compressed += data[at + 8 : at + 8 + length]
        at += 12 + length
    raw, stride = zlib.decompress(compressed), width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        line = bytearray(raw[start + 1 : start + 1 + stride])
        _unfilter(raw[start], line, previous, channels)
        rows.append([tuple(line[x : x + channels]) for x in range(0, stride, channels)])
        previous = line
    return rows


def manifest(client: Client, query: str = "", **headers: str) -> dict:
    response = client.get(MANIFEST + query, **headers)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    return json.loads(response.content.decode("utf-8"))


def test_the_manifest_is_json_with_everything_an_install_needs(client):
    found = manifest(client)
    assert found["name"] == "Scorekeeper: Spades and Mü"
    assert found["short_name"] == "Scorekeeper"
    assert found["start_url"] == "/" and found["scope"] == "/" and found["id"] == "/"
    assert found["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", found["background_color"])
    assert found["theme_color"] == "#14532d"
    assert (found["lang"], found["dir"]) == ("en", "ltr")
    sizes = {(icon["sizes"], icon["purpose"]) for icon in found["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes


def test_the_manifest_may_be_kept_for_an_hour(client):
    response = client.get(MANIFEST)
    assert response["Cache-Control"] == "max-age=3600"


def test_the_manifests_theme_colour_is_the_pages(client, db):
    page = client.get("/").content.decode()
    assert re.search(r'<meta name="theme-color" content="([^"]+)">', page).group(1) == manifest(client)["theme_color"]


def test_the_manifests_icons_are_pngs_of_the_sizes_it_states(client):
    for icon in manifest(client)["icons"]:
        assert re.fullmatch(HASHED_PNG, icon["src"]), icon["src"]
        assert icon["type"] == "image/png"
        width, height = png_size(served(client, icon["src"]))
        assert icon["sizes"] == f"{width}x{height}"


def test_the_maskable_icon_is_a_solid_square_with_the_spade_inside_the_safe_zone(client):
    """A phone cuts a maskable icon to its own shape, keeping at least the circle of radius 40 %
    of the side around the centre: outside it, only the solid background."""
    (icon,) = [icon for icon in manifest(client)["icons"] if icon["purpose"] == "maskable"]
    pixels = png_pixels(served(client, icon["src"]))
    size = len(pixels)
    background = pixels[0][0]
    assert background[:3] == (0x14, 0x53, 0x2D)
    assert all(len(pixel) == 3 or pixel[3] == 255 for row in pixels for pixel in row), "not opaque"
    drawn = [(x, y) for y, row in enumerate(pixels) for x, pixel in enumerate(row) if pixel != background]
    assert len(drawn) > size * size // 50, "no spade"
    centre, safe = (size - 1) / 2, 0.4 * size
    outside = [(x, y) for x, y in drawn if (x - centre) ** 2 + (y - centre) ** 2 > safe**2]
    assert not outside, f"{len(outside)} pixels outside the safe zone, e.g. {outside[:3]}"


@pytest.mark.parametrize(
    ("query", "headers"),
    [("?lang=de", {}), ("", {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}), ("?lang=xx", {"HTTP_ACCEPT_LANGUAGE": "de"})],
    ids=["asked", "browser", "unknown-asked"],
)
def test_the_manifest_speaks_german(client, query, headers):
    found = manifest(client, query, **headers)
    assert found["name"] == "Scorekeeper: Spades und Mü"
    assert found["description"] == "Die Punkteliste für Spades und Mü, gespielt mit echten Karten."
    assert (found["lang"], found["dir"]) == ("de", "ltr")


def test_the_manifest_asked_in_english_is_english_whatever_the_browser(client):
    assert manifest(client, "?lang=en", HTTP_ACCEPT_LANGUAGE="de")["lang"] == "en"


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "de"])
def test_every_page_links_the_manifest_in_its_language_and_the_apple_touch_icon(client, language):
    for address in ("/", url("detail", new_game()), reverse("games:list")):
        page = client.get(address, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        head = page.split("</head>")[0]
        linked = re.search(r'<link rel="manifest" href="([^"]+)">', head).group(1)
        assert linked == f"{MANIFEST}?lang={language}"
        assert manifest(Client(), linked.removeprefix(MANIFEST))["lang"] == language
        touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', head).group(1)
        assert re.fullmatch(HASHED_PNG, touch)
        assert png_size(served(client, touch)) == (180, 180)


def test_every_icon_is_committed_beside_the_favicon():
    for name, side, _purpose in webapp.ICONS:
        found = finders.find(name)
        assert isinstance(found, str), name
        with open(found, "rb") as icon:
            assert png_size(icon.read(32)) == (side, side)


@pytest.mark.parametrize(
    ("host", "here"),
    [
        ("localhost:8000", True),
        ("LOCALHOST", True),
        ("table.localhost:8000", True),
        ("127.0.0.1:8000", True),
        ("127.1.2.3", True),
        ("[::1]:8000", True),
        ("[::1]", True),
        ("192.168.1.5:8000", False),
        ("10.0.0.2", False),
        ("[fe80::1]:8000", False),
        ("localhost.example.org", False),
        ("scores.example.org", False),
    ],
)
def test_this_computer_is_named_by_localhost_or_a_loopback_address(host, here):
    request = RequestFactory().get("/", HTTP_HOST=host)
    assert webapp.is_this_computer(request) is here
    assert webapp.is_secure_context(request) is here


def test_https_is_a_secure_context_at_any_address():
    request = RequestFactory().get("/", HTTP_HOST="scores.example.org", secure=True)
    assert webapp.is_secure_context(request)
    assert not webapp.is_this_computer(request)


@pytest.mark.django_db
def test_the_share_page_says_why_a_plain_http_address_on_the_network_cannot_install():
    page = Client().get(url("share", new_game()), HTTP_HOST="192.168.1.5:8000").content.decode()
    assert UNAVAILABLE in page and "keeping the screen on" in page
    assert STILL_SAVES in page
    assert HOW_TO_INSTALL not in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("host", "secure"), [("localhost:8000", False), ("127.0.0.1:8000", False), ("[::1]:8000", False), ("x.org", True)]
)
def test_the_share_page_says_how_to_install_in_a_secure_context(host, secure):
    page = Client().get(url("share", new_game()), HTTP_HOST=host, secure=secure).content.decode()
    assert HOW_TO_INSTALL in page
    assert UNAVAILABLE not in page


@pytest.mark.django_db
def test_the_share_page_says_it_in_german():
    game = new_game()
    lan = Client().get(url("share", game), HTTP_HOST="192.168.1.5", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "geht unter dieser Adresse nicht" in lan and "Speichern klappt trotzdem" in lan
    local = Client().get(url("share", game), HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "„App installieren“" in local


@pytest.mark.django_db
def test_the_share_page_knows_the_ipv6_loopback_address_works_only_on_this_computer():
    page = Client().get(url("share", new_game()), HTTP_HOST="[::1]:8000").content.decode()
    assert "only works on this computer" in page
