"""What the event's pages show, from where it stands (:class:`.records.State`): the standings with
names, each table's progress, who sits where, and the poll's token. Reads only.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import connection
from django.utils.translation import gettext, ngettext

from scorekeeper.engine.events.event import Table
from scorekeeper.engine.events.standings import Standing
from scorekeeper.engine.spades.rules import PRESET_INFO, SpadesRules
from scorekeeper.games.clock import deadline
from scorekeeper.games.models import Game

from .bracket import draw_bracket
from .forms import PAIRING_LABELS
from .models import Event, EventTable
from .records import State


@dataclass(frozen=True)
class TableShown:
    """One table of a round as the dashboard and the wall show it.

    Attributes:
        number: 1-based table number; round: 1-based.
        sides: the names at the table by side ("Aces" v "Jacks"; individual, partners joined "Ann & Cat").
        seats: the players' names in seat order.
        totals: each side's total so far (empty before the first hand).
        hands: hands (deals) played.
        state: ``"waiting"`` (no hand yet), ``"playing"``, ``"finished"``, ``"forfeit"`` or ``"result"``
            (set by the organiser).
        winners: the names of the side that won (finished, forfeit or result).
        minutes_left: a timed match's minutes left (rounded up), ``None`` untimed or not started.
        table: the stored table (its game's links: the organiser's pages only).
        forfeit: the entrant index who forfeits, or ``None``; points: the organiser's points, or ``None``.
    """

    number: int
    round: int
    sides: tuple[str, ...]
    seats: tuple[str, ...]
    totals: tuple[int, ...]
    hands: int
    state: str
    winners: str
    minutes_left: int | None
    table: EventTable
    entrants: tuple[tuple[int, str], ...]
    forfeit: int | None
    points: tuple[int, ...] | None

    @property
    def scores(self) -> list[tuple[str, int | None]]:
        """Each side's name with its total so far (``None`` before the first hand)."""
        return [(side, self.totals[at] if at < len(self.totals) else None) for at, side in enumerate(self.sides)]

    @property
    def entrant_points(self) -> list[tuple[int, str, int | None]]:
        """Each entrant (index, name) with the points the organiser set for it (``None``: none)."""
        return [
            (index, name, self.points[at] if self.points else None) for at, (index, name) in enumerate(self.entrants)
        ]


def _names(state: State, entrants: tuple[int, ...]) -> list[str]:
    return [state.event.entrants[entrant].name for entrant in entrants]


def _sides(state: State, table: Table, game: Game | None) -> tuple[str, ...]:
    if state.event.style == "teams":
        return tuple(_names(state, table.entrants))
    if table.sheet is not None:
        return tuple(table.sheet.sides)
    names = _names(state, table.entrants)
    rules = state.event.rules
    if isinstance(rules, SpadesRules) and rules.partnerships:  # before the first hand: partners as the sheet joins them
        sides = len(names) // 2
        return tuple(" & ".join(names[side::sides]) for side in range(sides))
    return tuple(names)


