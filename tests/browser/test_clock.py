"""The clock at the table (issue 27.4), on two phones at 375x812: the time left counts down on both
(the edit link's and the view link's), says on both when time is up, and the hand in play is marked
``time_called``: when its tricks are saved, or at once when the edit link's phone asks the server."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.db.models import F
from django.utils import timezone
from playwright.sync_api import Page, Route, expect

from scorekeeper.games.kinds import game_rows
from scorekeeper.games.models import Game
from scorekeeper.spades import services as spades_services

from ..games.factories import new_game
from .helpers import SHOTS, on_screen, save, tap_bids, tap_tricks

UP = "Time: this hand is the last (tied: one more hand)"
CALLED = "Time was called: this hand is the last"
COUNTING = re.compile(r"^\d+:\d\d left$")


@pytest.fixture
def phones(live_server, page: Page, second_page: Page) -> Iterator[tuple[Game, Page, Page]]:
    """A Spades game with a 40-minute limit, its first hand's bids saved on the first phone (edit
    link); the second phone follows it through the view link."""
    game = new_game(rules={"preset": "standard", "time_limit": 40})
    page.goto(f"{live_server.url}/games/{game.edit_key}/")
    second_page.goto(f"{live_server.url}/games/{game.view_key}/")
    expect(page.locator("#scoreboard .played-to")).to_have_text("to 500 · 40 min from the first bid")
    page.evaluate("window.__marker = 1")
    tap_bids(page, {1: "2", 2: "5", 3: "2", 0: "5"})
    save(page, "Save bids", "Hand 1: tricks taken")
    yield game, page, second_page


def time_almost_up(game: Game, seconds: int) -> None:
    """The game's clock started 40 minutes ago less ``seconds``; every phone is told (a new version)."""
    start = timezone.now() - timedelta(minutes=40) + timedelta(seconds=seconds)
    Game.objects.filter(pk=game.pk).update(clock_started=start, version=F("version") + 1)


def marks(game: Game) -> list[int]:
    return [row.number for row in game_rows(game) if row.record.get("time_called")]


def test_both_phones_count_down_say_when_time_is_up_and_the_tricks_saved_mark_the_hand(phones) -> None:
    game, phone, other = phones
    for each in (phone, other):
        clock = each.locator("#clock")
        expect(clock).to_have_text(COUNTING)
        assert clock.get_attribute("role") == "timer" and clock.get_attribute("aria-live") == "off"
    first = phone.locator("#clock").inner_text()
    expect(phone.locator("#clock")).not_to_have_text(first)  # it counts
    assert int(first.split(":")[0]) in (39, 40)
    phone.screenshot(path=str(SHOTS / "clock-running.png"))

    # The server's answer to the edit link's automatic call is held: the saves must mark the hand themselves.
    asked: list[str] = []

    def held(route: Route) -> None:
        asked.append(route.request.post_data or "")
        route.fulfill(status=204)

    phone.route("**/time/", held)
    time_almost_up(game, 3)
    for each in (phone, other):
        expect(each.locator("#scoreboard .played-to")).to_contain_text(UP)
    assert asked and "automatic=1" in asked[0]  # the edit link's phone asked, once
    assert len(asked) == 1 and marks(game) == []
    phone.screenshot(path=str(SHOTS / "clock-up.png"))
    other.screenshot(path=str(SHOTS / "clock-up-view.png"))

    tap_tricks(phone, {1: 1, 2: 5, 3: 2}, rest=5)
    # The longer header still leaves the hand on one screen: the save and the totals in view.
    assert on_screen(phone, "#entry button:text('Save tricks')") and on_screen(phone, "#total-1 .total")
    save(phone, "Save tricks", None)
    assert marks(game) == [0]  # marked before its tricks were saved: the last hand, Ann & Cat ahead
    for each in (phone, other):
        expect(each.locator(".winner")).to_contain_text("Ann & Cat win the game!")
        expect(each.locator("#scoreboard .played-to")).to_contain_text("Time was called in hand 1")
    expect(phone.get_by_role("button", name="Call time")).to_have_count(0)


def test_the_edit_links_phone_asks_the_server_at_0_and_every_phone_shows_the_hand_marked(phones) -> None:
    game, phone, other = phones
    time_almost_up(game, 2)
    for each in (phone, other):
        expect(each.locator("#scoreboard .played-to")).to_contain_text(CALLED)
    assert marks(game) == [0]
    expect(phone.get_by_role("heading", name="Hand 1: tricks taken")).to_be_visible()  # the form stays
    phone.screenshot(path=str(SHOTS / "clock-called.png"))
    expect(phone.get_by_role("button", name="Call time")).to_have_count(0)


def test_call_time_asks_first_and_marks_the_hand_in_play(phones) -> None:
    game, phone, other = phones
    phone.once("dialog", lambda dialog: dialog.dismiss())
    phone.get_by_role("button", name="Call time").click()
    assert marks(game) == []
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.get_by_role("button", name="Call time").click()
    for each in (phone, other):
        expect(each.locator("#scoreboard .played-to")).to_contain_text(CALLED)
    assert marks(game) == [0]


def test_the_german_clock(live_server, german_page: Page) -> None:
    game = new_game(rules={"preset": "standard", "time_limit": 40, "hand_limit": 8})
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])
    Game.objects.filter(pk=game.pk).update(clock_started=timezone.now() - timedelta(minutes=5))
    german_page.goto(f"{live_server.url}/games/{game.edit_key}/")
    expect(german_page.locator("#clock")).to_have_text(re.compile(r"^noch \d+:\d\d$"))
    expect(german_page.locator("#scoreboard .played-to")).to_contain_text("bis 500 · Runde 1 von 8 · noch")
    expect(german_page.get_by_role("button", name="Zeit ansagen")).to_be_visible()
    german_page.screenshot(path=str(SHOTS / "clock-de.png"))
