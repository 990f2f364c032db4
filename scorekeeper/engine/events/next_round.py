"""Where an event stands, and what ``manage.py event`` prints (``docs/event-record.md``, "The next
round" and "What python manage.py event FILE prints").

The next round is computed only when the last round is complete (or none is played), for the
entrants not withdrawn, by the pairing the record names (:mod:`.pairing`): round robin ends when
every pair of active teams has met, Swiss and rotation after ``rounds`` rounds, an elimination
when its bracket has a champion. ``champion``: the elimination's, or once any other event is over
the entrant ranked 1 alone.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..text import Text, gettext_noop
from .elimination import bracket, elimination_results
from .event import DEFAULT_TABLE_SIZE, PLANNED, Event, EventError, Round
from .pairing import Pairing, rotation, round_robin, swiss
from .record import parse_event
from .standings import Standing, ranking_key, standings, tallies


@dataclass(frozen=True, slots=True)
class Progress:
    """Where an event stands.

    Attributes:
        round: the rounds in ``played``.
        complete: whether the last of them is complete (``True`` while none is played).
        next_round: the next round's tables and byes, or ``None`` while the last round is not
            complete or when the event is over.
        over: the event is over (its format says no round follows).
        champion: the entrant that won an elimination event, or for the other formats the entrant
            ranked 1 alone once the event is over; ``None`` otherwise.
        standings: every entrant, in rank order.
    """

    round: int
    complete: bool
    next_round: Pairing | None
    over: bool
    champion: int | None
    standings: tuple[Standing, ...]


def progress(event: Event) -> Progress:
    """Where ``event`` stands: its standings, the next round (asked of the pairing) and its champion.

    Raises:
        EventError: the pairing cannot pair the event (a table size it has no rotation for).
    """
    lines = standings(event)
    complete = all(round_.complete for round_ in event.played[-1:])
    asked = _pairing(event) if complete else None
    over = complete and not isinstance(asked, Pairing)
    if isinstance(asked, int):
        champion: int | None = asked
    elif over:
        first = [line.entrant for line in lines if line.rank == 1]
        champion = first[0] if len(first) == 1 else None
    else:
        champion = None
    next_round = asked if isinstance(asked, Pairing) else None
    return Progress(len(event.played), complete, next_round, over, champion, lines)


def _pairing(event: Event) -> Pairing | int | None:
    """What the event's pairing asks after its (complete) rounds: the next round, the elimination's
    champion, or ``None`` (the event is over). A round without a table is none (too few active
    entrants to pair: the event is over), but in an elimination, whose byes are walkovers."""
    try:
        asked = _asked(event)
    except ValueError as error:  # the pairing cannot pair these tables (a Spades table of 6: no rotation)
        raise EventError(
            Text(gettext_noop("The next round cannot be paired: %(reason)s."), {"reason": str(error)}),
            field="pairing",
        ) from None
    if isinstance(asked, Pairing) and not asked.tables and not (event.elimination and asked.bye):
        return None
    return asked


def _asked(event: Event) -> Pairing | int | None:
    played = event.played
    if event.pairing in PLANNED and len(played) >= (event.rounds or 0):
        return None
    active = event.active
    tally = tallies(event)
    if event.pairing == "round_robin":
        return round_robin(active, _met(played), {entrant: tally[entrant].byes for entrant in active})
    if event.pairing == "swiss":
        keys = {entrant: ranking_key(event, tally[entrant]) for entrant in active}
        ranked = sorted(active, key=lambda entrant: tuple(-value for value in keys[entrant]))  # stable: seed order
        return swiss(
            ranked,
            {entrant: tally[entrant].wins for entrant in active},
            _met(played),
            [entrant for entrant in active if tally[entrant].byes],
            first=not played,
        )
    if event.pairing == "rotation":
        return rotation(
            active,
            [[table.entrants for table in round_.tables] for round_ in played],
            {entrant: tally[entrant].byes for entrant in active},
            kind=event.game,
            seats=event.seats if event.game == "spades" else DEFAULT_TABLE_SIZE,
            table_size=event.table_size or DEFAULT_TABLE_SIZE,
        )
    asked = bracket(event)(len(event.entrants), elimination_results(played), [round_.bye for round_ in played])
    return asked if isinstance(asked, int) else _without_withdrawn(asked, set(event.withdrawn))


def _met(played: Sequence[Round]) -> set[frozenset[int]]:
    """The pairs of teams that have met: at a table whose result counts (a forfeit too)."""
    return {frozenset(table.entrants) for round_ in played for table in round_.tables if table.result is not None}


def _without_withdrawn(pairing: Pairing, withdrawn: set[int]) -> Pairing:
    """An elimination's next round without the withdrawn teams: the bracket pairs a team that has
    withdrawn as any other, and its opponent goes through by a bye (a walkover: the pairing reads a
    bye of a team whose match was not played so). Two withdrawn teams that meet: the match waits."""
    tables = tuple(table for table in pairing.tables if not withdrawn & set(table))
    walkovers = [entrant for table in pairing.tables if withdrawn & set(table) for entrant in table]
    bye = sorted({entrant for entrant in (*pairing.bye, *walkovers) if entrant not in withdrawn})
    return Pairing(tables, tuple(bye))


def output(event: Event) -> dict[str, Any]:
    """The document ``manage.py event`` prints for ``event`` (event-record.md)."""
    state = progress(event)
    return {
        "standings": [line.output() for line in state.standings],
        "round": state.round,
        "complete": state.complete,
        "next_round": None if state.next_round is None else pairing_output(state.next_round),
        "champion": state.champion,
    }


def pairing_output(pairing: Pairing) -> dict[str, Any]:
    """A round's pairing as the record writes a round to play: its tables' entrants and the byes."""
    return {"tables": [{"entrants": list(table)} for table in pairing.tables], "bye": list(pairing.bye)}


def score_event(data: Any) -> dict[str, Any]:
    """Read an event record and return what ``manage.py event`` prints, as JSON values.

    Raises:
        RuleError: the record is invalid (:func:`~.record.parse_event`; the message names the round and table).
    """
    return output(parse_event(data))


def score_event_json(data: Any) -> str:
    """:func:`score_event` as JSON text, laid out as event-record.md shows it: a field per line, an
    entrant's standing per line.

    Raises:
        RuleError: as :func:`score_event`.
    """
    document = score_event(data)
    encode = json.JSONEncoder(ensure_ascii=False).encode
    lines = [encode(line) for line in document["standings"]]
    fields = ['  "standings": [\n    ' + ",\n    ".join(lines) + "\n  ]" if lines else '  "standings": []']
    fields += [
        f"  {encode(name)}: {encode(document[name])}" for name in ("round", "complete", "next_round", "champion")
    ]
    return "{\n" + ",\n".join(fields) + "\n}"


__all__ = ["Progress", "output", "pairing_output", "progress", "score_event", "score_event_json"]
