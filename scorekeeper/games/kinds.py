"""The kinds of game: what the shared core needs from Spades, Mü or any game added later.

The core (games and their links, access, the change history and undo, records,
players and statistics, the live poll) never asks which kind a game is. It asks the
game's kind, a :class:`GameKind` that the kind's own package registers when Django
starts (``scorekeeper.spades.apps``, ``scorekeeper.mu.apps``). Adding a third game is
a new package that implements this protocol and registers itself; in the core, only the
stored choices (``Game.Kind``) and the statistics' figures (``Seat``, ``listing.STAT_FILTERS``)
name what each kind counts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from scorekeeper.engine.record import AnyGame
    from scorekeeper.engine.sheet import Sheet

    from .models import Game, Row


class GameKind(Protocol):
    """What a kind of game provides to the core.

    Attributes:
        name: the game record's ``"game"`` value and ``Game.kind`` (``"spades"``, ``"mu"``).
        undo_texts: why a change cannot be undone, by reason (``"changed"``, ``"later"``,
            ``"earlier"``, ``"in_play"``), untranslated, with ``%(number)s`` the 1-based row.
        row_title: "Hand %(number)d" or "Deal %(number)d", untranslated.
        conflict_texts: why a write was refused as stale (``changes.StaleHand.reason``:
            ``"changed"``, ``"unreadable"``), untranslated.
    """

    name: str

    @property
    def undo_texts(self) -> Mapping[str, str]:
        """Why a change cannot be undone, by reason (see the class docstring)."""

    @property
    def conflict_texts(self) -> Mapping[str, str]:
        """Why a write was refused as stale, by reason (see the class docstring)."""

    row_title: str

    def rows(self, game: Game) -> Sequence[Row]:
        """The game's stored rows (hands or deals) in order: one query."""

    def new_row(self, game: Game, number: int) -> Row:
        """An unsaved, empty row of ``game`` at 0-based ``number``."""

    def engine_game(self, game: Game, rows: Sequence[Row]) -> AnyGame:
        """The engine game of ``game`` with its complete ``rows``.

        Raises:
            RuleError: a stored rule or row is no longer valid (never for saved games).
        """

    def rules_record(self, engine: AnyGame) -> dict[str, Any]:
        """The rules object to store for an engine game (preset plus every key)."""

    def stored_rows(self, game: Game, engine: AnyGame) -> Sequence[Row]:
        """Unsaved rows holding every hand or deal of ``engine`` (an imported record)."""

    def verify_rows(self, game: Game, rows: list[Any]) -> tuple[AnyGame, Sheet]:
        """Check ``rows`` (changed in memory, not saved) as the whole game; return them scored
        (the engine game and its sheet), so the write need not score them again.

        Raises:
            RuleError: a row breaks a rule, tagged with the row where it can be.
        """

    def change_summary(self, game: Game) -> Callable[[dict[str, Any] | None], str]:
        """What says a row's record of ``game`` in a few words, for the change history ("" for
        no row); made once per page, so the game's rules are read once, not per change."""

    def change_differences(self, game: Game) -> Callable[[dict[str, Any], dict[str, Any]], tuple[str, ...]]:
        """What says how a row's record of ``game`` differs after a correction from before, a line
        per seat or fact that differs ("Bob: bid 4 → 5", "Chef: Anna → Beate"; ``()`` if none),
        for the change history; made once per page, as :meth:`change_summary` is."""

    def table(self, engine: AnyGame, sheet: Sheet) -> tuple[list[str], list[list[Any]]]:
        """The scored game as a table for CSV and the printed sheet: (header, rows)."""

    def played_text(self, count: int) -> str:
        """ "3 hands played" / "3 deals played", translated."""

    def row_noun(self) -> str:
        """ "hand" / "deal": what the kind calls a row of its sheet, translated (the chart's axis)."""

    def figure_rows(self, figures: Any, link: Callable[..., str]) -> list[Any]:
        """The kind's own lines of a player's statistics (``games.players.FigureRow``)."""


_KINDS: dict[str, GameKind] = {}


def register(kind: GameKind) -> None:
    """Make ``kind`` known under ``kind.name`` (called from its app's ``ready()``)."""
    _KINDS[kind.name] = kind


def kind_of(name: str) -> GameKind:
    """The registered kind called ``name``.

    Raises:
        KeyError: no such kind (a game stored by a kind no longer installed).
    """
    return _KINDS[name]


def kind_for(game: Game) -> GameKind:
    """The kind of ``game`` (``game.kind``).

    Raises:
        KeyError: no such kind installed.
    """
    return _KINDS[game.kind]


def game_rows(game: Game) -> list[Row]:
    """``game``'s hands (Spades) or deals (Mü), in order: one query."""
    return list(kind_for(game).rows(game))


def engine_of(game: Game, rows: Sequence[Row] | None = None) -> AnyGame:
    """The engine game of ``game``'s played (complete) hands or deals.

    Args:
        rows: the game's hands or deals in order, if already read (saves a query).

    Raises:
        RuleError: the stored rules are no longer valid (never for saved games).
    """
    return kind_for(game).engine_game(game, game_rows(game) if rows is None else rows)
