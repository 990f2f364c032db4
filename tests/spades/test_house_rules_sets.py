"""Saving a table's house rules under a name and starting the next game with them.

A saved set belongs to whoever saved it, exactly as a game does (issue 11): the
account, or the browser that saved it. Names are unique per owner, and nobody
else ever sees or applies the set.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scorekeeper.games.models import Game, HouseRules

from ..games.factories import new_game_data

pytestmark = pytest.mark.django_db


def save(client: Client, name: str, **rules: str) -> HouseRules:
    """Start a game on ``client`` and save its house rules as ``name``."""
    response = client.post(reverse("games:new"), {**new_game_data(**rules), "save_as": name})
    assert response.status_code == 302, response.content.decode()[:500]
    return HouseRules.objects.order_by("-updated_at", "-pk").first()


def test_starting_a_game_can_save_its_house_rules_by_name(client):
    data = new_game_data(target="300")
    data.update(save_as="Friday table", nil_value="50")
    response = client.post(reverse("games:new"), data)
    assert response.status_code == 302
    saved = HouseRules.objects.get(name="Friday table")
    assert saved.rules == {"preset": "standard", "target": 300, "nil_value": 50}
    assert Game.objects.get().rules == saved.rules


def test_saving_again_under_the_same_name_replaces_the_set(client):
    client.post(reverse("games:new"), {**new_game_data(target="300"), "save_as": "Friday"})
    client.post(reverse("games:new"), {**new_game_data(target="1000"), "save_as": "Friday"})
    assert list(HouseRules.objects.values_list("name", "rules")) == [("Friday", {"preset": "standard", "target": 1000})]


def test_a_saved_set_fills_in_the_new_game_form(client):
    saved = save(client, "Friday", preset="german_table", target="300")
    page = client.get(reverse("games:new")).content.decode()
    assert f'<option value="{saved.pk}" dir="auto">Friday</option>' in page

    response = client.get(
        reverse("games:new"),
        {"house_rules": saved.pk, "player_0": "Zoe"},
        HTTP_HX_REQUEST="true",
        HTTP_HX_TRIGGER_NAME="house_rules",
    )
    content = response.content.decode()
    assert content.strip().startswith('<div id="setup"')
    assert 'name="target" value="300"' in content
    assert '<option value="3" selected>' in content  # german_table: 3 cards exchanged for blind nil
    assert 'value="Zoe"' in content


def test_no_saved_sets_no_menu(client):
    assert 'name="house_rules"' not in client.get(reverse("games:new")).content.decode()


# --- owners (issue 11) --------------------------------------------------------------------------------------------


def test_another_browser_never_sees_or_applies_a_saved_set():
    mine, stranger = Client(), Client()
    saved = save(mine, "Friday", target="300")

    page = stranger.get(reverse("games:new")).content.decode()
    assert "Friday" not in page and 'name="house_rules"' not in page
    assert stranger.get(reverse("games:new"), {"house_rules": saved.pk}).status_code == 404
    assert 'name="target" value="300"' not in stranger.get(reverse("games:new")).content.decode()


def test_the_same_name_in_another_browser_is_another_set():
    mine, theirs = Client(), Client()
    save(mine, "Friday", target="300")
    save(theirs, "Friday", target="1000")

    assert sorted(HouseRules.objects.values_list("rules__target", flat=True)) == [300, 1000]
    assert (
        'name="target" value="300"'
        in mine.get(
            reverse("games:new"), {"house_rules": HouseRules.objects.get(rules__target=300).pk}
        ).content.decode()
    )


def test_an_accounts_sets_follow_it_to_every_device_and_names_are_unique_per_account():
    user = User.objects.create_user("ann", password="table-cards-77")
    phone, laptop = Client(), Client()
    phone.force_login(user)
    laptop.force_login(user)
    save(phone, "Friday", target="300")
    save(laptop, "Friday", target="400")  # the same account, the same name: replaced

    saved = HouseRules.objects.get()
    assert (saved.owner, saved.name, saved.rules["target"]) == (user, "Friday", 400)
    assert f'<option value="{saved.pk}" dir="auto">Friday</option>' in phone.get(reverse("games:new")).content.decode()


def test_signing_in_makes_the_browsers_sets_the_accounts_without_losing_one():
    user = User.objects.create_user("bea", password="table-cards-77")
    laptop = Client()
    laptop.force_login(user)
    save(laptop, "Friday", target="300")
    browser = Client()
    save(browser, "Friday", target="1000")
    save(browser, "Sunday", target="250")

    browser.post(reverse("login"), {"username": "bea", "password": "table-cards-77"})

    assert sorted(HouseRules.objects.filter(owner=user).values_list("name", "rules__target")) == [
        ("Friday", 300),
        ("Friday (2)", 1000),
        ("Sunday", 250),
    ]


@pytest.mark.parametrize("value", ["abc", "9" * 4301, "-1", "1.0", "²"])
def test_an_unreadable_or_foreign_set_in_the_address_is_not_found(client, value):
    assert client.get(reverse("games:new"), {"house_rules": value}).status_code == 404
