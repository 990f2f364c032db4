"""What a person reads at the table (issue 25's smaller things), at 375x812 and 320x640, light and dark:
whole words on the printed sheet, red hearts and diamonds, names that read whole, boxes with room inside."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page

from scorekeeper.games import services
from scorekeeper.mu import services as mu_services
from scorekeeper.spades import services as spades_services

from ..games.factories import sheet_url
from .helpers import expect_fits_the_phone, screenshot

#: The phones the tests look at: (width, height).
SIZES = [(375, 812), (320, 640)]


def look_at(page: Page, size: tuple[int, int], scheme: str) -> None:
    """The phone ``page`` at ``size`` (width, height), in the light or dark ``scheme``."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.emulate_media(color_scheme=scheme)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("new_game", ["new", "mu_new"])
def test_the_new_game_players_box_has_room_inside(page: Page, live_server, new_game, size) -> None:
    """Issue 25: the players list's rule took the padding of the new-game form's players box (a
    fieldset of the same class), so its names touched the border."""
    look_at(page, size, "light")
    page.goto(live_server.url + reverse(f"games:{new_game}"))
    box = page.locator("fieldset.players")
    other = page.locator("fieldset:not(.players)").first  # any other box of the form
    padding = box.evaluate("e => getComputedStyle(e).paddingLeft")
    assert padding != "0px"
    if other.count():
        assert padding == other.evaluate("e => getComputedStyle(e).paddingLeft")
    edge, name = box.bounding_box(), page.locator("#id_player_0").bounding_box()
    assert edge and name and name["x"] - edge["x"] >= 8
    screenshot(page, f"new-game-{new_game}-{size[0]}.png")


def is_red(locator) -> bool:
    """Whether the text of ``locator`` is drawn in a red: much more red than green and blue."""
    red, green, blue = map(int, re.findall(r"\d+", locator.evaluate("e => getComputedStyle(e).color"))[:3])
    return red >= 150 and red - max(green, blue) >= 80


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", SIZES)
def test_hearts_and_diamonds_are_red_in_the_referee_and_the_replay(page: Page, live_server, size, scheme) -> None:
    """Issue 25: the red suits were black, on screen and on paper; the black ones stay as they are."""
    look_at(page, size, scheme)
    page.goto(live_server.url + reverse("games:referee") + "?trick=KH,AH&hand=QD,3C")
    hearts, spades = page.locator(".picker-label", has_text="♥"), page.locator(".picker-label", has_text="♠")
    reds = [
        hearts.locator(".red-suit"),
        page.locator("button[name=add][value=AD]"),
        page.locator(".answer .big .red-suit"),
    ]
    reds += [page.locator(".chip .red-suit", has_text=card) for card in ("K♥", "A♥", "Q♦")]
    blacks = [spades, page.locator("button[name=add][value=AS]"), page.locator(".chip", has_text="3♣")]
    assert page.locator(".answer p.big").inner_text().startswith("A♥ wins")
    for media in ("screen", "print"):
        page.emulate_media(media=media)
        assert [is_red(locator) for locator in reds + blacks] == [True] * len(reds) + [False] * len(blacks), media
    page.emulate_media(media="screen")
    screenshot(page, f"referee-red-suits-{size[0]}-{scheme}.png")

    page.goto(live_server.url + reverse("games:replay") + "?cards=KH,2H,3H,4D")
    reds = [
        page.locator("#replay-allowed button[value=AH] .red-suit"),
        page.locator(".tricks .chip .red-suit", has_text="4♦"),
    ]
    reds += [page.locator(".picker-label .red-suit").first, page.locator(".tricks p .red-suit", has_text="K♥").last]
    for media in ("screen", "print"):
        page.emulate_media(media=media)
        assert [is_red(locator) for locator in reds] == [True] * len(reds), media
        assert not is_red(page.locator("#replay-allowed button[value=AC]"))


#: The width A4 portrait leaves between 12 mm margins, in CSS pixels (96 per inch): 186 mm.
A4_WIDTH = round(186 / 25.4 * 96)

#: The words in the given elements that the page draws in two pieces (each a word the browser broke).
BROKEN_WORDS = """(elements) => {
  const broken = [];
  for (const cell of elements) {
    const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      for (const word of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if ([...range.getClientRects()].filter((box) => box.width && box.height).length > 1) broken.push(word[0]);
      }
    }
  }
  return broken;
}"""


