"""A Mü club night: individuals by rotation, tables of 3 (event-record.md "rotation"): every page of
the event opens and shows what the tables play, as the Spades nights' tests do for teams."""

from __future__ import annotations

from itertools import combinations

import pytest
from django.test import Client

from scorekeeper.engine.events.next_round import score_event
from scorekeeper.events import services
from scorekeeper.events.records import event_loaded, event_record, event_state
from scorekeeper.mu import services as mu_services

from .factories import PLAYER_NAMES, url

pytestmark = pytest.mark.django_db


def _deal(game) -> None:
    """One deal of a 3-player Mü game: the seat after the dealer is Chef at level 2, green trumps."""
    mu_services.deal_auction_save(game=game, laid=[0, 1, 2], chef_trump="green", vize_trump=7)
    mu_services.deal_points_save(game=game, points=[10, 6, 20])


def test_a_mu_rotation_night_plays_a_round_and_every_page_shows_it() -> None:
    event = services.event_create(
        name="Mü-Abend", kind="mu", rules={"preset": "standard", "hand_limit": 1}, style="individual",
        pairing="rotation", entrants=[{"name": name} for name in PLAYER_NAMES[:9]], rounds=2, table_size=3,
    )  # fmt: skip
    services.event_draft(event=event)
    tables = services.event_round_start(event=event)
    assert [len(table.entrants) for table in tables] == [3, 3, 3]
    for table in tables:
        _deal(table.game)
    state = event_state(event)
    assert state.progress.complete and state.progress.next_round is not None
    assert [line.output() for line in state.progress.standings] == score_event(event_record(event_loaded(event)))[
        "standings"
    ]
    client = Client()
    for name, key in (("detail", event.edit_key), ("detail", event.view_key), ("wall", event.view_key),
                      ("cards", event.edit_key), ("csv", event.view_key)):  # fmt: skip
        answer = client.get(url(name, key))
        assert answer.status_code == 200, name
    dashboard = client.get(url("detail", event.edit_key)).content.decode()
    assert "Finished" in dashboard and "Pair round 2" in dashboard
    services.event_draft(event=event)
    second = services.event_round_start(event=event)
    met = {frozenset(pair) for table in tables for pair in combinations(table.entrants, 2)}
    again = {frozenset(pair) for table in second for pair in combinations(table.entrants, 2)}
    assert not met & again  # nine players in threes: nobody shares a table twice
