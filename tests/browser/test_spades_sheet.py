"""The Spades score sheet in a phone-sized Chromium: a whole game, errors, undo, language.

Seats: 0 Ann, 1 Bob, 2 Cat, 3 Dan. Sides: "Ann & Cat" (seats 0 + 2, ``#total-0``)
and "Bob & Dan" (seats 1 + 3, ``#total-1``). Ann deals first, the deal passes to
the left, and the dealer's left bids (and is asked for tricks) first; the last seat
in that order gets the rest of the 13 tricks.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from scorekeeper.games import services as game_services
from scorekeeper.games.models import Row
from scorekeeper.spades import services as spades_services

from ..games.factories import sheet_url
from .helpers import (
    SHOTS,
    SPADES_PLAYERS,
    HeldPreviews,
    on_screen,
    press,
    save,
    start_spades_game,
    tap_bids,
    tap_choice,
    tap_tricks,
)

# --- helpers -----------------------------------------------------------------


def play_hand(
    page: Page, number: int, bids: dict[int, str], tricks: dict[int, int], rest: int, *, last: bool = False
) -> None:
    """Bids, then tricks of hand ``number``, each saved in place by htmx."""
    expect(page.get_by_role("heading", name=f"Hand {number}: bids")).to_be_visible()
    tap_bids(page, bids)
    save(page, "Save bids", f"Hand {number}: tricks taken")
    tap_tricks(page, tricks, rest)
    save(page, "Save tricks", None if last else f"Hand {number + 1}: bids")
    expect(page.locator(f"#hand-{number}")).to_be_attached()


def expect_totals(page: Page, first: int, second: int) -> None:
    """The two sides' totals (unlike ``helpers.expect_totals``, the number of sides is not checked)."""
    expect(page.locator("#total-0 .total")).to_have_text(str(first))
    expect(page.locator("#total-1 .total")).to_have_text(str(second))


# --- tests -------------------------------------------------------------------


def test_play_short_game_to_the_end_at_phone_size(live_server, page: Page) -> None:
    game = start_spades_game(page, live_server, target=100)
    assert game.players == SPADES_PLAYERS
    page.evaluate("window.__marker = 1")

    # Hand 1 (Ann deals; order Bob, Cat, Dan, Ann; Ann gets the rest).
    #   Bids Bob 3, Cat 3, Dan 2, Ann 4. Tricks Bob 3, Cat 4, Dan 1, Ann 13-8 = 5.
    #   Ann & Cat: bid 4+3 = 7, took 5+4 = 9: made, 10 x 7 + 2 overtricks = +72 (2 bags) -> 72
    #   Bob & Dan: bid 3+2 = 5, took 3+1 = 4: set, -10 x 5 = -50               -> -50
    play_hand(page, 1, {1: "3", 2: "3", 3: "2", 0: "4"}, {1: 3, 2: 4, 3: 1}, rest=5)
    expect_totals(page, 72, -50)
    # Bob & Dan are 122 behind: blind nil (allowed from 100 behind) is now offered to them only.
    expect(page.locator("label[for=bid-1-blind_nil]")).to_be_attached()  # Bob bids last: his row waits its turn
    expect(page.locator("label[for=bid-0-blind_nil]")).to_have_count(0)

    # Hand 2 (Bob deals; order Cat, Dan, Ann, Bob; Bob gets the rest).
    #   Bids Cat 3, Dan 4, Ann 3, Bob nil. Tricks Cat 2, Dan 8, Ann 3, Bob 13-13 = 0.
    #   Ann & Cat: bid 6, took 5: set, -60                                      -> 72-60 = 12
    #   Bob & Dan: nil by Bob made +100; Dan bid 4 took 8: +40 + 4 bags = +44 -> +144 -> -50+144 = 94
    play_hand(page, 2, {2: "3", 3: "4", 0: "3", 1: "nil"}, {2: 2, 3: 8, 0: 3}, rest=0)
    expect_totals(page, 12, 94)
    expect(page.locator("#total-1 .bags")).to_have_text("4 bags")

    # Hand 3 (Cat deals; order Dan, Ann, Bob, Cat; Cat gets the rest).
    #   Bids Dan 3, Ann 4, Bob 3, Cat 3. Tricks Dan 3, Ann 4, Bob 3, Cat 13-10 = 3.
    #   Ann & Cat: bid 7, took 7: +70 -> 82
    #   Bob & Dan: bid 6, took 6: +60 -> 154 >= 100: Bob & Dan win.
    play_hand(page, 3, {3: "3", 0: "4", 1: "3", 2: "3"}, {3: 3, 0: 4, 1: 3}, rest=3, last=True)
    expect_totals(page, 82, 154)
    expect(page.locator(".winner")).to_contain_text("Bob & Dan win the game")
    expect(page.get_by_role("button", name="Rematch")).to_be_visible()
    expect(page.get_by_role("button", name="Save bids")).to_have_count(0)
    expect(page.get_by_role("button", name="Save tricks")).to_have_count(0)
    expect(page.locator("#total-1")).to_have_class(re.compile(r"\bwon\b"))
    assert page.evaluate("window.__marker") == 1
    assert [
        (hand.record.get("bids"), hand.record.get("tricks"))
        for hand in Row.objects.filter(game=game).order_by("number")
    ] == [
        ([4, 3, 3, 2], [5, 3, 4, 1]),
        ([3, "nil", 3, 4], [3, 0, 2, 8]),
        ([4, 3, 3, 3], [4, 3, 3, 3]),
    ]

    # Correct hand 1: Bob took 1 (not 3) and Cat 6 (not 4); still 13 in all.
    #   Hand 1: Ann & Cat bid 7, took 5+6 = 11: +70 + 4 bags = +74; Bob & Dan bid 5, took 1+1 = 2: -50.
    #   Hand 2 unchanged: -60 / +144 -> 14 / 94.   Hand 3 unchanged: +70 / +60 -> 84 / 154.
    page.locator("#hand-1 summary").click()
    page.get_by_role("link", name="Edit hand 1").click()  # the form opens in the hand's row
    expect(page.get_by_role("heading", name="Edit hand 1")).to_be_visible()
    expect(page.locator("#edit-tricks-1-3")).to_be_checked()
    expect(page.locator("#edit-tricks-2-4")).to_be_checked()
    page.locator("label[for=edit-tricks-1-1]").click()
    page.locator("label[for=edit-tricks-2-6]").click()
    page.get_by_role("button", name="Save corrected hand").click()
    expect(page.locator("#hand-1 .explain h3").first).to_be_visible()  # the corrected row, explained
    expect(page.locator("#hand-1")).to_have_attribute("open", "")
    assert page.evaluate("window.__marker") == 1  # no page load: only the rows from hand 1 on came
    expect_totals(page, 84, 154)
    expect(page.locator("#hand-1 .run").first).to_have_text("74")
    expect(page.locator(".winner")).to_contain_text("Bob & Dan win the game")
    assert list(Row.objects.get(game=game, number=0).record.get("tricks")) == [5, 1, 6, 1]

    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "browser_sheet.png"), full_page=True)


