"""The Mü score sheet in a phone-sized Chromium: an Eklat, a made and a lost deal, the Vize tie-break.

Seats, clockwise: 0 Anna, 1 Beate, 2 Conny, 3 Dagmar, 4 Emma; every player is a side
(``#total-<seat>``). Anna deals first and the deal passes to the left. Card points are
asked from the dealer's left round the table; the dealer gets the rest of the 60.
Rules: docs/rules/mu.md (5 players: team target 21 + 3 x level, §6; bonus
table and lost game, §8).

The auction form previews itself (htmx, ``/preview/``) on every tap; ``tap`` waits
for htmx's answer before the next one.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from scorekeeper.games.models import Game, Row
from scorekeeper.mu import services as mu_services

from .helpers import HeldPreviews, expect_fits_the_phone, expect_totals, game_from_url, press, save, screenshot

PLAYERS = ["Anna", "Beate", "Conny", "Dagmar", "Emma"]
ANNA, BEATE, CONNY, DAGMAR, EMMA = range(5)
#: The trump buttons' ids end in the colour's name.
COLOUR = {name: name for name in ("red", "blue", "green", "yellow", "black")}


# --- helpers -----------------------------------------------------------------


def start_game(page: Page, live_server, *, dealer: int = ANNA) -> Game:
    """Home -> "New Mü game" -> names, who deals first -> "Start game"; return the game (page marked)."""
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="New Mü game").click()
    expect(page.get_by_role("heading", name="New Mü game")).to_be_visible()
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#id_player_{seat}", name)
    page.locator(f"input[name=dealer][value='{dealer}']").check()
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("heading", name="Deal 1: the auction")).to_be_visible()
    game = game_from_url(page)
    page.evaluate("window.__marker = 1")
    return game


def tap(page: Page, action: Callable[[], object]) -> None:
    """Do ``action`` (a tap that changes the auction form) and wait for htmx's answer: a fresh
    ``#auction-offers`` always, and the questions (``#auction``) when they changed."""
    page.evaluate("document.querySelector('#auction-offers').dataset.stale = '1'")
    with page.expect_response(lambda response: response.url.endswith("/preview/")) as info:
        action()
    assert info.value.status == 200, info.value.status
    # htmx wires up swapped-in content when it settles (``htmx-added`` gone): wait for that too.
    expect(page.locator("#auction-offers[data-stale], #auction.htmx-added")).to_have_count(0)
    expect(page.locator("#auction-offers")).to_be_attached()


def tap_label(page: Page, target: str) -> None:
    """Tap the button ``label[for=<target>]`` and check that its radio is now chosen."""
    tap(page, page.locator(f"label[for={target}]").click)
    expect(page.locator(f"#{target}")).to_be_checked()


def tap_laid(page: Page, laid: list[int]) -> None:
    """Tap the cards each player laid, in seat order."""
    for seat, cards in enumerate(laid):
        tap_label(page, f"laid-{seat}-{cards}")
    for seat, cards in enumerate(laid):
        expect(page.locator(f"#laid-{seat}-{cards}")).to_be_checked()


def type_digits(page: Page, seat: int, digits: str) -> None:
    """Type the digits a player tied for Vize laid; leaving the field previews the form."""
    field = page.locator(f"input[name=digits_{seat}]")
    field.fill(digits)
    tap(page, field.blur)
    expect(page.locator(f"input[name=digits_{seat}]")).to_have_value(digits)


def enter_points(page: Page, points: dict[int, int]) -> None:
    """Fill in the card points of every seat but the dealer's (who gets the rest)."""
    for seat, value in points.items():
        page.fill(f"input[name=points_{seat}]", str(value))


# --- tests -------------------------------------------------------------------


