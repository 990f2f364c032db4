"""Game.clock_started (issue 27.4, the clock): when the game's first row was saved, from which a
time limit runs (``games.clock``); and the change history's "Time called" (``Change.Action.TIME``).

A game stored before with rows gets the time of its first change kept (its first save), or
when it was started if it kept none (an imported game); a game without rows keeps ``None``:
its clock starts with its first save.
"""

from django.db import migrations, models
from django.db.models import Min, OuterRef, Subquery


def clocks_forward(apps, schema_editor):
    """Every game with rows: its clock from its first change kept, or its start."""
    alias = schema_editor.connection.alias
    Game = apps.get_model("games", "Game")
    Change = apps.get_model("games", "Change")
    first = Change.objects.using(alias).filter(game=OuterRef("pk")).order_by().values("game").annotate(at=Min("at"))
    Game.objects.using(alias).filter(rows__isnull=False).update(clock_started=Subquery(first.values("at")))
    Game.objects.using(alias).filter(rows__isnull=False, clock_started__isnull=True).update(
        clock_started=models.F("created_at")
    )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0015_seat_revokes"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="clock_started",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="change",
            name="action",
            field=models.CharField(
                choices=[
                    ("bids", "Bids written"),
                    ("misdeal", "Misdeal"),
                    ("tricks", "Tricks written"),
                    ("edit", "Corrected"),
                    ("undo", "Deleted with undo"),
                    ("auction", "Auction written"),
                    ("points", "Card points written"),
                    ("revert", "Change undone"),
                    ("time", "Time called"),
                ],
                max_length=16,
            ),
        ),
        migrations.RunPython(clocks_forward, migrations.RunPython.noop, elidable=True),
    ]
