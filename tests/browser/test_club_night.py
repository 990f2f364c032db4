"""A club night end to end (issue 28), as the people in the room do it, in phone-sized Chromium.

The organiser makes a Swiss event of six teams (Spades, one hand a match, two rounds), pairs
round 1, swaps two teams and starts it; three table phones open their sheets from the dashboard
and enter their hand through the sheet; a wall (1920x1080) follows the standings by itself. In
round 2 one table forfeits, the other two play; the wall ends on the champion.

The hands, and the standings they give (standard scoring: a side that makes its bid scores 10 a
trick bid and 1 a bag; ranks by wins, then differential, then points for):

Round 1 (after the swap of Jacks and Tens): Aces 70 v Tens 60, Kings 51 v Jacks 61, Queens 52 v
Nines 42. Every winner is 10 up, so winners and losers rank by points: Aces, Jacks, Queens, Tens,
Kings, Nines. Swiss round 2 then has one way with no rematch, one winner v loser and the least
rank distance: Aces v Jacks, Queens v Tens, Kings v Nines.

Round 2: Nines forfeit to Kings (no points), Aces 60 v Jacks 70, Queens 81 v Tens 40. Final:
Queens 2 wins +51, Jacks 2 wins +20, Aces 1 win 0, Kings 1 win -10, Nines 0 wins -10 (42 points),
Tens 0 wins -51: Queens are champions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import segno
from playwright.sync_api import Browser, Locator, Page, expect

from .conftest import PHONE, TIMEOUT_MS
from .helpers import save, tap_bids, tap_tricks

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = Path("/tmp/me/shots")
WALL = {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1}
#: The wall and the dashboard poll every 3 s: a change shows within one poll and its answer.
POLL_MS = 15_000

#: Seed order: the typed lines "Aces: Ann, Bob", ...
TEAMS = {
    "Aces": ("Ann", "Bob"),
    "Kings": ("Cat", "Dan"),
    "Queens": ("Eve", "Fay"),
    "Jacks": ("Gus", "Hal"),
    "Tens": ("Ivy", "Jon"),
    "Nines": ("Kim", "Lou"),
}

#: A table's hand: bids and tricks by seat (the first team in seats 0 and 2, the second in 1 and 3;
#: seat 0 deals, seat 1 bids first), the totals the sheet shows (first team, second) and the winner.
Hand = tuple[dict[int, str], dict[int, int], tuple[int, int], str]
ROUND_1: dict[int, Hand] = {
    1: ({0: "4", 1: "3", 2: "3", 3: "3"}, {0: 4, 1: 3, 2: 3, 3: 3}, (70, 60), "Ann & Bob"),  # Aces v Tens
    2: ({0: "3", 1: "3", 2: "2", 3: "3"}, {0: 3, 1: 4, 2: 3, 3: 3}, (51, 61), "Gus & Hal"),  # Kings v Jacks
    3: ({0: "3", 1: "2", 2: "2", 3: "2"}, {0: 4, 1: 3, 2: 3, 3: 3}, (52, 42), "Eve & Fay"),  # Queens v Nines
}
ROUND_2: dict[int, Hand] = {
    1: ({0: "3", 1: "3", 2: "3", 3: "4"}, {0: 3, 1: 3, 2: 3, 3: 4}, (60, 70), "Gus & Hal"),  # Aces v Jacks
    2: ({0: "4", 1: "2", 2: "4", 3: "2"}, {0: 5, 1: 2, 2: 4, 3: 2}, (81, 40), "Eve & Fay"),  # Queens v Tens
}

#: Standings lines: rank, team, wins, losses, points for, differential (as shown: "+10", "0", "-10").
Line = tuple[str, str, str, str, str, str]


def lines(*rows: str) -> list[Line]:
    """``"1 Aces 1 0 70 +10"`` -> ``("1", "Aces", "1", "0", "70", "+10")``, for each row."""
    return [tuple(row.split()) for row in rows]  # type: ignore[misc]


# --- the people and their screens -------------------------------------------------------------------------------------


@pytest.fixture
def screens(browser: Browser) -> Iterator[Callable[..., Page]]:
    """Opens a new screen (its own context: cookies, size); fails the test on a script error, a
    Content-Security-Policy refusal or a server error seen by any of them."""
    contexts, problems = [], []

    def open_screen(size: dict = PHONE) -> Page:
        context = browser.new_context(**size, locale="en-US")
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
        page.on(
            "console",
            lambda message: (
                problems.append(message.text)
                if "Content Security Policy" in message.text or "Refused to" in message.text
                else None
            ),
        )
        page.on(
            "response",
            lambda response: (
                problems.append(f"{response.status} {response.request.method} {response.url}")
                if response.status >= 500
                else None
            ),
        )
        return page

    yield open_screen
    for context in contexts:
        context.close()
    assert not problems, problems


def shot(page: Page, name: str, *, full_page: bool = True) -> None:
    """A screenshot ``club-<name>.png``: the whole page from its top, or (``full_page`` False) the screen as it is."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    if full_page:
        page.evaluate("window.scrollTo(0, 0)")  # scrolled, a sticky scoreboard would be drawn over the page
    page.screenshot(path=str(SHOTS / f"club-{name}.png"), full_page=full_page)


