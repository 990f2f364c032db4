"""House-rule sets belong to their owner (issue 11); the cache table the throttles count in;
the change history keeps phone names only (account names are never shown on a game's pages);
names stored before are normalised as new ones are (scorekeeper.engine.names)."""

import django.db.models.deletion
from django.conf import settings
from django.core.management import call_command
from django.db import migrations, models
from django.db.models.functions import Substr

from scorekeeper.engine.names import clean_name


def create_cache_table(apps, schema_editor):
    """The database cache's table (settings.CACHES), so `migrate` alone sets a server up."""
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


def strip_account_names(apps, schema_editor):
    """Changes kept "<username> · <phone>": keep the phone's name only."""
    User = apps.get_model(settings.AUTH_USER_MODEL)
    Change = apps.get_model("games", "Change")
    for username in User.objects.values_list("username", flat=True).iterator():
        prefix = f"{username} · "
        Change.objects.filter(device__startswith=prefix).update(device=Substr("device", len(prefix) + 1))


def normalise_names(apps, schema_editor):
    """Players' names and the names at each game's table, as ``clean_name`` stores new ones."""
    Game = apps.get_model("games", "Game")
    Player = apps.get_model("games", "Player")
    for game in Game.objects.only("pk", "players").iterator():
        names = [clean_name(name, strict=False) or name for name in game.players]
        if names != game.players:
            Game.objects.filter(pk=game.pk).update(players=names)
    for player in Player.objects.only("pk", "name").iterator():
        name = clean_name(player.name, strict=False) or player.name
        if name != player.name:
            Player.objects.filter(pk=player.pk).update(name=name)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0008_players_and_seats'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterModelOptions(
            name='houserules',
            options={'ordering': ['name', 'pk'], 'verbose_name_plural': 'house rules'},
        ),
        migrations.AddField(
            model_name='houserules',
            name='owner',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='house_rules', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AlterField(
            model_name='houserules',
            name='name',
            field=models.CharField(max_length=60),
        ),
        migrations.AddConstraint(
            model_name='houserules',
            constraint=models.UniqueConstraint(condition=models.Q(('owner__isnull', False)), fields=('owner', 'name'), name='house_rules_name_per_account'),
        ),
        migrations.RunPython(create_cache_table, migrations.RunPython.noop),
        migrations.RunPython(strip_account_names, migrations.RunPython.noop),
        migrations.RunPython(normalise_names, migrations.RunPython.noop),
    ]
