"""A hand in one screen (issue 25): every tap of a hand is on screen when it is needed, with no scrolling,
and every side's total and bags are in view after each save, correction and undo; at 375x812, 360x640 and
320x640. Before each tap the target's box is inside the viewport and nothing (the sticky totals) covers it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from .helpers import on_screen, start_spades_game, tap_on_screen

SIZES = [(375, 812), (360, 640), (320, 640)]
#: Three hands of bids and tricks (seats 0-3 are Ann, Bob, Cat, Dan; the first bidder is the dealer's left).
HANDS = [
    ({1: "4", 2: "3", 3: "4", 0: "2"}, {1: 4, 2: 3, 3: 4}),
    ({2: "3", 3: "3", 0: "3", 1: "nil"}, {2: 3, 3: 3, 0: 7}),
    ({3: "5", 0: "3", 1: "2", 2: "2"}, {3: 5, 0: 3, 1: 2}),
]


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def phone(browser: Browser, request) -> Iterator[Page]:
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=2)
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def totals_in_view(page: Page) -> bool:
    return all(on_screen(page, f"#total-{side} {part}") for side in (0, 1) for part in (".total", ".bags"))


def test_every_tap_of_a_spades_hand_is_on_screen_and_the_totals_stay_in_view(live_server, phone: Page) -> None:
    start_spades_game(phone, live_server)
    missed: list[str] = []
    for number, (bids, tricks) in enumerate(HANDS, start=1):
        for seat, bid in bids.items():
            tap_on_screen(phone, f"label[for=bid-{seat}-{bid}]", missed)
        tap_on_screen(phone, "#entry button:text('Save bids')", missed)
        expect(phone.get_by_role("heading", name=f"Hand {number}: tricks taken")).to_be_visible()
        assert totals_in_view(phone), f"hand {number}: the totals are off screen after saving the bids"
        for seat, taken in tricks.items():
            tap_on_screen(phone, f"label[for=tricks-{seat}-{taken}]", missed)
        tap_on_screen(phone, "#entry button:text('Save tricks')", missed)
        expect(phone.get_by_role("heading", name=f"Hand {number + 1}: bids")).to_be_visible()
        assert totals_in_view(phone), f"hand {number}: the totals are off screen after saving the tricks"
    assert missed == [], f"taps not on screen when needed: {missed}"
    # The sticky totals span the screen: nothing scrolled under them shows at their sides.
    box = phone.locator("#standings").bounding_box()
    assert box and box["x"] <= 0 and box["x"] + box["width"] >= phone.viewport_size["width"], box

    # A correction, opened in its row, and an undo: the totals stay in view.
    phone.locator("#hand-1 > summary").click()
    phone.get_by_role("link", name="Edit hand 1").click()
    phone.locator("label[for=edit-tricks-1-5]").click()
    phone.locator("label[for=edit-tricks-3-3]").click()
    with phone.expect_response(lambda response: "/hands/1/" in response.url and response.request.method == "POST"):
        phone.get_by_role("button", name="Save corrected hand").click()
    expect(phone.locator("#hand-1 .explain form")).to_have_count(0)  # the corrected row, explained
    expect(phone.locator(".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added")).to_have_count(0)  # settled
    assert totals_in_view(phone), "the totals are off screen after a correction"
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.get_by_role("button", name="Undo last hand").click()
    expect(phone.locator("#hand-3")).to_have_count(0)
    assert totals_in_view(phone), "the totals are off screen after an undo"


def test_with_a_revoke_penalty_the_tricks_form_still_fits_the_screen(live_server, phone: Page) -> None:
    """Tournament rules (issue 27.3): the revokes fold into one line below the tricks; after the last trick
    tapped, that line and Save tricks are on screen, and a revoke is two taps away."""
    from scorekeeper.games import services as game_services

    from ..games.factories import sheet_url
    from .helpers import SPADES_PLAYERS

    game = game_services.game_create(kind="spades", players=SPADES_PLAYERS, dealer=0, rules={"preset": "tournament"})
    phone.goto(live_server.url + sheet_url(game))
    missed: list[str] = []
    bids, tricks = HANDS[0]
    for seat, bid in bids.items():
        tap_on_screen(phone, f"label[for=bid-{seat}-{bid}]", missed)
    tap_on_screen(phone, "#entry button:text('Save bids')", missed)
    expect(phone.get_by_role("heading", name="Hand 1: tricks taken")).to_be_visible()
    for seat, taken in tricks.items():
        tap_on_screen(phone, f"label[for=tricks-{seat}-{taken}]", missed)
    expect(phone.locator("[data-testid=rest]")).to_have_text("2")
    for target in ("#entry .revokes > summary", "#entry button:text('Save tricks')"):
        assert on_screen(phone, target), f"{target} is off screen"
    tap_on_screen(phone, "#entry .revokes > summary", missed)
    phone.locator("label[for=revokes-1-1]").click()
    expect(phone.locator("#revokes-1-1")).to_be_checked()
    assert missed == [], f"taps not on screen when needed: {missed}"


def seen_in_order(page: Page) -> list[str]:
    """The names of the bid rows as the eye reads them: line by line, left to right."""
    return page.evaluate(
        """() => [...document.querySelectorAll("#bid-rows > .choices > legend bdi")]
            .map((name) => [name.textContent, name.getBoundingClientRect()])
            .sort(([, a], [, b]) => (Math.abs(a.top - b.top) < 8 ? a.left - b.left : a.top - b.top))
            .map(([text]) => text)"""
    )


def test_an_earlier_bid_is_a_tap_away_and_changes_in_place(live_server, phone: Page) -> None:
    """One bidder at a time: a bid already tapped shrinks to its answer; tapping it opens that row again."""
    start_spades_game(phone, live_server)
    for seat, bid in ((1, "4"), (2, "3")):
        phone.locator(f"label[for=bid-{seat}-{bid}]").click()
    expect(phone.locator("label[for=bid-1-5]")).to_be_hidden()  # Bob's row shows only his 4
    expect(phone.locator("label[for=bid-3-1]")).to_be_visible()  # Dan bids now
    expect(phone.locator("label[for=bid-0-1]")).to_be_hidden()  # Ann waits her turn
    assert seen_in_order(phone) == ["Bob", "Cat", "Dan", "Ann"], "the rows are not seen in bidding order"
    phone.locator("label[for=bid-1-4]").click()  # Bob's answer: his row opens again
    expect(phone.locator("label[for=bid-1-5]")).to_be_visible()
    phone.locator("label[for=bid-1-5]").click()
    expect(phone.locator("label[for=bid-1-6]")).to_be_hidden()
    expect(phone.locator("#bid-1-5")).to_be_checked()
    expect(phone.locator("label[for=bid-3-1]")).to_be_visible()  # back to Dan


def test_a_phone_that_lost_a_race_is_told_where_it_looks_and_can_use_its_entry_instead(
    live_server, page: Page, second_page: Page
) -> None:
    """Two phones on the same hand, the slower one's poll held so the race is real: it is told who saved
    first and what, beside what it had, in view; one tap makes its own entry the hand's, for bids and tricks."""
    from scorekeeper.games.models import Row

    from ..games.factories import sheet_url

    game = start_spades_game(page, live_server)
    second_page.goto(live_server.url + sheet_url(game))
    second_page.evaluate("document.getElementById('live').remove()")
    for phone, bids in ((page, {1: "4", 2: "3", 3: "4", 0: "2"}), (second_page, {1: "5", 2: "3", 3: "4", 0: "2"})):
        for seat, bid in bids.items():
            phone.locator(f"label[for=bid-{seat}-{bid}]").click()
    page.get_by_role("button", name="Save bids").click()
    expect(page.get_by_role("heading", name="Hand 1: tricks taken")).to_be_visible()
    second_page.get_by_role("button", name="Save bids").click()

    told = second_page.locator("#messages .conflict")
    expect(told).to_contain_text("saved first: bids Ann 2 · Bob 4 · Cat 3 · Dan 4")
    expect(told).to_contain_text("This phone had:")
    expect(told.locator("[data-mine]")).to_contain_text("Bob: 5, Cat: 3, Dan: 4, Ann: 2")  # not "Ann deals: 2"
    expect(told.get_by_role("button", name="Use mine instead")).to_be_in_viewport()
    told.get_by_role("button", name="Use mine instead").click()
    expect(second_page.get_by_role("heading", name="Hand 1: tricks taken")).to_be_visible()
    expect(second_page.locator("#messages .conflict")).to_have_count(0)
    assert Row.objects.get(game=game).record.get("bids") == [2, 5, 3, 4]

    # The tricks: the first phone (now polling the second's bids) saves first again.
    expect(page.locator("#entry")).to_contain_text("Bob 5")
    second_page.evaluate("document.getElementById('live')?.remove()")
    for phone, tricks in ((page, {1: 5, 2: 3, 3: 3}), (second_page, {1: 4, 2: 4, 3: 3})):
        for seat, taken in tricks.items():
            phone.locator(f"label[for=tricks-{seat}-{taken}]").click()
    page.get_by_role("button", name="Save tricks").click()
    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
    second_page.get_by_role("button", name="Save tricks").click()
    expect(told).to_contain_text("took Ann 2 · Bob 5 · Cat 3 · Dan 3")
    expect(told.get_by_role("button", name="Use mine instead")).to_be_in_viewport()
    told.get_by_role("button", name="Use mine instead").click()
    expect(second_page.locator("#messages .conflict")).to_have_count(0)
    expect(second_page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
    assert Row.objects.get(game=game).record.get("tricks") == [2, 4, 4, 3]
