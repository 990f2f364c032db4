"""The event's pages read the earlier rounds' results from each finished game's stored figures (its
seats, written by the engine's scoring with every save) instead of scoring every hand again: the
standings must be exactly those of the whole record read and scored (``manage.py event``)."""

from __future__ import annotations

import pytest

from scorekeeper.engine.events.next_round import score_event
from scorekeeper.events import services
from scorekeeper.events.records import event_loaded, event_record, event_state

from .factories import individual_event, new_event, play, play_round, started

pytestmark = pytest.mark.django_db


def _same_as_the_whole_record(event) -> None:
    state = event_state(event)
    printed = score_event(event_record(event_loaded(event)))
    assert [line.output() for line in state.progress.standings] == printed["standings"]
    assert state.progress.champion == printed["champion"]
    assert (state.progress.round, state.progress.complete) == (printed["round"], printed["complete"])


def test_individual_partners_ranked_from_stored_figures_as_from_the_hands() -> None:
    event = individual_event(8, rounds=3)
    for number in range(3):
        play_round(event, [(number + at) % 2 for at in range(2)])
        _same_as_the_whole_record(event)


def test_an_elimination_ranked_from_stored_figures_as_from_the_hands() -> None:
    """Double elimination of 6 teams to its champion: tables played, one a round set by the organiser."""
    event = new_event(6, pairing="double_elimination")
    while event_state(event).progress.next_round is not None:
        for at, table in enumerate(started(event)):
            if at == 1:
                services.event_result_set(event=event, round=table.round, number=table.number, points=[90, 80])
            else:
                play(table, at % 2)
        _same_as_the_whole_record(event)
    assert event_state(event).progress.champion is not None
