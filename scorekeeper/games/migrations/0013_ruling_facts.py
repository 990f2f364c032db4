"""Ruling.facts (issue 26): a ruling kept as data (cards, winner, reasons; ``games.rulings``), said in
each reader's language. Rulings kept before get ``{}`` and keep their question and answer as shown."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0012_game_record_digest"),
    ]

    operations = [
        migrations.AddField(
            model_name="ruling",
            name="facts",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
