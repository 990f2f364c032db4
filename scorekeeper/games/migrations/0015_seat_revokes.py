"""Seat.revokes: the revokes a player made in a Spades game, for the statistics (``engine.stats``).

Games stored before get 0: their hands declared no revokes. A game whose recorded play shows a
revoke gets its count when it next changes, or from ``manage.py rebuild_stats``.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0014_one_row_model"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="revokes",
            field=models.PositiveIntegerField(default=0),
        ),
    ]
