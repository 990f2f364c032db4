"""Upgrading a database made before issue 11 keeps it working (migration 0009)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("games", "0008_players_and_seats")]
AFTER = [("games", "0009_house_rules_owner_cache_table")]


@pytest.mark.django_db(transaction=True)
def test_upgrade_owns_house_rules_strips_account_names_normalises_names_and_makes_the_cache_table() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    user = old.get_model("auth", "User").objects.create(username="userx")
    game = old.get_model("games", "Game").objects.create(players=["A\u200bnn", "\u202eBob", "Cat", "Dan"], rules={})
    old.get_model("games", "Player").objects.create(name="A\u200bnn", owner=user)
    Change = old.get_model("games", "Change")
    Change.objects.create(game=game, action="bids", number=0, device="userx · iPhone · Mobile Safari")
    Change.objects.create(game=game, action="bids", number=0, device="iPad · Safari")
    old.get_model("games", "HouseRules").objects.create(name="Friday", rules={"preset": "standard"})
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS scorekeeper_cache")

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps

    assert new.get_model("games", "Game").objects.get().players == ["Ann", "Bob", "Cat", "Dan"]
    assert new.get_model("games", "Player").objects.get().name == "Ann"
    assert sorted(new.get_model("games", "Change").objects.values_list("device", flat=True)) == [
        "iPad · Safari",
        "iPhone · Mobile Safari",
    ]
    assert new.get_model("games", "HouseRules").objects.get().owner_id is None  # nobody's: listed to no one
    cache.set("works", 1)
    assert cache.get("works") == 1
