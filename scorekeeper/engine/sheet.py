"""The shapes every game's scoring returns: a sheet of hands, shared by Spades and Mü.

A sheet is computed, never stored: the hands are the facts, and the scores follow
from them. So a corrected hand or a changed house rule re-scores every later hand,
and no stored total can ever disagree with the hands it came from.
All per-side tuples are in the order of :attr:`Sheet.sides`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from .source import Source, written
from .text import Text, Translate, identity


class Line(NamedTuple):
    """One scoring step of a hand, for one side (or the whole table).

    Immutable; a named tuple rather than a frozen dataclass because scoring builds
    several per hand and a tuple is about twice as fast to build (``make bench``).

    Attributes:
        side: the side it scores for, or ``None`` for a table-wide note.
        points: what this step adds to the side's score (0 for a note).
        rule: the rule key or step it applies, e.g. ``"nil"`` or ``"contract"``;
            the web app links it to the rulebook.
        source: where the rule is written (:data:`~.source.Source`), e.g. step 2 of spades.md's
            standard scoring ("spades.md: Standard scoring 2").
        text: the explanation, in English with parameters (see :class:`Text`).
    """

    side: int | None
    points: int
    rule: str
    source: Source
    text: Text

    def render(self, translate: Translate = identity, *, cited: str | None = None) -> str:
        """The line with its source as written (``"… (spades.md: Standard scoring 1)"``), or in
        the words ``cited`` (a player's: :func:`~.citations.spoken` says it
        ``"… (Pagat: Spades, Scoring)"``, as the app shows it)."""
        return f"{self.text.render(translate)} ({written(self.source) if cited is None else cited})"


def make_line(
    side: int | None, points: int, rule: str, source: Source, template: str, params: Mapping[str, Any]
) -> Line:
    """``Line(side, points, rule, source, Text(template, params))``, built as a named tuple's ``_make``
    builds one: about twice as fast as calling the classes, for the lines scoring explains each
    new case with (``make bench``)."""
    return _new_tuple(Line, (side, points, rule, source, _new_tuple(Text, (template, params))))


#: Builds a named tuple from a tuple of its fields (as ``_make`` does, without the call of a classmethod).
_new_tuple = tuple.__new__


class HandScore(NamedTuple):
    """The score of one hand (an immutable named tuple, like :class:`Line`).

    Attributes:
        points: what each side scored in this hand (game points).
        totals: each side's running total after this hand.
        bags: each side's bag count carried after this hand (Spades; zeros for Mü).
        lines: the explanation, one :class:`Line` per scoring step.
        sets: per side, whether it was set in this hand (Spades; empty for Mü and thrown-in hands).
    """

    points: tuple[int, ...]
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    lines: tuple[Line, ...]
    sets: tuple[bool, ...] = ()


@dataclass(frozen=True, slots=True)
class Limit:
    """Where a game with a hand or time limit stands (spades.md "Tournament rules", mu.md "Match limits").

    Attributes:
        hand_limit: the hands (deals) the game is limited to, or 0 (none).
        played: the hands played that count toward it (misdeals do not; Mü: every deal, Eklats too).
        time_called: the index of the hand marked ``time_called``, or ``None``.
        reached: the limit was reached (the last hand, or the one time was called in): unless the game
            is over, the best are tied and every further hand is one more, to break the tie.
    """

    hand_limit: int
    played: int
    time_called: int | None
    reached: bool


@dataclass(frozen=True, slots=True)
class Sheet:
    """A scored game.

    Attributes:
        sides: display name per side (``"Ann & Cat"``; a player's name without partners).
        hands: one :class:`HandScore` per hand, oldest first.
        totals: totals after the last hand (zeros before the first).
        bags: bag counts after the last hand.
        finished: whether the game is over after the last hand.
        winner: index of the winning side, or ``None`` while not over.
        end: why the game ended (a :class:`Line` naming the rule), or ``None``.
        limit: with a hand or time limit in the house rules, where the game stands; else ``None``.
    """

    sides: tuple[str, ...]
    hands: tuple[HandScore, ...]
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    finished: bool
    winner: int | None
    end: Line | None = None
    limit: Limit | None = None
