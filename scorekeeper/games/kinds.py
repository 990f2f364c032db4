"""The kinds of game: what the shared core needs from Spades, Mü or any game added later.

The core (games and their rows, links, access, the change history and undo, records,
players and statistics, the live poll) never asks which kind a game is. It asks the
game's kind, a :class:`GameKind` value that the kind's own package registers when Django
starts (``scorekeeper.spades.apps``, ``scorekeeper.mu.apps``). Every kind stores its rows
the same way (``models.Row``: each row its record, as the game record writes it), so a kind
is a domain adapter only: record to engine game and back, the whole-game check, the change
history's summaries, the CSV and print table, and its words. What a kind shows and takes on
its pages is a separate contract (``games.views.kinds.KindViews``). Adding a third game is
a new package that makes both values and registers them; in the core, only the stored
choices (``Game.Kind``) and the statistics' figures (``Seat``, ``listing.STAT_FILTERS``)
name what each kind counts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from scorekeeper.engine.record import AnyGame
    from scorekeeper.engine.sheet import Sheet

    from .models import Game, Row

#: A row's record (``docs/game-record.md``: a hand or a deal), as stored in ``Row.record``.
Record: TypeAlias = "dict[str, Any]"
#: A game's rows as the engine's game and its scored sheet: what a write's check has scored.
Scored: TypeAlias = "tuple[AnyGame, Sheet]"


@dataclass(frozen=True)
class KindWords:
    """What a kind calls things, untranslated (``gettext_noop``) unless said otherwise.

    Attributes:
        row_title: "Hand %(number)d" or "Deal %(number)d".
        undo_texts: why a change cannot be undone, by reason (``"changed"``, ``"later"``,
            ``"earlier"``, ``"in_play"``), with ``%(number)s`` the 1-based row.
        conflict_texts: why a write was refused as a conflict (``changes.WriteConflict.reason``:
            ``"changed"``, ``"unreadable"``).
        played_text: count -> "3 hands played" / "3 deals played", translated.
        row_noun: () -> "hand" / "deal", translated (the chart's axis).
        limit_texts: what the sheet's header says of a hand or time limit (``games.clock``), by
            state: ``"up"`` (time is up, nothing marked yet), ``"called"`` (the row in play is
            marked), ``"called_in"`` (``%(number)d``: the row marked, the game over), ``"of"``
            (``%(number)d`` of ``%(limit)d``), ``"tied"`` (the limit reached with the best tied),
            ``"confirm"`` (what "Call time" asks first).
    """

    row_title: str
    undo_texts: Mapping[str, str]
    conflict_texts: Mapping[str, str]
    played_text: Callable[[int], str]
    row_noun: Callable[[], str]
    limit_texts: Mapping[str, str]


@dataclass(frozen=True)
class GameKind:
    """What a kind of game provides to the core: its name, words and domain functions.

    Attributes:
        name: the game record's ``"game"`` value and ``Game.kind`` (``"spades"``, ``"mu"``).
        words: :class:`KindWords`.
        complete: record -> whether the row is over (a Spades hand's tricks written or thrown
            in, a Mü deal's card points written or an Eklat); only the last row may not be.
        counted: record -> whether the row is a hand toward a hand or time limit, one time may
            be called in (a Spades misdeal is not; every Mü deal is, an Eklat too).
        engine_game: (game, rows in order) -> the engine game of its complete rows. Raises
            ``RuleError``: a stored rule or row is no longer valid (never for saved games).
        records: engine game -> the record of each of its rows, to store (an imported record).
        rules_record: engine game -> the rules object to store (preset plus changed keys).
        verify_rows: (game, rows changed in memory, not saved) -> the rows scored as the whole
            game, so the write need not score them again. Raises ``RuleError``: a row breaks a
            rule, tagged with the row where it can be.
        change_summary: game -> what says a row's record in a few words, for the change history
            ("" for no row); made once per page, so the game's rules are read once.
        change_differences: game -> what says how a row's record differs after a correction, a
            line per seat or fact ("Bob: bid 4 → 5"; ``()`` if none); made once per page.
        table: (engine game, sheet) -> (header, rows): the scored game for CSV and print.
        figure_rows: (figures, link) -> the kind's own lines of a player's statistics
            (``games.players.FigureRow``).
    """

    name: str
    words: KindWords
    complete: Callable[[Record], bool]
    counted: Callable[[Record], bool]
    engine_game: Callable[[Game, Sequence[Row]], AnyGame]
    # The kind's own engine game comes in (``Any``: each kind takes only its own).
    records: Callable[[Any], list[Record]]
    rules_record: Callable[[Any], Record]
    verify_rows: Callable[[Game, list[Row]], Scored]
    change_summary: Callable[[Game], Callable[[Record | None], str]]
    change_differences: Callable[[Game], Callable[[Record, Record], tuple[str, ...]]]
    table: Callable[[Any, Sheet], tuple[list[str], list[list[Any]]]]
    figure_rows: Callable[[Any, Callable[..., str]], list[Any]]


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
    """``game``'s rows (hands or deals), in order: one query."""
    return list(game.rows.all())


def engine_of(game: Game, rows: Sequence[Row] | None = None) -> AnyGame:
    """The engine game of ``game``'s played (complete) rows.

    Args:
        rows: the game's rows in order, if already read (saves a query).

    Raises:
        RuleError: the stored rules are no longer valid (never for saved games).
    """
    return kind_for(game).engine_game(game, game_rows(game) if rows is None else rows)
