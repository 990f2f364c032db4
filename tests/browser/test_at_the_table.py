"""At the table (issue 15), in Chromium at phone size, in English and German: the state of the
game at a glance, calm entry, and the sheet when looking back."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorekeeper.games import services
from scorekeeper.mu import services as mu_services
from scorekeeper.spades import services as spades_services

from ..games.factories import play, sheet_url
from .helpers import save, screenshot, start_spades_game, tap_bids, tap_tricks

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
    game = services.game_create(kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules=rules)
    for phone, text in ((page, english), (german_page, german)):
        phone.goto(live_server.url + sheet_url(game))
        expect(phone.locator("#scoreboard .played-to")).to_have_text(text)


def test_a_mu_game_says_it_is_played_to_200(german_page: Page, live_server):
    game = services.game_create(players=MU_PLAYERS, dealer=0, rules={"preset": "standard"}, kind="mu")
    german_page.goto(live_server.url + sheet_url(game))
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
    game = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"}
    )
    german_page.goto(live_server.url + sheet_url(game))
    assert turn_mark(german_page, "Bob") == '"bietet jetzt"'
    expect(german_page.locator("#entry legend", has_text="Ann")).to_contain_text("gibt")


def test_the_save_that_wins_the_game_brings_the_winner_into_view(page: Page, live_server):
    game = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"}
    )
    for _ in range(8):  # Ann & Cat 488, Bob & Dan 480: the winner's line is far above the form
        play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    page.goto(live_server.url + sheet_url(game))
    page.evaluate("window.__marker = 1")
    tap_bids(page, {1: "3", 2: "3", 3: "3", 0: "3"})
    save(page, "Save bids", "Hand 9: tricks taken")
    tap_tricks(page, {1: 3, 2: 3, 3: 3}, rest=4)
    page.get_by_role("button", name="Save tricks").click()
    expect(page.locator(".winner")).to_contain_text("Ann & Cat win the game!")
    expect(page.locator(".winner")).to_be_in_viewport()


# --- calm, clear entry -----------------------------------------------------------------------------------------------


def test_the_rest_line_warns_as_soon_as_the_tricks_tapped_pass_13(page: Page, german_page: Page, live_server):
    game = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"}
    )
    spades_services.hand_bids_save(game=game, bids=[3, 4, 2, 3])
    for phone, warning in (
        (page, "The tricks tapped add up to 15: a hand has 13."),
        (german_page, "Die getippten Stiche ergeben 15: Eine Runde hat 13."),
    ):
        phone.goto(live_server.url + sheet_url(game))
        for seat, taken in ((1, 9), (2, 6)):  # Bob 9, Cat 6: Dan not yet tapped
            phone.locator(f"label[for=tricks-{seat}-{taken}]").click()
        expect(phone.locator("#tricks-rest [role=alert]")).to_have_text(warning)
        phone.locator("label[for=tricks-2-6]").click()  # Cat's answer: her row opens again (one row at a time)
        phone.locator("label[for=tricks-2-2]").click()  # Cat took 2 after all
        expect(phone.locator("#tricks-rest [role=alert]")).to_have_count(0)


def test_a_form_another_phone_saved_says_who_saved_it_instead_of_silently_replacing_the_taps(
    page: Page, german_page: Page, live_server
):
    game = start_spades_game(page, live_server)
    page.evaluate("window.__marker = 1")
    german_page.goto(live_server.url + sheet_url(game))
    tap_bids(german_page, {1: "4", 2: "3"})  # this phone is filling the bids in ...
    tap_bids(page, {1: "4", 2: "3", 3: "3", 0: "2"})
    save(page, "Save bids", "Hand 1: tricks taken")  # ... when the other saves them
    expect(german_page.get_by_role("heading", name="Runde 1: Stiche")).to_be_visible(timeout=5000)
    expect(german_page.locator("#saved-elsewhere")).to_be_visible()
    expect(german_page.locator("#saved-elsewhere")).to_contain_text("hat diese Gebote gespeichert.")
    tap_tricks(page, {1: 4, 2: 3, 3: 3}, rest=3)
    save(page, "Save tricks", "Hand 2: bids")  # nothing tapped here this time: nothing said
    expect(german_page.get_by_role("heading", name="Runde 2: Gebote")).to_be_visible(timeout=5000)
    expect(german_page.locator("#saved-elsewhere")).to_be_hidden()


def test_a_refused_correction_says_why_in_plain_words_in_view(page: Page, live_server):
    """Hand 1 corrected so that Bob & Dan were not behind after all: Bob's blind nil in hand 2,
    allowed only 100 behind, would be illegal. The refusal says where they stand, in view."""
    game = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"}
    )
    play(game, [3, 4, 2, 3], [7, 0, 6, 0])  # Bob & Dan set: 128 behind
    play(game, [3, "blind_nil", 3, 3], [4, 0, 5, 4])  # so Bob may bid blind nil
    page.goto(live_server.url + sheet_url(game))
    page.locator("#hand-1 summary").click()
    page.get_by_role("link", name="Edit hand 1").click()
    for seat, taken in ((0, 3), (1, 4), (2, 2), (3, 4)):  # Bob & Dan made their 7 after all
        page.locator(f"label[for=edit-tricks-{seat}-{taken}]").click()
    page.get_by_role("button", name="Save corrected hand").click()
    error = page.locator(".edit-form", has_text="blind nil").locator(".error, .errors").first
    expect(error).to_contain_text("at least 100 points behind (now 21 ahead)")
    expect(error).to_be_in_viewport()


def test_taps_kept_in_a_form_sent_afresh_still_rule_out_what_they_ruled_out(page: Page, live_server):
    """A correction on another phone puts Bob & Dan 128 behind: the bids form comes afresh (blind
    nil offered now) with Bob's nil kept, and Dan's 1 to 3 muted again beside it."""
    game = services.game_create(
        kind="spades",
        players=["Ann", "Bob", "Cat", "Dan"],
        dealer=0,
        rules={"preset": "standard", "nil_partner_min_bid": 4},
    )
    play(game, [3, 4, 2, 3], [4, 4, 2, 3])
    page.goto(live_server.url + sheet_url(game))
    tap_bids(page, {1: "nil"})
    expect(page.locator("label[for=bid-3-1]")).to_have_css("pointer-events", "none")
    spades_services.hand_update(game=game, number=0, bids=[3, 4, 2, 3], tricks=[7, 0, 6, 0])
    expect(page.locator("label[for=bid-1-blind_nil]")).to_be_attached(timeout=5000)  # the form came afresh
    expect(page.locator("#bid-1-nil")).to_be_checked()
    expect(page.locator("label[for=bid-3-1]")).to_have_css("pointer-events", "none")
    expect(page.locator("#bid-why-3")).to_contain_text("Not now: 1, 2, 3")


def test_a_bid_missing_on_save_is_said_at_its_row_in_view(page: Page, live_server):
    """The form's own swap scrolls to its top; the error on the last row is brought into view after."""
    start_spades_game(page, live_server)  # Ann deals: she bids last, in the fourth row
    tap_bids(page, {1: "4", 2: "3", 3: "3"})
    page.get_by_role("button", name="Save bids").click()
    error = page.locator("#entry fieldset", has_text="Ann").locator(".error")
    expect(error).to_be_visible()
    expect(error).to_be_in_viewport()


