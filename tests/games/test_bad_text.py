"""Text no column can hold never reaches the database (issue 24).

PostgreSQL refuses a NUL character in text, and django-axes keeps a sign-in's username in a
255-character column: both were server errors (500) on PostgreSQL. A NUL in an address is
dropped before any view reads it; an over-long username is refused at the sign-in form.
"""

from __future__ import annotations

import pytest
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scorekeeper.games import services

from .factories import new_game, new_game_data, play, sheet_url

pytestmark = pytest.mark.django_db

NUL = "\x00"


@pytest.fixture
def browser() -> Client:
    """A browser that started a game of Ann, Bob, Cat and Dan."""
    client = Client()
    assert client.post(reverse("games:new"), new_game_data()).status_code == 302
    return client


def test_a_nul_in_the_players_search_is_dropped(browser):
    page = browser.get(reverse("games:players"), {"q": f"A{NUL}nn"})
    assert page.status_code == 200
    assert ">Ann<" in page.content.decode() and ">Bob<" not in page.content.decode()
    assert browser.get(reverse("games:players"), {"q": NUL}).status_code == 200


def game_addresses() -> list[tuple[str, dict[str, str]]]:
    """Every page that reads its query string, with each parameter it reads holding a NUL."""
    game = new_game()
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    mu = services.game_create(players=["Anna", "Beate", "Conny"], dealer=0, rules={}, kind="mu")
    query = {
        reverse("games:players"): ["q"],
        reverse("games:list"): ["kind", "name", "since", "until", "state", "who", "partner", "opponent", "won",
                                "stat", "page"],
        reverse("games:new"): ["preset", "house_rules", "player_0"],
        reverse("games:referee"): ["kind", "preset", "bid", "behind", "turns", "trick", "hand", "add", "target",
                                   "trick_number", "chef_trump", "vize_trump", "players"],
        reverse("games:replay"): ["preset", "cards", "add", "leader", "players"],
        reverse("games:game_referee", args=[mu.view_key]): ["turns", "trick", "chef_trump"],
        reverse("games:manifest"): ["lang"],
        sheet_url(game): ["hand"],
        reverse("games:live", args=[game.view_key]): ["v", "rows", "stage"],
        reverse("games:what_if", args=[game.edit_key, 1]): ["compare"],
    }  # fmt: skip
    return [(path, {name: f"1{NUL}" for name in names}) for path, names in query.items()] + [
        (path, {name: NUL for name in names}) for path, names in query.items()
    ]


def test_a_nul_anywhere_in_a_query_string_is_never_a_server_error(browser):
    for path, params in game_addresses():
        response = browser.get(path, params)
        assert response.status_code < 500, (path, params)
    assert browser.get(f"{reverse('games:list')}?na%00me=Ann&%00=1").status_code == 200


def test_a_nul_in_a_parameters_name_is_dropped_too(browser):
    page = browser.get(f"{reverse('games:players')}?q%00=Bob").content.decode()
    assert ">Bob<" in page and ">Ann<" not in page


# --- signing in ---------------------------------------------------------------------------------------------------


def test_an_over_long_username_is_refused_at_the_form_before_anything_is_counted():
    response = Client().post(reverse("login"), {"username": "u" * 300, "password": "guess"})
    assert response.status_code == 200
    assert "Ensure this value has at most 150 characters (it has 300)." in response.content.decode()
    assert not AccessAttempt.objects.exists()


def test_a_username_with_a_nul_is_refused_at_the_form():
    response = Client().post(reverse("login"), {"username": f"ann{NUL}", "password": "guess"})
    assert response.status_code == 200
    assert "Null characters are not allowed." in response.content.decode()
    assert not AccessAttempt.objects.exists()


def test_a_wrong_password_for_the_longest_username_is_counted():
    User.objects.create_user("v" * 150, password="table-cards-77")
    response = Client().post(reverse("login"), {"username": "v" * 150, "password": "guess"})
    assert response.status_code == 200
    assert AccessAttempt.objects.get().username == "v" * 150


def test_the_sign_in_throttle_keeps_at_most_what_its_column_holds(rf):
    """Any other door to ``authenticate()``: django-axes counts a username cut to its column."""
    request = rf.post("/", {"username": "w" * 400})
    assert get_client_username(request) == "w" * 255
    assert get_client_username(request, {"username": f"x{NUL}y" * 100}) == "xy" * 100
    assert get_client_username(request, {"password": "only"}) is None