def test_five_player_mu_game_at_phone_size(live_server, page: Page) -> None:
    game = start_game(page, live_server)
    assert game.players == PLAYERS
    assert game.dealer == ANNA
    expect_totals(page, 0, 0, 0, 0, 0)
    expect(page.locator(".scoreboard .side-name")).to_have_text(PLAYERS)
    expect(page.get_by_text("Anna deals. How many cards did each player lay?")).to_be_visible()
    # 5 players hold 12 cards each: 0 to 12 cards laid, one row per player.
    expect(page.locator("label[for^=laid-2-]")).to_have_count(13)
    expect(page.locator("label[for=laid-0-12]")).to_be_visible()

    # Deal 1 (Anna deals): the rulebook's Eklat (mu.md §4). Cards laid 3, 1, 3, 3, 0:
    # Anna, Conny and Dagmar tie at 3 cards; Dagmar laid last.
    #   Dagmar -10 x 3 = -30; Anna and Conny +5 x 3 = +15 each; Beate and Emma 0.
    #   Totals: 15, 0, 15, -30, 0.
    tap_laid(page, [3, 1, 3, 3, 0])
    expect(page.get_by_text("Eklat on 3 cards: who laid a card last?")).to_be_visible()
    expect(page.locator("label[for^=last-]")).to_have_text(["Anna", "Conny", "Dagmar"])
    expect(page.locator("label[for^=partner-]")).to_have_count(0)
    expect(page.locator("input[name=chef_trump]")).to_have_count(0)
    tap_label(page, f"last-{DAGMAR}")
    save(page, "Save the auction", "Deal 2: the auction")
    expect_totals(page, 15, 0, 15, -30, 0)
    expect(page.locator("#hand-1 .mu-summary")).to_contain_text("Eklat at level 3")
    expect(page.locator("#hand-1 .mu-summary")).to_contain_text("Dagmar laid last")
    expect(page.locator("#hand-1 .points")).to_have_text(["+15", "+0", "+15", "-30", "+0"])

    # Deal 2 (Beate deals): cards laid Anna 1, Beate 2, Conny 0, Dagmar 1, Emma 4.
    #   Emma alone laid the most: Chef at level 4; 5 players need 21 + 3 x 4 = 33 of 60 (§6).
    #   Beate laid the second most, alone: Vize (no digits asked).
    expect(page.get_by_text("Beate deals. How many cards did each player lay?")).to_be_visible()
    tap_laid(page, [1, 2, 0, 1, 4])
    expect(page.get_by_text("Emma is Chef at level 4: the team needs 33 of 60.")).to_be_visible()
    expect(page.get_by_text("Vize: Beate")).to_be_visible()
    expect(page.locator("input[name^=digits_]")).to_have_count(0)
    expect(page.locator("label[for^=last-]")).to_have_count(0)
    # The partner is anyone but the Chef and the Vize (§6).
    expect(page.locator("label[for^=partner-]")).to_have_text(["Anna", "Conny", "Dagmar"])
    # Vize Beate names red first, then Chef Emma green; Emma picks Anna.
    tap_label(page, f"vize-trump-{COLOUR['red']}")
    tap_label(page, f"chef-trump-{COLOUR['green']}")
    tap_label(page, f"partner-{ANNA}")
    expect_fits_the_phone(page)
    screenshot(page, "mu_browser_auction.png")
    save(page, "Save the auction", "Deal 2: being played")
    playing = page.locator(".playing")
    expect(playing).to_contain_text("Emma is Chef at level 4")
    expect(playing).to_contain_text("green over red")
    expect(playing).to_contain_text("Emma & Anna need 33 of 60")
    expect(playing).to_contain_text("Vize: Beate")
    expect_totals(page, 15, 0, 15, -30, 0)  # nothing scored while the cards are played
    assert Row.objects.get(game=game, number=1).record == {
        "chef": EMMA,
        "level": 4,
        "vize": BEATE,
        "chef_trump": "green",
        "vize_trump": "red",
        "partner": ANNA,
    }

    # Card points, asked from Beate's left: Conny 8, Dagmar 10, Emma 20, Anna 15; Beate the rest, 60 - 53 = 7.
    #   Emma & Anna: 20 + 15 = 35 >= 33: made. Bonus for level 4 with a colour as Chef trump: 40 (§8 table),
    #   for Emma and for Anna each.
    #   Deal: Anna 15 + 40 = 55, Beate 7, Conny 8, Dagmar 10, Emma 20 + 40 = 60.
    #   Totals: 15 + 55 = 70, 0 + 7 = 7, 15 + 8 = 23, -30 + 10 = -20, 0 + 60 = 60.
    expect(page.locator("input[name=points_1]")).to_have_count(0)  # the dealer gets the rest
    expect(page.locator("input[name^=points_]")).to_have_count(4)
    expect(page.get_by_text("Beate gets the rest of the 60 points.")).to_be_visible()
    enter_points(page, {CONNY: 8, DAGMAR: 10, EMMA: 20, ANNA: 15})
    expect_fits_the_phone(page)
    screenshot(page, "mu_browser_points.png")
    save(page, "Save card points", "Deal 3: the auction")
    expect_totals(page, 70, 7, 23, -20, 60)
    expect(page.locator("#hand-2 .mu-summary")).to_contain_text("Emma at level 4, green over red")
    expect(page.locator("#hand-2 .mu-summary")).to_contain_text("made")
    expect(page.locator("#hand-2 .points")).to_have_text(["+55", "+7", "+8", "+10", "+60"])
    expect(page.locator("#hand-2 .run")).to_have_text(["70", "7", "23", "-20", "60"])

    # Deal 3 (Conny deals): cards laid Anna 0, Beate 5, Conny 2, Dagmar 3, Emma 1.
    #   Beate is Chef at level 5: the team needs 21 + 3 x 5 = 36 of 60. Dagmar is Vize.
    #   Vize Dagmar names blue, Chef Beate the digit 5; Beate picks Conny.
    expect(page.get_by_text("Conny deals. How many cards did each player lay?")).to_be_visible()
    tap_laid(page, [0, 5, 2, 3, 1])
    expect(page.get_by_text("Beate is Chef at level 5: the team needs 36 of 60.")).to_be_visible()
    expect(page.get_by_text("Vize: Dagmar")).to_be_visible()
    expect(page.locator("label[for^=partner-]")).to_have_text(["Anna", "Conny", "Emma"])
    tap_label(page, f"vize-trump-{COLOUR['blue']}")
    tap_label(page, "chef-trump-d5")
    tap_label(page, f"partner-{CONNY}")
    save(page, "Save the auction", "Deal 3: being played")
    expect(playing).to_contain_text("Beate is Chef at level 5")
    expect(playing).to_contain_text("5 over blue")
    expect(playing).to_contain_text("Beate & Conny need 36 of 60")

    # Card points, asked from Conny's left: Dagmar 12, Emma 10, Anna 9, Beate 18; Conny the rest, 60 - 49 = 11.
    #   Beate & Conny: 18 + 11 = 29 < 36: lost. 29 reaches level 2 (target 27) but not level 3 (30):
    #   difference d = 5 - 2 = 3 (§8.2). Chef Beate -10 x 3 = -30, partner Conny 0,
    #   each opponent (Anna, Dagmar the Vize, Emma) +5 x 3 = +15.
    #   Deal: Anna 9 + 15 = 24, Beate 18 - 30 = -12, Conny 11, Dagmar 12 + 15 = 27, Emma 10 + 15 = 25.
    #   Totals: 70 + 24 = 94, 7 - 12 = -5, 23 + 11 = 34, -20 + 27 = 7, 60 + 25 = 85.
    expect(page.locator("input[name=points_2]")).to_have_count(0)
    expect(page.get_by_text("Conny gets the rest of the 60 points.")).to_be_visible()
    enter_points(page, {DAGMAR: 12, EMMA: 10, ANNA: 9, BEATE: 18})
    save(page, "Save card points", "Deal 4: the auction")
    expect_totals(page, 94, -5, 34, 7, 85)
    expect(page.locator("#hand-3 .mu-summary")).to_contain_text("Beate at level 5, 5 over blue")
    expect(page.locator("#hand-3 .mu-summary")).to_contain_text("lost")
    expect(page.locator("#hand-3 .points")).to_have_text(["+24", "-12", "+11", "+27", "+25"])
    expect(page.get_by_text("Dagmar deals. How many cards did each player lay?")).to_be_visible()
    expect(page.locator(".winner")).to_have_count(0)  # nobody over 200

    assert page.evaluate("window.__marker") == 1
    assert [deal.record.get("points") for deal in Row.objects.filter(game=game).order_by("number")] == [
        None,
        [15, 7, 8, 10, 20],
        [9, 18, 11, 12, 10],
    ]

    # The explanation of the lost deal, opened.
    page.locator("#hand-3 summary").click()
    expect(page.locator("#hand-3")).to_have_attribute("open", "")
    expect(page.locator("#hand-3 .explain")).to_contain_text("Conny dealt.")
    expect(page.locator("#hand-3 .explain")).to_contain_text("reached level 2, difference 3")
    expect(page.locator("#hand-3 .explain")).to_contain_text("Beate (Chef): -10 × 3 = -30")

    expect_fits_the_phone(page)
    screenshot(page, "mu_browser.png")


