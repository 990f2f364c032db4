"""The referee in a phone-sized Chromium: who wins a trick, what may be played, and rulings kept with a game.

The referee page is one form, ``#referee``; every tapped card button, radio and select
posts it (htmx) and the answer swaps in without a reload. ``tap`` marks the form stale,
waits for the POST and for the fresh ``#referee``; ``window.__marker`` proves no reload.
Rules: docs/rules/spades.md (Barmore: the big joker over the little joker over
the ace of spades), docs/rules/mu.md §7 (Chef trumps over Vize trumps, a double
trump over all, of equal cards the first played is higher).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from django.urls import reverse
from playwright.sync_api import Page, expect

from scorekeeper.engine.spades.cards import deck
from scorekeeper.games import services
from scorekeeper.games.models import Row, Ruling
from scorekeeper.games.services import game_create
from scorekeeper.mu import services as mu_services
from scorekeeper.spades import services as spades_services

from ..games.factories import sheet_url
from .helpers import expect_fits_the_phone, screenshot

#: Apple's and Google's smallest comfortable tap target, in CSS pixels.
TAP_TARGET = 44


# --- helpers -----------------------------------------------------------------


def open_referee(page: Page, url: str) -> None:
    """Open the referee page and mark it (a reload would lose the mark)."""
    page.goto(url)
    expect(page.get_by_role("heading", name="Referee")).to_be_visible()
    expect(page.locator("form#referee")).to_be_attached()
    page.evaluate("window.__marker = 1")


def tap(page: Page, action: Callable[[], object]) -> None:
    """Do ``action`` (a tap or a choice that posts the form) and wait for htmx's fresh, settled ``#referee``."""
    path = page.url.split("?")[0]
    page.evaluate("document.querySelector('#referee').dataset.stale = '1'")
    with page.expect_response(lambda response: response.request.method == "POST" and response.url == path) as info:
        action()
    assert info.value.status == 200, info.value.status
    # htmx 2 swaps the new form in marked ``htmx-added`` and only wires up its buttons and selects
    # when it settles (20 ms later): wait for that, or the next change may post nothing.
    expect(page.locator("#referee[data-stale], #referee.htmx-added")).to_have_count(0)
    expect(page.locator("#referee")).to_be_attached()
    assert page.evaluate("window.__marker") == 1, "the page was reloaded instead of swapped by htmx"
    assert page.url == path


def tap_cards(page: Page, *codes: str) -> None:
    """Tap the card buttons ``codes`` in order (into the trick or the hand, as the radios say)."""
    for code in codes:
        tap(page, page.locator(f"button[name=add][value='{code}']").click)


def tap_button(page: Page, name: str) -> None:
    tap(page, page.get_by_role("button", name=name, exact=True).click)


def choose(page: Page, select: str, value: str) -> None:
    """Choose the option ``value`` of ``select[name=<select>]`` and wait for the swap."""
    tap(page, lambda: page.locator(f"select[name={select}]").select_option(value=value))
    expect(page.locator(f"select[name={select}]")).to_have_value(value)


def cards_go_to(page: Page, target: str) -> None:
    """Tap the radio "the trick" / "a hand"."""
    tap(page, page.locator(f"label[for=target-{target}]").click)
    expect(page.locator(f"#target-{target}")).to_be_checked()


def expect_chips(page: Page, row: str, labels: list[str]) -> None:
    """The chips of the "Trick" or "Hand" line read ``labels`` in order."""
    line = page.locator(".chips p").filter(has_text=f"{row}:")
    expect(line.locator(".chip")).to_have_text(labels)


def answer(page: Page):
    return page.locator("section.answer p.big")


def small_tap_targets(page: Page) -> list[str]:
    """Visible buttons, selects, text fields, labels and links smaller than 44 x 44 px.

    Radios and checkboxes are left out: they are tapped through their labels (measured).
    """
    return page.evaluate(
        """(min) => {
            const small = [];
            for (const el of document.querySelectorAll(
                    '#referee button, #referee select, #referee label, #referee a, .bar a, '
                    + '#referee input:not([type=hidden]):not([type=radio]):not([type=checkbox])')) {
                const r = el.getBoundingClientRect();
                if (r.width === 0 || r.height === 0) continue;
                if (r.width < min || r.height < min) {
                    const name = (el.innerText || el.getAttribute('aria-label') || el.value || el.name || '').trim();
                    const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
                    small.push(`${el.tagName.toLowerCase()} "${name.slice(0, 30)}" ${size}`);
                }
            }
            return small;
        }""",
        TAP_TARGET,
    )


