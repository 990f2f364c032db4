"""Importing an event record (``docs/event-record.md``) as a new event: checked as it will be
stored (the preview shows what the check says), then stored with its tables' games as games.

Keyword-only, one transaction, as :mod:`.services`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.events.event import EventError
from scorekeeper.engine.events.record import parse_event
from scorekeeper.engine.events.rounds import table_players
from scorekeeper.games.models import Player
from scorekeeper.games.records import record_verified
from scorekeeper.games.services import game_create, game_import

from .models import Event, EventRound, EventTable
from .services import event_stored, names_verified


def event_import_verified(record: Any) -> Any:
    """The engine's reading of an event record to import, checked as the import will store it: the
    record (``parse_event``), the names' lengths, and each table's game as a game import checks it
    (at most 300 hands, names).

    Raises:
        EventError, RecordError: the record is invalid, or a table's game could not be stored.
    """
    engine = parse_event(record)
    names_verified(engine)
    for number, raw in enumerate(record.get("played", [])):
        for at, table in enumerate(raw["tables"]):
            if table.get("game") is not None:
                try:
                    record_verified(table["game"])
                except RuleError as error:
                    raise EventError.placed(error, round=number, table=at) from None
    return engine


@transaction.atomic
def event_import(*, record: Any, owner: Any = None, group: Iterable[Player] = ()) -> Event:
    """Store an event record (``docs/event-record.md``) as a new event: its tables' games imported as
    games (a table without a game gets a new one, to play).

    Raises:
        EventError, RecordError: the record is invalid.
    """
    engine = event_import_verified(record)
    event = event_stored(engine, owner=owner, name=gettext("Event"))
    for number, (raw, round_) in enumerate(zip(record.get("played", []), engine.played, strict=True)):
        EventRound.objects.create(event=event, round=number, bye=list(round_.bye))
        tables = []
        for at, (raw_table, table) in enumerate(zip(raw["tables"], round_.tables, strict=True)):
            if raw_table.get("game") is not None:
                game = game_import(record=raw_table["game"], owner=owner, group=group)
            else:
                game = game_create(
                    players=table_players(engine, table.entrants), dealer=0, rules=event.rules,
                    kind=event.kind, owner=owner, group=group,
                )  # fmt: skip
            tables.append(
                EventTable(
                    event=event, round=number, number=at, entrants=list(table.entrants), game=game,
                    forfeit=table.forfeit, points=None if table.points is None else list(table.points),
                )
            )  # fmt: skip
        EventTable.objects.bulk_create(tables)
    return event