def test_tied_vize_asks_for_digits(live_server, page: Page) -> None:
    game = start_game(page, live_server)

    # Cards laid Anna 2, Beate 1, Conny 2, Dagmar 4, Emma 0: Dagmar is Chef at level 4 (33 of 60);
    # Anna and Conny tie for Vize with 2 cards each, so the form asks for their digits (mu.md §4).
    tap_laid(page, [2, 1, 2, 4, 0])
    expect(page.get_by_text("Dagmar is Chef at level 4: the team needs 33 of 60.")).to_be_visible()
    expect(page.get_by_text("Tied for Vize: which digits did they lay?")).to_be_visible()
    expect(page.locator("input[name^=digits_]")).to_have_count(2)
    expect(page.locator(f"input[name=digits_{ANNA}]")).to_be_visible()
    expect(page.locator(f"input[name=digits_{CONNY}]")).to_be_visible()
    # Until the Vize is known, neither trumps nor a partner are asked.
    expect(page.locator("input[name=vize_trump]")).to_have_count(0)
    expect(page.locator("label[for^=partner-]")).to_have_count(0)

    type_digits(page, ANNA, "9 5")
    expect(page.locator("label[for^=partner-]")).to_have_count(0)  # Conny's digits still missing
    # Anna 9 5, Conny 9 8: both have a 9, Conny's 8 beats Anna's 5: Conny is Vize.
    type_digits(page, CONNY, "9 8")
    expect(page.get_by_text("Vize: Conny")).to_be_visible()
    expect(page.get_by_text("Conny's trump (Vize first)")).to_be_visible()
    # The partner may be Anna (she lost the tie), never the Vize Conny nor the Chef Dagmar (asked after the trumps).
    expect(page.locator(f"label[for=partner-{ANNA}]")).to_be_attached()
    expect(page.locator(f"label[for=partner-{CONNY}]")).to_have_count(0)
    expect(page.locator(f"label[for=partner-{DAGMAR}]")).to_have_count(0)
    expect(page.locator("label[for^=partner-]")).to_have_text(["Anna", "Beate", "Emma"])
    expect_fits_the_phone(page)
    screenshot(page, "mu_browser_vize_tie.png")

    # Conny names the digit 8 (she laid one), Dagmar has no trump, and picks Anna.
    tap_label(page, "vize-trump-d8")
    tap_label(page, "chef-trump-none")
    tap_label(page, f"partner-{ANNA}")
    save(page, "Save the auction", "Deal 1: being played")
    playing = page.locator(".playing")
    expect(playing).to_contain_text("Dagmar & Anna need 33 of 60")
    expect(playing).to_contain_text("Vize: Conny")
    record = Row.objects.get(game=game, number=0).record
    assert (record["chef"], record["vize"], record["partner"], record["level"]) == (DAGMAR, CONNY, ANNA, 4)
    assert (record["chef_trump"], record["vize_trump"]) == (None, 8)
    assert page.evaluate("window.__marker") == 1


