"""Reads shared by every kind of game: what the pages show, computed from the stored rows.

The sheet pages' own view models are their kinds' (``scorekeeper.spades.presenters``,
``scorekeeper.mu.presenters``); here are the pieces they share (lines as shown, the
standings), the change history, the live poll's version, QR codes and the table for
CSV and print.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

import segno
from django.db import connection
from django.utils.translation import gettext, gettext_noop

from scorekeeper.engine.citations import spoken
from scorekeeper.engine.record import score_game
from scorekeeper.engine.sheet import Line, Sheet
from scorekeeper.engine.source import Source

from .clock import TIME_CALLED
from .kinds import engine_of, game_rows, kind_for
from .models import Change, Game, Ruling
from .rulings import RulingFacts, ruling_words
from .undo import can_revert

if TYPE_CHECKING:
    from scorekeeper.engine.record import AnyGame
    from scorekeeper.engine.rules import RuleSentence


@dataclass(frozen=True)
class ShownLine:
    """An explanation line as shown: its text (without its source), the rulebook anchor of the
    rule it applied, and its ``source`` (shown as a player says it: ``{% cite %}``)."""

    text: str
    rule: str
    source: Source = ()


@dataclass(frozen=True)
class RulebookEntry:
    """A rule in force, as a plain sentence in the player's language, with its source (a rulebook page)."""

    key: str
    text: str
    source: Source


def rulebook_entries(
    book: tuple[tuple[str, tuple[RuleSentence, ...]], ...], groups: Mapping[str, str]
) -> list[tuple[str, list[RulebookEntry]]]:
    """A kind's rulebook (``engine.rules.rulebook_of``) in the player's language: ``[(group title, entries)]``
    (``groups``: each group's title, untranslated)."""
    return [
        (gettext(groups[group]), [RulebookEntry(s.key, s.text.render(gettext), s.source) for s in sentences])
        for group, sentences in book
    ]


@dataclass(frozen=True)
class SideTotal:
    """A side's name, total and bag count; ``won`` marks the winner."""

    name: str
    total: int
    bags: int
    won: bool


def side_totals(sheet: Sheet) -> tuple[SideTotal, ...]:
    """Each side's standing after the last hand of ``sheet``."""
    return tuple(
        SideTotal(name, sheet.totals[side], sheet.bags[side], side == sheet.winner)
        for side, name in enumerate(sheet.sides)
    )


#: Scoring steps that are not a house rule key, and the key whose rulebook sentence states them.
STEP_RULES = {"contract": "set_penalty", "game": "target"}


def shown_line(line: Line) -> ShownLine:
    """A line with its text in the player's language, its rule's key (the rulebook anchor) and its source."""
    return ShownLine(line.text.render(gettext), STEP_RULES.get(line.rule, line.rule), line.source)


def rendered(line: Line) -> str:
    """An explanation line's text in the player's language, its source as a player says it."""
    return spoken(line, gettext)


def game_version(*, key: str) -> int | None:
    """The version (which every write increments) of the game that link ``key`` opens
    (``None``: no game has this link now).

    Phones poll this every two seconds, so it is one lookup on the two unique key
    indexes in plain SQL: the ORM would spend ten times longer building the query
    than the database takes to answer it (``make bench``).
    """
    quote = connection.ops.quote_name
    table, edit_key, view_key = quote(Game._meta.db_table), quote("edit_key"), quote("view_key")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT version FROM {table} WHERE {edit_key} = %s OR {view_key} = %s", [key, key])
        row = cursor.fetchone()
    return None if row is None else row[0]


def qr_svg(address: str, title: str) -> str:
    """``address`` as a QR code: an inline ``<svg>`` named ``title`` for screen readers
    (no size set: the page's CSS sizes it).

    Made by segno from the address alone, so the markup holds nothing from a user.
    Dark modules on white whatever the colour scheme, so every phone's camera reads it.
    """
    code = segno.make(address, error="m", micro=False)
    return code.svg_inline(scale=1, border=4, dark="#000", light="#fff", omitsize=True, svgclass="qr", title=title)


@dataclass(frozen=True)
class ChangeRow:
    """One change in a game's change history as its page shows it.

    Attributes:
        change: the stored change (time, device, action, reverts).
        what: "Hand 3" or "Deal 3".
        before, after: the hand or deal before and after, in a few words ("" where there was none;
            ``before`` is "" too for a save in play, which adds to its row: tricks to the bids).
        can_revert: whether it can be undone now (its button is offered).
        differences: for a correction (or a change undone), what differs, a line per seat or
            fact ("Bob: bid 4 → 5"); the page shows the whole records one tap away.
    """

    change: Any
    what: str
    before: str
    after: str
    can_revert: bool
    differences: tuple[str, ...] = ()


