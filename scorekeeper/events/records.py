"""An event as its record (``docs/event-record.md``), read from the database in a fixed number of
queries, and where it stands: the engine reads the record and scores every table's game
(``scorekeeper.engine.events``), so the standings are always the games' own results.

Reads only; writes are :mod:`.services`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.engine.events.event import FORMAT, EventError, TableResult
from scorekeeper.engine.events.event import Event as EngineEvent
from scorekeeper.engine.events.next_round import Progress, progress
from scorekeeper.engine.events.record import parse_event
from scorekeeper.engine.events.rounds import game_result
from scorekeeper.engine.events.standings import standings
from scorekeeper.engine.record import FORMAT as GAME_FORMAT
from scorekeeper.games.kinds import kind_of
from scorekeeper.games.models import Game, Row, Seat

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


#: A seat's stored figures of a finished game: (seat, side, final total of its side, won).
Figures = tuple[int, int, int, bool]


@dataclass(frozen=True)
class Loaded:
    """An event's rows as stored: its rounds and tables (each with its game), and each game's rows.

    Attributes:
        rounds: the event's rounds in order.
        tables: per round (0-based), its tables in order.
        rows: per game id, its rows' records (``Row.record``) in order: every game's (``whole``), or
            only the last round's.
        figures: per game id, its seats' stored figures, for the finished games of the earlier rounds
            when not ``whole`` (their results, without reading their hands again).
    """

    event: Event
    rounds: list[EventRound]
    tables: list[list[EventTable]]
    rows: dict[Any, list[dict[str, Any]]] = field(default_factory=dict)
    figures: dict[Any, list[Figures]] = field(default_factory=dict)


def event_loaded(event: Event, *, whole: bool = True) -> Loaded:
    """``event``'s rounds, tables, games and rows: four queries, whatever the event's size.

    ``whole``: every game's rows (the record in full: the export, and every write's check). Else
    only the last round's, and the seats of the earlier rounds' finished games: a page shows the
    last round's games as they stand, and needs of the others only their results, which the
    engine's scoring stored with each game (``Seat``), so a 32-table event's 3,000 hands are not
    read and scored again on every page (``make bench``, part ``events``).
    """
    rounds = list(event.played.all())
    tables: list[list[EventTable]] = [[] for _ in rounds]
    for table in EventTable.objects.filter(event=event, round__lt=len(rounds)).select_related("game"):
        tables[table.round].append(table)  # a round started since its rounds were read: not yet
    # The records alone, not Row instances: a 32-table event's 3,000 rows are read for its record.
    stored = Row.objects.filter(game__event_table__event=event)
    earlier = Seat.objects.filter(game__event_table__event=event, game__finished=True)
    if not whole:
        stored = stored.filter(game__event_table__round=len(rounds) - 1)
        earlier = earlier.exclude(game__event_table__round=len(rounds) - 1)
    rows: dict[Any, list[dict[str, Any]]] = {}
    for game_id, record in stored.order_by("game_id", "number").values_list("game_id", "record"):
        rows.setdefault(game_id, []).append(record)
    figures: dict[Any, list[Figures]] = {}
    if not whole:
        for game_id, *seat in earlier.order_by("game_id", "seat").values_list(
            "game_id", "seat", "side", "total", "won"
        ):
            figures.setdefault(game_id, []).append(tuple(seat))  # type: ignore[arg-type]
    return Loaded(event, rounds, tables, rows, figures)


def stored_results(loaded: Loaded) -> dict[tuple[int, int], TableResult]:
    """The results of the earlier rounds' finished games, from their seats' stored figures
    (``engine.events.rounds.game_result``), by (round, table): what ``parse_event`` takes for
    the tables whose game the record leaves out."""
    results = {}
    for round_tables in loaded.tables:
        for table in round_tables:
            seats = loaded.figures.get(table.game_id)
            if not seats or table.forfeit is not None or table.points is not None:
                continue
            side_of = {seat: side for seat, side, _total, _won in seats}
            totals = {side: total for _seat, side, total, _won in seats}
            winner = next((side for _seat, side, _total, won in seats if won), None)
            entrants = tuple(table.entrants)
            sides = tuple(side_of[seat] for seat in range(len(entrants)))  # teams: seats 0 and 1, one of each
            results[(table.round, table.number)] = game_result(entrants, sides, totals, winner)
    return results


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
    (``event``) and what the engine says of it (``progress``: standings, next round, champion).

    ``unpaired``: why the next round cannot be paired (the engine's error), or ``None``.
    ``unsettled``: why the rounds do not stand as a whole, or ``None``: a table corrected its
    finished game (an undo) after the next round began, so an earlier round is not complete. The
    standings then count the results that stand, and no round is paired until the game is over again.
    """

    loaded: Loaded
    event: EngineEvent
    progress: Progress
    unpaired: EventError | None = None
    unsettled: EventError | None = None


def event_state(event: Event) -> State:
    """Where ``event`` stands, from its record as stored (four queries, and the engine's reading: the
    last round's games scored, the earlier rounds' finished games by their stored results).
    When the pairing cannot pair the next round, ``unpaired`` says why (and ``next_round`` is ``None``);
    when an earlier round is no longer complete, ``unsettled`` says where.

    Raises:
        EventError: a table's game no longer reads as a valid game record (never for games written
            through the app).
    """
    loaded = event_loaded(event, whole=False)
    record = event_record(loaded)
    results = stored_results(loaded)
    try:
        engine = parse_event(record, results=results)
    except EventError as error:
        engine = parse_event(record, settled=False, results=results)
        return State(loaded, engine, _standing_only(engine), unsettled=error)
    try:
        return State(loaded, engine, progress(engine))
    except EventError as error:  # a rotation the pairing has none for: the standings still show
        return State(loaded, engine, _standing_only(engine), unpaired=error)


def _standing_only(engine: EngineEvent) -> Progress:
    """Where ``engine`` stands with no next round asked of its pairing: the standings alone (none
    when an elimination's bracket cannot be followed: a table's corrected game knocked out a team
    that plays on)."""
    complete = all(round_.complete for round_ in engine.played)
    try:
        lines = standings(engine)
    except ValueError:
        lines = ()
    return Progress(len(engine.played), complete, None, False, None, lines)
