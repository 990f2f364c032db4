"""The real room, in Chromium at phone size: the Wi-Fi drops, the answer is lost, the game is
reopened without a connection, the screen stays on (static/js/table.js, sw.js)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, Route, expect

from scorekeeper.games import services
from scorekeeper.games.models import Change, Row
from scorekeeper.spades import services as spades_services

from .helpers import start_spades_game, tap_bids, until

pytestmark = pytest.mark.django_db(transaction=True)

NOT_SAVED = "Not saved: no connection. It will be sent when the connection is back."
BIDS = {0: "3", 1: "4", 2: "2", 3: "3"}


def kept_saves(page: Page) -> list[str]:
    """The games this phone keeps saves for (static/js/table.js's kept saves, in localStorage)."""
    return page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('scorekeeper:queue:'))")


def test_a_save_without_a_connection_is_kept_and_sent_when_it_is_back(page: Page, live_server):
    game = start_spades_game(page, live_server)
    tap_bids(page, BIDS)
    page.context.set_offline(True)
    page.get_by_role("button", name="Save bids").click()
    expect(page.locator(".not-saved")).to_have_text(NOT_SAVED)
    expect(page.locator(".not-saved + button")).to_have_text("Save bids")  # said where the finger is
    expect(page.locator(".not-saved")).to_be_in_viewport()
    expect(page.locator("#bid-0-3")).to_be_checked()  # every tap kept
    assert not Row.objects.filter(game=game).exists()
    page.context.set_offline(False)  # the browser says "online": the kept save goes by itself
    expect(page.get_by_role("heading", name="Hand 1: tricks taken")).to_be_visible()
    assert list(Row.objects.filter(game=game).values_list("record__bids", flat=True)) == [[3, 4, 2, 3]]
    assert kept_saves(page) == []


def test_a_save_whose_answer_is_lost_is_stored_once_and_answered_as_saved(page: Page, live_server):
    game = start_spades_game(page, live_server)
    tap_bids(page, BIDS)
    lost: list[str] = []

    def lose_the_answer(route: Route) -> None:
        route.fetch()  # the server gets the save and stores it
        lost.append(route.request.url)
        route.abort()  # and its answer never reaches the phone

    page.route(re.compile(r".*/bids/$"), lose_the_answer, times=1)  # the retry goes through
    with page.expect_response(lambda response: response.url.endswith("/bids/")) as again:
        page.get_by_role("button", name="Save bids").click()  # lost, kept, and sent again by itself
    assert lost and again.value.status == 200
    expect(page.get_by_role("heading", name="Hand 1: tricks taken")).to_be_visible()
    assert Row.objects.filter(game=game).count() == 1
    assert Change.objects.filter(game=game, action="bids").count() == 1
    expect(page.locator("#messages")).not_to_contain_text("another phone")