def test_error_at_the_field(live_server, page: Page) -> None:
    game = start_spades_game(page, live_server)
    page.evaluate("window.__marker = 1")

    # At 0-0 nobody is 100 behind: no blind nil button for anyone (nil is offered).
    for seat in range(4):
        expect(page.locator(f"label[for=bid-{seat}-blind_nil]")).to_have_count(0)
        expect(page.locator(f"label[for=bid-{seat}-nil]")).to_be_attached()  # a row waiting its turn is hidden

    # Dan's bid is missing. The form has `novalidate`, so every phone gets the
    # server's answer: the error at Dan's fieldset, the other bids kept, nothing saved.
    tap_bids(page, {1: "3", 2: "3", 0: "4"})
    with page.expect_response(
        lambda response: response.request.method == "POST" and not response.url.endswith(("/offers/", "/rest/"))
    ) as info:
        page.get_by_role("button", name="Save bids").click()
    assert info.value.status == 422
    dan = page.locator("fieldset", has=page.locator("legend", has_text="Dan"))
    expect(dan).to_have_class(re.compile(r"\binvalid\b"))
    expect(dan.locator("#bid-3-error")).to_have_text("Choose a bid.")
    expect(dan).to_have_attribute("aria-describedby", "bid-3-error")
    expect(page.locator("fieldset.invalid")).to_have_count(1)
    expect(page.get_by_role("heading", name="Hand 1: bids")).to_be_visible()
    expect(page.locator("#bid-1-3")).to_be_checked()
    expect(page.locator("#bid-0-4")).to_be_checked()
    expect_totals(page, 0, 0)
    assert page.evaluate("window.__marker") == 1
    assert not Row.objects.filter(game=game).exists()

    # Fixing it saves the bids.
    tap_bids(page, {3: "2"})
    save(page, "Save bids", "Hand 1: tricks taken")
    assert Row.objects.filter(game=game).count() == 1


