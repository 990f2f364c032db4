"""A round of an event record (``docs/event-record.md``, "A round"): its byes and its tables, each
table's game checked against the event and scored with the engine's own scoring
(:func:`~..record.score_game`), and the table's result once it counts.

Every error names its round, and its table when it has one: "In round 2, table 3: ...", a game's
own error after the place ("In round 2, table 3: Hand 4: ...").
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..errors import RuleError
from ..mu.game import MuGame
from ..record import AnyGame, parse_record, score_game
from ..rules import key_specs
from ..sheet import Sheet
from ..spades.rules import SpadesRules
from ..text import gettext_noop
from .event import MU_SEATS, ROUND_FIELDS, TABLE_FIELDS, Event, EventError, Round, Table, TableResult, event_error
from .top_level import indexes

#: The most points an organiser's result may give (a game to 500 ends far below it).
MOST_POINTS = 100_000


def read_round(
    event: Event, round: int, raw: Any, results: Mapping[tuple[int, int], TableResult] | None = None
) -> Round:
    """One round of ``played`` (0-based ``round``): its tables read, their games scored. ``results``:
    by (round, table), the result of a table written without its game whose game is known to be over
    (see :func:`~.record.parse_event`)."""
    if not isinstance(raw, Mapping) or not isinstance(raw.get("tables"), list):
        raise event_error(
            gettext_noop("A round must be an object with 'tables', a list, and 'bye', a list."),
            round=round,
            field="played",
        )
    unknown = sorted(set(raw) - set(ROUND_FIELDS))
    if unknown:
        raise event_error(
            gettext_noop("Unknown field '%(unknown)s' in a round."), round=round, field=unknown[0], unknown=unknown[0]
        )
    bye = _byes(event, round, raw)
    seen: dict[int, int | None] = dict.fromkeys(bye)  # entrant -> the table it sits at (None: a bye)
    tables = []
    for number, table in enumerate(raw["tables"]):
        read = _table(event, round, number, table, (results or {}).get((round, number)))
        _seat(event, round, number, read.entrants, seen)
        tables.append(read)
    return Round(tuple(tables), bye)


def _byes(event: Event, round: int, raw: Mapping[str, Any]) -> tuple[int, ...]:
    """The round's ``bye``: entrant indexes, each once; and the round has a table or a bye. A
    withdrawn entrant's byes stand, as its results do: the record keeps no date of a withdrawal."""
    count = len(event.entrants)
    bye = raw.get("bye", [])
    if not indexes(bye, count):
        raise event_error(
            gettext_noop("'bye' must list entrant indexes from 0 to %(last)d."),
            round=round,
            field="bye",
            last=count - 1,
        )
    if not raw["tables"] and not bye:
        raise event_error(gettext_noop("A round has at least one table or a bye."), round=round, field="tables")
    given: set[int] = set()
    for entrant in bye:
        if entrant in given:
            raise event_error(
                gettext_noop("%(name)s has two byes in this round."),
                round=round,
                field="bye",
                name=event.entrants[entrant].name,
            )
        given.add(entrant)
    return tuple(bye)


def _seat(event: Event, round: int, number: int, entrants: tuple[int, ...], seen: dict[int, int | None]) -> None:
    """Seat table ``number``'s ``entrants`` in ``seen`` (entrant -> its table, ``None`` for a bye): none of
    them has a bye or sits at another table of the round."""
    for entrant in entrants:
        if entrant in seen:
            other = seen[entrant]
            at: dict[str, Any] = {"round": round, "table": number, "field": "entrants"}
            name = event.entrants[entrant].name
            if other is None:
                raise event_error(
                    gettext_noop("%(name)s has a bye in this round, yet sits at this table."), name=name, **at
                )
            raise event_error(
                gettext_noop("%(name)s sits at table %(other)d of this round already."),
                name=name,
                other=other + 1,
                **at,
            )
        seen[entrant] = number