def test_rows_and_sections_that_open_look_tappable_with_a_chevron_that_turns(page: Page, live_server):
    game = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"}
    )
    play(game, [3, 4, 2, 3], [4, 4, 2, 3])
    page.goto(live_server.url + sheet_url(game))
    chevron = "e => getComputedStyle(e, '::after').transform"
    summary = page.locator("#hand-1 > summary")
    closed = summary.evaluate(chevron)
    assert closed != "none"  # drawn: a turned square's two borders
    page.emulate_media(reduced_motion="reduce")  # the turn at once, not over .15 s: no waiting on the clock
    summary.click()
    expect(page.locator("#hand-1")).to_have_attribute("open", "")
    assert summary.evaluate(chevron) not in (closed, "none")
    page.goto(live_server.url + "/games/new/")
    rules = page.locator("#house-rules > summary")
    assert rules.evaluate(chevron) == closed  # the same marker on every section that opens


#: What a finger taps: buttons, button-like links, the big radio buttons' labels, fields and the
#: summaries that open sections (a field inside its label is tapped through the label).
TAP_TARGETS = (
    "button, a.button, .bar-link, .choices label, select, summary, "
    "input:not([type=hidden]):not(.choices input):not(label input), label:has(> input[type=checkbox])"
)
#: Every kind of page a table uses, by how it is reached from a Spades and a Mü game.
NARROW_PAGES = (
    "/",
    "/games/new/",
    "/games/new/mu/",
    "/games/",
    "/players/",
    "/referee/",
    "spades",
    "spades:tricks",
    "spades:share",
    "spades:history",
    "spades:referee",
    "mu",
)