def tables_shown(state: State, round: int, now: datetime) -> list[TableShown]:
    """The tables of round ``round`` (0-based) as shown; ``[]`` for none."""
    if not 0 <= round < len(state.event.played):
        return []
    minutes = int(getattr(state.event.rules, "time_limit", 0) or 0)
    shown = []
    for stored, table in zip(state.loaded.tables[round], state.event.played[round].tables, strict=True):
        game = stored.game
        sheet = table.sheet
        result = table.result
        if result is not None:
            status = "forfeit" if result.forfeit else "result" if result.set_by_organiser else "finished"
        else:
            status = "playing" if game is not None and game.rows_played else "waiting"
        due = deadline(game.clock_started if game else None, minutes)
        left = None if due is None or result is not None else max(0, -int(-(due - now).total_seconds() // 60))
        shown.append(
            TableShown(
                number=stored.number + 1, round=round + 1, sides=_sides(state, table, game),
                seats=tuple(state.event.entrants[entrant].name for entrant in _seated(state, table)),
                totals=tuple(sheet.totals) if sheet is not None and game and game.rows_played else (),
                hands=game.rows_played if game else 0, state=status,
                winners=", ".join(_names(state, result.winners)) if result else "",
                minutes_left=left, table=stored,
                entrants=tuple(zip(table.entrants, _names(state, table.entrants), strict=True)),
                forfeit=table.forfeit, points=table.points,
            )
        )  # fmt: skip
    return shown


def _seated(state: State, table: Table) -> tuple[int, ...]:
    """The table's entrants in seat order: teams A, B, A, B (the team for each seat); individual as listed."""
    if state.event.style == "teams":
        first, second = table.entrants
        return (first, second, first, second)
    return table.entrants


@dataclass(frozen=True)
class StandingShown:
    """A line of the standings: the engine's :class:`Standing` and whether the entrant has withdrawn."""

    line: Standing
    withdrawn: bool
    players: str


def standings_shown(state: State) -> list[StandingShown]:
    """The standings in rank order, each with the team's players and whether it withdrew."""
    withdrawn = set(state.event.withdrawn)
    teams = state.event.style == "teams"
    return [
        StandingShown(
            line, line.entrant in withdrawn, " & ".join(state.event.entrants[line.entrant].players) if teams else ""
        )
        for line in state.progress.standings
    ]


@dataclass(frozen=True)
class Seating:
    """A round's seating as a list: each table's number and the names in seat order, and who sits out."""

    round: int
    tables: tuple[tuple[int, tuple[str, ...]], ...]
    bye: tuple[str, ...]
    draft: bool


def seating(state: State, event: Event) -> Seating | None:
    """Who sits where: the round drafted, else the round in play; ``None`` before any."""
    names = [entrant.name for entrant in state.event.entrants]
    if event.draft is not None:
        rounds = len(state.event.played) + 1
        tables = [tuple(table["entrants"]) for table in event.draft["tables"]]
        bye, draft = tuple(event.draft["bye"]), True
    elif state.event.played:
        rounds = len(state.event.played)
        played = state.event.played[-1]
        tables = [table.entrants for table in played.tables]
        bye, draft = played.bye, False
    else:
        return None
    teams = state.event.style == "teams"
    return Seating(
        rounds,
        tuple(
            (number + 1, tuple(names[entrant] for entrant in ((t[0], t[1], t[0], t[1]) if teams else t)))
            for number, t in enumerate(tables)
        ),
        tuple(names[entrant] for entrant in bye),
        draft,
    )


def event_versions(*, key: str) -> tuple[int, int, int] | None:
    """The event's version, and the sum and count of its tables' games' versions (a save at any
    table changes the sum). One query on the key indexes and the tables' event index; ``None``: no
    event has this link."""
    quote = connection.ops.quote_name
    event, table, game = (quote(model._meta.db_table) for model in (Event, EventTable, Game))
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT e.{quote('version')}, COALESCE(SUM(g.{quote('version')}), 0), COUNT(t.{quote('id')})"
            f" FROM {event} e LEFT JOIN {table} t ON t.{quote('event_id')} = e.{quote('id')}"
            f" LEFT JOIN {game} g ON g.{quote('id')} = t.{quote('game_id')}"
            f" WHERE e.{quote('edit_key')} = %s OR e.{quote('view_key')} = %s"
            f" GROUP BY e.{quote('id')}, e.{quote('version')}",
            [key, key],
        )
        row = cursor.fetchone()
    return None if row is None else (int(row[0]), int(row[1]), int(row[2]))


def event_token(*, key: str) -> str | None:
    """What the wall's poll compares (:func:`event_versions` as ``"version-sum-count"``); ``None``:
    no event has this link."""
    versions = event_versions(key=key)
    return None if versions is None else "-".join(map(str, versions))


def style_label(event: Event) -> str:
    """The event's pairing in words."""
    return str(PAIRING_LABELS.get(event.pairing, event.pairing))


def round_minutes(started: datetime | None, now: datetime) -> int | None:
    """Minutes since the round started (``None``: no round)."""
    return None if started is None else int((now - started).total_seconds() // 60)


def rules_line(event: Event, state: State) -> str:
    """The event's house rules in a line, for a table card: the preset, what a game is played to,
    and the hand and time limits ("Tournament · to 500 · 12 hands · 40 min")."""
    rules = state.event.rules
    parts = []
    if isinstance(rules, SpadesRules):
        parts.append(gettext(PRESET_INFO[rules.preset][0]) if rules.preset in PRESET_INFO else gettext("Spades"))
        goal = gettext("to %(target)d") if rules.win_on == "reach" else gettext("past %(target)d")
    else:
        parts.append(gettext("Mü"))
        goal = gettext("to %(target)d")
    parts.append(goal % {"target": rules.target})
    if rules.hand_limit:
        count = {"count": rules.hand_limit}
        if isinstance(rules, SpadesRules):
            parts.append(ngettext("%(count)d hand", "%(count)d hands", rules.hand_limit) % count)
        else:
            parts.append(ngettext("%(count)d deal", "%(count)d deals", rules.hand_limit) % count)
    if rules.time_limit:
        parts.append(gettext("%(minutes)d min") % {"minutes": rules.time_limit})
    return " · ".join(parts)


def bracket_svg(state: State) -> str:
    """An elimination event's bracket as an inline ``<svg>`` drawn by the server (``""``: not an
    elimination): the matches round by round, the winners marked, the champion (:mod:`.bracket`)."""
    if state.unsettled is not None:
        return ""  # a table's corrected game has left the bracket inconsistent: nothing to draw until it is settled
    return draw_bracket(state.event, state.progress.champion)