def test_tied_vize_digits_keep_focus(live_server, page: Page) -> None:
    start_game(page, live_server)
    tap_laid(page, [2, 1, 2, 4, 0])  # Anna and Conny tie for Vize
    page.locator(f"input[name=digits_{ANNA}]").fill("9 5")
    conny = page.locator(f"input[name=digits_{CONNY}]")

    def tap_conny_and_type() -> None:
        # Leaving Anna's field previews the form; Conny's digits are typed straight away, as on a phone.
        conny.click()
        page.keyboard.type("9 8")

    tap(page, tap_conny_and_type)
    expect(conny).to_be_focused(timeout=2_000)
    expect(conny).to_have_value("9 8", timeout=2_000)


def test_a_tied_vize_resolves_when_the_first_digits_come_back_while_the_second_are_typed(
    live_server, page: Page
) -> None:
    """Issue 15: laid Anna 3, Beate 2, Conny 2, Dagmar 0, Emma 0; "5 3" for Beate, Conny's field
    tapped and "5 3" typed there while Beate's preview comes back, then a tap elsewhere: both
    digits reach the server and the trumps are asked (it failed 3 times in 7 on a phone)."""
    start_game(page, live_server)
    tap_laid(page, [3, 2, 2, 0, 0])
    previews = HeldPreviews(page, "/preview/")
    page.locator(f"input[name=digits_{BEATE}]").fill("5 3")
    conny = page.locator(f"input[name=digits_{CONNY}]")
    conny.click()  # leaving Beate's field previews the form: held on the way
    previews.wait()
    page.keyboard.type("5")
    previews.release()  # Beate's answer comes back while Conny's digits are being typed
    previews.stop()
    page.keyboard.type(" 3")
    page.get_by_role("heading", name="Deal 1: the auction").click()  # a tap elsewhere
    expect(conny).to_have_value("5 3")
    # The same digits: still tied, so there is no Vize (mu.md §4), and the Chef's trump is asked.
    expect(page.get_by_text("No Vize.")).to_be_visible()
    expect(page.locator("input[name=chef_trump]").first).to_be_attached()