def test_the_printed_sheet_breaks_no_word(page: Page, live_server) -> None:
    """Issue 25: the printed sheet's heads broke mid-word ("Han d", "Annabe lle bid") to fit their
    columns; now every word of every head and cell is whole, and the sheet still fits A4 portrait."""
    names = ["Annabelle", "Bartholomew", "Catherine", "Dan", "Eve", "Fay"]
    spades = services.game_create(kind="spades", players=names, dealer=0, rules={"preset": "six_player"})
    spades_services.hand_bids_save(game=spades, bids=[2] * 6)
    spades_services.hand_tricks_save(game=spades, tricks=[2] * 5 + [7])
    mu = services.game_create(
        players=["Anna", "Beate", "Conny", "Dagmar", "Emma", "Frieda"], dealer=0, rules={}, kind="mu"
    )
    mu_services.deal_auction_save(game=mu, laid=[2, 1, 0, 0, 0, 0], chef_trump="green", vize_trump=7, partner=2)
    mu_services.deal_points_save(game=mu, points=[10] * 6)
    page.set_viewport_size({"width": A4_WIDTH, "height": 1000})
    page.emulate_media(media="print")
    for game in (spades, mu):
        page.goto(live_server.url + reverse("games:print", args=[game.edit_key]))
        assert page.locator(".paper-sheet th, .paper-sheet td").evaluate_all(BROKEN_WORDS) == []
        assert page.locator(".paper-sheet").evaluate("e => e.scrollWidth") <= A4_WIDTH
        screenshot(page, f"print-words-{game.kind}.png")


