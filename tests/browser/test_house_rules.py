"""Presets other than the standard one, played in a phone-sized Chromium: New York City,
cut-throat for three, and the way from an explanation line to its rule in the rulebook.

Seats are given clockwise; the first seat (Ann) deals first, the deal passes to the
left, the dealer's left bids (and is asked for tricks) first, and the last seat in
that order gets the rest of the tricks. With partners, side 0 is seats 0 + 2 and
side 1 seats 1 + 3; without, every player is a side (``#total-<seat>``).
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from scorekeeper.games.models import Game, Row

from .helpers import expect_fits_the_phone, expect_totals, game_from_url, save, screenshot, tap_bids, tap_tricks

FOUR = ["Ann", "Bob", "Cat", "Dan"]
THREE = ["Ann", "Bob", "Cat"]


# --- helpers -----------------------------------------------------------------


def open_new_game(page: Page, live_server) -> None:
    """Home -> "New Spades game"."""
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="New Spades game").click()
    expect(page.get_by_role("heading", name="New Spades game")).to_be_visible()


def choose_preset(page: Page, label: str) -> None:
    """Pick a preset in the select and wait until htmx has swapped in a new ``#setup``."""
    page.evaluate("document.querySelector('#setup').dataset.stale = '1'")
    with page.expect_response(lambda response: response.request.method == "GET" and "preset=" in response.url):
        page.locator("select[name=preset]").select_option(label=label)
    expect(page.locator("#setup:not([data-stale])")).to_be_attached()
    expect(page.locator("#setup[data-stale]")).to_have_count(0)


def fill_names(page: Page, names: list[str]) -> None:
    for seat, name in enumerate(names):
        page.fill(f"#id_player_{seat}", name)


def start(page: Page, first_heading: str) -> Game:
    """Tap "Start game", wait for the sheet with ``first_heading``; return the game (page marked)."""
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("heading", name=first_heading)).to_be_visible()
    game = game_from_url(page)
    page.evaluate("window.__marker = 1")
    return game


# --- tests -------------------------------------------------------------------