# --- tests -------------------------------------------------------------------


def test_judge_a_spades_trick_with_jokers_at_phone_size(live_server, page: Page) -> None:
    open_referee(page, live_server.url + "/referee/")
    expect(page.locator("select[name=kind]")).to_have_value("spades")
    expect(page.locator("button[name=add][value=BJ]")).to_have_count(0)  # the standard deck has no jokers
    choose(page, "preset", "barmore")
    expect(page.locator("select[name=preset] option:checked")).to_have_text("Barmore (jokers, blind 7)")
    expect(page.locator("button[name=add][value=BJ]")).to_have_text("Big joker")
    expect(page.locator("button[name=add][value=LJ]")).to_have_text("Little joker")
    expect(page.locator("#target-trick")).to_be_checked()

    # Barmore: big joker > little joker > A♠ > K♠ ...
    tap_cards(page, "AS")
    expect(page.locator("section.answer")).to_contain_text("Add the next card of the trick to see who wins.")
    tap_cards(page, "LJ", "KS", "BJ")
    expect_chips(page, "Trick", ["A♠", "Little joker", "K♠", "Big joker"])
    expect(answer(page)).to_have_text("Big joker wins: a spade was played, and it is the highest spade.")
    expect_fits_the_phone(page)

    # Undo takes back the big joker: the little joker is now the highest spade.
    tap_button(page, "Undo last card")
    expect_chips(page, "Trick", ["A♠", "Little joker", "K♠"])
    expect(answer(page)).to_have_text("Little joker wins: a spade was played, and it is the highest spade.")

    # May a spade be played to a heart lead from a hand with a heart? No: follow suit.
    tap_button(page, "Clear")
    expect(page.locator(".chips .chip")).to_have_count(0)
    expect(answer(page)).to_have_count(0)
    tap_cards(page, "KH")
    cards_go_to(page, "hand")
    tap_cards(page, "AS", "4H")
    expect_chips(page, "Trick", ["K♥"])
    expect_chips(page, "Hand", ["A♠", "4♥"])
    allowed = page.locator("section.answer p").filter(has_text="May be played:")
    expect(allowed).to_have_text("May be played: 4♥")
    refused = page.locator("section.answer ul.refused li")
    expect(refused).to_have_count(1)
    expect(refused).to_contain_text("A♠")
    expect(refused).to_contain_text("hearts were led and there is one in the hand: follow suit.")
    expect_fits_the_phone(page)
    screenshot(page, "referee_browser.png")
    assert page.evaluate("window.__marker") == 1


def test_judge_a_mu_trick_with_double_trumps_at_phone_size(live_server, page: Page) -> None:
    open_referee(page, live_server.url + "/referee/")
    choose(page, "kind", "mu")
    expect(page.locator("select[name=preset]")).to_have_count(0)
    expect(page.locator("select[name=trick_number]")).to_have_count(0)
    expect(page.locator(".picker-row")).to_have_count(5)  # a row per colour
    choose(page, "chef_trump", '"green"')
    choose(page, "vize_trump", "7")

    # Green 7 is a double trump (the Chef's colour and the Vize's digit); of two, the first played wins.
    tap_cards(page, "blue 3", "green 7", "green 7")
    expect_chips(page, "Trick", ["blue 3", "green 7", "green 7"])
    expect(answer(page)).to_have_text("green 7 wins: of two equal cards the one played first is higher.")
    expect(page.locator("section.answer .source")).to_have_text("(Mü rulebook §7)")

    # Green over red: the Chef's lowest trump beats the Vize's highest.
    tap_button(page, "Clear")
    expect(page.locator(".chips .chip")).to_have_count(0)
    choose(page, "vize_trump", '"red"')
    expect(page.locator("select[name=chef_trump]")).to_have_value('"green"')
    tap_cards(page, "red 5", "red 9", "green 0")
    expect_chips(page, "Trick", ["red 5", "red 9", "green 0"])
    expect(answer(page)).to_have_text("green 0 wins: every Chef trump beats every Vize trump.")
    expect_fits_the_phone(page)
    screenshot(page, "referee_browser_mu.png")
    assert page.evaluate("window.__marker") == 1


