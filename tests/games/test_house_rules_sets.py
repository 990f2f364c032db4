"""Saving a table's house rules under a name and starting the next game with them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.games.models import Game, HouseRules

from .factories import new_game_data

pytestmark = pytest.mark.django_db


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
    saved = HouseRules.objects.create(name="Friday", rules={"preset": "german_table", "target": 300})
    page = client.get(reverse("games:new")).content.decode()
    assert f'<option value="{saved.pk}">Friday</option>' in page

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
