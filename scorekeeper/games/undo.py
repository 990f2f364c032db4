"""What can be undone, and why not: the checks behind the change history's undo buttons.

Reads only (the writes are in :mod:`.changes`): a change can be undone while its hand
or deal is still as the change left it, and a hand can only come or go at the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.text import Text

from .kinds import kind_for
from .models import Change, Game, Row


def snapshot(row: Row | None) -> dict[str, Any] | None:
    """The record of a hand or deal as the change history keeps it (``None``: no row)."""
    return None if row is None else row.snapshot()


def verify_only_last_in_play(game: Game, rows: Sequence[Row]) -> None:
    """Raise :class:`RuleError` if a hand or deal other than the last is still in play
    (the engine skips rows in play, so one in the middle would shift every later number)."""
    for row in rows[:-1]:
        if not kind_for(game).complete(row.record):
            raise RuleError(Text(kind_for(game).words.undo_texts["in_play"], {"number": row.number + 1}))


def verify_revert(*, game: Game, rows: Sequence[Row], change: Change) -> None:
    """Check that ``change`` can be undone with the game's hands or deals now ``rows`` (in order).

    The hand must still be as the change left it; a hand can only appear or go
    at the end of the game, and only the last hand may be left in play. (The
    whole game is scored again when the change is undone: see :func:`change_revert`.)

    Raises:
        RuleError: with the reason, for the player.
    """
    texts = kind_for(game).words.undo_texts
    number = change.number
    current = rows[number] if number < len(rows) else None
    if snapshot(current) != change.after:
        raise RuleError(Text(texts["changed"], {"number": number + 1}))
    if change.before is None and number != len(rows) - 1:
        raise RuleError(Text(texts["later"], {"number": number + 1}))
    if change.before is not None and current is None and number != len(rows):
        raise RuleError(Text(texts["earlier"], {"number": number + 1}))
    in_play = change.before is not None and not kind_for(game).complete(change.before)
    if in_play and number < len(rows) - (current is not None):
        raise RuleError(Text(texts["later"], {"number": number + 1}))  # only the last may be in play


def can_revert(*, game: Game, rows: Sequence[Row], change: Change) -> bool:
    """Whether :func:`verify_revert` lets ``change`` be undone now (offers its button)."""
    try:
        verify_revert(game=game, rows=rows, change=change)
    except RuleError:
        return False
    return True
