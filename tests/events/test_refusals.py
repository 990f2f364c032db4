"""What the organiser is refused at once rather than stuck with later: an event its pairing can never
pair, a tied result in an elimination (the bracket needs a winner), picked players in a teams event."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.engine.events.event import EventError
from scorekeeper.events import services
from scorekeeper.events.forms import EventForm
from scorekeeper.events.imports import event_import_verified
from scorekeeper.events.models import Event, EventTable
from scorekeeper.events.records import event_loaded, event_record

from .factories import new_event, players, started, teams

pytestmark = pytest.mark.django_db


def test_a_six_seat_spades_rotation_is_refused_when_made_not_when_round_1_is_paired():
    with pytest.raises(EventError, match="cannot be paired"):
        services.event_create(
            name="Six", kind="spades", rules={"preset": "standard", "players": 6}, style="individual",
            pairing="rotation", entrants=players(6), rounds=2,
        )  # fmt: skip
    assert not Event.objects.exists()


def test_a_tied_result_in_an_elimination_is_refused_and_changes_nothing():
    event = new_event(4, pairing="single_elimination")
    started(event)
    with pytest.raises(EventError, match="needs a winner"):
        services.event_result_set(event=event, round=0, number=0, points=[100, 100])
    assert EventTable.objects.get(event=event, round=0, number=0).points is None
    services.event_result_set(event=event, round=0, number=0, points=[101, 100])  # a winner: kept
    assert EventTable.objects.get(event=event, round=0, number=0).points == [101, 100]


def test_a_tied_result_outside_an_elimination_stands_with_no_winner():
    event = new_event(4, pairing="swiss", rounds=2)
    started(event)
    table = services.event_result_set(event=event, round=0, number=0, points=[100, 100])
    assert table.points == [100, 100]


def test_picked_players_in_a_teams_event_are_refused_at_their_field():
    typed = "\n".join(f"{team['name']}: {', '.join(team['players'])}" for team in teams(4))
    posted = {"name": "Club", "rules_from": "spades:standard", "style": "teams", "pairing": "swiss", "rounds": "2",
              "entrants": typed, "picked": ["Zoe"]}  # fmt: skip
    form = EventForm(posted, known=["Zoe"])
    assert not form.is_valid()
    assert "Picking is for individuals" in str(form.errors["picked"])
    individual = EventForm({**posted, "style": "individual", "pairing": "rotation", "entrants": "Ann\nBob\nCat"},
                           known=["Zoe"])  # fmt: skip
    assert individual.is_valid(), individual.errors
    assert individual.cleaned_data["entrant_records"][-1] == {"name": "Zoe"}  # picked after the typed ones


def _record_with(**changes) -> dict:
    event = new_event(4)
    started(event)
    record = event_record(event_loaded(event))
    record.update(changes)
    return record


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"name": "E" * 81}, "at most 80 characters"),
        ({"entrants": [*teams(3), {"name": "T" * 41, "players": ["Zed", "Yan"]}]}, "Entrant 4: the name"),
        ({"entrants": [*teams(3), {"name": "Long", "players": ["P" * 41, "Yan"]}]}, "Entrant 4: the name"),
    ],
)
def test_an_import_with_a_name_the_app_cannot_store_is_refused_at_the_preview(changes, message):
    record = _record_with(**changes)
    with pytest.raises(EventError, match=message):
        event_import_verified(record)
    before = Event.objects.count()
    answer = Client().post(reverse("events:import"), {"text": json.dumps(record), "confirm": "yes"})
    assert answer.status_code == 422
    assert Event.objects.count() == before
