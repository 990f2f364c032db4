"""An event as its record (``docs/event-record.md``), read from the database in a fixed number of
queries, and where it stands: the engine reads the record and scores every table's game
(``scorekeeper.engine.events``), so the standings are always the games' own results.

Reads only; writes are :mod:`.services`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.engine.events.event import FORMAT, EventError
from scorekeeper.engine.events.event import Event as EngineEvent
from scorekeeper.engine.events.next_round import Progress, progress
from scorekeeper.engine.events.record import parse_event
from scorekeeper.engine.events.standings import standings
from scorekeeper.engine.record import FORMAT as GAME_FORMAT
from scorekeeper.games.kinds import kind_of
from scorekeeper.games.models import Game, Row

from .models import Event, EventRound, EventTable


def event_top(event: Event) -> dict[str, Any]:
    """The record's top level of ``event`` with no round played (``played: []``)."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "name": event.name,
        "game": event.kind,
        "rules": event.rules,
        "style": event.style,
        "pairing": event.pairing,
    }
    for name in ("rounds", "table_size"):
        if getattr(event, name) is not None:
            record[name] = getattr(event, name)
    record.update(rank_by=event.rank_by, entrants=event.entrants, withdrawn=event.withdrawn, played=[])
    return record


def game_of(game: Game, rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The game record of a table's ``game`` from its stored rows' records (``Row.record``, in order):
    its complete rows (a hand in play, bids without tricks, is not yet part of the record)."""
    complete = kind_of(game.kind).complete
    return {
        "format": GAME_FORMAT,
        "game": game.kind,
        "players": game.players,
        "dealer": game.dealer,
        "rules": game.rules,
        "hands": [record for record in rows if complete(record)],
    }


@dataclass(frozen=True)
class Loaded:
    """An event's rows as stored: its rounds and tables (each with its game), and each game's rows.

    Attributes:
        rounds: the event's rounds in order.
        tables: per round (0-based), its tables in order.
        rows: per game id, its rows' records (``Row.record``) in order.
    """

    event: Event
    rounds: list[EventRound]
    tables: list[list[EventTable]]
    rows: dict[Any, list[dict[str, Any]]] = field(default_factory=dict)


def event_loaded(event: Event) -> Loaded:
    """``event``'s rounds, tables, games and rows: three queries, whatever the event's size."""
    rounds = list(event.played.all())
    tables: list[list[EventTable]] = [[] for _ in rounds]
    for table in EventTable.objects.filter(event=event).select_related("game"):
        tables[table.round].append(table)
    rows: dict[Any, list[dict[str, Any]]] = {}
    games = [table.game_id for round_tables in tables for table in round_tables if table.game_id is not None]
    # The records alone, not Row instances: a 32-table event's 3,000 rows are read on every page.
    stored = Row.objects.filter(game_id__in=games).order_by("game_id", "number").values_list("game_id", "record")
    for game_id, record in stored:
        rows.setdefault(game_id, []).append(record)
    return Loaded(event, rounds, tables, rows)


def event_record(loaded: Loaded) -> dict[str, Any]:
    """The whole event record of ``loaded`` (what the export downloads and the engine reads)."""
    record = event_top(loaded.event)
    record["played"] = [
        {"tables": [_table_record(table, loaded.rows) for table in tables], "bye": round_.bye}
        for round_, tables in zip(loaded.rounds, loaded.tables, strict=True)
    ]
    return record


def _table_record(table: EventTable, rows: dict[Any, list[dict[str, Any]]]) -> dict[str, Any]:
    written: dict[str, Any] = {"entrants": table.entrants}
    game_rows = rows.get(table.game_id, [])
    game = game_of(table.game, game_rows) if table.game is not None and game_rows else None
    if game is not None and game["hands"]:  # absent while no hand is complete (a hand bid is not in it)
        written["game"] = game
    if table.forfeit is not None:
        written["forfeit"] = table.forfeit
    if table.points is not None:
        written["result"] = {"points": table.points}
    return written


@dataclass(frozen=True)
class State:
    """Where an event stands: its rows as stored (``loaded``), the engine's reading of its record
    (``event``) and what the engine says of it (``progress``: standings, next round, champion)."""

    loaded: Loaded
    event: EngineEvent
    progress: Progress
    #: Why the next round cannot be paired (the engine's error), or ``None``.
    unpaired: EventError | None = None


def event_state(event: Event) -> State:
    """Where ``event`` stands, from its record as stored (three queries, and the engine's scoring).
    When the pairing cannot pair the next round, ``unpaired`` says why (and ``next_round`` is ``None``).

    Raises:
        EventError: the stored event no longer reads as a valid record (never for events written
            through :mod:`.services`).
    """
    loaded = event_loaded(event)
    engine = parse_event(event_record(loaded))
    try:
        return State(loaded, engine, progress(engine))
    except EventError as error:  # a rotation the pairing has none for: the standings still show
        complete = all(round_.complete for round_ in engine.played[-1:])
        return State(
            loaded, engine, Progress(len(engine.played), complete, None, False, None, standings(engine)), error
        )
