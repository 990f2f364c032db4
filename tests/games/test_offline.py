"""The service worker's address and code, and what the sheet tells the phone's scripts
(``games.views.offline``; static/js/table.js, sw.js)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorekeeper.games.webapp import static_version

from .factories import game_with_hands, url

pytestmark = pytest.mark.django_db


def test_the_service_worker_is_served_from_the_root_never_cached(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"] and "max-age=0" in response["Cache-Control"]
    code = response.content.decode()
    assert 'request.method!=="GET"' in code  # it never answers a write (minified as served)
    assert client.post("/sw.js").status_code == 405


def test_pages_register_the_service_worker_with_the_static_version(client):
    page = client.get(reverse("games:home")).content.decode()
    version = static_version()
    assert re.fullmatch(r"[0-9a-f]{12}", version)
    assert f'data-service-worker="/sw.js?v={version}"' in page


def test_the_sheet_carries_the_offline_note_and_the_stay_awake_switch_in_german(client):
    game = game_with_hands(1)
    client.cookies["django_language"] = "de"
    page = client.get(url("detail", game), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'data-text="Offline: die Punkteliste von %(time)s"' in page
    assert "Bildschirm anlassen" in page
    assert 'data-not-saved-text="Nicht gespeichert: keine Verbindung.' in page


def test_a_view_link_has_no_stay_awake_switch(client):
    game = game_with_hands(1)
    page = client.get(reverse("games:detail", args=[game.view_key])).content.decode()
    assert 'id="offline"' in page and 'id="stay-awake"' not in page
