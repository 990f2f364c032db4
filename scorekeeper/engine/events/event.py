"""The event record's values (``docs/event-record.md``, "Top level" and "A round") and its error.

:class:`Event` holds a record read and checked (:func:`~.record.parse_event`): its entrants, and
its rounds of :class:`Table` values, each with its game scored and its :class:`TableResult` once it
counts. :class:`EventError` names where a record is invalid ("In round 2, table 3: ...").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..errors import RecordError, RuleError
from ..mu.rules import MuRules
from ..record import AnyGame
from ..sheet import Sheet
from ..source import Source
from ..spades.rules import SpadesRules
from ..text import Text, Translate, gettext_noop, identity

FORMAT = "scorekeeper-event/1"
GAMES = ("spades", "mu")
TOP_LEVEL = (
    "format",
    "name",
    "game",
    "rules",
    "style",
    "pairing",
    "rounds",
    "table_size",
    "rank_by",
    "entrants",
    "withdrawn",
    "played",
)
STYLES = ("teams", "individual")
#: The pairings each style allows (event-record.md, "Top level": ``pairing``).
PAIRINGS: Mapping[str, tuple[str, ...]] = {
    "teams": ("round_robin", "swiss", "single_elimination", "double_elimination"),
    "individual": ("rotation",),
}
ELIMINATION = ("single_elimination", "double_elimination")
#: The pairings whose number of rounds the record says (``rounds``); the others' format decides it.
PLANNED = ("swiss", "rotation")
RANK_BY = ("wins", "points")
#: Mü tables seat 3 to 6 players; ``table_size``, the preferred size, is one of these.
MU_SEATS = (3, 4, 5, 6)
DEFAULT_TABLE_SIZE = 4
#: What one record may hold, so that reading and pairing it stays quick (the contract is silent on it).
MOST_ENTRANTS = 256
MOST_ROUNDS = 100
ROUND_FIELDS = ("tables", "bye")
TABLE_FIELDS = ("entrants", "game", "forfeit", "result")

#: The house rules of an event: a game record's (``rules``).
AnyRules = SpadesRules | MuRules


class EventError(RecordError):
    """An event record is invalid; the message names the round and table ("In round 2, table 3: ...").

    Attributes:
        round: 0-based index of the round the error is in, or ``None`` (the record as a whole).
        table: 0-based index of the table in that round, or ``None`` (the round as a whole).
        The rest as :class:`~..errors.RuleError`: a table's game's own error keeps its ``hand``,
        ``seat``, ``field``, ``source`` and ``unit`` ("In round 2, table 3: Hand 4: ...").
    """

    def __init__(
        self,
        text: Text,
        *,
        round: int | None = None,
        table: int | None = None,
        hand: int | None = None,
        seat: int | None = None,
        field: str | None = None,
        source: Source = (),
        unit: str = "hand",
    ) -> None:
        self.round = round
        self.table = table
        super().__init__(text, hand=hand, seat=seat, field=field, source=source, unit=unit)

    @classmethod
    def placed(cls, error: RuleError, *, round: int | None, table: int | None = None) -> EventError:
        """``error`` (a table's game's, or an entrant's name's) at ``round`` and ``table``."""
        return cls(
            error.text,
            round=round,
            table=table,
            hand=error.hand,
            seat=error.seat,
            field=error.field,
            source=error.source,
            unit=error.unit,
        )

    def at_hand(self, hand: int) -> EventError:
        """The same error tagged with ``hand`` (0-based), still at its round and table."""
        return type(self)(
            self.text,
            round=self.round,
            table=self.table,
            hand=hand,
            seat=self.seat,
            field=self.field,
            source=self.source,
            unit=self.unit,
        )

    def render(self, translate: Translate = identity, *, cited: str | None = None) -> str:
        """The message, prefixed by the round and table ("In round 2, table 3: ...") when it has them."""
        message = super().render(translate, cited=cited)
        if self.round is None:
            return message
        if self.table is None:
            place = Text(gettext_noop("In round %(round)d: %(message)s"), {"round": self.round + 1, "message": message})
        else:
            place = Text(
                gettext_noop("In round %(round)d, table %(table)d: %(message)s"),
                {"round": self.round + 1, "table": self.table + 1, "message": message},
            )
        return place.render(translate)


def event_error(
    template: str, *, round: int | None = None, table: int | None = None, field: str | None = None, **params: object
) -> EventError:
    """An :class:`EventError` of ``template`` filled in with ``params``, at ``round``, ``table`` and ``field``."""
    return EventError(Text(template, params), round=round, table=table, field=field)


@dataclass(frozen=True, slots=True)
class Entrant:
    """One entrant, in seed order.

    Attributes:
        name: the team's name, or (individual) the player's.
        players: the team's two players; individual: the player's name alone (``(name,)``).
    """

    name: str
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TableResult:
    """A table's result, once it counts (its game is over, or an entrant forfeits).

    Attributes:
        winners: the entrants who won: teams, the winning team; individual, the players of the
            winning side (a 4-player Spades partnership: both partners; Mü: the winner); a forfeit:
            every entrant at the table but the one who forfeits. Empty if a game ended without a winner.
        points_for: per entrant of the table (in its order), the final total of its side; 0 for a forfeit.
        points_against: per entrant, the best final total of another side at the table; 0 for a forfeit.
        forfeit: the result is a forfeit's.
        set_by_organiser: the result is the one the organiser set (the table's ``result``), not its game's.
    """

    winners: tuple[int, ...]
    points_for: tuple[int, ...]
    points_against: tuple[int, ...]
    forfeit: bool = False
    set_by_organiser: bool = False


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a round.

    Attributes:
        entrants: teams, the two teams (the first is side 0 of the game); individual, the players in
            seat order (clockwise).
        game: the table's game, or ``None`` while no hand is entered.
        forfeit: the entrant (index) who forfeits, or ``None``.
        sheet: the game scored, or ``None`` without a game.
        result: the table's result, or ``None`` while it does not count (the game not over, no forfeit).
        points: the points per entrant (in ``entrants`` order) the organiser set as the table's result
            (the record's optional ``result``), or ``None``.
    """

    entrants: tuple[int, ...]
    game: AnyGame | None = None
    forfeit: int | None = None
    sheet: Sheet | None = None
    result: TableResult | None = None
    points: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Round:
    """One round: its tables and its byes (entrants without a table; each bye is a win)."""

    tables: tuple[Table, ...]
    bye: tuple[int, ...] = ()

    @property
    def complete(self) -> bool:
        """Every table's result counts."""
        return all(table.result is not None for table in self.tables)


@dataclass(frozen=True, slots=True)
class Event:
    """An event record, read and checked (event-record.md, "Top level").

    Attributes:
        name: the event's name ("" if the record gives none).
        game: ``"spades"`` or ``"mu"``; rules: the house rules of every game of the event.
        style: ``"teams"`` or ``"individual"``; pairing: how rounds are paired.
        rounds: the rounds planned (``swiss`` and ``rotation``), else ``None`` (the format decides).
        table_size: individual Mü, the preferred table size (3 to 6); else ``None``.
        rank_by: ``"wins"`` or ``"points"``.
        entrants: in seed order; withdrawn: the indexes of those who left, in order.
        played: the rounds played or in play, oldest first.
    """

    name: str
    game: str
    rules: AnyRules
    style: str
    pairing: str
    rounds: int | None
    table_size: int | None
    rank_by: str
    entrants: tuple[Entrant, ...]
    withdrawn: tuple[int, ...]
    played: tuple[Round, ...]

    @property
    def active(self) -> tuple[int, ...]:
        """The entrants not withdrawn, in seed order."""
        left = set(self.withdrawn)
        return tuple(index for index in range(len(self.entrants)) if index not in left)

    @property
    def elimination(self) -> bool:
        """Whether the pairing is single or double elimination (ranked by the round reached)."""
        return self.pairing in ELIMINATION

    @property
    def seats(self) -> int:
        """Seats at a table: teams 4; individual Spades the preset's count; individual Mü the preferred size."""
        if isinstance(self.rules, SpadesRules):
            return self.rules.seats
        return self.table_size or DEFAULT_TABLE_SIZE
