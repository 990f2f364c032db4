"""One row model for every kind (issue 26): a game's Spades hands and Mü deals move into one table,
``Row``, each row its record exactly as the game record writes it (``docs/game-record.md``).

A Spades hand's three columns (``bids``, ``tricks``, ``declarations``: the record's other hand fields,
a recorded play among them) become its record as ``Hand.record()`` wrote it: the fields that are set.
A Mü deal's record moves as it is. The change history needs nothing: it already kept each row's record.
``hands_played`` becomes ``rows_played`` (hands or deals), ``MAX_HANDS`` the code's ``MAX_ROWS``.
Backwards, every row goes to the table of its game's kind again.
"""

from django.db import migrations, models
import django.db.models.deletion

#: Rows read and written at a time.
BATCH = 2000


def spades_record(bids, tricks, declarations):
    """A stored hand's record, as ``Hand.record()`` wrote it (the change history's before and after)."""
    record = {"bids": bids, "tricks": tricks, **declarations}
    return {name: value for name, value in record.items() if value is not None}


def rows_forward(apps, schema_editor):
    """Every hand and deal as a ``Row`` of its game, ``BATCH`` at a time."""
    alias = schema_editor.connection.alias
    Row = apps.get_model("games", "Row")
    hands = apps.get_model("games", "Hand").objects.using(alias).order_by("pk")
    deals = apps.get_model("games", "Deal").objects.using(alias).order_by("pk")
    rows = (
        Row(game_id=game, number=number, record=spades_record(bids, tricks, declarations))
        for game, number, bids, tricks, declarations in hands.values_list(
            "game_id", "number", "bids", "tricks", "declarations"
        ).iterator(chunk_size=BATCH)
    )
    _create(Row, alias, rows)
    rows = (
        Row(game_id=game, number=number, record=record)
        for game, number, record in deals.values_list("game_id", "number", "record").iterator(chunk_size=BATCH)
    )
    _create(Row, alias, rows)


def rows_backward(apps, schema_editor):
    """Every row to the table of its game's kind: a Spades hand's record split into its columns."""
    alias = schema_editor.connection.alias
    Hand, Deal = apps.get_model("games", "Hand"), apps.get_model("games", "Deal")
    rows = apps.get_model("games", "Row").objects.using(alias).order_by("pk")
    mu = rows.filter(game__kind="mu").values_list("game_id", "number", "record").iterator(chunk_size=BATCH)
    _create(Deal, alias, (Deal(game_id=game, number=number, record=record) for game, number, record in mu))
    spades = rows.exclude(game__kind="mu").values_list("game_id", "number", "record").iterator(chunk_size=BATCH)
    hands = (
        Hand(
            game_id=game,
            number=number,
            bids=record.get("bids"),
            tricks=record.get("tricks"),
            declarations={name: value for name, value in record.items() if name not in ("bids", "tricks")},
        )
        for game, number, record in spades
    )
    _create(Hand, alias, hands)


def _create(model, alias, objects):
    batch = []
    for item in objects:
        batch.append(item)
        if len(batch) == BATCH:
            model.objects.using(alias).bulk_create(batch)
            batch = []
    model.objects.using(alias).bulk_create(batch)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0013_ruling_facts"),
    ]

    operations = [
        migrations.CreateModel(
            name="Row",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("number", models.PositiveIntegerField()),
                ("record", models.JSONField()),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="rows", to="games.game"
                    ),
                ),
            ],
            options={
                "ordering": ["number"],
                "constraints": [models.UniqueConstraint(fields=("game", "number"), name="one_row_per_number")],
            },
        ),
        migrations.RunPython(rows_forward, rows_backward, elidable=False),
        migrations.DeleteModel(name="Hand"),
        migrations.DeleteModel(name="Deal"),
        migrations.RenameField(model_name="game", old_name="hands_played", new_name="rows_played"),
    ]
