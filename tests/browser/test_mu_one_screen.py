"""A whole Mü deal in one screen (issue 25): with 5 and 6 players, on a 375x812, 360x640 and 320x640 phone,
every tap of a deal is on the screen when it is needed, and not under the sticky totals, without
scrolling: each player's laid cards in seat order, the Vize's and the Chef's trump, the partner,
Save; then each player's card points and Save. Before each tap the test checks the target's box is
inside the viewport and below the totals, and that the point at its centre is the target itself
(``document.elementFromPoint``), then taps that point as a finger would.

Then (issue 25.2 and 25.3) every player's total stays in view after each save, correction and undo
at 375x812 and 320x640, and a phone that lost a race for a deal is told, and can use its entry instead.

Rules: docs/rules/mu.md (the auction §4-§6). Cards laid 1, 2, 0, 1, 4 (and 0): Emma is Chef at
level 4, Beate Vize (the second most, alone); Emma picks Anna as partner.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from scorekeeper.games import services
from scorekeeper.games.models import Row
from scorekeeper.mu import services as mu_services
from tests.browser.helpers import on_screen
from tests.games.factories import sheet_url

NAMES = ["Anna", "Beate", "Conny", "Dagmar", "Emma", "Franziska"]
ANNA, BEATE, EMMA = 0, 1, 4


def expect_tappable(page: Page, target: Locator) -> None:
    """``target`` is on the screen, below the sticky totals, and a finger at its centre taps it;
    then tap there (no scrolling: the test never scrolls, and asks before it taps)."""
    box = target.bounding_box()
    assert box is not None, target
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    what = target.evaluate("(e) => e.outerHTML.slice(0, 80)")
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"{what} is off the screen sideways: {box}"
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, f"{what} is off the screen ({height} px): {box}"
    totals = page.evaluate("document.getElementById('standings').getBoundingClientRect().bottom")
    assert box["y"] >= totals - 0.5, f"{what} is under the totals (which end at {totals}): {box}"
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    hit = target.evaluate(
        "(e, [x, y]) => { const hit = document.elementFromPoint(x, y); return hit === e || e.contains(hit); }",
        list(centre),
    )
    assert hit, f"{what}: another element is at its centre {centre}"
    scrolled = page.evaluate("window.scrollY")
    page.mouse.click(*centre)
    assert page.evaluate("window.scrollY") == scrolled


def expect_question_on_screen(page: Page, target: Locator) -> None:
    """Every button of the question ``target`` belongs to (its fieldset) is on the screen below the
    totals, whichever the table needs (the last digit, "no trump"), not just the one tapped."""
    outside = target.evaluate(
        """(e) => {
            const totals = document.getElementById("standings").getBoundingClientRect().bottom;
            return [...e.closest("fieldset").querySelectorAll("label")]
                .filter((l) => l.getClientRects().length && getComputedStyle(l).visibility !== "hidden")
                .map((l) => [l.textContent.trim(), l.getBoundingClientRect()])
                .filter(([, r]) => r.top < totals - 0.5 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth)
                .map(([text, r]) => `${text} ${Math.round(r.top)}-${Math.round(r.bottom)}`);
        }"""
    )
    assert not outside, f"buttons of this question off the screen ({page.viewport_size}): {outside}"


def tap_and_wait(page: Page, target: Locator, answer: str) -> None:
    """Tap ``target`` (checked first) and wait for htmx's answer from an address ending in ``answer``,
    swapped in and settled."""
    expect_question_on_screen(page, target)
    with page.expect_response(lambda response: response.url.endswith(answer)) as info:
        expect_tappable(page, target)
    assert info.value.status == 200, info.value.status
    expect(page.locator(".htmx-request, .htmx-settling, .htmx-added")).to_have_count(0)


def tap_auction(phone: Page, laid: list[int]) -> None:
    """Tap each player's laid cards (seat order), the Vize's red, the Chef's green and Anna as partner,
    each answer awaited."""
    laid_targets = [f"laid-{seat}-{cards}" for seat, cards in enumerate(laid)]
    for target in [*laid_targets, "vize-trump-red", "chef-trump-green", f"partner-{ANNA}"]:
        phone.locator(f"label[for={target}]").click()
        expect(phone.locator(".htmx-request")).to_have_count(0)


@pytest.mark.parametrize("players", [5, 6])
@pytest.mark.parametrize("size", [(375, 812), (360, 640), (320, 640)], ids=["375x812", "360x640", "320x640"])
def test_every_tap_of_a_mu_deal_is_on_one_screen(live_server, page: Page, players, size) -> None:
    names = NAMES[:players]
    game = services.game_create(players=names, dealer=0, rules={"preset": "standard"}, kind="mu")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(live_server.url + sheet_url(game))
    expect(page.get_by_role("heading", name="Deal 1: the auction")).to_be_visible()
    assert page.evaluate("window.scrollY") == 0

    laid = [1, 2, 0, 1, 4, 0][:players]
    for seat, cards in enumerate(laid):
        tap_and_wait(page, page.locator(f"label[for=laid-{seat}-{cards}]"), "/preview/")
        expect(page.locator(f"#laid-{seat}-{cards}")).to_be_checked()
    expect(page.get_by_text("Emma is Chef at level 4")).to_be_visible()
    for target in ("vize-trump-red", "chef-trump-green", f"partner-{ANNA}"):
        tap_and_wait(page, page.locator(f"label[for={target}]"), "/preview/")
        expect(page.locator(f"#{target}")).to_be_checked()
    with page.expect_response(lambda response: response.url.endswith("/deal/auction/")) as info:
        expect_tappable(page, page.get_by_role("button", name="Save the auction"))
    assert info.value.status == 200
    expect(page.get_by_role("heading", name="Deal 1: being played")).to_be_visible()
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added")).to_have_count(0)  # scrolled

    # Card points from the dealer's left; Anna, the dealer, gets the rest.
    points = {seat: 10 - seat for seat in range(1, players)}  # 9, 8, 7, 6 (, 5)
    for seat, taken in points.items():
        field = page.locator(f"input[name=points_{seat}]")
        expect_tappable(page, field)
        page.keyboard.type(str(taken))
    rest = 60 - sum(points.values())
    expect(page.locator("[data-testid=rest]")).to_have_text(str(rest))
    with page.expect_response(lambda response: response.url.endswith("/deal/points/")) as info:
        expect_tappable(page, page.get_by_role("button", name="Save card points"))
    assert info.value.status == 200
    expect(page.get_by_role("heading", name="Deal 2: the auction")).to_be_visible()
    record = Row.objects.get(game=game, number=0).record
    assert (record["chef"], record["vize"], record["partner"]) == (EMMA, BEATE, ANNA)
    assert record["points"] == [rest, *points.values()]


def test_the_dealers_rest_shows_as_points_are_typed_and_too_many_are_said_at_once(live_server, page: Page) -> None:
    """Three players: 36 card points a deal (mu.md §1). Anna deals; Beate and Conny are asked."""
    game = services.game_create(players=NAMES[:3], dealer=0, rules={"preset": "standard"}, kind="mu")
    mu_services.deal_auction_save(game=game, laid=[0, 1, 2], chef_trump="green", vize_trump=7)
    page.goto(live_server.url + sheet_url(game))
    rest = page.locator("#points-rest")
    expect(rest).to_have_text("Anna gets the rest of the 36 points.")
    page.fill("input[name=points_1]", "30")
    page.fill("input[name=points_2]", "20")
    # Said at the form as it is typed, before Save: nothing was posted but the previews.
    expect(rest.get_by_role("alert")).to_have_text("These card points add up to 50: more than the 36 of a deal.")
    page.fill("input[name=points_2]", "4")
    expect(rest).to_have_text("Anna took the rest: 2")
    # Counting Conny's cards puts her points in, and the rest follows: red 6, 2 points.
    page.locator("summary", has_text="Count Conny's cards").click()
    with page.expect_response(lambda response: response.url.endswith("/count/")):
        page.locator("label[for=card-2-red7]").click()
    expect(page.locator("input[name=points_2]")).to_have_value("2")
    expect(rest).to_have_text("Anna took the rest: 4")
    assert "points" not in Row.objects.get(game=game, number=0).record


LONG_NAMES = ["Friederike", "Maximilian", "Christiane", "Konstantin", "Dagmar", "Franziska"]


@pytest.mark.parametrize("language", ["en", "de"])
def test_six_names_are_read_whole_at_320_px_on_the_totals_and_the_sheet(
    live_server, page: Page, german_page: Page, language
) -> None:
    phone = german_page if language == "de" else page
    phone.set_viewport_size({"width": 320, "height": 640})
    game = services.game_create(players=LONG_NAMES, dealer=0, rules={"preset": "standard"}, kind="mu")
    mu_services.deal_auction_save(game=game, laid=[1, 2, 0, 1, 4, 0], chef_trump="green", vize_trump="red", partner=0)
    mu_services.deal_points_save(game=game, points=[9, 10, 14, 20, 7, 0])
    phone.goto(live_server.url + sheet_url(game))
    # Cut (an ellipsis, or more than fits) or broken over two lines: these names fit a third of the phone.
    cut = """(selector) => [...document.querySelectorAll(selector)]
        .filter((e) => e.scrollWidth > e.clientWidth || getComputedStyle(e).textOverflow === "ellipsis"
            || e.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(e).lineHeight))
        .map((e) => e.textContent)"""
    # The totals: every name whole (three to a row), and short enough to stay in view above the entry form.
    expect(phone.locator(".scoreboard .side-name")).to_have_text(LONG_NAMES)
    assert not phone.evaluate(cut, ".scoreboard .side-name"), "names cut on the totals"
    height = phone.evaluate("document.getElementById('standings').getBoundingClientRect().height")
    assert height <= 120, f"the sticky totals take {height} px of 640"
    # The sheet says whose column is whose: the names in the places of each deal's numbers.
    expect(phone.locator("#sheet .mu-head bdi")).to_have_text(LONG_NAMES)
    assert not phone.evaluate(cut, "#sheet .mu-head .mu-points > span"), "names cut on the sheet"
    places = phone.evaluate(
        """() => [document.querySelectorAll("#sheet .mu-head .mu-points > span"),
                  document.querySelectorAll("#hand-1 .mu-points > span")]
            .map((cells) => [...cells].map((e) => { const r = e.getBoundingClientRect();
                return [Math.round(r.left + r.width / 2), Math.round(r.top)]; }))"""
    )
    names, numbers = places
    assert [x for x, _ in names] == [x for x, _ in numbers], "a name is not above its numbers"
    assert len({y for _, y in numbers}) == 2, "six players' numbers: three to a row"
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 320, f"the page is {width} px wide"


def test_a_phone_that_lost_a_mu_race_is_told_what_both_had_and_can_use_its_entry_instead(
    live_server, page: Page, second_page: Page
) -> None:
    """Issue 25.3 for Mü: two phones on the same deal, the slower one's live poll held so the race is
    real. For the auction and then the card points the slower phone is told, in view, what the other
    phone saved and what it had itself (without the "deals" mark), and one tap makes its entry the deal's."""
    game = services.game_create(players=NAMES[:4], dealer=0, rules={"preset": "standard"}, kind="mu")
    for phone in (page, second_page):
        phone.goto(live_server.url + sheet_url(game))
    second_page.evaluate("document.getElementById('live').remove()")
    for phone, laid in ((page, [1, 2, 0, 4]), (second_page, [1, 2, 0, 3])):  # Dagmar Chef at level 4 or 3
        tap_auction(phone, laid)
    page.get_by_role("button", name="Save the auction").click()
    expect(page.get_by_role("heading", name="Deal 1: being played")).to_be_visible()
    second_page.get_by_role("button", name="Save the auction").click()

    told = second_page.locator("#messages .conflict")
    expect(told).to_contain_text("saved first: Dagmar Chef at level 4")
    expect(told.locator("[data-mine]")).to_contain_text("Dagmar: 3")
    expect(told.locator("[data-mine]")).not_to_contain_text("deals")
    expect(told.get_by_role("button", name="Use mine instead")).to_be_in_viewport()
    told.get_by_role("button", name="Use mine instead").click()
    expect(second_page.get_by_role("heading", name="Deal 1: being played")).to_be_visible()
    expect(second_page.locator("#messages .conflict")).to_have_count(0)
    record = Row.objects.get(game=game, number=0).record
    assert (record["chef"], record["level"]) == (3, 3)

    # The card points: the first phone (its poll showing the second's auction) saves first again.
    expect(page.locator("#entry")).to_contain_text("level 3")
    second_page.evaluate("document.getElementById('live')?.remove()")
    for phone, points in ((page, [20, 10, 5]), (second_page, [10, 20, 5])):
        for seat, taken in enumerate(points, start=1):
            phone.fill(f"input[name=points_{seat}]", str(taken))
    page.get_by_role("button", name="Save card points").click()
    expect(page.get_by_role("heading", name="Deal 2: the auction")).to_be_visible()
    second_page.get_by_role("button", name="Save card points").click()
    expect(told).to_contain_text("points Anna 25 · Beate 20 · Conny 10 · Dagmar 5")
    expect(told.locator("[data-mine]")).to_contain_text("Beate: 10, Conny: 20, Dagmar: 5")
    expect(told.get_by_role("button", name="Use mine instead")).to_be_in_viewport()
    told.get_by_role("button", name="Use mine instead").click()
    expect(second_page.locator("#messages .conflict")).to_have_count(0)
    expect(second_page.get_by_role("heading", name="Deal 2: the auction")).to_be_visible()
    assert Row.objects.get(game=game, number=0).record["points"] == [25, 10, 20, 5]