def test_new_york_game_at_phone_size(live_server, page: Page) -> None:
    open_new_game(page, live_server)
    choose_preset(page, "New York City")
    expect(page.get_by_role("link", name="Read the rules of this preset")).to_have_attribute("href", "/rules/new_york/")
    expect(page.locator("#id_player_3")).to_be_attached()
    expect(page.locator("#id_player_4")).to_have_count(0)
    fill_names(page, FOUR)
    game = start(page, "Hand 1: tricks taken")
    assert game.players == FOUR
    assert game.rules["preset"] == "new_york"
    expect(page.get_by_text("The first hand bids itself")).to_be_visible()
    expect(page.get_by_role("button", name="Save bids")).to_have_count(0)
    expect_totals(page, 0, 0)

    # Hand 1 bids itself (Ann deals; tricks asked of Bob, Cat, Dan; Ann gets the rest).
    #   Tricks Bob 2, Cat 5, Dan 1, Ann 13-8 = 5.
    #   Ann & Cat: 5+5 = 10 tricks x 10 = +100 -> 100
    #   Bob & Dan: 2+1 =  3 tricks x 10 =  +30 ->  30
    expect(page.locator("label[for^=tricks-0-]")).to_have_count(0)
    tap_tricks(page, {1: 2, 2: 5, 3: 1}, rest=5)
    save(page, "Save tricks", "Hand 2: bids")
    expect_totals(page, 100, 30)
    expect(page.locator("#hand-1")).to_be_attached()

    # Hand 2 (Bob deals): one row of buttons per side, Ann & Cat (the dealer's opponents) first.
    rows = page.locator("#entry fieldset.choices")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator("legend")).to_have_text("Ann & Cat")
    expect(rows.nth(1).locator("legend")).to_have_text("Bob & Dan")
    for side in (0, 1):
        for bid in range(4, 11):  # a side bids 4 to 10
            expect(page.locator(f"label[for=bid-{side}-{bid}]")).to_be_attached()  # side 1's row waits its turn
        expect(page.locator(f"label[for=bid-{side}-3]")).to_have_count(0)
        expect(page.locator(f"label[for=bid-{side}-11]")).to_have_count(0)
        expect(page.locator(f"label[for^=bid-{side}-]")).to_have_count(7)
    expect(page.locator("label[for=bid-2-4]")).to_have_count(0)  # no per-seat rows
    # 70 apart: nobody may bid blind yet.
    expect(page.locator("input[name^=blind_]")).to_have_count(0)

    # Bids Ann & Cat 5, Bob & Dan 4.
    # Tricks (order Cat, Dan, Ann; Bob gets the rest): Cat 3, Dan 2, Ann 3, Bob 13-8 = 5.
    #   Ann & Cat: bid 5, took 3+3 = 6: made, 10 x 5 = +50; 1 bag, worth 0       -> 100+50 = 150
    #   Bob & Dan: bid 4, took 2+5 = 7: 3 bags, more than 2 is a set, -10 x 4 = -40 -> 30-40 = -10
    tap_bids(page, {0: "5", 1: "4"})
    save(page, "Save bids", "Hand 2: tricks taken")
    expect(page.locator("label[for^=tricks-1-]")).to_have_count(0)  # Bob gets the rest
    tap_tricks(page, {2: 3, 3: 2, 0: 3}, rest=5)
    save(page, "Save tricks", "Hand 3: bids")
    expect_totals(page, 150, -10)
    expect(page.locator("#total-0 .bags")).to_have_text("1 bag")
    expect(page.locator("#total-1 .bags")).to_have_text("0 bags")
    expect(page.locator("#hand-2 .run")).to_have_text(["150", "-10"])
    expect(page.locator("#hand-2 .points")).to_have_text(["+50", "-40"])

    # Bob & Dan are now 160 behind (>= 100): they, and only they, may bid blind in hand 3.
    expect(page.locator("input[name=blind_1]")).to_be_visible()
    expect(page.locator("input[name=blind_1]")).not_to_be_checked()
    expect(page.locator("input[name=blind_0]")).to_have_count(0)
    expect(page.locator(".declare-side")).to_have_count(1)
    expect(page.locator(".declare-side .side-label")).to_have_text("Bob & Dan")

    assert page.evaluate("window.__marker") == 1
    assert [
        (hand.record.get("bids"), hand.record.get("tricks"))
        for hand in Row.objects.filter(game=game).order_by("number")
    ] == [
        (None, [5, 2, 5, 1]),
        ([5, 4], [3, 5, 3, 2]),
    ]
    expect_fits_the_phone(page)
    screenshot(page, "nyc_browser.png")


