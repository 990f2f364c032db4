"""The event record (``docs/event-record.md``, version 1): read and check it, and write it.

An event record holds only facts: who entered, how rounds are paired, and every table's game
as a game record (``docs/game-record.md``). :func:`parse_event` turns the JSON document into
frozen values (:mod:`.event`), scoring each table's game with the engine's own scoring
(:func:`~..record.score_game`), so a table's result (the game over and who won, each side's
final total) is the game's own. Every error names where it is: "In round 2, table 3: ..."
(counting from 1), a game's own error after the place ("In round 2, table 3: Hand 4: ...").

The parts: :mod:`.top_level` reads the fields of the top level, :mod:`.rounds` a round and its
tables, :mod:`.elimination` checks an elimination's rounds against its bracket. Every name other
code imports stays importable from here (see ``__all__``).

What the next round is, and whether the event is over, is asked of the pairing
(:mod:`.next_round`), which refuses a round played after the event was over.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..errors import RuleError
from ..mu.rules import MuRules, mu_rules, mu_rules_record
from ..names import clean_name
from ..record import game_record
from ..spades.rules import spades_rules, spades_rules_record
from ..text import gettext_noop
from .elimination import bracket, elimination_results, verify_elimination
from .event import FORMAT, RANK_BY, AnyRules, Entrant, Event, EventError, Round, Table, TableResult, event_error
from .rounds import read_round, table_players
from .top_level import (
    read_entrants,
    read_game,
    read_played,
    read_rounds,
    read_style,
    read_table_size,
    read_withdrawn,
)

__all__ = [
    "Entrant",
    "Event",
    "EventError",
    "Round",
    "Table",
    "TableResult",
    "bracket",
    "elimination_results",
    "event_record",
    "parse_event",
    "table_players",
]


def parse_event(
    data: Any, *, settled: bool = True, results: Mapping[tuple[int, int], TableResult] | None = None
) -> Event:
    """Read and check an event record; score every table's game.

    ``settled=False`` reads every round and table as strictly, but leaves out the checks of the
    rounds as a whole (every round but the last complete; an elimination's bracket): for an event
    whose table corrected a finished game after the next round began, to show where it stands
    while the table plays the game out again.

    ``results``: by (round, table), 0-based, the result of a table the record gives without its
    game because the caller knows the game is over and its result (the web app's stored figures of
    a finished game, :func:`~.rounds.game_result`): then it is not read and scored again.

    Raises:
        EventError: the record breaks the format (event-record.md); a table's game record is invalid
            or breaks a rule (the game's own message after the round and table).
        RecordError: bad ``rules`` (the game record's message).
    """
    game = read_game(data)
    rules: AnyRules = mu_rules(data.get("rules", {})) if game == "mu" else spades_rules(data.get("rules", {}))
    style, pairing = read_style(data, game, rules)
    rounds = read_rounds(data, pairing)
    table_size = read_table_size(data, game, style)
    rank_by = data.get("rank_by", "points" if game == "mu" else "wins")
    if rank_by not in RANK_BY:
        raise event_error(gettext_noop('\'rank_by\' must be "wins" or "points".'), field="rank_by")
    name = data.get("name", "")
    if not isinstance(name, str):
        raise event_error(gettext_noop("'name' must be text: the event's name."), field="name")
    entrants = read_entrants(data.get("entrants"), style, rules)
    withdrawn = read_withdrawn(data.get("withdrawn", []), len(entrants))
    raw_rounds = read_played(data, rounds)
    try:
        name = clean_name(name, field="name")
    except RuleError as error:
        raise EventError.placed(error, round=None) from None
    event = Event(
        name=name,
        game=game,
        rules=rules,
        style=style,
        pairing=pairing,
        rounds=rounds,
        table_size=table_size,
        rank_by=rank_by,
        entrants=entrants,
        withdrawn=withdrawn,
        played=(),
    )
    played = tuple(read_round(event, number, raw, results) for number, raw in enumerate(raw_rounds))
    if settled:
        _verify_rounds(event, played)
    return replace(event, played=played)


def _verify_rounds(event: Event, played: tuple[Round, ...]) -> None:
    """Every round before the last is complete; in an elimination, nobody knocked out plays on, and
    every round is the bracket's (:func:`~.elimination.verify_elimination`)."""
    for number, round_ in enumerate(played[:-1]):
        for table, seated in enumerate(round_.tables):
            if seated.result is None:
                raise event_error(
                    gettext_noop("The game is not over (and no one forfeits), yet round %(next)d follows."),
                    round=number,
                    table=table,
                    next=number + 2,
                )
    if event.elimination:
        verify_elimination(event, played)


def rules_record(rules: AnyRules) -> dict[str, Any]:
    """The record's ``rules`` object for ``rules``: the preset plus the keys changed from it."""
    return mu_rules_record(rules) if isinstance(rules, MuRules) else spades_rules_record(rules)


def event_record(event: Event) -> dict[str, Any]:
    """The event record of ``event`` (inverse of :func:`parse_event`; optional fields only when they
    differ from what their absence means)."""
    record: dict[str, Any] = {"format": FORMAT}
    if event.name:
        record["name"] = event.name
    record.update(game=event.game, rules=rules_record(event.rules), style=event.style, pairing=event.pairing)
    if event.rounds is not None:
        record["rounds"] = event.rounds
    if event.table_size is not None:
        record["table_size"] = event.table_size
    record["rank_by"] = event.rank_by
    record["entrants"] = [
        {"name": entrant.name, "players": list(entrant.players)} if event.style == "teams" else {"name": entrant.name}
        for entrant in event.entrants
    ]
    record["withdrawn"] = list(event.withdrawn)
    record["played"] = [_round_record(round_) for round_ in event.played]
    return record


def _round_record(round_: Round) -> dict[str, Any]:
    """A round's record: its tables (entrants, and game and forfeit when it has them) and its byes."""
    tables = []
    for table in round_.tables:
        written: dict[str, Any] = {"entrants": list(table.entrants)}
        if table.game is not None:
            written["game"] = game_record(table.game)
        if table.forfeit is not None:
            written["forfeit"] = table.forfeit
        if table.points is not None:
            written["result"] = {"points": list(table.points)}
        tables.append(written)
    return {"tables": tables, "bye": list(round_.bye)}