def test_rulings_are_kept_with_the_game(live_server, page: Page) -> None:
    game = game_create(kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"})
    open_referee(page, f"{live_server.url}/games/{game.edit_key}/referee/")
    expect(page.get_by_text("Using the house rules of the game of Ann, Bob, Cat, Dan.")).to_be_visible()
    expect(page.locator("select[name=kind]")).to_have_count(0)
    rulings = page.locator("section.rulings")
    expect(rulings.get_by_role("heading", name="Rulings of this game")).to_be_visible()
    expect(rulings).to_contain_text("No rulings kept yet.")
    expect(page.get_by_role("button", name="Keep this ruling")).to_have_count(0)

    tap_cards(page, "10H", "QH")
    expect(answer(page)).to_have_text(
        "Q♥ wins: no spade was played, and it is the highest card of the suit led, hearts."
    )
    tap_button(page, "Keep this ruling")
    kept = rulings.locator("p").filter(has_text="Trick: 10♥, Q♥")
    expect(kept).to_have_count(1)
    expect(kept).to_contain_text("→ Q♥ wins: no spade was played, and it is the highest card of the suit led, hearts.")
    expect(rulings).not_to_contain_text("No rulings kept yet.")
    assert list(Ruling.objects.filter(game=game).values_list("question", "answer")) == [
        ("Trick: 10♥, Q♥", "Q♥ wins: no spade was played, and it is the highest card of the suit led, hearts.")
    ]
    expect_fits_the_phone(page)
    screenshot(page, "referee_browser_game.png")
    assert page.evaluate("window.__marker") == 1


def test_referee_tap_targets_at_phone_size(live_server, page: Page) -> None:
    """Every card button, select, field and radio label is at least 44 x 44 px on a phone (Spades and Mü)."""
    open_referee(page, live_server.url + "/referee/")
    choose(page, "preset", "barmore")
    tap_cards(page, "AS")
    expect_fits_the_phone(page)
    assert small_tap_targets(page) == []
    choose(page, "kind", "mu")
    tap_cards(page, "red 5", "red 9")
    expect_fits_the_phone(page)
    assert small_tap_targets(page) == []


def test_keep_this_ruling_is_a_44px_tap_target(live_server, page: Page) -> None:
    game = game_create(kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"})
    open_referee(page, f"{live_server.url}/games/{game.edit_key}/referee/")
    tap_cards(page, "10H", "QH")
    expect(page.get_by_role("button", name="Keep this ruling")).to_be_visible()
    assert small_tap_targets(page) == []


# --- replaying a whole hand (issue 16) --------------------------------------------------------------------------------


def tap_card(page: Page, code: str) -> None:
    """Tap a card of the replay: among those allowed now, else under "Other cards"; wait until the
    replay holds one card more (a Mü 7 tapped twice in a row ends the cards alike both times)."""
    cards = page.locator('#replay input[name="cards"]')
    before = len([card for card in cards.input_value().split(",") if card])
    allowed = page.locator(f'#replay-allowed button[value="{code}"]')
    if allowed.count():
        allowed.click()
    else:
        page.locator("#replay details.others > summary").click()
        page.locator(f'#replay details.others button[value="{code}"]').click()
    expect(cards).to_have_value(re.compile(rf"^([^,]+,){{{before}}}{re.escape(code)}$"))


def test_replay_a_spades_hand_with_a_revoke_at_phone_size(page: Page, live_server):
    """Bob shows out of hearts in trick 2, then plays a heart in trick 3: flagged the moment it is proven."""
    game = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"}
    )
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])
    page.goto(live_server.url + sheet_url(game))
    page.get_by_role("link", name="Replay the tricks card by card").click()
    expect(page.locator("#replay-status")).to_have_text("Bob plays next.")
    for code in ("2H", "3H", "4H", "AH", "KH", "2C", "5H", "6H", "3D"):
        tap_card(page, code)
    expect(page.locator("#trick-1")).to_contain_text("Ann wins the trick.")
    expect(page.locator(".fouls")).to_have_count(0)
    tap_card(page, "7H")
    expect(page.locator(".fouls")).to_contain_text(
        "Trick 2: Bob played 2♣ when K♥ was led, yet played 7♥ in trick 3: a revoke."
    )
    screenshot(page, "replay-revoke.png")


def test_replay_a_mu_deal_into_the_sheet(german_page: Page, live_server):
    """A whole Mü deal tapped in (German), then its card points used for the sheet."""
    page = german_page
    game = services.game_create(players=["Anna", "Beate", "Conny", "Dagmar"], dealer=0, rules={}, kind="mu")
    mu_services.deal_auction_save(game=game, laid=[2, 1, 0, 0], chef_trump="red", vize_trump=7, partner=2)
    page.goto(live_server.url + reverse("games:game_replay", args=[game.edit_key]))
    expect(page.locator("#replay-status")).to_contain_text("Anna")
    colours = ("red", "blue", "green", "yellow", "black")
    for code in (f"{colour} {digit}" for colour in colours for digit in (0, 1, 1, 2, 3, 4, 5, 6, 7, 7, 8, 9)):
        tap_card(page, code)
    page.locator('#replay button[name="use"]').click()
    expect(page).to_have_url(re.compile(re.escape(sheet_url(game))))
    expect(page.locator("#hand-1")).to_be_visible()
    assert sum(Row.objects.get(game=game, number=0).record["points"]) == 60


