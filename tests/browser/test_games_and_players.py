"""Looking back (issue 7) in a phone-sized Chromium: find a player, open a game from
their statistics, export it, import it back, and compare."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from scorekeeper.games import services
from scorekeeper.games.models import Game, Player
from scorekeeper.games.records import game_export
from scorekeeper.spades import services as spades_services

from ..games.factories import sheet_url
from .helpers import SHOTS

TARGET = {"preset": "standard", "target": 100}


def test_find_a_player_open_a_game_export_and_import_it_back(live_server, page: Page, tmp_path) -> None:
    won = services.game_create(kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules=TARGET)
    spades_services.hand_bids_save(game=won, bids=[5, "nil", 5, 3])
    spades_services.hand_tricks_save(game=won, tricks=[6, 0, 5, 2])
    other = services.game_create(
        kind="spades", players=["Ann", "Eve", "Fay", "Gus"], dealer=0, rules=TARGET, group=Player.objects.all()
    )
    for game in (won, other):
        page.goto(live_server.url + sheet_url(game))  # this phone holds both games' links

    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Players and statistics").click()
    page.get_by_label("Find a player").fill("an")
    expect(page.locator("#players li")).to_have_count(2)  # Ann and Dan
    page.locator("a.player-card").filter(has=page.locator("b", has_text="Ann")).click()
    expect(page.get_by_role("heading", name="Ann", exact=True)).to_be_visible()
    expect(page.locator("#spades-title")).to_be_visible()
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "player.png"), full_page=True)

    # "Wins": the games behind the figure, then the game itself.
    page.locator("dt:has-text('Wins') + dd a").click()
    expect(page.locator(".focus")).to_contain_text("Games of Ann")
    expect(page.locator(".game-card")).to_have_count(1)
    page.screenshot(path=str(SHOTS / "games-list.png"), full_page=True)
    page.locator(".game-card").click()
    expect(page.locator("#chart svg")).to_be_visible()
    page.screenshot(path=str(SHOTS / "finished-game.png"), full_page=True)

    with page.expect_download() as download:
        page.get_by_role("link", name="Download record").click()
    path = tmp_path / "game.json"
    download.value.save_as(path)
    exported = json.loads(path.read_text())
    assert exported == game_export(won)

    page.goto(live_server.url + "/games/import/")
    page.set_input_files("#id_file", str(path))
    page.get_by_role("button", name="Check the file").click()
    expect(page.get_by_role("heading", name="Preview: 1 record")).to_be_visible()
    page.screenshot(path=str(SHOTS / "import-preview.png"), full_page=True)
    # This browser already holds the game (issue 15): it is marked, linked, and imported only when asked.
    expect(page.locator(".import-items .stored")).to_contain_text("Already stored")
    expect(page.get_by_role("button", name="Import 1 game", exact=True)).to_have_count(0)
    page.get_by_role("button", name="Import 1 game, stored ones again too").click()
    expect(page.get_by_text("Imported 1 game; 0 already stored, 0 rejected.")).to_be_visible()

    imported = Game.objects.exclude(pk__in=[won.pk, other.pk]).get()
    assert game_export(imported) == exported
    assert {seat.player.name for seat in imported.seats.select_related("player")} == {"Ann", "Bob", "Cat", "Dan"}
    assert Player.objects.filter(name="Ann").count() == 1  # the same Ann, so her statistics follow