def test_undo(live_server, page: Page) -> None:
    game = start_spades_game(page, live_server)
    page.on("dialog", lambda dialog: dialog.accept())
    page.evaluate("window.__marker = 1")

    # Bids Bob 4, Cat 4, Dan 4, Ann 1; tricks Bob 4, Cat 4, Dan 4, Ann 1: both sides made exactly.
    #   Ann & Cat: 10 x 5 = 50.  Bob & Dan: 10 x 8 = 80.
    play_hand(page, 1, {1: "4", 2: "4", 3: "4", 0: "1"}, {1: 4, 2: 4, 3: 4}, rest=1)
    expect_totals(page, 50, 80)
    expect(page.locator("#hand-1")).to_have_count(1)

    save(page, "Undo last hand", "Hand 1: bids")
    expect(page.locator("#hand-1")).to_have_count(0)
    expect(page.get_by_text("No hands yet.")).to_be_visible()
    expect_totals(page, 0, 0)
    expect(page.get_by_role("button", name="Undo last hand")).to_have_count(0)
    assert not Row.objects.filter(game=game).exists()


def test_german(live_server, page: Page) -> None:
    page.goto(live_server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.locator("footer").get_by_role("button", name="Deutsch").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("footer").get_by_role("button", name="Deutsch")).to_have_attribute("aria-current", "true")
    expect(page.get_by_role("link", name="Neues Spades-Spiel")).to_be_visible()
    assert page.url == live_server.url + "/"
    # And back.
    page.locator("footer").get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")


def test_german_from_accept_language(live_server, german_page: Page) -> None:
    german_page.goto(live_server.url + "/")
    expect(german_page.locator("html")).to_have_attribute("lang", "de")
    expect(german_page.get_by_role("heading", name="Letzte Spiele")).to_be_visible()
    expect(german_page.locator("footer").get_by_role("button", name="Deutsch")).to_have_attribute(
        "aria-current", "true"
    )


