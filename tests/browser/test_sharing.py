"""Sharing a game between phones (issue 6 "Sharing"), in phone-sized Chromium.

The first phone starts a game and opens "Share"; the second joins through the
view link printed under the QR code, follows the game live, and cannot change it.
The first phone then undoes a change from the history.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from scorekeeper.games.models import Row

from ..games.factories import sheet_url
from .helpers import SHOTS, save, start_spades_game, tap_bids


def test_a_second_phone_joins_through_the_view_link_and_follows_live(
    live_server, page: Page, second_page: Page
) -> None:
    game = start_spades_game(page, live_server)
    page.evaluate("window.__marker = 1")
    page.get_by_role("link", name="Share").click()
    expect(page.get_by_role("heading", name="Share the game")).to_be_visible()
    expect(page.locator("svg.qr")).to_have_count(2)
    expect(page.get_by_role("img", name="QR code of the view link")).to_be_visible()
    view_address = page.locator("#view-address").input_value()
    assert view_address.endswith(f"/games/{game.view_key}/")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "share.png"), full_page=True)

    second_page.goto(view_address)
    second_page.evaluate("window.__marker = 1")
    expect(second_page.get_by_text("View only")).to_be_visible()
    expect(second_page.get_by_role("button", name="Save bids")).to_have_count(0)

    page.goto(live_server.url + sheet_url(game))
    page.evaluate("window.__marker = 1")
    tap_bids(page, {1: "4", 2: "4", 3: "4", 0: "1"})
    save(page, "Save bids", "Hand 1: tricks taken")

    # Within 3 seconds the onlooker sees the hand in play, without a reload.
    expect(second_page.get_by_role("heading", name="Hand 1: being played")).to_be_visible(timeout=3000)
    expect(second_page.locator(".in-play")).to_contain_text("Bob 4")
    assert second_page.evaluate("window.__marker") == 1
    second_page.screenshot(path=str(SHOTS / "view-only.png"), full_page=True)

    # The history names the change, and it can be undone from there.
    page.get_by_role("link", name="History").click()
    expect(page.get_by_text("Bids written")).to_be_visible()
    page.screenshot(path=str(SHOTS / "history.png"), full_page=True)
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Undo this change").first.click()
    expect(page.get_by_text("Change undone.")).to_be_visible()
    assert not Row.objects.filter(game=game).exists()
    expect(second_page.get_by_role("heading", name="Hand 1: being played")).to_have_count(0, timeout=3000)
