"""Creation is throttled per client, in a store every app process shares (issue 11).

One session made 48 games a second before. Each kind of creation has a budget
per client (``settings.THROTTLES``): new games (Spades, Mü, rematch), imports,
sign-ups and saved house-rule sets. Over it: 429 with the reason, nothing stored.
"""

from __future__ import annotations

import datetime
import json

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import reverse

from scorekeeper.games.management.commands.bench import Phone, post_at_once
from scorekeeper.games.models import Game, HouseRules
from scorekeeper.games.throttle import client_ip

from .factories import new_game, new_game_data, record, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def budgets(settings):
    settings.THROTTLES = {"game": "3/h", "import": "2/h", "account": "2/h", "house_rules": "1/h"}
    return settings.THROTTLES


def mu_data() -> dict[str, str]:
    return {
        "dealer": "0",
        "target": "200",
        "bonus_above_seven": "flat",
        **{f"player_{seat}": name for seat, name in enumerate("ABCD")},
    }


def test_new_games_are_throttled_per_client(budgets):
    client = Client()
    statuses = [client.post(reverse("games:new"), new_game_data()).status_code for _ in range(3)]
    assert statuses == [302, 302, 302]

    refused = client.post(reverse("games:new"), new_game_data())
    assert refused.status_code == 429
    assert "Too many new games from this network for now." in refused.content.decode()
    assert 'value="Ann"' in refused.content.decode()  # nothing typed is lost
    assert client.post(reverse("games:mu_new"), mu_data()).status_code == 429  # one budget for every new game
    assert Game.objects.count() == 3

    elsewhere = Client(REMOTE_ADDR="203.0.113.9")  # another client has its own budget
    assert elsewhere.post(reverse("games:new"), new_game_data()).status_code == 302


def test_a_rematch_spends_the_new_game_budget(budgets):
    client = Client()
    game = new_game()
    for _ in range(3):
        assert client.post(url("rematch", game)).status_code == 302
    response = client.post(url("rematch", game))
    assert response.status_code == 429
    assert "Too many new games" in response.content.decode()
    assert Game.objects.count() == 4


def test_an_invalid_form_spends_nothing(budgets):
    client = Client()
    for _ in range(5):
        assert client.post(reverse("games:new"), new_game_data(player_0="")).status_code == 422
    assert client.post(reverse("games:new"), new_game_data()).status_code == 302


def test_saved_house_rules_are_throttled(budgets):
    client = Client()
    assert client.post(reverse("games:new"), {**new_game_data(), "save_as": "Friday"}).status_code == 302
    refused = client.post(reverse("games:new"), {**new_game_data(), "save_as": "Sunday"})
    assert refused.status_code == 429
    assert "Too many saved house rules" in refused.content.decode()
    assert list(HouseRules.objects.values_list("name", flat=True)) == ["Friday"]
    assert Game.objects.count() == 1  # the game with the refused rules was not started either


def test_imports_are_throttled(budgets):
    client = Client()
    data = json.dumps(record(hands=[{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}]))

    def upload():
        return client.post(reverse("games:import"), {"file": SimpleUploadedFile("g.json", data.encode())})

    assert [upload().status_code for _ in range(2)] == [200, 200]
    refused = upload()
    assert refused.status_code == 429
    assert "Too many imports" in refused.content.decode()


def test_sign_ups_are_throttled_and_never_say_a_name_is_taken(budgets):
    User.objects.create_user("ann", password="table-cards-77")
    client = Client()
    taken = client.post(reverse("signup"), {"username": "Ann", "password1": "x-table-77", "password2": "x-table-77"})
    assert taken.status_code == 422
    page = taken.content.decode()
    assert "This username cannot be used: choose another." in page
    assert "already exists" not in page

    made = client.post(
        reverse("signup"), {"username": "bea", "password1": "table-cards-77", "password2": "table-cards-77"}
    )
    assert made.status_code == 302
    refused = Client().post(
        reverse("signup"), {"username": "cat", "password1": "table-cards-77", "password2": "table-cards-77"}
    )
    assert refused.status_code == 429
    assert "Too many sign-ups" in refused.content.decode()
    assert not User.objects.filter(username="cat").exists()


def test_the_client_is_the_address_the_trusted_proxy_saw(rf, settings):
    spoofed = rf.get("/", REMOTE_ADDR="198.51.100.7", HTTP_X_FORWARDED_FOR="1.2.3.4")
    settings.TRUSTED_PROXY_COUNT = 0
    assert client_ip(spoofed) == "198.51.100.7"  # no proxy: a header the client sent is ignored
    settings.TRUSTED_PROXY_COUNT = 1
    behind = rf.get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="1.2.3.4, 203.0.113.5")
    assert client_ip(behind) == "203.0.113.5"  # the client's own "1.2.3.4" is not believed


def test_the_counts_increase_atomically_and_keep_their_window():
    cache.add("count", 1, 3600)
    expires = _expiry("count")
    assert [cache.incr("count") for _ in range(3)] == [2, 3, 4]
    assert _expiry("count") == expires  # Django's own incr would reset it to the default 5 minutes
    with pytest.raises(ValueError):
        cache.incr("missing")


def _expiry(key: str) -> datetime.datetime:
    with connection.cursor() as cursor:
        cursor.execute("SELECT expires FROM scorekeeper_cache WHERE cache_key LIKE %s", [f"%:{key}"])
        return cursor.fetchone()[0]


@pytest.mark.django_db(transaction=True)
def test_phones_creating_games_at_once_stay_within_the_budget(live_server, budgets) -> None:
    """Eight requests at the same moment, each in its own thread and database connection."""
    phones = [Phone(live_server.url, reverse("games:new")) for _ in range(8)]
    statuses = post_at_once(phones, reverse("games:new"), new_game_data())
    assert sorted(statuses).count(429) == 5, statuses
    assert Game.objects.count() == 3
