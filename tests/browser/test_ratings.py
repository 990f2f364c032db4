"""Ratings in a phone-sized Chromium (issue 29), as the README's "A season's ladder" promises: the ladder
after a few games, a player's rating chart, the ladder's view link opened by a stranger's phone, and
fair partners on the new Spades game form."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from scorekeeper.games import services
from scorekeeper.games.models import Player

from ..games.factories import play
from .helpers import expect_fits_the_phone, on_screen, screenshot

ONE_HAND = {"preset": "standard", "hand_limit": 1}
#: Side 0 (seats 0 and 2) bids 10 and makes it.
SIDE_0_WINS = ([5, 2, 5, 1], [5, 2, 5, 1])


#: The labels along the x axis, as drawn: (left, right) on the screen, in order.
UNDER_THE_AXIS = """figure => {
  const axis = figure.querySelector('text.axis');
  return [...figure.querySelectorAll('text')].filter(t => t.getAttribute('y') === axis.getAttribute('y'))
    .map(t => t.getBoundingClientRect()).map(box => [box.left, box.right]).sort((a, b) => a[0] - b[0]);
}"""


def sign_in(page: Page, live_server, user: str, password: str) -> None:
    page.goto(live_server.url + "/accounts/login/")
    page.fill("#id_username", user)
    page.fill("#id_password", password)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_text(f"Signed in as {user}")).to_be_visible()


def test_the_ladder_a_chart_the_view_link_and_fair_partners(live_server, page: Page, second_page: Page) -> None:
    host = User.objects.create_user("host", password="ladder-29-cards")
    for players in (["Ann", "Bob", "Cat", "Dan"], ["Ann", "Eve", "Cat", "Fay"], ["Cat", "Bob", "Ann", "Dan"]):
        game = services.game_create(kind="spades", players=players, dealer=0, rules=ONE_HAND, owner=host,
                                    group=Player.objects.filter(owner=host))  # fmt: skip
        play(game, *SIDE_0_WINS)  # Ann and Cat win all three
    sign_in(page, live_server, "host", "ladder-29-cards")

    page.goto(live_server.url + "/")  # as the README's "A season's ladder" goes
    page.get_by_role("link", name="Players and statistics").click()
    page.get_by_role("link", name="Ladder").click()
    rows = page.locator("table.ladder tbody tr")
    expect(rows).to_have_count(6)
    expect(rows.first.locator("th")).to_have_text(re.compile("Ann|Cat"))
    expect(rows.first.locator("td").first).to_have_text("1")
    assert on_screen(page, "table.ladder tbody tr:first-child td.trend")  # the whole line in view, no sideways scroll
    expect_fits_the_phone(page)
    screenshot(page, "ladder.png")

    page.get_by_label("Game").select_option("mu")
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_text("No ratings yet")).to_be_visible()
    page.get_by_label("Game").select_option("spades")
    page.get_by_label("Find a player").fill("fa")
    page.get_by_role("button", name="Show").click()
    expect(rows).to_have_count(1)
    expect(rows.first.locator("th")).to_have_text("Fay")

    rows.first.locator("th a").click()
    chart = page.locator("figure.rating-chart")
    expect(chart).to_be_visible()
    expect(chart.locator("circle.series-dot")).to_have_count(1)
    under = chart.evaluate(UNDER_THE_AXIS)  # the word "game" and the games' numbers, left to right
    gaps = [right[0] - left[1] for left, right in zip(under, under[1:], strict=False)]
    assert len(under) >= 2 and min(gaps) >= 4, under  # apart, not "game1"
    expect_fits_the_phone(page)
    screenshot(page, "player-rating.png")

    page.goto(live_server.url + "/players/ladder/")
    page.get_by_role("button", name="Make a view link").click()
    expect(page.locator("#ladder-link svg.qr")).to_be_visible()
    address = page.locator("#ladder-address").input_value()
    expect_fits_the_phone(page)
    screenshot(page, "ladder-link.png")
    second_page.clock.install()  # the club's screen: its minute passes at once
    second_page.goto(address)  # a stranger's phone: no account, no game
    expect(second_page.locator("table.ladder tbody tr")).to_have_count(6)
    second_page.evaluate("document.querySelector('table.ladder tbody th').textContent = 'stale'")
    with second_page.expect_request(lambda request: request.url == address):
        second_page.clock.fast_forward(61_000)
    expect(second_page.locator("table.ladder tbody th").first).to_have_text(re.compile("Ann|Cat"))  # lines again
    expect(second_page.locator("table.ladder a")).to_have_count(0)  # names only: no player's page
    expect(second_page.locator("#ladder-link")).to_have_count(0)
    expect_fits_the_phone(second_page)
    screenshot(second_page, "ladder-shared.png")
    page.get_by_role("button", name="Turn the link off").click()
    expect(page.get_by_role("button", name="Make a view link")).to_be_visible()
    assert second_page.goto(address).status == 404

    page.goto(live_server.url + "/games/new/")
    for seat, name in enumerate(["Ann", "Bob", "Cat", "Dan"]):  # Ann and Cat, the winners, partners
        page.fill(f"#id_player_{seat}", name)
    page.get_by_role("button", name="Fair partners").click()
    said = page.locator("#fair-partners [role=status]")
    expect(said).to_contain_text(re.compile(r"Ann & (Bob|Dan) v Cat & (Bob|Dan): \d+\u00a0% – \d+\u00a0%"))
    assert on_screen(page, "#fair-partners [role=status]")
    screenshot(page, "fair-partners.png")
    page.get_by_role("button", name="Seat them like this").click()
    expect(page.locator("#id_player_2")).not_to_have_value("Cat")
    names = [page.locator(f"#id_player_{seat}").input_value() for seat in range(4)]
    assert sorted(names) == ["Ann", "Bob", "Cat", "Dan"] and {names[0], names[2]} != {"Ann", "Cat"}