@pytest.mark.parametrize("language", ["en", "de"])
def test_at_320_px_nothing_overflows_and_every_tap_target_is_44_px_wide(
    page: Page, german_page: Page, live_server, language
):
    phone = german_page if language == "de" else page
    phone.set_viewport_size({"width": 320, "height": 640})
    spades = services.game_create(
        kind="spades", players=["Alexandra", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"}
    )
    played = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"}
    )
    play(played, [3, 4, 2, 3], [4, 4, 2, 3])
    spades_services.hand_bids_save(game=played, bids=[3, 3, 3, 3])
    mu = services.game_create(players=MU_PLAYERS, dealer=0, rules={"preset": "standard"}, kind="mu")
    addresses = {
        "spades": sheet_url(spades),
        "spades:tricks": sheet_url(played),
        "spades:share": reverse("games:share", args=[spades.edit_key]),
        "spades:history": reverse("games:changes", args=[played.edit_key]),
        "spades:referee": reverse("games:game_referee", args=[spades.edit_key]),
        "mu": sheet_url(mu),
    }
    for name in NARROW_PAGES:
        phone.goto(live_server.url + addresses.get(name, name))
        for details in phone.locator("details:not([open])").all():  # every section opened, as a player would
            if details.is_visible():
                details.locator("> summary").click()
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 320, f"{name}: the page is {width} px wide"
        narrow = phone.evaluate(
            """(selector) => [...document.querySelectorAll(selector)]
                .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== "hidden")
                .map((e) => [e.outerHTML.slice(0, 90), Math.round(Math.max(  // a box and its label: one target
                    e.getBoundingClientRect().width,
                    ...[...(e.labels || [])].map((l) => l.getBoundingClientRect().width)))])
                .filter(([, width]) => width < 44)""",
            TAP_TARGETS,
        )
        assert not narrow, f"{name}: tap targets under 44 px wide: {narrow}"


# --- looking back ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "label", "copied"), [("en", "Copy the link", "Link copied."), ("de", "Link kopieren", "Link kopiert.")]
)
def test_the_share_page_copies_a_link_where_the_phone_has_no_share_sheet(
    page: Page, german_page: Page, live_server, language, label, copied
):
    phone = german_page if language == "de" else page
    phone.context.grant_permissions(["clipboard-read", "clipboard-write"])
    game = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"}
    )
    phone.goto(live_server.url + reverse("games:share", args=[game.edit_key]))
    assert phone.evaluate("navigator.share === undefined")  # headless Chromium on Linux has none
    phone.locator("#view-link").get_by_role("button", name=label).click()
    expect(phone.locator("#view-link [role=status]")).to_have_text(copied)
    assert phone.evaluate("navigator.clipboard.readText()") == live_server.url + f"/games/{game.view_key}/"