def _controlled(page: Page) -> None:
    """Wait until the service worker looks after the page (a reload after it is ready)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # awaited (wait_for_function would not)
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def test_a_game_opens_without_a_connection_and_its_kept_save_goes_when_back(page: Page, live_server):
    game = start_spades_game(page, live_server)
    _controlled(page)
    tap_bids(page, BIDS)
    page.context.set_offline(True)
    page.get_by_role("button", name="Save bids").click()
    expect(page.locator(".not-saved")).to_have_text(NOT_SAVED)
    page.reload()  # closed and opened again, with no connection: the sheet as last seen
    expect(page.get_by_role("heading", name="Hand 1: bids")).to_be_visible()
    expect(page.locator("#offline")).to_contain_text("Offline: the sheet as of")
    expect(page.locator(".not-saved")).to_have_text(NOT_SAVED)  # the kept save is still on the phone
    page.context.set_offline(False)
    expect(page.get_by_role("heading", name="Hand 1: tricks taken")).to_be_visible()
    expect(page.locator("#offline")).to_be_hidden()
    assert Row.objects.filter(game=game).count() == 1


def test_the_screen_stays_on_while_a_sheet_with_an_entry_form_is_open(page: Page, live_server):
    page.add_init_script(
        """
        window.wakeLocks = [];
        Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {
            request: async (type) => {
                const lock = {type, released: false, listeners: [],
                    addEventListener(name, listener) { this.listeners.push(listener); },
                    async release() { this.released = true; this.listeners.forEach((listener) => listener()); }};
                window.wakeLocks.push(lock);
                return lock;
            }}});
        """
    )
    start_spades_game(page, live_server)
    page.wait_for_function("window.wakeLocks.length === 1")
    assert page.evaluate("window.wakeLocks[0].type") == "screen"
    switch = page.get_by_label("Keep the screen on")
    expect(switch).to_be_checked()
    switch.uncheck()
    page.wait_for_function("window.wakeLocks[0].released")
    page.reload()  # the switch is remembered on this phone
    expect(page.get_by_label("Keep the screen on")).not_to_be_checked()
    assert page.evaluate("window.wakeLocks.length") == 0


def test_the_live_poll_rests_while_the_tab_is_hidden(page: Page, live_server):
    page.add_init_script(
        """
        window.tabHidden = false;
        Object.defineProperty(document, "hidden", {configurable: true, get: () => window.tabHidden});
        window.polls = 0;
        document.addEventListener("htmx:beforeSend", (event) => {
            if (event.detail.elt.id === "live") window.polls += 1;
        });
        """
    )
    page.clock.install()  # the page's timers on a clock the test moves: two poll periods pass at once
    start_spades_game(page, live_server)
    polled = page.evaluate("window.polls")
    page.clock.run_for(4500)  # shown: it polls (so the clock the test moves is the poll's)
    expect(page.locator("#live.htmx-request")).to_have_count(0)
    assert page.evaluate("window.polls") > polled
    page.evaluate("window.tabHidden = true; document.dispatchEvent(new Event('visibilitychange'))")
    polled = page.evaluate("window.polls")
    page.clock.run_for(4500)  # two poll periods
    assert page.evaluate("window.polls") == polled
    with page.expect_request(lambda request: "/live/" in request.url, timeout=1500):
        page.evaluate("window.tabHidden = false; document.dispatchEvent(new Event('visibilitychange'))")


def test_a_kept_save_of_a_hand_another_phone_saved_meanwhile_shows_both(page: Page, live_server):
    game = start_spades_game(page, live_server)
    tap_bids(page, BIDS)
    page.context.set_offline(True)
    page.get_by_role("button", name="Save bids").click()
    expect(page.locator(".not-saved")).to_have_text(NOT_SAVED)
    spades_services.hand_bids_save(game=game, bids=[5, 5, 1, 1], device="Ben's phone")  # meanwhile, at the table
    page.context.set_offline(False)
    messages = page.locator("#messages")
    expect(messages).to_contain_text("This hand was just changed from another phone")
    expect(messages).to_contain_text("Kept on this phone and not saved, as another phone saved first: Hand 1: bids")
    expect(page.get_by_role("heading", name="Hand 1: tricks taken")).to_be_visible()  # the fresh sheet
    assert list(Row.objects.filter(game=game).values_list("record__bids", flat=True)) == [[5, 5, 1, 1]]
    # Issue 25.3: who saved first and what, and this phone's kept entry a tap away.
    expect(messages).to_contain_text("Ben's phone saved first: bids Ann 5 · Bob 5 · Cat 1 · Dan 1")
    messages.get_by_role("button", name="Use mine instead").click()
    expect(page.locator("#messages .conflict")).to_have_count(0)
    expect(page.get_by_role("heading", name="Hand 1: tricks taken")).to_be_visible()
    assert list(Row.objects.filter(game=game).values_list("record__bids", flat=True)) == [[3, 4, 2, 3]]


def test_a_stale_sheet_reopened_offline_keeps_its_save_not_its_previews(page: Page, live_server):
    """The sheet kept before a save, reopened offline: the bid offers asked for while tapping are
    no saves (they once took the entry form's place when sent later); the save is kept, and sent
    when back, gets the conflict of a hand saved since, never a "saved"."""
    game = start_spades_game(page, live_server)
    _controlled(page)  # the phone keeps this sheet: hand 1's bids form
    tap_bids(page, BIDS)
    page.get_by_role("button", name="Save bids").click()
    expect(page.get_by_role("heading", name="Hand 1: tricks taken")).to_be_visible()
    page.context.set_offline(True)
    page.reload()  # the sheet as kept: hand 1's bids form again, from before that save
    expect(page.get_by_role("heading", name="Hand 1: bids")).to_be_visible()
    tap_bids(page, {0: "4", 1: "4", 2: "2", 3: "3"})  # the bid offers cannot be asked for: only the save is kept
    page.get_by_role("button", name="Save bids").click()
    expect(page.locator(".not-saved")).to_have_text(NOT_SAVED)
    page.context.set_offline(False)
    expect(page.locator("#messages")).to_contain_text("This hand was just changed from another phone")
    expect(page.get_by_role("heading", name="Hand 1: tricks taken")).to_be_visible()
    assert list(Row.objects.filter(game=game).values_list("record__bids", flat=True)) == [[3, 4, 2, 3]]


def test_a_correction_made_without_a_connection_is_sent_when_back(page: Page, live_server):
    game = start_spades_game(page, live_server)
    spades_services.hand_bids_save(game=game, bids=[3, 4, 2, 3])
    spades_services.hand_tricks_save(game=game, tricks=[4, 4, 2, 3])
    page.reload()
    page.locator("#hand-1 summary").click()
    page.get_by_role("link", name="Edit hand 1").click()  # the form opens in the hand's row
    expect(page.get_by_role("heading", name="Edit hand 1")).to_be_visible()
    page.context.set_offline(True)
    page.locator("label[for=edit-tricks-0-3]").click()
    page.locator("label[for=edit-tricks-2-3]").click()
    page.get_by_role("button", name="Save corrected hand").click()
    expect(page.locator(".edit-form .not-saved")).to_have_text(NOT_SAVED)
    tap_bids(page, {0: "2"})  # the next hand's bids, while the correction waits
    page.context.set_offline(False)  # sent; the live poll brings the corrected row
    expect(page.locator(".edit-form")).to_have_count(0)
    expect(page.locator("#hand-1 summary")).to_contain_text("Cat 2/3")  # bid 2, took 3: corrected
    expect(page.locator("#bid-0-2")).to_be_checked()  # what was being typed is still there
    assert kept_saves(page) == []
    assert list(Row.objects.get(game=game, number=0).record.get("tricks")) == [3, 4, 3, 3]
    assert Change.objects.filter(game=game, action="edit").count() == 1


def test_every_form_gets_a_write_key_made_on_the_phone(page: Page, live_server):
    game = start_spades_game(page, live_server)
    with page.expect_response(lambda response: response.url == page.url) as loaded:
        page.reload()
    page.wait_for_load_state()
    sent = set(re.findall(r'name="write_key" value="([^"]+)"', loaded.value.text()))
    keys = page.eval_on_selector_all("[name=write_key]", "(inputs) => inputs.map((input) => input.value)")
    assert sent and keys and all(re.fullmatch(r"[A-Za-z0-9_-]{22}", key) for key in keys)
    assert not set(keys) & sent and len(set(keys)) == len(keys)  # none of the server's: made here
    tap_bids(page, BIDS)
    with page.expect_response(lambda response: response.url.endswith("/bids/")) as saved:
        page.get_by_role("button", name="Save bids").click()
    expect(page.get_by_role("heading", name="Hand 1: tricks taken")).to_be_visible()
    swapped_in = set(re.findall(r'name="write_key" value="([^"]+)"', saved.value.text()))
    assert swapped_in  # the tricks form that came in: its key made here too, once htmx has settled it
    sent_again = re.compile("^(" + "|".join(swapped_in) + ")$")
    expect(page.locator("#entry [name=write_key]").first).not_to_have_value(sent_again)
    assert Change.objects.get(game=game).write_key in keys


def test_a_kept_save_answered_by_a_server_in_trouble_is_tried_again(page: Page, live_server):
    game = start_spades_game(page, live_server)
    tap_bids(page, BIDS)
    troubles: list[int] = []

    def busy_once(route: Route) -> None:
        troubles.append(503)
        route.fulfill(status=503, body="Service Unavailable")  # a proxy while the app restarts

    page.context.set_offline(True)
    page.get_by_role("button", name="Save bids").click()
    expect(page.locator(".not-saved")).to_have_text(NOT_SAVED)
    page.route(re.compile(r".*/bids/$"), busy_once, times=1)  # the retry goes through
    page.context.set_offline(False)
    expect(page.get_by_role("heading", name="Hand 1: tricks taken")).to_be_visible()  # kept, and sent again
    assert troubles == [503]
    assert Row.objects.filter(game=game).count() == 1


def test_a_kept_save_is_sent_when_the_sheet_is_opened_again(page: Page, live_server):
    game = start_spades_game(page, live_server)
    tap_bids(page, BIDS)
    page.route(re.compile(r".*/bids/$"), lambda route: route.abort())  # the server out of reach
    page.get_by_role("button", name="Save bids").click()
    expect(page.locator(".not-saved")).to_have_text(NOT_SAVED)
    page.unroute(re.compile(r".*/bids/$"))
    page.reload()  # closed and opened again, online: the kept save goes by itself
    expect(page.get_by_role("heading", name="Hand 1: tricks taken")).to_be_visible()
    assert list(Row.objects.filter(game=game).values_list("record__bids", flat=True)) == [[3, 4, 2, 3]]


def test_saving_a_kept_form_again_by_hand_takes_its_place(page: Page, live_server):
    page.add_init_script(
        """window.saves = 0;
        document.addEventListener("htmx:beforeSend", (event) => {
            if (event.detail.requestConfig.path.endsWith("/bids/")) window.saves += 1;
        });"""
    )
    page.clock.install()  # the kept save's timer on a clock the test moves
    game = start_spades_game(page, live_server)
    tap_bids(page, BIDS)
    page.route(re.compile(r".*/bids/$"), lambda route: route.abort())  # the server out of reach
    page.get_by_role("button", name="Save bids").click()
    expect(page.locator(".not-saved")).to_have_text(NOT_SAVED)
    page.unroute(re.compile(r".*/bids/$"))
    page.get_by_role("button", name="Save bids").click()  # by hand, before the kept save goes
    expect(page.get_by_role("heading", name="Hand 1: tricks taken")).to_be_visible()
    saves = page.evaluate("window.saves")
    page.clock.run_for(2500)  # past the kept save's first try
    assert page.evaluate("window.saves") == saves, "the kept save was sent as well"
    expect(page.locator("#messages")).not_to_contain_text("another phone")
    assert kept_saves(page) == []
    assert Change.objects.filter(game=game, action="bids").count() == 1


def test_the_sheet_kept_on_the_phone_follows_its_saves(page: Page, live_server):
    page.add_init_script(
        """
        window.tabHidden = false;
        Object.defineProperty(document, "hidden", {configurable: true, get: () => window.tabHidden});
        """
    )
    start_spades_game(page, live_server)
    _controlled(page)
    tap_bids(page, BIDS)
    page.get_by_role("button", name="Save bids").click()
    expect(page.get_by_role("heading", name="Hand 1: tricks taken")).to_be_visible()
    page.evaluate("window.tabHidden = true; document.dispatchEvent(new Event('visibilitychange'))")  # locked
    # The worker fetches the sheet as it is now, and keeps it (evaluate awaits the promise; a function
    # waited for would not: a promise is truthy at once).
    kept = "caches.match(location.pathname).then((kept) => kept && kept.text())"
    until(page, lambda: "<h2>Hand 1: tricks taken</h2>" in (page.evaluate(kept) or ""), "the sheet after the save kept")
    page.context.set_offline(True)
    page.evaluate("window.tabHidden = false")
    page.reload()  # without a connection: the sheet as it was after the save, not as first opened
    expect(page.get_by_role("heading", name="Hand 1: tricks taken")).to_be_visible()
    expect(page.locator("#offline")).to_contain_text("Offline: the sheet as of")


#: Every page the service worker keeps, as (address, text).
KEPT_PAGES = """(async () => {
  const pages = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!new URL(request.url).pathname.startsWith("/static/")) {
        pages.push([request.url, await (await cache.match(request)).text()]);
      }
    }
  }
  return pages;
})()"""


def test_signing_out_deletes_what_the_phone_kept_and_asks_first_when_a_save_waits(page: Page, live_server):
    User.objects.create_user("hal", password="table-cards-77")
    page.goto(live_server.url + "/accounts/login/")
    page.fill("#id_username", "hal")
    page.fill("#id_password", "table-cards-77")
    page.get_by_role("button", name="Sign in").click()
    start_spades_game(page, live_server)
    _controlled(page)
    assert any("Signed in as" in text for _url, text in page.evaluate(KEPT_PAGES))
    page.route(re.compile(r".*/bids/$"), lambda route: route.fulfill(status=503))  # the server in trouble
    tap_bids(page, BIDS)
    page.get_by_role("button", name="Save bids").click()
    expect(page.locator(".not-saved")).to_have_text(NOT_SAVED)
    asked: list[str] = []

    def answer(dialog) -> None:
        asked.append(dialog.message)
        dialog.accept() if len(asked) > 1 else dialog.dismiss()

    page.on("dialog", answer)
    page.get_by_role("button", name="Sign out").click()  # dismissed: still signed in, the save kept
    expect(page.get_by_text("Signed in as hal")).to_be_visible()
    assert asked == ["A save on this phone has not been sent yet: signing out deletes it. Sign out anyway?"]
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("link", name="Sign in")).to_be_visible()
    assert len(asked) == 2
    assert kept_saves(page) == []
    assert not [url for url, text in page.evaluate(KEPT_PAGES) if "Signed in as" in text]


def test_a_server_that_does_not_answer_opens_the_kept_sheet_and_says_offline(page: Page, live_server):
    """Wi-Fi without internet: the phone has a network, the server never answers."""
    start_spades_game(page, live_server)
    _controlled(page)
    hung: list[Route] = []
    page.context.route(re.compile(r".*/games/[^/]+/(live/.*)?$"), lambda route: hung.append(route))  # the worker's too
    page.reload()  # the worker waits 4 s for the server, then shows the sheet it kept
    expect(page.get_by_role("heading", name="Hand 1: bids")).to_be_visible(timeout=10_000)
    page.evaluate("htmx.config.timeout = 500")  # the poll gives up sooner than the app's 15 s
    expect(page.locator("#offline")).to_contain_text("Offline: the sheet as of")
    assert hung


def test_a_change_undone_without_a_connection_shows_on_the_sheet_once_sent(page: Page, live_server):
    """A kept save whose answer has no place on the page it is sent from (the history's list):
    sent from the sheet, without what the sheet shows, then the live poll brings the change."""
    game = start_spades_game(page, live_server)
    spades_services.hand_bids_save(game=game, bids=[3, 4, 2, 3])
    _controlled(page)  # the sheet, kept by the worker: it opens without a connection
    sheet = page.url
    page.get_by_role("link", name="History").click()
    page.context.set_offline(True)
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Undo this change").click()
    expect(page.locator(".not-saved")).to_have_text(NOT_SAVED)
    page.goto(sheet)  # still without a connection: the sheet as kept, the bids in play
    expect(page.get_by_role("heading", name="Hand 1: tricks taken")).to_be_visible()
    page.evaluate("window.notReloaded = true")
    page.context.set_offline(False)  # back: the kept save goes from the sheet
    expect(page.get_by_role("heading", name="Hand 1: bids")).to_be_visible()
    assert page.evaluate("window.notReloaded === true")  # the live poll brought it: no reload
    assert not Row.objects.filter(game=game).exists()
    assert kept_saves(page) == []


def test_an_error_page_answering_a_save_is_said_at_the_form(page: Page, live_server):
    game = start_spades_game(page, live_server)
    services.game_link_renew(game=game, link="edit")  # the edit link renewed on another phone
    tap_bids(page, BIDS)
    page.get_by_role("button", name="Save bids").click()
    expect(page.locator(".not-saved")).to_contain_text("The link may have been renewed")
    expect(page.locator("#bid-1-4")).to_be_checked()  # nothing lost on the page
    assert kept_saves(page) == []  # refused, not kept to send again
