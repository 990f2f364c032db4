"""Limits that keep one visitor from stalling a shared server (issue 11).

A game holds at most ``MAX_HANDS`` hands (or Mü deals); an import holds at most
``MAX_IMPORT_RECORDS`` records in at most 2 MB. Over a limit: a clear message
before anything is stored. Bad input of every kind gets a 4xx, never a 500.
"""

from __future__ import annotations

import io
import json

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.engine.errors import RuleError
from scorekeeper.games import services
from scorekeeper.games.models import MAX_HANDS, Deal, Game, Hand, Player
from scorekeeper.games.records import MAX_IMPORT_RECORDS
from scorekeeper.mu import services as mu_services
from scorekeeper.spades import services as spades_services

from .factories import SET_HAND, new_game_data, record, sheet_url, snapshot

pytestmark = pytest.mark.django_db

ENDLESS = {"preset": "standard", "target": 100000}
#: A hand that sets both sides (-80 each): a game of these to 100,000 never ends.
SET = {"bids": SET_HAND[0], "tricks": SET_HAND[1]}
STORED = (Game, Hand, Deal, Player)


def upload(client: Client, data: object, *, confirm: bool = False):
    text = data if isinstance(data, str) else json.dumps(data)
    if confirm:
        return client.post(reverse("games:import"), {"records": text, "confirm": "1"})
    return client.post(reverse("games:import"), {"file": io.BytesIO(text.encode())})


def test_a_full_game_takes_no_more_hands():
    game = services.game_import(record=record(hands=[SET] * MAX_HANDS, rules=ENDLESS))
    with pytest.raises(RuleError, match=f"reached {MAX_HANDS} hands"):
        spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])
    with pytest.raises(RuleError, match=f"reached {MAX_HANDS} hands"):
        spades_services.hand_misdeal(game=game, seat=0)
    assert game.hands.count() == MAX_HANDS


def test_a_full_mu_game_takes_no_more_deals():
    deals = [{"eklat": None}] * MAX_HANDS
    mu = {"format": "scorekeeper-game/1", "game": "mu", "players": ["A", "B", "C", "D"], "dealer": 0,
          "rules": {"target": 200}, "hands": deals}  # fmt: skip
    game = services.game_import(record=mu)
    with pytest.raises(RuleError, match=f"reached {MAX_HANDS} deals"):
        mu_services.deal_auction_save(game=game, laid=[2, 1, 0, 0], chef_trump="red", vize_trump=7, partner=2)


def test_the_sheet_says_why_a_full_game_takes_no_more_hands(client):
    game = services.game_import(record=record(hands=[SET] * MAX_HANDS, rules=ENDLESS))
    client.get(sheet_url(game))
    response = client.post(
        reverse("games:bids", args=[game.edit_key]), {"number": str(MAX_HANDS), **{f"bid_{s}": "3" for s in range(4)}}
    )
    assert response.status_code == 422
    assert f"This game has reached {MAX_HANDS} hands" in response.content.decode()


def test_an_import_over_the_hand_limit_is_refused_before_anything_is_stored(client):
    before = snapshot(*STORED)
    too_long = record(hands=[SET] * (MAX_HANDS + 1), rules=ENDLESS)
    response = upload(client, too_long)
    assert response.status_code == 422
    assert f"A game holds at most {MAX_HANDS} hands; this record has {MAX_HANDS + 1}." in response.content.decode()
    assert upload(client, too_long, confirm=True).status_code == 422
    assert snapshot(*STORED) == before


def test_the_largest_allowed_game_imports(client):
    response = upload(client, record(hands=[SET] * MAX_HANDS, rules=ENDLESS), confirm=True)
    assert response.status_code == 302
    assert Game.objects.get().hands_played == MAX_HANDS


def test_a_file_of_too_many_records_is_refused(client):
    game = record(hands=[SET])
    response = upload(client, [game] * (MAX_IMPORT_RECORDS + 1))
    assert response.status_code == 422
    assert f"at most {MAX_IMPORT_RECORDS} game records" in response.content.decode()


def test_an_anonymous_import_of_more_than_200_games_asks_to_sign_in(client):
    before = snapshot(*STORED)
    games = [record(hands=[SET], players=[f"Ann {number}", "Bob", "Cat", "Dan"]) for number in range(201)]
    response = upload(client, games, confirm=True)
    assert response.status_code == 422
    assert "sign in to import more at once" in response.content.decode()
    assert snapshot(*STORED) == before


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 1500 + "]" * 1500, "nested too deeply"),
        (json.dumps(record(players=["\ud800", "Bob", "Cat", "Dan"])), "text that is not valid"),
        (json.dumps(record(players=["a\x00b", "Bob", "Cat", "Dan"])), "text that is not valid"),
        (json.dumps(record(players=["a\x1bb", "Bob", "Cat", "Dan"])), "control characters"),
        ('{"dealer": ' + "9" * 5000 + "}", "number too long"),
    ],
    ids=["deep", "surrogate", "nul", "escape", "huge-number"],
)
def test_an_unreadable_import_is_refused_in_words(client, text, message):
    before = snapshot(*STORED)
    for confirm in (False, True):
        response = upload(client, text, confirm=confirm)
        assert response.status_code == 422
        assert message in response.content.decode()
    assert snapshot(*STORED) == before


def test_names_are_stored_normalised_from_every_door(client):
    data = new_game_data()
    data.update(player_0="A\u200bnn", player_1="\u202eBob")
    assert client.post(reverse("games:new"), data).status_code == 302
    assert (
        upload(client, record(players=["A\u200bnn", "\u202eBob", "Cat", "Dan"], hands=[SET]), confirm=True).status_code
        == 302
    )
    assert {tuple(game.players) for game in Game.objects.all()} == {("Ann", "Bob", "Cat", "Dan")}
    assert Player.objects.filter(name="Ann").count() == 1  # the look-alike is the same person


@pytest.mark.parametrize("players", ["3.0", "4.5", "1e1", '"x"', "[]"])
def test_a_new_game_with_an_unreadable_table_size_is_refused(client, players):
    data = new_game_data()
    data["players"] = players
    response = client.post(reverse("games:new"), data)
    assert response.status_code == 422
    assert not Game.objects.exists()


def test_a_refused_name_is_said_once_at_its_field(client):
    data = new_game_data()
    data["player_0"] = "A\x07nn"
    page = client.post(reverse("games:new"), data).content.decode()
    assert page.count("A name cannot contain control characters") == 1
    assert "Enter a name." not in page
