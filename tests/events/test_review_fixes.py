"""What a review of the organiser's pages found, each now refused in words or kept right: a round
paired from results a table has changed since, a forfeit or result posted with bad fields, the swap
offering only the drafted round's entrants, and an import's confirmation sent as it is."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from scorekeeper.events import services
from scorekeeper.events.models import Event, EventTable
from scorekeeper.events.records import event_loaded, event_record
from scorekeeper.games.changes import row_undo

from .factories import new_event, play, play_round, started, url

pytestmark = pytest.mark.django_db


def test_a_round_paired_before_a_table_changed_its_game_asks_to_be_paired_again() -> None:
    event = new_event(4)
    first = play_round(event)
    services.event_draft(event=event)
    row_undo(game=first[1].game)  # table 2 corrects its game: the other side wins now
    play(first[1], 1)
    client = Client()
    page = client.get(url("detail", event.edit_key)).content.decode()
    assert "A table changed its game since this round was paired: pair it again." in page
    refused = client.post(url("start", event.edit_key))
    assert refused.status_code == 422 and not EventTable.objects.filter(round=1).exists()
    assert client.post(url("pair", event.edit_key)).status_code == 302  # paired again, from the results as they are
    assert client.post(url("start", event.edit_key)).status_code == 302


def test_a_forfeit_posted_with_no_entrant_it_can_read_changes_nothing() -> None:
    event = new_event(4)
    started(event)
    services.event_forfeit_set(event=event, round=0, number=0, entrant=0)
    client = Client()
    for bad in ("abc", "-1", "²"):
        answer = client.post(url("forfeit", event.edit_key, 1, 1), {"entrant": bad})
        assert answer.status_code == 422
        assert "Choose who forfeits, or nobody." in answer.content.decode()
    assert EventTable.objects.get(round=0, number=0).forfeit == 0  # not taken back


def test_a_result_with_a_gap_in_its_points_is_refused_not_shifted() -> None:
    event = new_event(4)
    started(event)
    answer = Client().post(url("result", event.edit_key, 1, 1), {"points_1": "300", "points_3": "100"})
    assert answer.status_code == 422
    assert EventTable.objects.get(round=0, number=0).points is None


def test_the_swap_offers_the_drafted_rounds_entrants_only() -> None:
    event = new_event(5)
    play_round(event)
    services.event_entrant_withdraw(event=event, entrant=0)
    services.event_draft(event=event)
    page = Client().get(url("detail", event.edit_key)).content.decode()
    swap = page[page.index('id="swap-first"') : page.index("</select>", page.index('id="swap-first"'))]
    assert 'value="0"' not in swap  # Aces withdrew: not in the round, not offered
    assert swap.count("<option") == 4


def test_an_imports_confirmation_is_sent_as_multipart() -> None:
    event = new_event(4)
    started(event)
    upload = SimpleUploadedFile("event.json", json.dumps(event_record(event_loaded(event))).encode())
    page = Client().post(reverse("events:import"), {"file": upload}).content.decode()
    button = page.index('name="confirm"')
    form = page[page.rindex("<form", 0, button) : button]
    assert 'enctype="multipart/form-data"' in form[: form.index(">")]


def test_a_swap_sent_twice_is_refused_the_second_time_not_undone() -> None:
    event = new_event(4)
    play_round(event)
    services.event_draft(event=event)
    client = Client()
    page = client.get(url("detail", event.edit_key)).content.decode()
    version = page.split('name="version" value="')[1].split('"')[0]
    swap = {"first": "0", "second": "1", "version": version}
    assert client.post(url("swap", event.edit_key), swap).status_code == 302
    drafted = Event.objects.get().draft
    again = client.post(url("swap", event.edit_key), swap)
    assert again.status_code == 422 and "changed since this page showed it" in again.content.decode()
    assert Event.objects.get().draft == drafted


def test_a_refusal_without_javascript_shows_the_whole_dashboard_with_its_links() -> None:
    event = new_event(4)
    answer = Client().post(url("start", event.edit_key))  # nothing paired yet
    page = answer.content.decode()
    assert answer.status_code == 422 and "Pair the next round first." in page
    assert event.view_key in page and "<svg" in page  # the standings link and its QR code