def test_a_change_on_another_phone_shows_live_and_keeps_the_taps_in_progress(
    live_server, page: Page, second_page: Page
) -> None:
    """Issue 6 "Live": within 3 seconds, without reload, without losing what is being typed."""
    game = start_spades_game(page, live_server)
    page.evaluate("window.__marker = 1")
    play_hand(page, 1, {1: "4", 2: "4", 3: "4", 0: "1"}, {1: 4, 2: 4, 3: 4}, rest=1)  # 50 : 80
    second_page.goto(live_server.url + sheet_url(game))
    second_page.evaluate("window.__marker = 1")
    expect(second_page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()

    # The second phone taps bids for hand 2 while hand 1 is corrected elsewhere:
    # Ann bid 2 and took 1, so Ann & Cat are set (-60).
    tap_bids(second_page, {2: "4", 3: "3"})
    spades_services.hand_update(game=game, number=0, bids=[2, 4, 4, 4], tricks=[1, 4, 4, 4])

    expect(second_page.locator("#total-0 .total")).to_have_text("-60", timeout=3000)
    expect(second_page.locator("#total-1 .total")).to_have_text("80")
    expect(second_page.locator("#bid-2-4")).to_be_checked()
    expect(second_page.locator("#bid-3-3")).to_be_checked()
    # 140 behind now, Ann & Cat may bid blind nil: the form came afresh, with the taps kept.
    expect(second_page.locator("label[for=bid-0-blind_nil]")).to_be_visible()

    # The first phone saves hand 2's bids: the second phone's bids form is over, so
    # it is replaced by the tricks form (saving it would be refused anyway).
    tap_bids(page, {2: "4", 3: "3", 0: "3", 1: "3"})
    save(page, "Save bids", "Hand 2: tricks taken")
    expect(second_page.get_by_role("heading", name="Hand 2: tricks taken")).to_be_visible(timeout=3000)
    assert second_page.evaluate("window.__marker") == 1, "the sheet was reloaded, not swapped"
    assert Row.objects.filter(game=game).count() == 2


def test_two_phones_saving_the_same_bids_store_one_hand(live_server, page: Page, second_page: Page) -> None:
    """Issue 6 "One true sheet": the slower phone is told, and shown the fresh sheet."""
    game = start_spades_game(page, live_server)
    page.evaluate("window.__marker = 1")
    second_page.goto(live_server.url + sheet_url(game))
    # No live refresh on this phone: the test is about saving a form that is out of date.
    second_page.evaluate("document.getElementById('live').remove()")
    bids = {1: "4", 2: "4", 3: "4", 0: "1"}
    tap_bids(page, bids)
    tap_bids(second_page, bids)

    save(page, "Save bids", "Hand 1: tricks taken")
    second_page.get_by_role("button", name="Save bids").click()

    expect(second_page.get_by_text("just changed from another phone")).to_be_in_viewport()  # said where one looks
    expect(second_page.get_by_role("heading", name="Hand 1: tricks taken")).to_be_visible()
    assert Row.objects.filter(game=game).count() == 1


def test_a_bid_tapped_while_the_offers_come_back_is_kept(live_server, page: Page) -> None:
    """A slow network: what Bob's nil rules out comes back while a finger is on Dan's 4. Only
    the style muting those buttons (and the line below them) is swapped in: no button is
    replaced or moves, so the tap lands."""
    game = game_services.game_create(kind="spades", players=SPADES_PLAYERS, dealer=0, rules={"nil_partner_min_bid": 4})
    page.goto(live_server.url + sheet_url(game))
    page.evaluate("window.__marker = 1")
    offers = HeldPreviews(page, "/offers/")
    page.locator("label[for=bid-1-nil]").click()
    offers.wait()
    offers.release()
    page.locator("label[for=bid-2-3]").click()  # Cat bids: Dan's row is next (one row at a time)
    offers.wait()
    press(page, "label[for=bid-3-4]")
    offers.release()  # while the finger is down: Dan, Bob's partner, must now bid 4 or more
    for bid in ("nil", "1", "2", "3"):  # muted in their places, not to be tapped, and why is said
        expect(page.locator(f"label[for=bid-3-{bid}]")).to_have_css("pointer-events", "none")
    expect(page.locator("#bid-why-3")).to_contain_text("Not now: 1, 2, 3, Nil.")
    page.mouse.up()
    expect(page.locator("#bid-3-4")).to_be_checked()
    expect(page.locator("#bid-1-nil")).to_be_checked()
    offers.wait()  # Dan's tap asks too
    offers.release()
    tap_choice(page, "bid-1-3")  # Bob bids 3 after all (his answer opens his row): Dan may bid anything again
    offers.wait()
    offers.release()
    expect(page.locator("label[for=bid-3-1]")).not_to_have_css("pointer-events", "none")
    expect(page.locator("#bid-why-3")).to_have_text("Not now: Nil. Bob: the partner of a nil bids at least 4.")
    offers.stop()
    tap_bids(page, {2: "4", 0: "2"})
    save(page, "Save bids", "Hand 1: tricks taken")
    assert list(Row.objects.get(game=game).record.get("bids")) == [2, 3, 4, 4]


def test_saving_while_the_offers_are_on_their_way_saves_the_last_taps(live_server, page: Page) -> None:
    """Bids changed and saved at once on a slow network: an older preview cannot bring back
    an earlier choice, and the save sends what is tapped now."""
    game = start_spades_game(page, live_server)
    page.evaluate("window.__marker = 1")
    offers = HeldPreviews(page, "/offers/")
    tap_bids(page, {1: "4", 2: "4", 3: "4", 0: "2"})
    offers.wait(4)
    tap_choice(page, "bid-0-1")  # Ann changes her mind before the offers are back
    offers.wait(5)
    offers.release()  # the offers for Ann's 2 were dropped; those for her 1 are swapped in
    expect(page.locator("#bid-0-1")).to_be_checked()
    tap_choice(page, "bid-0-3")  # and again: saved before its offers are back
    offers.wait()
    save(page, "Save bids", "Hand 1: tricks taken")
    offers.stop()
    assert list(Row.objects.get(game=game).record.get("bids")) == [3, 4, 4, 4]


def test_tricks_tapped_while_the_rest_comes_back_are_kept(live_server, page: Page) -> None:
    """A slow network: the rest after Bob's tricks comes back while a finger is on Cat's button.
    Only the line with the rest is swapped in, not the buttons. Ann deals; she gets the rest."""
    game = game_services.game_create(kind="spades", players=SPADES_PLAYERS, dealer=0, rules={"preset": "standard"})
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])
    page.goto(live_server.url + sheet_url(game))
    page.evaluate("window.__marker = 1")
    rests = HeldPreviews(page, "/rest/")
    page.locator("label[for=tricks-1-3]").click()
    rests.wait()
    press(page, "label[for=tricks-2-4]")
    rests.release()  # Bob's rest comes while the finger is down
    page.mouse.up()
    expect(page.locator("#tricks-2-4")).to_be_checked()
    page.locator("label[for=tricks-3-2]").click()  # Dan's tap replaces Cat's rest, still under way
    rests.wait(2)
    rests.release()
    expect(page.locator("[data-testid=rest]")).to_have_text("4")
    rests.stop()
    save(page, "Save tricks", "Hand 2: bids")
    assert list(Row.objects.get(game=game).record.get("tricks")) == [4, 3, 4, 2]


