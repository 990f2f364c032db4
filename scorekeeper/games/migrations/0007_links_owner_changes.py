"""Edit and view links, an optional owner, and the per-game change history.

The link keys are unique and random, so existing games get theirs one by one
(Django's recipe for adding unique fields: nullable, fill, then constrain).
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import scorekeeper.games.models


def fill_keys(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    for game in Game.objects.all():
        game.edit_key = scorekeeper.games.models.new_key()
        game.view_key = scorekeeper.games.models.new_key()
        game.save(update_fields=["edit_key", "view_key"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0006_game_version"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="edit_key",
            field=models.CharField(editable=False, max_length=32, null=True),
        ),
        migrations.AddField(
            model_name="game",
            name="view_key",
            field=models.CharField(editable=False, max_length=32, null=True),
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="game",
            name="edit_key",
            field=models.CharField(
                default=scorekeeper.games.models.new_key, editable=False, max_length=32, unique=True
            ),
        ),
        migrations.AlterField(
            model_name="game",
            name="view_key",
            field=models.CharField(
                default=scorekeeper.games.models.new_key, editable=False, max_length=32, null=True, unique=True
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="owner",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="games",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.CreateModel(
            name="Change",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("at", models.DateTimeField(auto_now_add=True)),
                ("device", models.CharField(blank=True, max_length=100)),
                (
                    "action",
                    models.CharField(
                        choices=[
                            ("bids", "Bids written"),
                            ("misdeal", "Misdeal"),
                            ("tricks", "Tricks written"),
                            ("edit", "Corrected"),
                            ("undo", "Deleted with undo"),
                            ("auction", "Auction written"),
                            ("points", "Card points written"),
                            ("revert", "Change undone"),
                        ],
                        max_length=16,
                    ),
                ),
                ("number", models.PositiveIntegerField()),
                ("before", models.JSONField(blank=True, null=True)),
                ("after", models.JSONField(blank=True, null=True)),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="changes", to="games.game"
                    ),
                ),
                (
                    "reverts",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="games.change",
                    ),
                ),
            ],
            options={"ordering": ["-id"]},
        ),
    ]
