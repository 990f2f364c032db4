"""At the table (issue 15), in Chromium at phone size, in English and German: the state of the
game at a glance, calm entry, and the sheet when looking back."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games import services

from ..games.factories import play
from .helpers import save, start_spades_game, tap_bids, tap_tricks

pytestmark = pytest.mark.django_db(transaction=True)

MU_PLAYERS = ["Anna", "Beate", "Conny", "Dagmar", "Emma"]


def turn_mark(page: Page, legend: str) -> str:
    """The mark drawn after a row's legend (CSS ``::after``): the turn's words, or ``none``."""
    return page.locator("#entry legend", has_text=legend).evaluate("e => getComputedStyle(e, '::after').content")


# --- the state of the game at a glance -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "english", "german"),
    [
        ({"preset": "standard"}, "to 500", "bis 500"),
        ({"preset": "standard", "lose_at": -200}, "to 500, out at -200", "bis 500, raus bei -200"),
        ({"preset": "standard", "target": 300, "win_on": "exceed"}, "past 300", "über 300"),
    ],
)
def test_the_totals_say_what_the_game_is_played_to(page: Page, german_page: Page, live_server, rules, english, german):
    game = services.game_create(players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules=rules)
    for phone, text in ((page, english), (german_page, german)):
        phone.goto(live_server.url + game.get_absolute_url())
        expect(phone.locator("#scoreboard .played-to")).to_have_text(text)


def test_a_mu_game_says_it_is_played_to_200(german_page: Page, live_server):
    game = services.game_create(players=MU_PLAYERS, dealer=0, rules={"preset": "standard"}, kind="mu")
    german_page.goto(live_server.url + game.get_absolute_url())
    expect(german_page.locator("#scoreboard .played-to")).to_have_text("bis 200")
    expect(german_page.locator("#entry legend", has_text="Anna")).to_contain_text("gibt")  # the dealer


def test_whose_turn_it_is_to_bid_and_to_enter_tricks_is_marked_and_so_is_the_dealer(page: Page, live_server):
    start_spades_game(page, live_server)  # Ann deals, Bob bids first
    page.evaluate("window.__marker = 1")
    expect(page.locator("#entry legend", has_text="Ann")).to_contain_text("deals")
    expect(page.locator("#entry .chip")).to_have_count(1)
    assert turn_mark(page, "Bob") == '"bids now"'
    assert turn_mark(page, "Cat") == "none"
    tap_bids(page, {1: "4"})
    assert turn_mark(page, "Bob") == "none"
    assert turn_mark(page, "Cat") == '"bids now"'
    tap_bids(page, {2: "3", 3: "3", 0: "3"})
    save(page, "Save bids", "Hand 1: tricks taken")
    assert turn_mark(page, "Bob") == '"next"'
    page.locator("label[for=tricks-1-4]").click()
    expect(page.locator("#tricks-1-4")).to_be_checked()
    assert turn_mark(page, "Cat") == '"next"'


def test_the_german_sheet_marks_the_turn_in_german(german_page: Page, live_server):
    game = services.game_create(players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"})
    german_page.goto(live_server.url + game.get_absolute_url())
    assert turn_mark(german_page, "Bob") == '"bietet jetzt"'
    expect(german_page.locator("#entry legend", has_text="Ann")).to_contain_text("gibt")


def test_the_save_that_wins_the_game_brings_the_winner_into_view(page: Page, live_server):
    game = services.game_create(players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"})
    for _ in range(8):  # Ann & Cat 488, Bob & Dan 480: the winner's line is far above the form
        play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    page.goto(live_server.url + game.get_absolute_url())
    page.evaluate("window.__marker = 1")
    tap_bids(page, {1: "3", 2: "3", 3: "3", 0: "3"})
    save(page, "Save bids", "Hand 9: tricks taken")
    tap_tricks(page, {1: 3, 2: 3, 3: 3}, rest=4)
    page.get_by_role("button", name="Save tricks").click()
    expect(page.locator(".winner")).to_contain_text("Ann & Cat win the game!")
    expect(page.locator(".winner")).to_be_in_viewport()