def test_without_javascript_a_hand_is_explained_and_corrected_through_plain_links(
    live_server, page_without_javascript: Page
) -> None:
    page = page_without_javascript
    game = game_services.game_create(kind="spades", players=SPADES_PLAYERS, dealer=0, rules={"preset": "standard"})
    for _ in range(3):
        spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])
        spades_services.hand_tricks_save(game=game, tricks=[4, 3, 3, 3])
    page.goto(live_server.url + sheet_url(game))
    page.locator("#hand-2 summary").click()
    page.get_by_role("link", name="How this hand scored").click()  # the sheet again, hand 2 opened
    expect(page.locator("#hand-2")).to_have_attribute("open", "")
    expect(page.locator("#hand-2 .explain")).to_contain_text("10 × 6 = +60")
    page.locator("#hand-2").get_by_role("link", name="Edit hand 2").click()  # the correction's own page
    expect(page.get_by_role("heading", name="Edit hand 2", level=1)).to_be_visible()
    page.locator("label[for=tricks-0-5]").click()
    page.locator("label[for=tricks-1-2]").click()
    page.get_by_role("button", name="Save corrected hand").click()
    page.wait_for_url(re.compile(r"\?hand=2#hand-2$"))
    assert list(Row.objects.get(game=game, number=1).record.get("tricks")) == [5, 2, 3, 3]


# --- revokes (issue 27.3) ------------------------------------------------------


def test_a_revoke_is_tapped_with_the_tricks_seen_on_its_row_and_undone(live_server, page: Page) -> None:
    """Tournament rules (a revoke costs 3 tricks): the revokes fold into one line below the tricks, so the
    form keeps to the screen; opened, Bob's 1× and Save tricks mark hand 1 "Revoke: Bob", its explanation
    says what the revoke cost, and Undo last hand takes the hand back with it."""
    game = game_services.game_create(kind="spades", players=SPADES_PLAYERS, dealer=0, rules={"preset": "tournament"})
    page.goto(live_server.url + sheet_url(game))
    page.on("dialog", lambda dialog: dialog.accept())
    page.evaluate("window.__marker = 1")
    tap_bids(page, {1: "3", 2: "3", 3: "3", 0: "4"})
    save(page, "Save bids", "Hand 1: tricks taken")
    tap_tricks(page, {1: 3, 2: 3, 3: 3}, rest=4)
    for target in ("#entry details.revokes > summary", "#entry button:text('Save tricks')"):
        assert on_screen(page, target), f"{target} is off screen"

    page.locator("#entry details.revokes > summary").click()
    page.locator("label[for=revokes-1-1]").click()
    expect(page.locator("#revokes-1-1")).to_be_checked()
    page.screenshot(path=str(SHOTS / "revokes-form.png"))
    save(page, "Save tricks", "Hand 2: bids")

    expect(page.locator("#hand-1 .revoke-mark")).to_have_text("Revoke: Bob")
    expect_totals(page, 73, -60)  # Bob & Dan gave 3 of their 6 tricks to Ann & Cat: 7 bid, 10 taken
    page.locator("#hand-1 > summary").click()
    expect(page.locator("#hand-1 .explain")).to_contain_text("Bob revoked: Bob & Dan give 3 tricks to Ann & Cat")
    page.locator("#hand-1").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "revokes-row.png"))
    assert Row.objects.get(game=game).record["revokes"] == [1]

    save(page, "Undo last hand", "Hand 1: bids")
    expect(page.locator("#hand-1")).to_have_count(0)
    expect_totals(page, 0, 0)
    assert not Row.objects.filter(game=game).exists()


def test_without_javascript_a_revoke_is_entered_through_the_plain_form(
    live_server, page_without_javascript: Page
) -> None:
    page = page_without_javascript
    rules = {"preset": "standard", "revoke_penalty": "set"}
    game = game_services.game_create(kind="spades", players=SPADES_PLAYERS, dealer=0, rules=rules)
    spades_services.hand_bids_save(game=game, bids=[4, 3, 3, 3])
    page.goto(live_server.url + sheet_url(game))
    for seat in (1, 2, 3):
        page.locator(f"label[for=tricks-{seat}-3]").click()
    page.locator("details.revokes > summary").click()
    page.locator("label[for=revokes-3-2]").click()
    page.get_by_role("button", name="Save tricks").click()

    expect(page.get_by_role("heading", name="Hand 2: bids")).to_be_visible()
    expect(page.locator("#hand-1 .revoke-mark")).to_have_text("Revokes: Dan ×2")
    assert Row.objects.get(game=game).record["revokes"] == [3, 3]