@pytest.mark.parametrize("size", [(375, 812), (320, 640)], ids=["375x812", "320x640"])
def test_every_players_total_is_in_view_after_each_save_correction_and_undo(live_server, page: Page, size) -> None:
    """Issue 25.2 for Mü, six players: after the auction's save, the card points' save, a correction of
    the deal opened in its row, and an undo, every player's total is on the screen and uncovered."""
    game = services.game_create(players=NAMES, dealer=0, rules={"preset": "standard"}, kind="mu")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(live_server.url + sheet_url(game))

    def expect_totals_in_view(after: str) -> None:
        expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added")).to_have_count(0)  # scrolled
        hidden = [name for seat, name in enumerate(NAMES) if not on_screen(page, f"#total-{seat} .total")]
        assert not hidden, f"after {after}, totals off the screen: {hidden}"

    tap_auction(page, [1, 2, 0, 1, 4, 0])
    page.get_by_role("button", name="Save the auction").click()
    expect(page.get_by_role("heading", name="Deal 1: being played")).to_be_visible()
    expect_totals_in_view("the auction")
    for seat, taken in enumerate([10, 9, 8, 7, 6], start=1):
        page.fill(f"input[name=points_{seat}]", str(taken))
    page.get_by_role("button", name="Save card points").click()
    expect(page.get_by_role("heading", name="Deal 2: the auction")).to_be_visible()
    expect_totals_in_view("the card points")

    page.locator("#hand-1 > summary").click()
    page.get_by_role("link", name="Edit deal 1").click()
    page.fill("input[name=points_1]", "15")
    page.fill("input[name=points_0]", "15")
    with page.expect_response(lambda response: "/deals/1/" in response.url and response.request.method == "POST"):
        page.get_by_role("button", name="Save corrected deal").click()
    expect(page.locator("#hand-1 .explain form")).to_have_count(0)
    expect_totals_in_view("a correction")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Undo last deal").click()
    expect(page.locator("#hand-1")).to_have_count(0)
    expect_totals_in_view("an undo")


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_trump_colour_is_read_whole_at_320_px(live_server, page: Page, german_page: Page, language) -> None:
    """Colour names were cut with an ellipsis, "Schwarz" even so in its 48 px button (the screenshot sweep)."""
    phone = german_page if language == "de" else page
    phone.set_viewport_size({"width": 320, "height": 640})
    game = services.game_create(players=NAMES, dealer=0, rules={"preset": "standard"}, kind="mu")
    phone.goto(live_server.url + sheet_url(game))
    for seat, cards in enumerate([1, 2, 0, 1, 4, 0]):
        tap_and_wait(phone, phone.locator(f"label[for=laid-{seat}-{cards}]"), "/preview/")
    colours = phone.locator("label.colour:visible")
    expect(colours).to_have_count(5)  # the Vize's trump: the colours, then the digits
    cut = colours.evaluate_all(
        """(all) => all.filter((e) => e.scrollWidth > e.clientWidth || getComputedStyle(e).textOverflow === "ellipsis")
            .map((e) => e.textContent)"""
    )
    assert not cut, f"colours cut at 320 px: {cut}"


def test_an_answered_chip_is_a_big_target_and_a_tap_on_its_name_opens_it_again(live_server, page: Page) -> None:
    """The laid cards answered shrink to chips ("Beate 2"): each chip, at least 44 px tall, opens again
    at a tap anywhere on it, its name included (the sweep measured 32 px answers in 36 px chips)."""
    game = services.game_create(players=NAMES, dealer=0, rules={"preset": "standard"}, kind="mu")
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(live_server.url + sheet_url(game))
    for seat, cards in enumerate([1, 2, 0]):
        tap_and_wait(page, page.locator(f"label[for=laid-{seat}-{cards}]"), "/preview/")
    chips = page.locator("#deal-form .turns > .choices:has(:checked)")
    expect(chips).to_have_count(3)
    heights = chips.evaluate_all("(all) => all.map((e) => e.getBoundingClientRect().height)")
    assert min(heights) >= 44, heights
    chips.nth(1).locator("legend").click()  # Beate's name
    expect(page.locator("label[for=laid-1-5]")).to_be_visible()  # her row open again
