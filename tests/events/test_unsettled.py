"""A table corrects a game that was over after the next round began (its phone undoes the last hand,
as any table may): the event's pages still open for everyone, the organiser reads which table, the
standings count the results that stand, and no round is paired until that game is over again."""

from __future__ import annotations

import pytest
from django.test import Client

from scorekeeper.engine.events.event import EventError
from scorekeeper.events import services
from scorekeeper.events.records import event_state
from scorekeeper.games.changes import row_undo

from .factories import new_event, play, play_round, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def reopened():
    """A Swiss event of 4 teams: round 1 played, round 2 played too, then table 1 of round 1 undoes its hand."""
    event = new_event(4, rounds=3)
    first = play_round(event)
    play_round(event)
    assert first[0].game is not None
    row_undo(game=first[0].game)
    return event, first


def test_every_page_still_opens_and_the_organiser_reads_which_table(reopened) -> None:
    event, _first = reopened
    client = Client()
    dashboard = client.get(url("detail", event.edit_key))
    assert dashboard.status_code == 200
    assert "In round 1, table 1: The game is not over" in dashboard.content.decode()
    for name, key in (("detail", event.view_key), ("wall", event.view_key), ("csv", event.view_key),
                      ("export", event.edit_key)):  # fmt: skip
        assert client.get(url(name, key)).status_code == 200, name


def test_the_standings_count_the_results_that_stand(reopened) -> None:
    event, _first = reopened
    state = event_state(event)
    assert state.unsettled is not None
    assert sum(line.played for line in state.progress.standings) == 6  # 8 results, less the 2 reopened
    assert state.progress.next_round is None


def test_no_round_is_paired_until_the_game_is_over_again(reopened) -> None:
    event, first = reopened
    with pytest.raises(EventError, match="In round 1, table 1"):
        services.event_draft(event=event)
    play(first[0], 0)
    assert event_state(event).unsettled is None
    services.event_draft(event=event)  # paired again