#: The changes whose rows the history compares before and after (a save in play adds to a row instead).
COMPARED = frozenset({Change.Action.EDIT, Change.Action.REVERT})

#: How many changes the change history page lists (newest first).
CHANGES_SHOWN = 200


def change_rows(game: Game) -> list[ChangeRow]:
    """The game's latest changes, newest first, each with whether it can be undone now (two queries)."""
    rows = game_rows(game)
    changes = list(game.changes.all()[:CHANGES_SHOWN])
    kind = kind_for(game)
    word, summary, differences = gettext(kind.words.row_title), kind.change_summary(game), kind.change_differences(game)
    return [
        ChangeRow(
            change=change,
            what=word % {"number": change.number + 1},
            # A save in play adds to its row (the tricks to the bids): what it wrote is news, not what it kept.
            before=summary(change.before) if change.action in COMPARED or not change.after else "",
            after=summary(change.after),
            can_revert=can_revert(game=game, rows=rows, change=change),
            # A correction, or a change undone, has a whole row before and after: what differs is the news.
            differences=(*differences(change.before, change.after), *_time_difference(change.before, change.after))
            if change.action in COMPARED and change.before and change.after
            else (),
        )
        for change in changes
    ]


def _time_difference(before: dict[str, Any], after: dict[str, Any]) -> tuple[str, ...]:
    """A change undone that called time, or took the call back: said as a line of what differs."""
    called = bool(after.get(TIME_CALLED))
    if bool(before.get(TIME_CALLED)) == called:
        return ()
    return (gettext("Time called") if called else gettext("Time call undone"),)


def by_player(game: Game, values: list[Any]) -> str:
    """ "Ann 4 · Bob 3 · …" for one value per seat; the values alone otherwise (one bid per side)."""
    if len(values) != len(game.players):
        return " · ".join(str(value) for value in values)
    return " · ".join(f"{name} {value}" for name, value in zip(game.players, values, strict=True))


def game_scored(game: Game) -> tuple[AnyGame, Sheet]:
    """``game`` as the engine's game and its scored sheet (one query for its hands or deals)."""
    engine = engine_of(game)
    return engine, score_game(engine)


def sheet_table(game: Game) -> tuple[list[str], list[list[Any]]]:
    """``game`` scored, as a table for CSV and the printed sheet: (header, one row per hand
    or deal), as its kind lays it out (one query for its hands or deals)."""
    engine, sheet = game_scored(game)
    return kind_for(game).table(engine, sheet)


#: How many of the referee's rulings a sheet shows (newest first).
RULINGS_SHOWN = 20


@dataclass(frozen=True)
class ShownRuling:
    """A ruling kept as a page shows it: when, its question and answer in the reader's language, its source."""

    created_at: datetime
    question: str
    answer: str
    source: str


def game_rulings(game: Game) -> list[ShownRuling]:
    """The referee's latest rulings kept with ``game``, newest first (one query)."""
    return [ruling_shown(ruling) for ruling in game.rulings.all()[:RULINGS_SHOWN]]


def ruling_shown(ruling: Ruling) -> ShownRuling:
    """``ruling`` in the reader's language, said from its facts (``games.rulings``); a ruling kept
    before facts were (none) in the words it was kept with."""
    question, answer = ruling.question, ruling.answer
    if ruling.facts:
        question, answer = ruling_words(RulingFacts.from_json(ruling.facts, ruling.source))
    return ShownRuling(ruling.created_at, question, answer, ruling.source)


#: What a phone is told when another phone saved the form it was filling in, by the change made.
SAVED_ELSEWHERE = {
    Change.Action.BIDS: gettext_noop("%(device)s saved these bids."),
    Change.Action.TRICKS: gettext_noop("%(device)s saved these tricks."),
    Change.Action.MISDEAL: gettext_noop("%(device)s threw this hand in."),
    Change.Action.AUCTION: gettext_noop("%(device)s saved this auction."),
    Change.Action.POINTS: gettext_noop("%(device)s saved these card points."),
}


def saved_elsewhere(game: Game, version: int | None) -> str:
    """Who saved the first change after ``version`` (the one the phone's page shows), and what,
    in words ("Ben's phone saved these bids."): the save that replaced the phone's form; ``""``
    for a change no form is replaced by, or no version known (one query)."""
    if version is None:
        return ""
    changes = Change.objects.filter(game=game, version__gt=version).order_by("version")
    change = changes.only("action", "device").first()
    if change is None or change.action not in SAVED_ELSEWHERE:
        return ""
    return gettext(SAVED_ELSEWHERE[change.action]) % {"device": change.device or gettext("Another phone")}