def test_a_quick_second_tap_never_loses_the_first_card(page: Page, live_server):
    """Found in CI: a second tap while the first one's answer was on its way replaced it (htmx's
    hx-sync), and the first card was lost. Now the cards wait for the answer."""
    page.goto(live_server.url + reverse("games:replay"))
    page.evaluate(
        """() => {
        document.querySelector('#replay button[name="add"][value="2H"]').click();
        const second = document.querySelector('#replay button[name="add"][value="3H"]');
        if (second) second.click();
    }"""
    )
    expect(page.locator('#replay input[name="cards"]')).to_have_value(re.compile(r"^2H(,3H)?$"))
    page.wait_for_load_state("networkidle")
    expect(page.locator('#replay input[name="cards"]')).to_have_value(re.compile(r"^2H(,3H)?$"))


def revoking_play(seed: int) -> tuple[list[str], int]:
    """A whole standard hand, Ann dealing (Bob leads), each player following suit with their lowest card
    when able, except Bob once: the first time he could follow he plays another suit, and the card he
    kept proves the revoke when he plays it later. Returns the cards in play order and the tricks Bob &
    Dan took (spades.md "Standard scoring", 002 "Play")."""
    cards = deck("standard")
    shuffled = list(cards.cards)
    random.Random(seed).shuffle(shuffled)
    hands = [sorted(shuffled[seat::4], key=cards.rank) for seat in range(4)]
    order, leader, broken, revoked, theirs = [], 1, False, False, 0
    for _trick in range(13):
        trick: list[str] = []
        for step in range(4):
            seat = (leader + step) % 4
            hand = hands[seat]
            if not trick:
                plain = [card for card in hand if not cards.is_trump(card)]
                card = (plain if plain and not broken else hand)[0]
            else:
                led = cards.suit(trick[0])
                same = [card for card in hand if cards.suit(card) == led]
                other = [card for card in hand if cards.suit(card) != led]
                if seat == 1 and same and other and not revoked:
                    card, revoked = other[0], True  # the revoke
                else:
                    card = (same or hand)[0]
            broken = broken or cards.is_trump(card)
            hand.remove(card)
            trick.append(card)
        led = cards.suit(trick[0])
        trumps = [card for card in trick if cards.is_trump(card)]
        best = max(trumps or [card for card in trick if cards.suit(card) == led], key=cards.rank)
        leader = (leader + trick.index(best)) % 4
        theirs += leader % 2
        order += trick
    assert revoked
    return order, theirs


def test_a_replay_with_a_revoke_used_for_the_sheet_costs_three_tricks_spades_md_tournament_rules(
    page: Page, live_server
):
    """Issue 27.3: the play is the evidence. A whole hand tapped in with Bob's revoke, used for the
    sheet under ``revoke_penalty: three_tricks``: the row marks Bob's revoke, and its explanation gives
    3 tricks from Bob & Dan to Ann & Cat without anyone declaring it."""
    cards, theirs = revoking_play(seed=7)
    assert theirs >= 3  # so the revoke gives all of its 3 tricks
    game = services.game_create(
        kind="spades",
        players=["Ann", "Bob", "Cat", "Dan"],
        dealer=0,
        rules={"preset": "standard", "revoke_penalty": "three_tricks"},
    )
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])
    page.goto(live_server.url + sheet_url(game))
    page.get_by_role("link", name="Replay the tricks card by card").click()
    for code in cards:
        tap_card(page, code)
    expect(page.locator(".fouls")).to_contain_text("a revoke")
    page.locator('#replay button[name="use"]').click()
    expect(page).to_have_url(re.compile(re.escape(sheet_url(game))))
    row = page.locator("#hand-1")
    expect(row).to_contain_text("Revoke: Bob")
    row.locator("summary").click()
    expect(row).to_contain_text("Bob revoked: Bob & Dan give 3 tricks to Ann & Cat, toward their bid")
    record = Row.objects.get(game=game, number=0).record
    assert "revokes" not in record and record["play"]["tricks"]  # the play holds the proof, nothing declared
    screenshot(page, "replay-revoke-used.png")
