"""Issue 28.6: an event's games count in the players' statistics as other games. Each table plays a
normal game whose names are matched to the organiser's group, so a player is the same person at every
table and round of the event, and in the games played before it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scorekeeper.events.models import Event, EventTable
from scorekeeper.games import services as game_services
from scorekeeper.games.models import Player, Seat

from .factories import play, teams

pytestmark = pytest.mark.django_db


def _round(client: Client, event: Event) -> list[EventTable]:
    """Pair and start the next round through the organiser's pages, as a browser does."""
    assert client.post(reverse("events:pair", args=[event.edit_key])).status_code == 302
    assert client.post(reverse("events:start", args=[event.edit_key])).status_code == 302
    last = event.played.count() - 1
    return list(EventTable.objects.filter(event=event, round=last).select_related("game").order_by("number"))


def _new_event(client: Client) -> Event:
    entrants = "\n".join(f"{team['name']}: {', '.join(team['players'])}" for team in teams(4))
    posted = {"name": "Club night", "rules_from": "spades:standard", "hand_limit": "1", "style": "teams",
              "pairing": "swiss", "rounds": "2", "entrants": entrants}  # fmt: skip
    assert client.post(reverse("events:new"), posted).status_code == 302
    return Event.objects.get()


def test_an_event_s_games_count_in_the_organiser_s_players_statistics() -> None:
    user = User.objects.create_user("organiser", password="club-night-28")
    client = Client()
    client.force_login(user)
    # Ann played a game with this account before the event: the event's Ann is the same person.
    earlier = game_services.game_create(
        kind="spades", players=["Ann", "Zed", "Yan", "Xu"], dealer=0, rules={"preset": "standard"},
        owner=user, group=Player.objects.filter(owner=user),
    )  # fmt: skip
    event = _new_event(client)
    for _ in range(2):
        for table in _round(client, event):
            play(table, 0)
    ann = Player.objects.get(owner=user, name="Ann")
    seats = Seat.objects.filter(player=ann)
    assert seats.count() == 3  # the earlier game and both rounds of the event
    assert {seat.game_id for seat in seats} >= {earlier.pk}
    assert all(table.game.owner_id == user.pk for table in EventTable.objects.select_related("game"))
    page = client.get(reverse("games:player", args=[ann.pk]))
    assert page.status_code == 200
    spades = page.context["figures"]["spades"]
    assert (spades.games, spades.finished, spades.hands) == (3, 2, 2)  # the earlier game is not over
    assert spades.wins == sum(seat.won for seat in seats)


def test_an_event_s_games_count_for_a_browser_without_an_account() -> None:
    client = Client()
    event = _new_event(client)
    tables = _round(client, event)
    play(tables[0], 0)
    ann_seat = Seat.objects.select_related("player").get(game=tables[0].game, seat=0)
    page = client.get(reverse("games:player", args=[ann_seat.player_id]))
    assert page.status_code == 200  # the organiser's browser reaches the table's game and its players
    listed = client.get(reverse("games:list"))
    assert tables[0].game.edit_key in listed.content.decode()
    assert Seat.objects.get(game=tables[0].game, seat=0).won  # side 0, the first team, won its one hand