def test_long_names_fit_the_phone(live_server, page: Page) -> None:
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="New Mü game").click()
    for seat, name in enumerate(["Friederike", "Maximilian", "Christiane", "Konstantin", "Dagmar"]):
        page.fill(f"#id_player_{seat}", name)
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("heading", name="Deal 1: the auction")).to_be_visible()
    expect_fits_the_phone(page)


def test_taps_while_the_auction_comes_back_are_kept(live_server, page: Page) -> None:
    """A slow network: the answer to one tap comes back while a finger is on the next button.
    It replaces only the style hiding trumps, and the questions when they change, never the
    buttons, so every tap lands. Anna deals; cards laid 1, 1, 2, 4, 0: Dagmar is Chef, Conny Vize."""
    game = start_game(page, live_server)
    previews = HeldPreviews(page, "/preview/")
    page.locator("label[for=laid-0-1]").click()
    previews.wait()
    press(page, "label[for=laid-1-1]")
    previews.release()  # Anna's answer comes while the finger is on Beate's 1
    page.mouse.up()
    expect(page.locator("#laid-1-1")).to_be_checked()
    for seat, cards in ((2, 2), (3, 4), (4, 0)):
        previews.wait()
        previews.release()
        page.locator(f"label[for=laid-{seat}-{cards}]").click()
    previews.wait()
    previews.release()
    expect(page.get_by_text("Dagmar is Chef at level 4: the team needs 33 of 60.")).to_be_visible()

    # Conny, the Vize, names 7 first; then the Chef's trump is asked, with the cards she laid below it.
    page.locator("label[for=vize-trump-d7]").click()
    previews.wait()
    previews.release()
    # Dagmar laid green 8 and blue 1 (mu.md §5): only green, blue, 1 and 8 may be her trump.
    page.get_by_text("Which cards did Dagmar lay? (optional)").click()
    page.locator("label[for=laid-card-3-green10]").click()
    previews.wait()
    press(page, "label[for=laid-card-3-blue1]")
    previews.release()  # green 8's answer comes while the finger is on blue 1
    page.mouse.up()
    expect(page.locator("#laid-card-3-blue1")).to_be_checked()
    expect(page.locator("#laid-card-3-green10")).to_be_checked()
    previews.wait()
    previews.release()
    for trump in ("green", "blue", "d1", "d8", "none"):
        expect(page.locator(f"label[for=chef-trump-{trump}]")).to_be_visible()
    for trump in ("red", "yellow", "black", "d7"):
        expect(page.locator(f"label[for=chef-trump-{trump}]")).to_be_hidden()
    previews.stop()

    tap_label(page, "chef-trump-blue")
    tap_label(page, f"partner-{ANNA}")
    save(page, "Save the auction", "Deal 1: being played")
    record = Row.objects.get(game=game, number=0).record
    assert (record["chef"], record["vize"], record["chef_trump"], record["partner"]) == (DAGMAR, CONNY, "blue", ANNA)