def _table(event: Event, round: int, number: int, raw: Any, known: TableResult | None = None) -> Table:
    """One table of a round: its entrants, forfeit and game, checked and scored (``known``: the
    result of its game, over, when the record leaves the game out)."""
    where: dict[str, Any] = {"round": round, "table": number}
    if not isinstance(raw, Mapping) or "entrants" not in raw:
        raise event_error(gettext_noop("A table must be an object with 'entrants'."), field="tables", **where)
    unknown = sorted(set(raw) - set(TABLE_FIELDS))
    if unknown:
        raise event_error(
            gettext_noop("Unknown field '%(unknown)s' in a table."), field=unknown[0], unknown=unknown[0], **where
        )
    seated = _seated(event, raw["entrants"], where)
    forfeit = raw.get("forfeit")
    if forfeit is not None and (type(forfeit) is not int or forfeit not in seated):
        raise event_error(
            gettext_noop("'forfeit' must be the entrant index of one of this table's entrants (%(entrants)s)."),
            field="forfeit",
            entrants=", ".join(map(str, seated)),
            **where,
        )
    points = _points(event, seated, forfeit, raw.get("result"), where)
    if raw.get("game") is None:
        result = known if forfeit is None else forfeit_result(seated, forfeit)
        table = Table(seated, forfeit=forfeit, result=result)
    else:
        table = _scored(event, seated, forfeit, raw["game"], where)
    if points is None:
        return table
    return replace(table, points=points, result=organiser_result(event, seated, points))


def _points(
    event: Event, seated: tuple[int, ...], forfeit: int | None, raw: Any, where: dict[str, Any]
) -> tuple[int, ...] | None:
    """A table's optional ``result`` (the organiser's: ``{"points": [...]}``, a whole number per entrant
    in the table's order), checked: not beside a forfeit, and partners given the same points."""
    if raw is None:
        return None
    points = raw.get("points") if isinstance(raw, Mapping) and set(raw) == {"points"} else None
    if (
        not isinstance(points, list)
        or len(points) != len(seated)
        or not all(type(value) is int and abs(value) <= MOST_POINTS for value in points)
    ):
        raise event_error(
            gettext_noop(
                "'result' must be {\"points\": [...]}, a whole number for each of the table's %(count)d entrants."
            ),
            field="result",
            count=len(seated),
            **where,
        )
    if forfeit is not None:
        raise event_error(gettext_noop("A table has a forfeit or a result, not both."), field="result", **where)
    sides = _sides(event, len(seated))
    for seat, side in enumerate(sides):
        if points[seat] != points[sides.index(side)]:
            raise event_error(
                gettext_noop("Partners score together: give %(name)s the same points as their partner."),
                field="result",
                name=event.entrants[seated[seat]].name,
                **where,
            )
    return tuple(points)