def test_cutthroat_game_at_phone_size(live_server, page: Page) -> None:
    open_new_game(page, live_server)
    expect(page.locator("#id_player_3")).to_be_attached()  # the standard preset: four players
    fill_names(page, THREE)  # typed before the preset is chosen: kept
    choose_preset(page, "Cut-throat, three players")
    for seat, name in enumerate(THREE):
        expect(page.locator(f"#id_player_{seat}")).to_have_value(name)
    expect(page.locator("#id_player_3")).to_have_count(0)
    expect(page.locator("#setup input[name=dealer]")).to_have_count(3)
    game = start(page, "Hand 1: bids")
    assert game.players == THREE
    assert game.rules["preset"] == "cutthroat3"

    # Three sides, one per player.
    expect_totals(page, 0, 0, 0)
    expect(page.locator(".scoreboard .side-name")).to_have_text(THREE)
    expect(page.locator(".sheet-head span")).to_have_text(["#", *THREE])

    # Hand 1 (Ann deals; order Bob, Cat, Ann; Ann gets the rest of 17).
    # Every player bets 0 to 17 (0 is a plain bet; no nil).
    for seat in range(3):
        for bid in (0, 1, 17):
            expect(page.locator(f"label[for=bid-{seat}-{bid}]")).to_be_attached()  # later rows wait their turn
        expect(page.locator(f"label[for=bid-{seat}-18]")).to_have_count(0)
        expect(page.locator(f"label[for=bid-{seat}-nil]")).to_have_count(0)
        expect(page.locator(f"label[for=bid-{seat}-blind_nil]")).to_have_count(0)
        expect(page.locator(f"label[for^=bid-{seat}-]")).to_have_count(18)

    #   Bets Bob 5, Cat 4, Ann 6. Tricks Bob 7, Cat 3, Ann 17-10 = 7.
    #   Ann: bet 6, took 7: 10 x 6 = +60, 1 overtrick -10 = +50 -> 50
    #   Bob: bet 5, took 7: 10 x 5 = +50, 2 overtricks -20 = +30 -> 30
    #   Cat: bet 4, took 3: set, -10 x 4 = -40                   -> -40
    tap_bids(page, {1: "5", 2: "4", 0: "6"})
    save(page, "Save bids", "Hand 1: tricks taken")
    expect(page.locator("label[for^=tricks-0-]")).to_have_count(0)  # Ann gets the rest
    expect(page.locator("label[for^=tricks-1-]")).to_have_count(18)  # 0..17
    tap_tricks(page, {1: 7, 2: 3}, rest=7)
    save(page, "Save tricks", "Hand 2: bids")
    expect_totals(page, 50, 30, -40)

    # Hand 2 (Bob deals; order Cat, Ann, Bob; Bob gets the rest).
    #   Bets Cat 0, Ann 8, Bob 5. Tricks Cat 1, Ann 8, Bob 17-9 = 8.
    #   Ann: bet 8, took 8: made, 10 x 8 = +80                             -> 50+80 = 130
    #   Bob: bet 5, took 8: 10 x 5 = +50, 3 overtricks -30 = +20           -> 30+20 = 50
    #   Cat: bet 0 (a plain bet, not nil), took 1: made, 10 x 0 = 0,
    #        1 overtrick -10 = -10                                         -> -40-10 = -50
    tap_bids(page, {2: "0", 0: "8", 1: "5"})
    save(page, "Save bids", "Hand 2: tricks taken")
    tap_tricks(page, {2: 1, 0: 8}, rest=8)
    save(page, "Save tricks", "Hand 3: bids")
    expect_totals(page, 130, 50, -50)
    expect(page.locator("#hand-2 .points")).to_have_text(["+80", "+20", "-10"])
    expect(page.locator("#hand-1 .run")).to_have_text(["50", "30", "-40"])

    assert page.evaluate("window.__marker") == 1
    assert [
        (hand.record.get("bids"), hand.record.get("tricks"))
        for hand in Row.objects.filter(game=game).order_by("number")
    ] == [
        ([6, 5, 4], [7, 7, 3]),
        ([8, 5, 0], [8, 8, 1]),
    ]
    expect_fits_the_phone(page)
    screenshot(page, "cutthroat_browser.png")


def test_rulebook_link_from_an_explanation_line(live_server, page: Page) -> None:
    open_new_game(page, live_server)
    fill_names(page, FOUR)
    game = start(page, "Hand 1: bids")

    # Hand 1 (standard; Ann deals; order Bob, Cat, Dan, Ann).
    #   Bids Bob 3, Cat 3, Dan 2, Ann 4. Tricks Bob 3, Cat 4, Dan 1, Ann 13-8 = 5.
    #   Bob & Dan: bid 5, took 4: set, -10 x 5 = -50.
    tap_bids(page, {1: "3", 2: "3", 3: "2", 0: "4"})
    save(page, "Save bids", "Hand 1: tricks taken")
    tap_tricks(page, {1: 3, 2: 4, 3: 1}, rest=5)
    save(page, "Save tricks", "Hand 2: bids")

    page.locator("#hand-1 summary").click()
    expect(page.locator("#hand-1")).to_have_attribute("open", "")
    line = page.locator("#hand-1 a.rule-link", has_text="Bob & Dan: bid 5, took 4: set")
    expect(line).to_be_visible()
    href = line.get_attribute("href")
    assert href is not None
    anchor = href.rpartition("#")[2]
    # A set is a scoring step, not a house rule key: it points at the rule that states its penalty.
    assert anchor == "rule-set_penalty", href
    line.click()

    page.wait_for_url(re.compile(rf"#{anchor}$"))
    assert f"/games/{game.edit_key}/" in page.url, page.url
    expect(page.get_by_role("heading", name="House rules", exact=True)).to_be_visible()
    rule = page.locator(f"li#{anchor}")
    expect(rule).to_be_visible()
    expect(rule).to_be_in_viewport()
    expect(rule).to_contain_text("A side that takes fewer tricks than it bid is set")
    # And back to the sheet.
    page.get_by_role("link", name="Back to the sheet").click()
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