def test_points_typed_and_cards_tapped_while_a_count_comes_back_are_kept(live_server, page: Page) -> None:
    """A slow network: while the count of Beate's cards comes back, Conny's points are typed and
    a finger is on Beate's next card. The answer brings Beate's points alone: the cards and
    Conny's 14 are left as they are. Anna deals; Beate, Conny, Dagmar and Emma are asked."""
    game = start_game(page, live_server)
    mu_services.deal_auction_save(game=game, laid=[1, 1, 2, 4, 0], chef_trump="green", vize_trump=7, partner=ANNA)
    page.reload()
    page.evaluate("window.__marker = 1")
    page.locator("summary", has_text="Count Beate's cards").click()
    counts = HeldPreviews(page, "/count/")
    page.locator("label[for=card-1-red7]").click()  # red 6: 2 points
    counts.wait()
    page.fill("input[name=points_2]", "14")
    press(page, "label[for=card-1-red8]")  # red 7: 2 points
    counts.release()  # the count of red 6 comes while the finger is down
    page.mouse.up()
    expect(page.locator("input[name=points_1]")).to_have_value("2")
    expect(page.locator("input[name=points_2]")).to_have_value("14")
    expect(page.locator("#card-1-red8")).to_be_checked()
    counts.wait()
    counts.release()
    expect(page.locator("input[name=points_1]")).to_have_value("4")
    counts.stop()
    enter_points(page, {DAGMAR: 20, EMMA: 7})
    save(page, "Save card points", "Deal 2: the auction")
    assert Row.objects.get(game=game, number=0).record["points"] == [15, 4, 14, 20, 7]


def test_card_points_another_phone_saved_first_are_said_in_view_and_nothing_is_lost(
    live_server, page: Page, second_page: Page
) -> None:
    """Issue 24: the slower phone's card points got a 422 and no message (its form was read against the
    next deal's order). Now it hears why, in view, with the fresh sheet; the faster phone's points stand."""
    game = start_game(page, live_server)
    mu_services.deal_auction_save(game=game, laid=[1, 1, 2, 4, 0], chef_trump="green", vize_trump=7, partner=ANNA)
    page.reload()
    page.evaluate("window.__marker = 1")
    second_page.goto(page.url)
    second_page.evaluate("document.getElementById('live').remove()")  # its poll held: the race itself
    enter_points(page, {BEATE: 10, CONNY: 14, DAGMAR: 20, EMMA: 7})
    enter_points(second_page, {BEATE: 9, CONNY: 15, DAGMAR: 20, EMMA: 7})

    save(page, "Save card points", "Deal 2: the auction")
    second_page.get_by_role("button", name="Save card points").click()

    message = second_page.get_by_text("This deal was just changed from another phone")
    expect(message).to_be_in_viewport()
    expect(second_page.get_by_role("heading", name="Deal 2: the auction")).to_be_visible()
    assert Row.objects.get(game=game, number=0).record["points"] == [9, 10, 14, 20, 7]