#: How many lines the text of an element takes on the page.
LINES = """(element) => {
  const range = document.createRange();
  range.selectNodeContents(element);
  return new Set([...range.getClientRects()].filter((box) => box.width).map((box) => Math.round(box.top))).size;
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [["Ann", "Bob", "Cat", "Dan"], ["Annabelle", "Bartholomew", "Catherine", "Dan"]])
def test_what_if_reads_each_sides_names_on_a_line_or_two(page: Page, live_server, players, size, scheme) -> None:
    """Issue 25: "Ann & Cat" took three lines ("Ann", "&", "Cat") in a narrow first column of the
    comparison at 375 and 320 px; a side's names now read whole, on one line or two."""
    look_at(page, size, scheme)
    game = services.game_create(kind="spades", players=players, dealer=0, rules={"preset": "standard"})
    spades_services.hand_bids_save(game=game, bids=[5, 2, 5, 2])
    spades_services.hand_tricks_save(game=game, tricks=[5, 1, 5, 2])
    page.goto(live_server.url + reverse("games:what_if", args=[game.edit_key, 1]) + "?compare=nil_value=50")
    for side in (f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"):
        name = page.locator("#comparison th").filter(has_text=side)
        assert name.evaluate(LINES) <= 2, side
        assert name.evaluate_all(BROKEN_WORDS) == []
    expect_fits_the_phone(page)
    screenshot(page, f"what-if-{players[0]}-{size[0]}-{scheme}.png")


@pytest.mark.parametrize("size", SIZES)
def test_the_replays_other_cards_open_from_a_whole_line(page: Page, live_server, size) -> None:
    """Issue 25 (looked at): "Other cards (the table played them)" was a line of text to hit, its chevron
    wrapped alone below it at 320 px; now it is a row as tall as a tap, the chevron at its end."""
    look_at(page, size, "light")
    page.goto(live_server.url + reverse("games:replay") + "?cards=KH")
    summary = page.locator("details.others > summary")
    box = summary.bounding_box()
    assert box and box["height"] >= 44
    assert summary.evaluate("e => getComputedStyle(e).display") == "flex"  # the chevron beside the words
    summary.click()
    assert page.locator("details.others").evaluate("e => e.open")


#: The flex and grid boxes whose words are loose text beside an element that has words of its own (a name's
#: ``<bdi>``): each becomes an item of its own, and the spaces between them are dropped ("CountBeate's cards").
#: A box that sets a gap between its items (the brand: "♠ Scorekeeper") keeps its words apart.
TORN_SENTENCES = """() => [...document.querySelectorAll('body *')].filter((box) => {
  const style = getComputedStyle(box);
  if (!/flex|grid/.test(style.display) || !['normal', '0px'].includes(style.columnGap)) return false;
  const nodes = [...box.childNodes];
  return nodes.some((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim())
    && nodes.some((node) => node.nodeType === Node.ELEMENT_NODE && !['INPUT', 'SELECT'].includes(node.tagName)
                            && node.textContent.trim());
}).map((box) => `${box.tagName.toLowerCase()}: ${box.textContent.trim()}`)"""


def test_sentences_with_names_keep_their_spaces(page: Page, page_without_javascript: Page, live_server) -> None:
    """Issue 25: "Which cards did Anna lay?" read "Which cards didAnnalay?": the summary, a flex box, made
    the name's ``<bdi>`` an item of its own and dropped the spaces beside it. No page of a game puts loose
    words beside a name in such a box."""
    mu = services.game_create(players=["Anna", "Beate", "Conny", "Dagmar"], dealer=0, rules={}, kind="mu")
    mu_services.deal_auction_save(game=mu, laid=[2, 1, 0, 0], chef_trump="red", vize_trump=7, partner=2)
    mu_services.deal_points_save(game=mu, points=[30, 20, 10, 0])
    spades = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"}
    )
    spades_services.hand_bids_save(game=spades, bids=[5, 2, 5, 2])
    spades_services.hand_tricks_save(game=spades, tricks=[5, 1, 5, 2])
    spades_services.hand_bids_save(game=spades, bids=[3, "nil", 4, 5])
    pages = [(mu, "detail"), (mu, "rulebook"), (mu, "game_referee"), (mu, "changes"), (spades, "detail")]
    pages += [(spades, "share"), (spades, "game_replay")]
    addresses = [reverse(f"games:{name}", args=[game.edit_key]) for game, name in pages]
    addresses += [reverse("games:what_if", args=[spades.edit_key, 1]), reverse("games:new"), reverse("games:mu_new")]
    addresses += ["/", reverse("games:list"), reverse("games:players")]
    for address in addresses:
        page.goto(live_server.url + address)
        page.evaluate("document.querySelectorAll('details').forEach((details) => { details.open = true; })")
        assert page.evaluate(TORN_SENTENCES) == [], address

    # The cards the Chef and the Vize laid (the auction's answer; without JavaScript, the form sent back).
    plain = page_without_javascript
    game = services.game_create(players=["Anna", "Beate", "Conny", "Dagmar"], dealer=0, rules={}, kind="mu")
    plain.goto(live_server.url + sheet_url(game))
    for seat, cards in enumerate([2, 1, 0, 0]):
        plain.locator(f"label[for=laid-{seat}-{cards}]").click()
    plain.get_by_role("button", name="Save the auction").click()
    summaries = plain.locator("details.counter > summary")
    assert [summary.inner_text() for summary in summaries.all()] == [
        "Which cards did Beate lay? (optional)",
        "Which cards did Anna lay? (optional)",
    ]
    assert plain.evaluate(TORN_SENTENCES) == []


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_one_sides_total_never_reads_as_the_next_sides_points(page: Page, live_server, size) -> None:
    """The screenshot sweep read "152 -139": Ann & Cat's running total 6 px from Bob & Dan's points.
    A rule now parts the sides, with room either side of it; "No hands yet." sits inside its frame."""
    game = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"}
    )
    look_at(page, size, "light")
    page.goto(live_server.url + sheet_url(game))
    inside = page.locator("#sheet .empty").evaluate(
        """(e) => { const words = document.createRange(); words.selectNodeContents(e);
            return words.getBoundingClientRect().left - e.closest("#sheet").getBoundingClientRect().left; }"""
    )
    assert inside >= 8, f"the empty sheet's words are {inside:.0f} px from its frame"
    spades_services.hand_bids_save(game=game, bids=[4, "nil", 5, 4])
    spades_services.hand_tricks_save(game=game, tricks=[4, 1, 5, 3], number=0)
    page.goto(live_server.url + sheet_url(game))
    run = page.locator("#hand-1 .cell").nth(0).locator(".run").bounding_box()
    points = page.locator("#hand-1 .cell").nth(1).locator(".points").bounding_box()
    apart = points["x"] - (run["x"] + run["width"])
    assert apart >= 10, f"only {apart:.0f} px between one side's total and the next side's points"
    border = page.locator("#hand-1 .cell").nth(1).evaluate("(e) => getComputedStyle(e).borderLeftStyle")
    assert border == "solid", "no rule between the sides"
