"""Seeding an event by rating (issue 29.4): one tap before round 1 orders the entrants by their
players' ratings in the event's game, best first; a team by its players' mean."""

from __future__ import annotations

import pytest
from django.test import Client

from scorekeeper.engine.events.event import EventError
from scorekeeper.engine.ratings import NEW_ORDINAL
from scorekeeper.events.models import Event
from scorekeeper.events.seeding import entrant_rating, event_seed_by_rating
from scorekeeper.games import services as game_services
from scorekeeper.games.models import Player
from scorekeeper.spades import services as spades_services

from .factories import new_event, started, url

pytestmark = pytest.mark.django_db


def test_a_team_rates_as_its_players_mean_and_an_unrated_player_as_openskills_default():
    assert entrant_rating({"name": "Aces", "players": ["Ann", "Bob"]}, {"ann": 4.0}) == (4.0 + NEW_ORDINAL) / 2
    assert entrant_rating({"name": "Zed"}, {"zed": 2.5}) == 2.5


def test_seeding_orders_the_entrants_best_first_and_keeps_equals_in_order():
    event = new_event(4)  # Aces (Ann, Bob), Jacks (Cat, Dan), Kings (Eve, Fay), Queens (Gus, Hal)
    event_seed_by_rating(event=event, ordinals={"gus": 6.0, "hal": 4.0, "cat": 1.0})
    names = [entrant["name"] for entrant in Event.objects.get().entrants]
    assert names == ["Queens", "Jacks", "Aces", "Kings"]


def test_seeding_is_refused_once_a_round_is_paired():
    event = new_event(4)
    started(event)
    with pytest.raises(EventError, match="before the first round"):
        event_seed_by_rating(event=event, ordinals={})


def test_the_dashboards_tap_seeds_by_the_groups_ratings():
    client = Client()
    entrants = "Aces: Ann, Bob\nJacks: Cat, Dan\nKings: Eve, Fay\nQueens: Gus, Hal"
    posted = {"name": "Club", "rules_from": "spades:standard", "style": "teams", "pairing": "swiss", "rounds": "2",
              "entrants": entrants}  # fmt: skip
    # Gus and Hal won a game this browser started: they are rated above the rest.
    game = game_services.game_create(kind="spades", players=["Gus", "Ann", "Hal", "Bob"], dealer=0,
                                     rules={"preset": "standard", "hand_limit": 1})  # fmt: skip
    session = client.session
    session["games_made"] = [str(game.pk)]
    session.save()
    spades_services.hand_bids_save(game=game, bids=[5, 2, 5, 1])
    spades_services.hand_tricks_save(game=game, tricks=[5, 2, 5, 1])
    assert client.post("/events/new/", posted).status_code == 302
    event = Event.objects.get()
    assert "Seed by rating" in client.get(url("detail", event.edit_key)).content.decode()
    assert client.post(url("seed", event.edit_key)).status_code == 302
    assert [entrant["name"] for entrant in Event.objects.get().entrants][0] == "Queens"
    assert Player.objects.filter(name="Gus").exists()
