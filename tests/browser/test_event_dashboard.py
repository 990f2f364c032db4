"""The organiser's dashboard follows the tables by itself (its #board polls every 3 s) without
wiping what the organiser is choosing (static/js/events.js): a half-filled forfeit or result stays
as it is while tables save, an opened section stays open across the poll's swap, and once the
organiser has sent the form the board shows everything that changed."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.events.models import EventTable
from scorekeeper.games.models import Game

from ..events.factories import new_event, play, started

pytestmark = pytest.mark.django_db(transaction=True)

#: Two polls of the board (every 3 s) and their answers.
TWO_POLLS_MS = 7_000


def _dashboard(page: Page, live_server) -> tuple[list[EventTable], str]:
    event = new_event(4, pairing="swiss", rounds=2)
    tables = started(event)
    page.goto(f"{live_server.url}/events/{event.edit_key}/")
    return tables, event.edit_key


def _table_state(page: Page, number: int) -> str:
    return page.locator(f"#table-{number} .event-table-head").inner_text()


def test_a_half_filled_result_survives_a_save_at_another_table(live_server, page: Page) -> None:
    tables, _key = _dashboard(page, live_server)
    page.locator("#fix-1 > summary").click()
    points = page.locator("#fix-1").get_by_role("spinbutton").first
    points.fill("123")
    page.locator("#fix-1").get_by_label("Who forfeits").select_option(index=1)
    play(tables[1], 0)  # table 2 finishes its game meanwhile
    page.wait_for_timeout(TWO_POLLS_MS)
    expect(page.locator("#fix-1")).to_have_attribute("open", "")
    expect(points).to_have_value("123")
    assert page.locator("#fix-1").get_by_label("Who forfeits").input_value() != ""
    assert "Finished" not in _table_state(page, 2)  # the board waits while the organiser is choosing
    page.locator("#fix-1").get_by_role("button", name="Record the forfeit").click()
    expect(page.locator("#board")).to_contain_text("Forfeit recorded.")
    expect(page.locator("#table-1")).to_contain_text("Forfeit")
    expect(page.locator("#table-2")).to_contain_text("Finished")  # and now shows what changed meanwhile


def test_an_opened_section_stays_open_while_the_board_follows_the_tables(live_server, page: Page) -> None:
    tables, _key = _dashboard(page, live_server)
    page.locator("#fix-2 > summary").click()
    play(tables[0], 1)
    expect(page.locator("#table-1")).to_contain_text("Finished", timeout=TWO_POLLS_MS * 2)
    expect(page.locator("#fix-2")).to_have_attribute("open", "")
    assert Game.objects.get(pk=tables[0].game_id).finished


def test_a_value_typed_and_cleared_again_lets_the_board_follow_the_tables(live_server, page: Page) -> None:
    tables, _key = _dashboard(page, live_server)
    page.locator("#fix-1 > summary").click()
    points = page.locator("#fix-1").get_by_role("spinbutton").first
    points.fill("123")
    points.fill("")
    page.locator("#fix-1 > summary").click()  # closed again
    page.locator("h1").click()  # the focus leaves the form
    play(tables[1], 0)
    expect(page.locator("#table-2")).to_contain_text("Finished", timeout=TWO_POLLS_MS * 2)
