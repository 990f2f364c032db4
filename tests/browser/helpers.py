"""Helpers shared by the browser tests: starting a game, tapping, saving, checking the sheet, screenshots.

Seats are given clockwise; the sheet's totals are ``#total-<side>`` (every player is a
side without partners). A test marks the page with ``window.__marker = 1`` so that
``save`` can prove htmx swapped the sheet in place instead of reloading it.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from scorekeeper.games.models import Game

SHOTS = Path("/tmp/shots")
#: Live previews (POSTs that save nothing): the auction form, Spades' offers and rest, the card counter.
PREVIEWS = ("/preview/", "/offers/", "/rest/", "/count/")
#: The players of ``start_spades_game``, seats 0 to 3: sides "Ann & Cat" and "Bob & Dan".
SPADES_PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def game_from_url(page: Page) -> Game:
    """The game whose sheet ``page`` shows, found by the key in its address."""
    match = re.search(r"/games/([A-Za-z0-9_-]{24})/", page.url)
    assert match, page.url
    return Game.objects.get(edit_key=match.group(1))


def start_spades_game(page: Page, live_server, *, target: int | None = None) -> Game:
    """Home -> "New Spades game" -> names (+ target) -> "Start game"; return the game (page not marked)."""
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="New Spades game").click()
    expect(page.get_by_role("heading", name="New Spades game")).to_be_visible()
    for seat, name in enumerate(SPADES_PLAYERS):
        page.fill(f"#id_player_{seat}", name)
    if target is not None:
        page.locator("details#house-rules > summary", has_text="House rules").click()
        page.locator("details.rule-group > summary", has_text="Winning").click()
        expect(page.locator("#id_target")).to_be_visible()
        page.fill("#id_target", str(target))
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("heading", name="Hand 1: bids")).to_be_visible()
    return game_from_url(page)


def tap_bids(page: Page, bids: dict[int, str]) -> None:
    """Tap one bid button per bidder given (seat, or side with partnership bidding -> "4", "nil", ...)."""
    for index, value in bids.items():
        page.locator(f"label[for=bid-{index}-{value}]").click()
        expect(page.locator(f"#bid-{index}-{value}")).to_be_checked()


def tap_tricks(page: Page, tricks: dict[int, int], rest: int) -> None:
    """Tap the tricks of every seat but the last in bidding order; wait for its rest to show."""
    for seat, taken in tricks.items():
        page.locator(f"label[for=tricks-{seat}-{taken}]").click()
        expect(page.locator(f"#tricks-{seat}-{taken}")).to_be_checked()
    expect(page.locator("[data-testid=rest]")).to_have_text(str(rest))


def save(page: Page, button: str, next_heading: str | None) -> None:
    """Tap ``button`` and wait for htmx to swap in the sheet with ``next_heading`` (no reload).

    The response waited for is the first POST that is not a live preview (``PREVIEWS``).
    With ``next_heading`` None no heading is checked (e.g. the game is over).
    """
    url = page.url
    with page.expect_response(
        lambda response: response.request.method == "POST" and not response.url.endswith(PREVIEWS)
    ) as info:
        page.get_by_role("button", name=button).click()
    assert info.value.status == 200, info.value.status
    if next_heading is not None:
        expect(page.get_by_role("heading", name=next_heading)).to_be_visible()
    assert page.evaluate("window.__marker") == 1, "the page was reloaded instead of swapped by htmx"
    assert page.url == url


def expect_totals(page: Page, *totals: int) -> None:
    """The scoreboard shows exactly ``len(totals)`` sides, with these totals in side order."""
    expect(page.locator(".scoreboard .side-total")).to_have_count(len(totals))
    for side, total in enumerate(totals):
        expect(page.locator(f"#total-{side} .total")).to_have_text(str(total))


def expect_fits_the_phone(page: Page) -> None:
    """Nothing makes the page scroll sideways at phone width."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"


def screenshot(page: Page, name: str) -> None:
    """A full-page screenshot from the top (scrolled, the sticky scoreboard would be drawn over the sheet)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / name), full_page=True)
