"""Upgrades keep existing databases working: migration 0009 (issue 11), the move into rooms (issue 12),
migration 0012, the record digests (issue 24), and migration 0016, the clock (issue 27.4)."""

from __future__ import annotations

import re
from typing import Any

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
    try:
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
    finally:  # on to the newest migrations: a database left at 0009 holds tables today's models lack
        executor.loader.build_graph()  # (PostgreSQL's flush then cannot truncate the games they point at)
        executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db
def test_the_rooms_keep_every_table_where_it_was() -> None:
    """Issue 12 split the app into rooms (spades, mu, referee) but kept every model in the core
    app ``games``, so no table moved or changed: the models need no migration."""
    from django.apps import apps
    from django.core.management import call_command

    call_command("makemigrations", "--check", "--dry-run", verbosity=0)  # SystemExit(1) if a migration is missing
    assert {model._meta.db_table for model in apps.get_app_config("games").get_models()} >= {
        "games_game", "games_row", "games_change", "games_ruling", "games_player", "games_seat",
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
        after = executor.loader.project_state([("games", "0012_game_record_digest")]).apps.get_model("games", "Game")
        digests = dict(after.objects.values_list("pk", "record_digest"))
        assert len(set(digests.values())) == 3 and "" not in digests.values()
        assert dict(after.objects.values_list("pk", "updated_at")) == updated  # the games list keeps its order
    finally:
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
    for game in (spades, mu, empty):  # the digest is the one every write keeps (read through today's rows)
        assert digests[game.pk] == record_digest(canonical(engine_of(NewGame.objects.get(pk=game.pk))))


ONE_ROW_BEFORE = [("games", "0013_ruling_facts")]
#: What a page holds that differs per request: CSRF tokens, write keys, the time it was made.
PER_REQUEST = r'(csrfmiddlewaretoken" value="|X-CSRFToken": "|data-at="|write_key" value=")[^"]+'


def _sheets(games: list[Any]) -> list[str]:
    """Every page of ``games`` a table opens: the sheet, the change history, the record, the CSV and print
    (what differs by request only left out: the CSRF tokens, the write keys, the time the page was made)."""
    from django.test import Client
    from django.urls import reverse

    pages = []
    for game in games:
        for name in ("games:detail", "games:changes", "games:record", "games:csv", "games:print"):
            response = Client().get(reverse(name, args=[game.edit_key]))
            assert response.status_code == 200, name
            body = response.content.decode()
            pages.append(
                re.sub(r'(csrfmiddlewaretoken" value="|X-CSRFToken": "|data-at="|write_key" value=")[^"]+', "", body)
            )
    return pages


@pytest.mark.django_db(transaction=True)
def test_one_row_model_carries_every_hand_deal_change_and_recorded_play_across_and_back() -> None:
    """Migration 0014 (issue 26): Spades hands (three columns) and Mü deals (a record) become one
    ``Row`` table, each row its record. A database with both kinds, a misdeal, a hand and a deal in
    play, recorded plays and a change history opens every sheet, history, record, CSV and print page
    byte for byte the same after going back to the two tables and forward again, and an undo from
    the history still finds its row as the change left it."""
    from django.test import Client
    from django.urls import reverse

    from scorekeeper.bench.common import random_play
    from scorekeeper.games import changes, services
    from scorekeeper.games.kinds import game_rows
    from scorekeeper.games.models import Change, Game, Row
    from scorekeeper.mu import services as mu_services
    from scorekeeper.spades import services as spades_services

    from ..mu.test_sheet import PLAYERS as MU_PLAYERS
    from .factories import new_game

    spades = new_game(rules={"preset": "standard", "blind_bids": True, "misdeal": "no_spades"})
    spades_services.hand_bids_save(game=spades, bids=["nil", 4, 4, 4], declarations={"blind": [1]})
    spades_services.hand_tricks_save(game=spades, tricks=[0, 5, 4, 4])
    spades_services.hand_misdeal(game=spades, seat=2)
    spades_services.hand_bids_save(game=spades, bids=[3, 3, 3, 3])
    play = random_play(7, leader=2)
    used = Client().post(
        reverse("games:game_replay", args=[spades.edit_key]),
        {"cards": ",".join(card for trick in play.tricks for card in trick), "leader": "2", "use": "1", "number": "2"},
    )
    assert used.status_code in (200, 302)
    spades_services.hand_bids_save(game=spades, bids=[2, 3, 4, 4])  # in play
    mu = services.game_create(players=MU_PLAYERS, dealer=0, rules={"target": 200}, kind="mu")
    mu_services.deal_auction_save(game=mu, laid=[3, 0, 3, 0, 0], last=2)  # an Eklat
    mu_services.deal_auction_save(game=mu, laid=[2, 0, 3, 0, 0], chef_trump="red", vize_trump=7, partner=1)
    mu_services.deal_points_save(game=mu, points=[20, 10, 20, 5, 5])
    mu_services.deal_update(game=mu, number=1, record={**game_rows(mu)[1].record, "points": [25, 5, 20, 5, 5]})
    mu_services.deal_auction_save(game=mu, laid=[2, 0, 3, 0, 0], chef_trump="red", vize_trump=7, partner=1)  # played
    games = [spades, mu]
    records = {(row.game_id, row.number): row.record for row in Row.objects.all()}
    assert any("play" in record for record in records.values())
    history = list(Change.objects.order_by("pk").values_list("before", "after"))
    before = _sheets(games)

    executor = MigrationExecutor(connection)
    executor.migrate(ONE_ROW_BEFORE)
    old = executor.loader.project_state(ONE_ROW_BEFORE).apps
    hands = old.get_model("games", "Hand").objects.order_by("number")
    for hand in hands:
        as_before = {"bids": hand.bids, "tricks": hand.tricks, **hand.declarations}
        assert {k: v for k, v in as_before.items() if v is not None} == records[(hand.game_id, hand.number)]
    assert [deal.record for deal in old.get_model("games", "Deal").objects.order_by("number")] == [
        record for (game, _n), record in sorted(records.items()) if game == mu.pk
    ]
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    assert {(row.game_id, row.number): row.record for row in Row.objects.all()} == records
    assert list(Change.objects.order_by("pk").values_list("before", "after")) == history
    assert _sheets(games) == before
    spades = Game.objects.get(pk=spades.pk)
    written = changes.change_revert(game=spades, change_id=Change.objects.filter(game=spades).first().pk)
    assert written.change is not None and Row.objects.filter(game=spades).count() == 3  # the bids in play undone


@pytest.mark.django_db(transaction=True)
def test_upgrade_starts_the_clock_of_every_game_with_rows_at_its_first_change() -> None:
    """Migration 0016 (issue 27.4): a game stored before with rows gets ``clock_started``, the time of
    its first change kept (else when it was started); a game without rows keeps none."""
    from datetime import UTC, datetime

    executor = MigrationExecutor(connection)
    executor.migrate([("games", "0015_seat_revokes")])
    old = executor.loader.project_state([("games", "0015_seat_revokes")]).apps
    Game, Row, Change = (old.get_model("games", name) for name in ("Game", "Row", "Change"))
    players, rules = ["Ann", "Bob", "Cat", "Dan"], {"preset": "standard"}
    saved, imported, empty = (Game.objects.create(players=players, rules=rules) for _ in range(3))
    for game in (saved, imported):
        Row.objects.create(game=game, number=0, record={"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]})
    first, later = datetime(2026, 5, 1, 19, 0, tzinfo=UTC), datetime(2026, 5, 1, 19, 9, tzinfo=UTC)
    for at, action in ((first, "bids"), (later, "tricks")):
        change = Change.objects.create(game=saved, action=action, number=0)
        Change.objects.filter(pk=change.pk).update(at=at)
    try:
        executor.loader.build_graph()
        executor.migrate([("games", "0016_game_clock")])
        after = executor.loader.project_state([("games", "0016_game_clock")]).apps.get_model("games", "Game")
        clocks = {game.pk: (game.clock_started, game.created_at) for game in after.objects.all()}
    finally:
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
    assert clocks[saved.pk][0] == first
    assert clocks[imported.pk][0] == clocks[imported.pk][1]
    assert clocks[empty.pk][0] is None


@pytest.mark.django_db(transaction=True)
def test_upgrade_rates_the_finished_games_of_a_database_from_before_the_ratings() -> None:
    """Issue 29: ``migrate`` on a database from before the ratings (0016) rates its finished games,
    each in its owner's group (migration 0020 copies a step's group; ``migrate`` fills an empty read
    model), so the ladder is right from the first page, without ``rebuild_ratings``."""
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from scorekeeper.games.models import RatingStep

    executor = MigrationExecutor(connection)
    executor.migrate([("games", "0016_game_clock")])
    old = executor.loader.project_state([("games", "0016_game_clock")]).apps
    Game, Player, Seat = (old.get_model("games", name) for name in ("Game", "Player", "Seat"))
    host = User.objects.create_user("host", password="ratings-29-upgrade")
    players, rules = ["Ann", "Bob", "Cat", "Dan"], {"preset": "standard"}
    games = [
        Game.objects.create(players=players, rules=rules, finished=True, owner_id=owner) for owner in (host.pk, None)
    ]
    for game in games:
        for seat, name in enumerate(players):
            player = Player.objects.create(name=name, owner_id=game.owner_id)
            Seat.objects.create(
                game=game, player=player, seat=seat, side=seat % 2, total=100 * (seat % 2), won=seat % 2 == 1
            )
    try:
        call_command("migrate", "games", "0019_ladder_link", verbosity=0)  # not the latest: nothing rated yet
        with connection.cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM games_ratingstep")
            assert cursor.fetchone() == (0,)
        call_command("migrate", verbosity=0)
    finally:
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
    steps = RatingStep.objects.order_by("group", "player__name")
    assert [(step.group, step.player.name) for step in steps] == [(0, name) for name in sorted(players)] + [
        (host.pk, name) for name in sorted(players)
    ]
    assert {step.player.name for step in steps if step.mu > 25} == {"Bob", "Dan"}  # the side that won


@pytest.mark.django_db(transaction=True)
def test_migration_0020_gives_each_rating_step_its_games_group() -> None:
    from django.contrib.auth.models import User

    executor = MigrationExecutor(connection)
    executor.migrate([("games", "0019_ladder_link")])
    old = executor.loader.project_state([("games", "0019_ladder_link")]).apps
    Game, Player, RatingStep = (old.get_model("games", name) for name in ("Game", "Player", "RatingStep"))
    host = User.objects.create_user("host", password="ratings-29-group")
    ann = Player.objects.create(name="Ann", owner_id=host.pk)
    for owner in (host.pk, None):
        game = Game.objects.create(players=["Ann"], rules={}, finished=True, owner_id=owner)
        RatingStep.objects.create(player=ann, game=game, kind="spades", at=game.created_at, mu=26.0, sigma=8.0)
    try:
        executor.loader.build_graph()
        executor.migrate([("games", "0020_rating_group")])
        after = executor.loader.project_state([("games", "0020_rating_group")]).apps.get_model("games", "RatingStep")
        groups = sorted(after.objects.values_list("group", flat=True))
    finally:
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
    assert groups == [0, host.pk]
