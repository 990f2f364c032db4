"""Game.record_digest (issue 24): the SHA-256 of the game record of a game's played hands, written
one way (keys sorted, no spaces: ``games.records.canonical``), so an import recognises a game
already stored in one indexed query instead of reading and scoring every game of the same shape.

The games stored before get theirs here, computed from their rows as the app reads them
(``spades.rows.spades_game``, ``mu.rows.mu_game``: the complete hands or deals only), with the
engine's pure functions (the app's models and methods are not those of this migration's state).
A game whose rows no longer read keeps ``""``: it is never taken for another; ``manage.py
rebuild_stats`` computes it again.
"""

import hashlib
import json

from django.db import migrations, models

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.mu.game import MuGame
from scorekeeper.engine.mu.rules import mu_rules
from scorekeeper.engine.record import game_record, parse_mu_deal, parse_spades_hand
from scorekeeper.engine.spades.game import SpadesGame
from scorekeeper.engine.spades.rules import spades_rules

#: Games read (with their rows) and written at a time.
BATCH = 500


def engine_game(game):
    """The engine game of a stored game (a model of this migration's state) and its complete rows."""
    if game.kind == "mu":
        deals = sorted(game.deals.all(), key=lambda deal: deal.number)
        complete = [deal for deal in deals if "eklat" in deal.record or "points" in deal.record]
        return MuGame(
            players=tuple(game.players),
            dealer=game.dealer,
            rules=mu_rules(game.rules),
            deals=tuple(parse_mu_deal(deal.number, deal.record) for deal in complete),
        )
    hands = sorted(game.hands.all(), key=lambda hand: hand.number)
    played = []
    for hand in hands:
        if hand.tricks is not None or hand.declarations.get("misdeal") is not None:
            record = {"bids": hand.bids, "tricks": hand.tricks, **hand.declarations}
            played.append(parse_spades_hand(hand.number, {k: v for k, v in record.items() if v is not None}))
    return SpadesGame(tuple(game.players), game.dealer, spades_rules(game.rules), tuple(played))


def record_digest(engine):
    """``games.records.record_digest`` of ``games.records.canonical``, as of this migration."""
    text = json.dumps(game_record(engine), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def fill_record_digests(apps, schema_editor):
    """Every stored game's digest, ``BATCH`` games (and their rows) read and written at a time."""
    Game = apps.get_model("games", "Game")
    games = Game.objects.using(schema_editor.connection.alias).order_by("pk").prefetch_related("hands", "deals")
    batch = []
    for game in games.iterator(chunk_size=BATCH):
        try:
            game.record_digest = record_digest(engine_game(game))
        except RuleError:
            continue
        batch.append(game)
        if len(batch) == BATCH:
            Game.objects.using(schema_editor.connection.alias).bulk_update(batch, ["record_digest"])
            batch = []
    Game.objects.using(schema_editor.connection.alias).bulk_update(batch, ["record_digest"])


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0011_change_write_key'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='record_digest',
            field=models.CharField(blank=True, db_index=True, default='', max_length=64),
        ),
        migrations.RunPython(fill_record_digests, migrations.RunPython.noop),
    ]
