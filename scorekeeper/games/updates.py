"""What a phone's sheet lacks: the rows changed since the version it shows.

A save, a correction, an undo and the live poll answer with only what changed (htmx
out-of-band swaps), so a tap costs the same at hand 3 and at hand 300. The phone says
what it shows (:class:`Shown`: the version and its number of rows, kept in the page's
``#live`` element); the game's change history says which rows changed since that
version (each :class:`~scorekeeper.games.models.Change` keeps the version it made).
Every row from the first changed one on is sent again, since each row shows a running
total; nothing before it is. When the history cannot tell (a version bump without a
change, such as a renewed link, or changes kept before versions were), the whole sheet
is sent, as it is when the phone shows no rows or the game has none.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Min
from django.http import QueryDict

from .forms import small_number
from .models import Change, Game


@dataclass(frozen=True)
class Shown:
    """What a phone's sheet shows, as it says in its poll or with a posted form.

    Attributes:
        version: the game's version the sheet was made at (``None``: unknown, send everything).
        count: how many rows (hands or deals played) it shows.
        stage: the entry stage of its form (``views.sheet.live_stage``), ``None`` if not said.
    """

    version: int | None
    count: int | None
    stage: str | None = None


def shown_in(values: QueryDict) -> Shown:
    """The :class:`Shown` of a request's query or form (``v``, ``rows``, ``stage``); unreadable values are unknown."""
    return Shown(small_number(values.get("v", "")), small_number(values.get("rows", "")), values.get("stage") or None)


@dataclass(frozen=True)
class SheetUpdate:
    """The rows (1-based numbers) a phone's sheet needs, or ``whole`` to send the whole sheet.

    Attributes:
        whole: send the whole sheet (every row).
        replaced: rows the phone has that changed: swapped in place.
        added: rows the phone does not have yet: appended after its last.
        removed: rows the phone has that are gone (undone): deleted.
    """

    whole: bool
    replaced: range = range(0)
    added: range = range(0)
    removed: range = range(0)


WHOLE = SheetUpdate(whole=True)


def first_changed_since(game: Game, version: int) -> int | None:
    """The 0-based number of the first row changed after ``version`` of ``game`` (at its
    version now): ``-1`` when nothing changed, ``None`` when the change history cannot tell.
    One query, none when ``version`` is the game's."""
    if version == game.version:
        return -1
    if version > game.version:
        return None
    since = Change.objects.filter(game=game, version__gt=version).aggregate(first=Min("number"), count=Count("id"))
    if since["count"] != game.version - version:
        return None
    first: int = since["first"]
    return first


def sheet_update(game: Game, shown: Shown, rows: int) -> SheetUpdate:
    """The rows a phone showing ``shown`` needs of ``game``, which has ``rows`` rows now
    (:func:`first_changed_since`: at most one query)."""
    if shown.version is None or shown.count is None:
        return WHOLE
    first = first_changed_since(game, shown.version)
    if first is None or shown.count == 0 or rows == 0:
        return WHOLE
    # 1-based; rows the phone lacks are sent whatever the history says.
    start = min(shown.count, rows) + 1 if first < 0 else min(first + 1, shown.count + 1)
    return SheetUpdate(
        whole=False,
        replaced=range(start, max(start, min(shown.count, rows) + 1)),
        added=range(max(start, shown.count + 1), max(start, rows + 1)),
        removed=range(max(start, rows + 1), max(start, shown.count + 1)),
    )