def _sides(event: Event, seats: int) -> tuple[int, ...]:
    """The side of each seat at a table: teams 0 and 1; Mü every seat its own; individual Spades as
    the game seats them (partners opposite)."""
    if event.style == "teams":
        return (0, 1)
    if isinstance(event.rules, SpadesRules) and event.rules.partnerships:
        return tuple(seat % (seats // 2) for seat in range(seats))
    return tuple(range(seats))


def organiser_result(event: Event, seated: tuple[int, ...], points: tuple[int, ...]) -> TableResult:
    """The organiser's result: the side with the most points wins (none on a tie at the top); each
    entrant its side's points, against it the best other side's."""
    sides = _sides(event, len(seated))
    by_side = {side: points[seat] for seat, side in enumerate(sides)}
    best = max(by_side.values())
    leaders = [side for side, total in by_side.items() if total == best]
    return TableResult(
        winners=tuple(entrant for entrant, side in zip(seated, sides, strict=True) if leaders == [side]),
        points_for=points,
        points_against=tuple(max(total for other, total in by_side.items() if other != side) for side in sides),
        set_by_organiser=True,
    )


def _seated(event: Event, raw: Any, where: dict[str, Any]) -> tuple[int, ...]:
    """A table's ``entrants``: teams the two teams, individual its players in seat order (Spades the
    preset's seat count, Mü 3 to 6), each once."""
    count = len(event.entrants)
    params: dict[str, Any] = {}
    if event.style == "teams":
        seats: Sequence[int] = (2,)
        template = gettext_noop("'entrants' must list the table's two teams: entrant indexes from 0 to %(last)d.")
    elif isinstance(event.rules, SpadesRules):
        seats, params = (event.rules.seats,), {"seats": event.rules.seats}
        template = gettext_noop(
            "'entrants' must list the table's %(seats)d players in seat order: entrant indexes from 0 to %(last)d."
        )
    else:
        seats = MU_SEATS
        template = gettext_noop(
            "'entrants' must list the table's 3 to 6 players in seat order: entrant indexes from 0 to %(last)d."
        )
    if not indexes(raw, count) or len(raw) not in seats:
        raise event_error(template, field="entrants", last=count - 1, **params, **where)
    for at, entrant in enumerate(raw):
        if entrant in raw[:at]:
            raise event_error(
                gettext_noop("%(name)s sits at this table twice."),
                field="entrants",
                name=event.entrants[entrant].name,
                **where,
            )
    return tuple(raw)


def _scored(event: Event, seated: tuple[int, ...], forfeit: int | None, raw: Any, where: dict[str, Any]) -> Table:
    """A table with a game: the game record read, checked against the event and scored; its result
    once the game is over or an entrant forfeits."""
    try:
        game = parse_record(raw)
    except RuleError as error:
        raise EventError.placed(error, round=where["round"], table=where["table"]) from None
    _verify_game(event, seated, game, where)
    try:
        sheet = score_game(game)
    except RuleError as error:
        raise EventError.placed(error, round=where["round"], table=where["table"]) from None
    if forfeit is not None:
        result: TableResult | None = forfeit_result(seated, forfeit)
    elif sheet.finished:
        result = _played(event, seated, game, sheet)
    else:
        result = None
    return Table(seated, game, forfeit, sheet, result)


def table_players(event: Event, entrants: Sequence[int]) -> tuple[str, ...]:
    """The players of a table of ``entrants`` in seat order, as its game record lists them: teams
    ``[A.players[0], B.players[0], A.players[1], B.players[1]]`` (side 0 the first team); individual
    the entrants' names."""
    if event.style == "teams":
        first, second = (event.entrants[index].players for index in entrants)
        return (first[0], second[0], first[1], second[1])
    return tuple(event.entrants[index].name for index in entrants)


def _verify_game(event: Event, entrants: tuple[int, ...], game: AnyGame, where: dict[str, Any]) -> None:
    """A table's game is the event's game, under the event's house rules, played by the table's entrants."""
    kind = "mu" if isinstance(game, MuGame) else "spades"
    if kind != event.game:
        raise event_error(
            gettext_noop('The game record is a game of "%(kind)s", but the event plays "%(game)s".'),
            field="game",
            kind=kind,
            game=event.game,
            **where,
        )
    differs = [name for name in key_specs(type(event.rules)) if getattr(game.rules, name) != getattr(event.rules, name)]
    if differs:
        key = differs[0]
        raise event_error(
            gettext_noop(
                "The game's house rules are not the event's: house rule '%(key)s' is %(value)s, the event's %(wanted)s."
            ),
            field="rules",
            key=key,
            value=json.dumps(getattr(game.rules, key)),
            wanted=json.dumps(getattr(event.rules, key)),
            **where,
        )
    wanted = table_players(event, entrants)
    if game.players != wanted:
        raise event_error(
            gettext_noop("The game's players must be the table's players in seat order: %(players)s."),
            field="players",
            players=", ".join(wanted),
            **where,
        )


def forfeit_result(entrants: tuple[int, ...], forfeit: int) -> TableResult:
    """A forfeit: every other entrant at the table wins, with no points."""
    zeros = (0,) * len(entrants)
    return TableResult(tuple(entrant for entrant in entrants if entrant != forfeit), zeros, zeros, forfeit=True)


def _played(event: Event, entrants: tuple[int, ...], game: AnyGame, sheet: Sheet) -> TableResult:
    """A finished game's result: each entrant's side (teams: the team's; individual: the side of its
    seat), the winning side's entrants, each side's final total and the best other side's."""
    if event.style == "teams":
        sides: tuple[int, ...] = (0, 1)
    elif isinstance(game, MuGame):
        sides = tuple(range(len(entrants)))
    else:
        sides = tuple(game.side_of(seat) for seat in range(len(entrants)))
    return game_result(entrants, sides, dict(enumerate(sheet.totals)), sheet.winner)


def game_result(
    entrants: tuple[int, ...], sides: tuple[int, ...], totals: Mapping[int, int], winner: int | None
) -> TableResult:
    """The result of a finished game at a table of ``entrants``: ``sides`` the side each entrant
    played for, ``totals`` each side's final total, ``winner`` the side that won (``None``: none).
    Each entrant gets its side's total, against it the best other side's; the winning side's
    entrants win. (The web app reads a finished game's totals from its stored figures, which the
    engine's scoring wrote, and gives them here.)"""
    return TableResult(
        winners=tuple(entrant for entrant, side in zip(entrants, sides, strict=True) if side == winner),
        points_for=tuple(totals[side] for side in sides),
        points_against=tuple(max(total for other, total in totals.items() if other != side) for side in sides),
    )
