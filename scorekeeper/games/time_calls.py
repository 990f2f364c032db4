"""Calling time (issue 27.4): the row time is called in is marked ``time_called`` and is the
last, unless the best are tied (spades.md "Tournament rules", mu.md "Match limits").

Time is called by a table with its own clock ("Call time"), or by the server's clock: every phone
with the edit link asks once its count reaches 0, and every save of a hand or deal asks first
(``games.views.writes.game_write``), so a table with no phone open at the time still gets the
right row marked. Either way the mark is a change like any other (``changes.row_save``, "Time
called" in the history), which can be undone.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.text import Text, gettext_noop

from .changes import Written, game_locked, row_save
from .clock import TIME_CALLED, deadline, time_limit, time_up
from .kinds import GameKind, kind_for
from .models import Change, Game, Row

logger = logging.getLogger(__name__)

#: Why time cannot be called: the house rules set no time limit.
NO_TIME_LIMIT = gettext_noop("This game has no time limit: there is no time to call.")
#: Why time cannot be called now: the last hand was thrown in, and the hand dealt again has no bids yet.
AFTER_A_MISDEAL = gettext_noop(
    "The last hand was thrown in (a misdeal): call time once the bids of the hand dealt again are saved."
)


@transaction.atomic
def time_call(*, game: Game, device: str = "", write_key: str = "", automatic: bool) -> Written:
    """Call time in ``game``: mark ``time_called`` on the row in play (bids or auction saved), or,
    with none in play, on the last row.

    Nothing changes (``Written.change`` ``None``) when a row is marked already, the game is over,
    has no row yet or its last row is no hand (a misdeal, ``GameKind.counted``: the hand dealt
    again is marked once it is in play); and, ``automatic`` (asked by the server's clock, not the table), while time is
    not up by the server's clock, once the table undid a time call (it calls time itself then),
    or when the row that was in play when time ran out has since been undone (it is marked when
    it is in play again, not the one before it).

    Args:
        device, write_key: the phone's name and its form's write key, for the change history.

    Raises:
        RuleError: the house rules set no time limit; the table calls time right after a misdeal
            (the hand dealt again, not yet in play, is the one to mark); or the game with the mark
            breaks a rule.
    """
    game, rows = game_locked(game)
    minutes = time_limit(game)
    if not minutes:
        raise RuleError(Text(NO_TIME_LIMIT))
    unchanged = Written(game, tuple(rows))
    if game.finished or not rows or any(row.record.get(TIME_CALLED) for row in rows):
        return unchanged
    kind = kind_for(game)
    if automatic and (not time_up(game, timezone.now(), minutes) or _undone(game) or _left_in_play(game, kind, rows)):
        return unchanged
    row = _row_to_mark(kind, rows)
    if row is None:
        if automatic:
            return unchanged  # the server's clock asks again before the next save
        raise RuleError(Text(AFTER_A_MISDEAL))
    return row_save(
        game, rows, number=row.number, record={**row.record, TIME_CALLED: True}, action=Change.Action.TIME,
        device=device, write_key=write_key,
    )  # fmt: skip


def _row_to_mark(kind: GameKind, rows: Sequence[Row]) -> Row | None:
    """The row in play, or else the last row; ``None`` if that is no hand (a misdeal: the hand
    dealt again is the one time is called in, marked once it is in play)."""
    last = rows[-1]
    return last if not kind.complete(last.record) or kind.counted(last.record) else None


def _undone(game: Game) -> bool:
    """Whether the table undid the last time call (one query): the server's clock leaves it at that."""
    calls = game.changes.filter(
        Q(action=Change.Action.TIME) | Q(action=Change.Action.REVERT, reverts__action=Change.Action.TIME)
    )
    last = calls.only("action").first()
    return last is not None and last.action == Change.Action.REVERT


def _left_in_play(game: Game, kind: GameKind, rows: Sequence[Row]) -> bool:
    """Whether no row is in play now but one was when time ran out, since undone (its bids taken
    back, say): the one to mark once it is in play again, not the row before it (one query)."""
    if not kind.complete(rows[-1].record):
        return False
    due = deadline(game.clock_started, time_limit(game))
    if due is None:
        return False
    last = game.changes.filter(at__lte=due).only("number", "after").first()
    return last is not None and last.number == len(rows) and last.after is not None and not kind.complete(last.after)


def time_called_if_up(*, game: Game, device: str = "") -> None:
    """Before a save of a hand or deal: call time (``automatic``) if the server's clock says it
    is up, in a savepoint of its own, so the save that follows finds the right row marked. No
    query unless time is up; a refusal is logged and leaves the save to go on. The call stands
    even when the save is refused (a conflict, a bad form): it is the server's clock's, through
    the edit link, not what the phone sent."""
    minutes = time_limit(game)
    if not minutes or not time_up(game, timezone.now(), minutes):
        return
    try:
        with transaction.atomic():
            time_call(game=game, device=device, automatic=True)
    except RuleError as error:
        logger.warning("time not called in game %s: %s", game.pk, error)
