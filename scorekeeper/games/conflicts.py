"""A save another phone beat (issue 25): what the slower phone is told, where it is looking.

Who saved that hand or deal first (the phone, named as the change history names it) and what,
and the form that applies this phone's entry instead: the same save sent again with
``instead_of``, the faster phone's change, which the write pipeline undoes in the same
transaction before saving (``games.views.writes``), so nothing is lost and the history says
both. What this phone had entered is said beside it from the form itself (``static/js/table.js``).
Reads only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, gettext_noop

from .forms import small_number
from .kinds import game_rows, kind_for
from .models import Change, Game
from .undo import can_revert

#: The saves of an entry form, which a slower phone's same form can lose to.
ENTRY_SAVES = frozenset(
    {Change.Action.BIDS, Change.Action.TRICKS, Change.Action.MISDEAL, Change.Action.AUCTION, Change.Action.POINTS}
)
#: Who saved first, and what (the kind's summary of the record: "bids Ann 4 · Bob 3 · …").
SAVED_FIRST = gettext_noop("%(device)s saved first: %(what)s.")
#: A save's fields that are not what was entered: its plumbing, and the page's live values.
PLUMBING = frozenset({"csrfmiddlewaretoken", "write_key", "v", "rows", "stage", "instead_of"})


@dataclass(frozen=True)
class Conflict:
    """What the slower phone is told.

    Attributes:
        said: who saved the hand or deal first and what ("Ben's phone saved the tricks first: …").
        change_id: the faster phone's change, undone by "Use mine instead" (``None``: it can no
            longer be undone, e.g. changed again since, so nothing is offered).
        fields: this phone's entry as posted, (name, value) pairs, to send again.
    """

    said: str
    change_id: int | None
    fields: tuple[tuple[str, str], ...]


def entry_conflict(game: Game, posted: Any) -> Conflict | None:
    """The :class:`Conflict` of an entry form ``posted`` (a ``QueryDict``) that lost its race:
    the latest change of the hand or deal it was for, if that is an entry save (two queries);
    ``None`` if the form names no hand or its latest change is no entry save (a correction, an undo)."""
    number = small_number(posted.get("number", ""))
    if number is None:
        return None
    change = game.changes.filter(number=number).first()  # newest first
    if change is None or change.action not in ENTRY_SAVES:
        return None
    what = kind_for(game).change_summary(game)(change.after)
    said = gettext(SAVED_FIRST) % {"device": change.device or gettext("Another phone"), "what": what}
    fields = tuple((name, value) for name, values in posted.lists() if name not in PLUMBING for value in values)
    undoable = can_revert(game=game, rows=game_rows(game), change=change)
    return Conflict(said=said, change_id=change.pk if undoable else None, fields=fields)
