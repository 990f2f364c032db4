"""Helpers shared by the browser tests: starting a game, tapping, saving, checking the sheet, screenshots.

Seats are given clockwise; the sheet's totals are ``#total-<side>`` (every player is a
side without partners). A test marks the page with ``window.__marker = 1`` so that
``save`` can prove htmx swapped the sheet in place instead of reloading it.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, Route, expect

from scorekeeper.bench.screen import ON_SCREEN
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
    """Tap one bid button per bidder given (seat, or side with partnership bidding -> "4", "nil", ...),
    in bidding order as the form asks (one row at a time), whatever order they are given in."""
    for index, value in in_form_order(page, "bid", bids):
        tap_choice(page, f"bid-{index}-{value}")


def tap_tricks(page: Page, tricks: dict[int, int], rest: int) -> None:
    """Tap the tricks of every seat but the last in bidding order; wait for its rest to show."""
    for seat, taken in in_form_order(page, "tricks", tricks):
        tap_choice(page, f"tricks-{seat}-{taken}")
    expect(page.locator("[data-testid=rest]")).to_have_text(str(rest))


def in_form_order(page: Page, kind: str, choices: dict[int, Any]) -> list[tuple[int, Any]]:
    """``choices`` (row index -> value) in the order of their rows on the form: the bidding order."""
    rows = page.locator(f"#entry fieldset:has([id^={kind}-])").evaluate_all(
        "rows => rows.map((row) => row.querySelector('input').id.split('-')[1])"
    )
    return sorted(choices.items(), key=lambda item: rows.index(str(item[0])) if str(item[0]) in rows else len(rows))


def tap_choice(page: Page, input_id: str) -> None:
    """Tap the button of radio ``input_id``; if its row is closed (one row at a time: an answered row
    shows only its answer, a row still to come only its name), tap that first to open it, as a player would."""
    label = page.locator(f"label[for={input_id}]")
    if not label.is_visible():
        row = page.locator(f"fieldset:has(#{input_id})")
        answer = row.locator("input:checked + label")
        (answer if answer.count() else row.locator("legend")).click()  # its answer, or its waiting name
    label.click()
    expect(page.locator(f"#{input_id}")).to_be_checked()


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


def until(page: Page, condition: Callable[[], bool], what: str) -> None:
    """Wait until ``condition()`` holds, asking again every 20 ms, for as long as ``expect`` waits:
    a condition the page cannot wait for itself (one that reads an answer from a promise)."""
    deadline = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < deadline, f"not {what} after 10 s"
        page.wait_for_timeout(20)


class HeldPreviews:
    """A slow network, made deterministic: the live previews whose address ends in ``path``
    (``PREVIEWS``) are held back until released, as on a phone whose answers take their time.

    htmx drops a preview still under way when a newer tap or a save replaces it (``hx-sync``);
    ``release`` lets every preview held go on, and waits until htmx has handled the one it
    has not dropped: its answer swapped in.
    """

    def __init__(self, page: Page, path: str) -> None:
        self.page, self.path = page, path
        self.held: list[Route] = []
        page.evaluate(
            "window.__previewsDone = 0; document.addEventListener('htmx:afterRequest', (event) =>"
            f" {{ if (event.detail.pathInfo.requestPath.endsWith({path!r})) window.__previewsDone += 1; }})"
        )
        page.route(f"**{path}", self._hold)

    def wait(self, count: int = 1) -> None:
        """Wait until ``count`` previews are held (sent since the last release)."""
        self._until(lambda: len(self.held) >= count, f"{count} sent")

    def _until(self, condition: Callable[[], bool], what: str) -> None:
        until(self.page, condition, f"previews to {self.path}: {what}")

    def release(self) -> None:
        """Let the previews held reach the server; wait until the page has swapped in the answer
        to the one it still waits for (dropped ones were counted as done when dropped)."""
        done = self.page.evaluate("window.__previewsDone")
        self._let_go()
        # Polled from here: wait_for_function evaluates a string, which the page's CSP refuses.
        self._until(lambda: self.page.evaluate("window.__previewsDone") > done, "answered")

    def stop(self) -> None:
        """Hold no more previews, and let go of those held (the page dropped them)."""
        self.page.unroute(f"**{self.path}")
        self._let_go()

    def _hold(self, route: Route) -> None:
        self.held.append(route)

    def _let_go(self) -> None:
        held, self.held = self.held, []
        for route in held:
            with contextlib.suppress(PlaywrightError):  # "already handled": the page dropped it
                route.continue_()


def press(page: Page, selector: str) -> None:
    """Put a finger down on ``selector`` (a button's label) and keep it there: ``page.mouse.up()`` lifts it."""
    button = page.locator(selector)
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box is not None, selector
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()


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


def on_screen(page: Page, selector: str) -> bool:
    """Whether ``selector``'s element is inside the viewport and uncovered, as it is now (nothing scrolled)."""
    return page.locator(selector).evaluate(ON_SCREEN)


def tap_on_screen(page: Page, selector: str, missed: list[str]) -> None:
    """Tap ``selector``, first noting it in ``missed`` if it is not on screen before the tap (a tap scrolls)."""
    if not on_screen(page, selector):
        missed.append(selector)
    page.locator(selector).click()
