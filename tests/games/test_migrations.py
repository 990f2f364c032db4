"""Upgrades keep existing databases working: migration 0009 (issue 11), the move into rooms (issue 12), and
migration 0012, the record digests (issue 24)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scorekeeper.games.kinds import engine_of

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


@pytest.mark.django_db
def test_the_rooms_keep_every_table_where_it_was() -> None:
    """Issue 12 split the app into rooms (spades, mu, referee) but kept every model in the core
    app ``games``, so no table moved or changed: the models need no migration."""
    from django.apps import apps
    from django.core.management import call_command

    call_command("makemigrations", "--check", "--dry-run", verbosity=0)  # SystemExit(1) if a migration is missing
    assert {model._meta.db_table for model in apps.get_app_config("games").get_models()} >= {
        "games_game", "games_hand", "games_deal", "games_change", "games_ruling", "games_player", "games_seat",
        "games_houserules",
    }  # fmt: skip
    assert not list(apps.get_app_config("spades").get_models()) and not list(apps.get_app_config("mu").get_models())


@pytest.mark.django_db(transaction=True)
def test_a_game_stored_before_the_rooms_shows_its_sheet_after() -> None:
    """Rows written as the code before the move wrote them (through the migrations' models)
    are read by the new rooms: the sheet and the change history of a Spades and a Mü game."""
    from django.test import Client
    from django.urls import reverse

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    old = executor.loader.project_state(AFTER).apps
    Game = old.get_model("games", "Game")
    spades = Game.objects.create(kind="spades", players=["Ann", "Bob", "Cat", "Dan"], rules={"preset": "standard"})
    old.get_model("games", "Hand").objects.create(game=spades, number=0, bids=[4, 3, 3, 3], tricks=[4, 3, 3, 3])
    mu = Game.objects.create(kind="mu", players=["Ann", "Bob", "Cat", "Dan", "Eve"], rules={"target": 200})
    old.get_model("games", "Deal").objects.create(game=mu, number=0, record={"eklat": None})
    executor.loader.build_graph()  # and on to the newest migrations
    executor.migrate(executor.loader.graph.leaf_nodes())
    for game, total in ((spades, "70"), (mu, "0")):
        page = Client().get(reverse("games:detail", args=[game.edit_key]))
        assert page.status_code == 200 and total in page.content.decode()
        assert Client().get(reverse("games:changes", args=[game.edit_key])).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_upgrade_gives_every_stored_game_its_record_digest() -> None:
    """Migration 0012 (issue 24) fills ``Game.record_digest`` of the games stored before, from their
    rows (the played hands or deals only), as every write now keeps it; nothing else changes."""
    from scorekeeper.games.models import Game as NewGame
    from scorekeeper.games.records import canonical, record_digest

    executor = MigrationExecutor(connection)
    executor.migrate([("games", "0011_change_write_key")])
    old = executor.loader.project_state([("games", "0011_change_write_key")]).apps
    Game, Hand, Deal = (old.get_model("games", name) for name in ("Game", "Hand", "Deal"))
    spades = Game.objects.create(kind="spades", players=["Ann", "Bob", "Cat", "Dan"], rules={"preset": "standard"})
    Hand.objects.create(game=spades, number=0, bids=[4, 3, 3, 3], tricks=[4, 3, 3, 3])
    Hand.objects.create(game=spades, number=1, declarations={"misdeal": 2})
    Hand.objects.create(game=spades, number=2, bids=[3, 3, 3, 3])  # in play: not in the record
    mu = Game.objects.create(kind="mu", players=["Ann", "Bob", "Cat", "Dan", "Eve"], rules={"target": 200}, dealer=3)
    Deal.objects.create(game=mu, number=0, record={"eklat": None})
    empty = Game.objects.create(kind="spades", players=["Ann", "Bob", "Cat", "Dan"], rules={"preset": "standard"})
    updated = dict(Game.objects.values_list("pk", "updated_at"))
    try:
        executor.loader.build_graph()
        executor.migrate([("games", "0012_game_record_digest")])
        for game in (spades, mu, empty):
            stored = NewGame.objects.get(pk=game.pk)
            assert stored.record_digest == record_digest(canonical(engine_of(stored)))
        digests = set(NewGame.objects.values_list("record_digest", flat=True))
        assert len(digests) == 3 and "" not in digests
        assert dict(NewGame.objects.values_list("pk", "updated_at")) == updated  # the games list keeps its order
    finally:
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
