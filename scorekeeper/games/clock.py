"""The clock of a game with a time or hand limit (issue 27.4): when time is up, and what the sheet's
header says of it on every phone (spades.md "Tournament rules", mu.md "Match limits").

A time limit runs from the game's first saved row (``Game.clock_started``, set by
``changes.change_record``); the server's time is the truth: a phone only counts down the seconds
the server said were left when it answered (``static/js/table.js``), so its own clock does not
matter. Reads only: calling time is a write (:mod:`.time_calls`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext, gettext_noop

from .kinds import kind_for

if TYPE_CHECKING:
    from scorekeeper.engine.sheet import Sheet

    from .models import Game, Row

#: The record field marking the row time was called in (docs/game-record.md "Penalties and limits").
TIME_CALLED = "time_called"

#: Before the first save: how long the game may last ("40 min from the first bid").
NOT_STARTED = gettext_noop("%(minutes)d min from the first bid")
#: The time left, without JavaScript (rounded up to the minute).
MINUTES_LEFT = gettext_noop("%(minutes)d min left")
#: The time left as a phone counts it down (``%(time)s``: "12:34").
TIME_LEFT = gettext_noop("%(time)s left")


def deadline(started: datetime | None, minutes: int) -> datetime | None:
    """When time is up: ``minutes`` after ``started`` (the game's first save); ``None``: no time
    limit (``minutes`` 0) or the clock has not started."""
    if started is None or minutes <= 0:
        return None
    return started + timedelta(minutes=minutes)


def time_limit(game: Game) -> int:
    """``game``'s time limit in minutes (0: none), read from its house rules (no query)."""
    return int(kind_for(game).engine_game(game, ()).rules.time_limit)


def time_up(game: Game, now: datetime, minutes: int | None = None) -> bool:
    """Whether ``game``'s time limit has run out at ``now`` (``minutes``: its time limit, if read)."""
    due = deadline(game.clock_started, time_limit(game) if minutes is None else minutes)
    return due is not None and now >= due


@dataclass(frozen=True)
class Clock:
    """What a sheet's header says of the game's limits, beside what it is played to.

    Attributes:
        texts: the words, in the reader's language: "Hand 6 of 8", "Tied: one more hand", "Time
            was called: this hand is the last", "40 min from the first bid", ...
        left: while time runs: the seconds left by the server's clock (a phone counts them down).
        left_text: the time left in words, without JavaScript ("12 min left").
        left_template: the time left as a phone counts it down ("%(time)s left": "12:34 left").
        up_text: what is said once time is up ("Time: this hand is the last (tied: one more hand)").
        callable: time may be called now (time limit on, a row saved, none marked, the game not over):
            the edit link offers "Call time", and asks the server once the time left is 0.
        confirm: the question "Call time" asks first.
    """

    texts: tuple[str, ...] = ()
    left: int | None = None
    left_text: str = ""
    left_template: str = ""
    up_text: str = ""
    callable: bool = False
    confirm: str = ""


def game_clock(game: Game, sheet: Sheet, in_play: Row | None, rules: Any, now: datetime) -> Clock | None:
    """What the header of ``game``'s sheet says of its limits at ``now`` (``None``: it has none).

    Args:
        sheet: the game scored (its ``limit``: where it stands, the engine's; ``None`` without one).
        in_play: the row in play (bids or auction saved), whose ``time_called`` the engine does not see yet.
        rules: the house rules (``time_limit``, ``hand_limit``).
    """
    minutes, hands = int(rules.time_limit), int(rules.hand_limit)
    if not minutes and not hands:
        return None
    texts = kind_for(game).words.limit_texts
    limit = sheet.limit
    tied = limit is not None and limit.reached and not sheet.finished
    said: list[str] = []
    if hands and limit is not None and not sheet.finished and not tied:
        said.append(gettext(texts["of"]) % {"number": limit.played + 1, "limit": hands})
    if tied:
        said.append(gettext(texts["tied"]))
    if not minutes:
        return Clock(tuple(said))
    called = limit.time_called if limit is not None else None
    if in_play is not None and in_play.record.get(TIME_CALLED):
        return Clock((*said, gettext(texts["called"])))
    if called is not None:
        return Clock((*said, gettext(texts["called_in"]) % {"number": called + 1}) if sheet.finished else tuple(said))
    due = deadline(game.clock_started, minutes)
    if due is None or sheet.finished:
        return Clock((*said, gettext(NOT_STARTED) % {"minutes": minutes}) if due is None else tuple(said))
    up, confirm = gettext(texts["up"]), gettext(texts["confirm"])
    left = math.ceil((due - now).total_seconds())
    if left <= 0:
        return Clock((*said, up), up_text=up, callable=True, confirm=confirm)
    minutes_left = gettext(MINUTES_LEFT) % {"minutes": math.ceil(left / 60)}
    return Clock(tuple(said), left, minutes_left, gettext(TIME_LEFT), up, callable=True, confirm=confirm)