def status(page: Page) -> Locator:
    """Where the event stands, in a line (the board's status; the dashboard's messages are another)."""
    return page.locator("#board [role=status]:not(#messages)")


def standings(page: Page) -> Locator:
    return page.get_by_role("table", name="Standings")


def standings_lines(page: Page) -> list[Line]:
    """The standings as shown: per row its cells, the team's name without its players."""
    rows = standings(page).locator("tbody tr")
    cells = rows.evaluate_all(
        """rows => rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) =>
            (cell.matches("th") ? cell.querySelector("bdi") : cell).textContent.trim().replace("\u2212", "-")))"""
    )
    return [tuple(row) for row in cells]


def expect_standings(page: Page, expected: list[Line]) -> None:
    """The standings show ``expected``, waiting for the poll to bring them (the team order first)."""
    names = standings(page).locator("tbody th[scope=row] > bdi")
    expect(names).to_have_text([line[1] for line in expected], timeout=POLL_MS)
    assert standings_lines(page) == expected


def tap_big(page: Page, name: str, shown: str) -> None:
    """Tap the button ``name`` as a thumb does: scrolled into view it is inside the viewport and at
    least 44 px tall (and at most the screen wide); a screenshot ``shown`` is taken before the tap."""
    button = page.get_by_role("button", name=name)
    button.scroll_into_view_if_needed()
    expect(button).to_be_in_viewport(ratio=1)
    box = button.bounding_box()
    assert box is not None
    assert box["height"] >= 44, f"{name!r} is {box['height']} px tall"
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"], f"{name!r}: {box}"
    shot(page, shown, full_page=False)
    button.click()


def expect_wall_fits(wall: Page) -> None:
    """The wall shows all of its standings on the screen: nothing to scroll, the table wholly in view."""
    height = wall.evaluate("document.scrollingElement.scrollHeight")
    assert height <= wall.viewport_size["height"], f"the wall scrolls: {height} px tall"
    expect(standings(wall)).to_be_in_viewport(ratio=1)


def play_hand(phone: Page, hand: Hand) -> None:
    """The table's phone enters its one hand: bids, Save, tricks (the last bidder's are the rest),
    Save; the game is won at the hand limit."""
    bids, tricks, totals, winner = hand
    phone.evaluate("window.__marker = 1")
    tap_bids(phone, bids)
    save(phone, "Save bids", "Hand 1: tricks taken")
    last = 0  # seat 0 deals, so bids last: its tricks are the rest
    tap_tricks(phone, {seat: taken for seat, taken in tricks.items() if seat != last}, rest=tricks[last])
    save(phone, "Save tricks", None)
    expect(phone.get_by_role("status").filter(has_text="win the game")).to_contain_text(f"{winner} win the game!")
    for side, total in enumerate(totals):
        expect(phone.locator(f"#total-{side}")).to_contain_text(re.compile(rf"(^|\D){total}(\D|$)"))