def test_the_share_page_uses_the_phones_share_sheet_where_there_is_one(page: Page, live_server):
    page.add_init_script("navigator.share = (data) => { window.shared = data; return Promise.resolve(); }")
    game = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"}
    )
    page.goto(live_server.url + reverse("games:share", args=[game.edit_key]))
    page.locator("#edit-link").get_by_role("button", name="Share the link").click()
    assert page.evaluate("window.shared.url") == live_server.url + f"/games/{game.edit_key}/"


#: The width A4 portrait leaves between 12 mm margins, in CSS pixels (96 per inch): 186 mm.
A4_WIDTH = round(186 / 25.4 * 96)


@pytest.mark.parametrize(("players", "preset"), [(4, "standard"), (6, "six_player")])
def test_the_printed_sheet_fits_a4_portrait_with_every_sides_totals(page: Page, live_server, players, preset):
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][:players]
    game = services.game_create(kind="spades", players=names, dealer=0, rules={"preset": preset})
    tricks = 13 if players == 4 else 17  # six players play two packs
    for _ in range(3):
        spades_services.hand_bids_save(game=game, bids=[2] * players)
        spades_services.hand_tricks_save(game=game, tricks=[2] * (players - 1) + [tricks - 2 * (players - 1)])
    page.set_viewport_size({"width": A4_WIDTH, "height": 1000})
    page.emulate_media(media="print")
    page.goto(live_server.url + reverse("games:print", args=[game.edit_key]))
    sheet = page.locator(".paper-sheet")
    assert sheet.evaluate("e => e.scrollWidth") <= A4_WIDTH
    last = page.locator(".paper-sheet thead th").last
    box = last.bounding_box()
    assert box is not None and box["x"] + box["width"] <= A4_WIDTH + 1
    expect(last).to_be_visible()
    screenshot(page, f"print-{players}.png")


# --- citations -------------------------------------------------------------------------------------------------------


def test_a_citation_reads_as_a_player_says_it_and_opens_the_rule_in_one_tap(page: Page, german_page: Page, live_server):
    """Issue 15: "Pagat: Spades, Scoring", not "spades.md: Standard scoring 1"; one tap opens the
    rules reference at that section, in view; in German too ("Mü-Regelheft §8.1")."""
    game = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"}
    )
    play(game, [4, "nil", 3, 2], [6, 0, 5, 2])
    page.goto(live_server.url + sheet_url(game))
    page.locator("#hand-1 summary").click()
    cite = page.locator("#hand-1 .explain a.cite").first
    expect(cite).to_have_text("(Pagat: Spades, Scoring)")
    expect(page.locator("#hand-1 .explain")).not_to_contain_text("spades.md")
    screenshot(page, "citation-sheet.png")
    cite.click()
    expect(page).to_have_url(re.compile(r"/reference/spades/#standard-scoring"))
    heading = page.locator("h2:target")
    expect(heading).to_contain_text("Standard scoring, exactly")
    expect(heading).to_be_in_viewport()
    screenshot(page, "citation-reference.png")

    mu = services.game_create(players=MU_PLAYERS, dealer=0, rules={"preset": "standard"}, kind="mu")
    mu_services.deal_auction_save(game=mu, laid=[1, 1, 2, 4, 0], vize_trump=7, chef_trump="green", partner=0)
    mu_services.deal_points_save(game=mu, points=[9, 10, 14, 20, 7])
    german_page.goto(live_server.url + sheet_url(mu))
    german_page.locator("#hand-1 summary").click()
    cite = german_page.locator("#hand-1 .explain a.cite", has_text="Mü-Regelheft §8.1").first
    cite.click()
    expect(german_page.locator("h2:target")).to_contain_text("Scoring (8.)")
