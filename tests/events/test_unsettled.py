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

from .factories import new_event, play, play_round, started, url

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


def test_an_elimination_whose_corrected_game_knocks_out_a_team_that_plays_on_can_be_set_right() -> None:
    """Round 1's table 1 replays its game so the other side wins, after round 2 is under way: the
    pages still open (no bracket, no standings until it is set right), and the organiser gives that
    table its result back."""
    event = new_event(4, pairing="single_elimination")
    first = play_round(event, [0, 0])  # Aces beat Jacks... (seeds 1 v 4, 2 v 3)
    second = started(event)
    row_undo(game=first[0].game)
    play(first[0], 1)  # now the other side won round 1's table 1, yet its loser plays in round 2
    play(second[0], 0)  # and round 2's match has its result: the bracket cannot be followed at all
    client = Client()
    page = client.get(url("detail", event.edit_key))
    assert page.status_code == 200
    assert "The earlier rounds" in page.content.decode()
    for name, key in (("detail", event.view_key), ("wall", event.view_key)):
        assert client.get(url(name, key)).status_code == 200
    assert event_state(event).unsettled is not None
    services.event_result_set(event=event, round=0, number=0, points=[100, 50])
    assert event_state(event).unsettled is None
    assert event_state(event).progress.champion is not None  # the final's result stands
