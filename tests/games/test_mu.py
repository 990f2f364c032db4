"""Mü games in the web app and on the command line: import, export, the sheet, undo."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from scorekeeper.games import services
from scorekeeper.games.models import Deal, Game
from scorekeeper.games.selectors import game_export, mu_sheet

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna", "Beate", "Conny", "Dagmar", "Emma"]
RECORD = {
    "format": "scorekeeper-game/1",
    "game": "mu",
    "players": PLAYERS,
    "dealer": 0,
    "rules": {"preset": "standard"},
    "hands": [
        {"eklat": {"level": 3, "tied": [0, 2, 3], "last": 3}},  # mu.md §4: Dagmar -30, Anna +15, Conny +15
        # mu.md §8.2: level 4 needs 33; Dagmar 20 + Anna 9 = 29 -> level 2, difference 2.
        {
            "chef": 3,
            "level": 4,
            "vize": 2,
            "chef_trump": "green",
            "vize_trump": 7,
            "partner": 0,
            "points": [9, 10, 14, 20, 7],
        },
        {"eklat": None},
    ],
}


def test_import_and_export_a_mu_record_round_trip():
    game = services.game_import(record=RECORD)
    assert game.kind == "mu" and Deal.objects.filter(game=game).count() == 3
    assert game_export(game) == RECORD


def test_mu_sheet_totals_follow_the_rulebook_examples():
    game = services.game_import(record=RECORD)
    sheet = mu_sheet(game)
    # Eklat: +15, 0, +15, -30, 0. Lost game: card points 9, 10, 14, 20, 7 and -20 / +10 each opponent / 0 partner.
    assert sheet.sheet.totals == (15 + 9, 10 + 10, 15 + 14 + 10, -30 + 20 - 20, 7 + 10)
    assert sheet.rows[1].summary == "Dagmar at level 4, green over 7"
    assert sheet.rows[1].outcome == "lost"


def test_mu_sheet_page_and_undo(client):
    game = services.game_import(record=RECORD)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Eklat at level 3" in page and "Dagmar at level 4, green over 7" in page
    assert "Conny (opponent): 5 × 2 = +10" in page
    response = client.post(reverse("games:undo", args=[game.pk]), HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and Deal.objects.filter(game=game).count() == 2


@pytest.mark.parametrize("name", ["bids", "bid_offers", "misdeal", "tricks", "tricks_rest", "rulebook"])
def test_spades_entry_points_refuse_a_mu_game(client, name):
    game = services.game_import(record=RECORD)
    method = client.get if name == "rulebook" else client.post
    assert method(reverse(f"games:{name}", args=[game.pk])).status_code == 404
    assert Deal.objects.filter(game=game).count() == 3


def test_mu_game_on_the_home_page_and_as_a_download(client):
    game = services.game_import(record=RECORD)
    assert "Anna · Beate · Conny · Dagmar · Emma" in client.get("/").content.decode()
    response = client.get(reverse("games:record", args=[game.pk]))
    assert 'filename="mu-' in response["Content-Disposition"]
    assert json.loads(response.content) == RECORD


def test_import_game_command_stores_a_mu_game(tmp_path):
    path = tmp_path / "mu.json"
    path.write_text(json.dumps(RECORD))
    call_command("import_game", str(path), stdout=StringIO())
    assert Game.objects.get().kind == "mu"


def test_mu_rematch_keeps_the_game_and_moves_the_deal_on(client):
    game = services.game_import(record=RECORD)
    new = services.game_rematch(game=game)
    assert new.kind == "mu" and new.dealer == 3  # three deals dealt by 0, 1, 2