def table_sheets(page: Page, count: int) -> list[str]:
    """The addresses of the tables' sheets, from the dashboard's "Open the sheet" links (table 1 first)."""
    return [
        page.locator(f"#table-{number}").get_by_role("link", name="Open the sheet").get_attribute("href") or ""
        for number in range(1, count + 1)
    ]


def expect_seating(page: Page, round_: int, tables: list[tuple[str, str]]) -> None:
    """The round drafted, as "who sits where" lists it: each table's two teams, first team first (by
    their names, as now: "Aces · Tens · Aces · Tens", or their players in their seats: "Ann · Ivy · Bob · Jon")."""
    seating = page.get_by_role("region", name=f"Round {round_}: who sits where")
    expected = []
    for number, (first, second) in enumerate(tables, start=1):
        (a, c), (b, d) = TEAMS[first], TEAMS[second]
        expected.append(re.compile(rf"^\s*Table {number}\D.*({first}.*{second}|{a}.*{b}.*{c}.*{d})"))
    expect(seating.get_by_role("listitem")).to_have_text(expected)


# --- the night --------------------------------------------------------------------------------------------------------


def test_a_club_night_from_the_new_event_to_the_champion_on_the_wall(live_server, screens) -> None:
    organiser = screens()

    # The organiser makes the event.
    organiser.goto(live_server.url + "/events/new/")
    organiser.get_by_label("Name of the event").fill("Friday club night")
    organiser.get_by_label("Game and house rules").select_option("spades:standard")
    organiser.get_by_label("Hands per match").fill("1")
    organiser.get_by_label("Teams of two (Spades)").check()
    organiser.get_by_label("Pairing").select_option(label="Swiss (teams)")
    organiser.get_by_label("Rounds").fill("2")
    typed = "\n".join(f"{team}: {first}, {second}" for team, (first, second) in TEAMS.items())
    organiser.get_by_label("Entrants, one a line, best first").fill(typed)
    shot(organiser, "01-new")
    organiser.get_by_role("button", name="Make the event").click()

    expect(organiser.get_by_role("heading", level=1)).to_have_text("Friday club night")
    expect(organiser.get_by_text("Swiss (teams) · 2 rounds · 6 entrants")).to_be_visible()
    expect(status(organiser)).to_have_text("No round played yet.")
    expect_standings(organiser, lines(*(f"1 {team} 0 0 0 0" for team in TEAMS)))
    wall_address = organiser.get_by_role("link", name="Wall", exact=True).get_attribute("href")
    assert wall_address and re.fullmatch(r"/events/[A-Za-z0-9_-]+/wall/", wall_address), wall_address
    assert wall_address not in organiser.url  # the wall opens with the standings link

    # The wall is on from the start, and is never reloaded.
    wall = screens(WALL)
    wall.goto(live_server.url + wall_address)
    wall.evaluate("window.__marker = 1")
    expect(status(wall)).to_have_text("No round played yet.")
    expect(wall.get_by_role("button")).to_have_count(0)  # a wall is looked at, not tapped

    # Round 1: paired, checked, two teams swapped, started.
    tap_big(organiser, "Pair round 1", "02-pair-button")
    expect(organiser.get_by_text("The next round is paired: check it, then start it.")).to_be_visible()
    expect_seating(organiser, 1, [("Aces", "Jacks"), ("Kings", "Tens"), ("Queens", "Nines")])
    organiser.get_by_label("Swap", exact=True).select_option(label="Jacks")
    organiser.get_by_label("with", exact=True).select_option(label="Tens")
    organiser.get_by_role("button", name="Swap them").click()
    expect(organiser.get_by_text("Swapped.")).to_be_visible()
    expect_seating(organiser, 1, [("Aces", "Tens"), ("Kings", "Jacks"), ("Queens", "Nines")])
    expect_seating(wall, 1, [("Aces", "Tens"), ("Kings", "Jacks"), ("Queens", "Nines")])  # the draft, live
    tap_big(organiser, "Start round 1", "03-start-button")

    expect(organiser.get_by_text("The round has started")).to_be_visible()
    expect(status(organiser)).to_contain_text("Round 1: 3 tables still playing")
    expect(status(wall)).to_contain_text("Round 1: 3 tables still playing", timeout=POLL_MS)
    shot(organiser, "04-round-1")
    sheets = table_sheets(organiser, 3)
    assert all(re.fullmatch(r"/games/[A-Za-z0-9_-]{24}/", sheet) for sheet in sheets), sheets

    # The table cards: a card a table, the teams and players in their seats, a code of the sheet's link.
    organiser.get_by_role("link", name="Table cards to print").click()
    expect(organiser.get_by_role("heading", name="Table cards, round 1")).to_be_visible()
    cards = organiser.get_by_role("article")
    expect(cards).to_have_count(3)
    for number, (first, second) in enumerate([("Aces", "Tens"), ("Kings", "Jacks"), ("Queens", "Nines")], start=1):
        card = cards.nth(number - 1)
        expect(card.get_by_role("heading")).to_have_text(f"Table {number}")
        expect(card).to_contain_text(f"{first} v {second}")
        seats = [TEAMS[first][0], TEAMS[second][0], TEAMS[first][1], TEAMS[second][1]]
        expect(card.get_by_role("listitem")).to_have_text(seats)
        expect(card).to_contain_text("Standard · to 500 · 1 hand")
        # The address is in the QR code only: it is the code of the sheet the dashboard links to.
        code = card.get_by_role("img", name=f"QR code of table {number}'s edit link")
        assert _qr_modules(code.inner_html()) == _qr_modules(_qr_of(live_server.url + sheets[number - 1]))
    shot(organiser, "05-cards")
    organiser.get_by_role("link", name="Back to the event").click()

    # Three table phones, each from its table's link.
    phones = {number: screens() for number in (1, 2, 3)}
    for number, phone in phones.items():
        phone.goto(live_server.url + sheets[number - 1])
        expect(phone.get_by_role("heading", name="Hand 1: bids")).to_be_visible()
    seats_1 = {1: ("Aces", "Tens"), 2: ("Kings", "Jacks"), 3: ("Queens", "Nines")}
    for number, phone in phones.items():
        first, second = seats_1[number]
        expect(phone.locator("#total-0")).to_contain_text(" & ".join(TEAMS[first]))
        expect(phone.locator("#total-1")).to_contain_text(" & ".join(TEAMS[second]))

    after_round_1 = {
        1: ("Round 1: 2 tables still playing", ["1 Aces 1 0 70 +10", "2 Kings 0 0 0 0", "2 Queens 0 0 0 0",
                                                "2 Jacks 0 0 0 0", "2 Nines 0 0 0 0", "6 Tens 0 1 60 -10"]),
        2: ("Round 1: 1 table still playing", ["1 Aces 1 0 70 +10", "2 Jacks 1 0 61 +10", "3 Queens 0 0 0 0",
                                               "3 Nines 0 0 0 0", "5 Tens 0 1 60 -10", "6 Kings 0 1 51 -10"]),
        3: ("Round 1 is complete.", ["1 Aces 1 0 70 +10", "2 Jacks 1 0 61 +10", "3 Queens 1 0 52 +10",
                                     "4 Tens 0 1 60 -10", "5 Kings 0 1 51 -10", "6 Nines 0 1 42 -10"]),
    }  # fmt: skip
    for number, phone in phones.items():
        play_hand(phone, ROUND_1[number])
        said, expected = after_round_1[number]
        expect(status(wall)).to_contain_text(said, timeout=POLL_MS)
        expect_standings(wall, lines(*expected))
        if number == 1:
            expect(wall.locator("#table-1")).to_contain_text("Won: Aces")
            expect_wall_fits(wall)  # the tables listed beside the standings too
            shot(wall, "06-wall-round-1-one-done", full_page=False)
    shot(phones[3], "07-table-3-won")
    assert wall.evaluate("window.__marker") == 1, "the wall was reloaded"

    # Round 2: the dashboard has followed (its own poll); the Swiss pairing as computed above.
    tap_big(organiser, "Pair round 2", "08-pair-round-2")
    expect_seating(organiser, 2, [("Aces", "Jacks"), ("Queens", "Tens"), ("Kings", "Nines")])
    tap_big(organiser, "Start round 2", "09-start-round-2")
    expect(status(organiser)).to_contain_text("Round 2: 3 tables still playing")
    sheets = table_sheets(organiser, 3)

    # Nines do not turn up: the organiser records their forfeit at table 3.
    table_3 = organiser.locator("#table-3")
    table_3.get_by_text("Forfeit or result").click()
    table_3.get_by_label("Who forfeits").select_option(label="Nines")
    shot(organiser, "10-forfeit-form")
    table_3.get_by_role("button", name="Record the forfeit").click()
    expect(organiser.get_by_text("Forfeit recorded.")).to_be_visible()
    expect(table_3).to_contain_text("Forfeit")
    expect(table_3).to_contain_text("Won: Kings")
    expect(status(organiser)).to_contain_text("Round 2: 2 tables still playing")
    shot(organiser, "11-forfeit-recorded")

    expect(status(wall)).to_contain_text("Round 2: 2 tables still playing", timeout=POLL_MS)
    expect(wall.locator("#table-3")).to_contain_text("Forfeit")
    expect(wall.locator("#table-3")).to_contain_text("Won: Kings")
    expect_standings(
        wall,
        lines("1 Aces 1 0 70 +10", "2 Jacks 1 0 61 +10", "3 Queens 1 0 52 +10", "4 Kings 1 1 51 -10",
              "5 Tens 0 1 60 -10", "6 Nines 0 2 42 -10"),
    )  # fmt: skip
    expect(wall.get_by_role("link", name="Open the sheet")).to_have_count(0)  # no table's edit link on the wall
    shot(wall, "12-wall-forfeit", full_page=False)

    seats_2 = {1: ("Aces", "Jacks"), 2: ("Queens", "Tens")}
    for number in (1, 2):
        phones[number].goto(live_server.url + sheets[number - 1])
        expect(phones[number].get_by_role("heading", name="Hand 1: bids")).to_be_visible()
        expect(phones[number].locator("#total-0")).to_contain_text(" & ".join(TEAMS[seats_2[number][0]]))
    play_hand(phones[1], ROUND_2[1])
    expect(status(wall)).to_contain_text("Round 2: 1 table still playing", timeout=POLL_MS)
    expect_standings(
        wall,
        lines("1 Jacks 2 0 131 +20", "2 Queens 1 0 52 +10", "3 Aces 1 1 130 0", "4 Kings 1 1 51 -10",
              "5 Tens 0 1 60 -10", "6 Nines 0 2 42 -10"),
    )  # fmt: skip
    play_hand(phones[2], ROUND_2[2])

    final = lines(
        "1 Queens 2 0 133 +51", "2 Jacks 2 0 131 +20", "3 Aces 1 1 130 0", "4 Kings 1 1 51 -10",
        "5 Nines 0 2 42 -10", "6 Tens 0 2 100 -51",
    )  # fmt: skip
    expect(status(wall)).to_have_text("Champion: Queens", timeout=POLL_MS)
    expect_standings(wall, final)
    assert wall.evaluate("window.__marker") == 1, "the wall was reloaded"
    expect_wall_fits(wall)
    shot(wall, "13-wall-champion", full_page=False)

    expect(status(organiser)).to_have_text("Champion: Queens", timeout=POLL_MS)
    expect_standings(organiser, final)
    expect(organiser.get_by_role("button", name=re.compile(r"^(Pair|Start) round"))).to_have_count(0)
    shot(organiser, "14-dashboard-champion")


def _qr_of(address: str) -> str:
    """The QR code the app draws of ``address`` (``games.presenters.qr_svg``'s segno call)."""
    return segno.make(address, error="m", micro=False).svg_inline(scale=1, border=4, omitsize=True)


def _qr_modules(svg: str) -> str:
    """The dark modules of a segno SVG: its last path's drawing (a light background is drawn first)."""
    paths = re.findall(r'<path[^>]* d="([^"]+)"', svg)
    assert paths, svg[:200]
    return paths[-1]
