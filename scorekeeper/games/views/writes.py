"""Every write to a game's hands or deals goes through one pipeline (issue 24), in this order:

1. a save sent again is answered as the first was (:func:`~.once.saved_once`);
2. the form must say which hand or deal it was shown for, and that must still be the one
   the game expects (another phone may have been faster): else 409 and the fresh sheet,
   *before* the form is read against the game as it is now, so a conflict is never
   mistaken for bad input (a 422 with no message);
3. the view reads its form and calls its service, which checks the same again under the
   game's lock (:mod:`scorekeeper.games.changes`): a conflict found there, or a refusal
   that the game as another phone just left it explains, is answered as in 2.

A write's view says which form it takes with ``expects`` (``changes.Expects``): a function of
the game and its rows giving the 0-based number its entry form must carry
(``spades.services.bids_number``); ``changes.LAST`` for undo (the last row, by number and
fingerprint); ``changes.ROW`` for a correction of the row in its address (by fingerprint).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext
from django.views.decorators.http import require_POST
from django_htmx.http import trigger_client_event

from scorekeeper.engine.citations import spoken
from scorekeeper.engine.errors import RuleError

from .. import access, changes, time_calls
from ..access import Opened, game_for
from ..changes import LAST, ROW, Expects, WriteConflict
from ..forms import small_number
from ..models import Game, Row
from .http import HtmxHttpRequest
from .kinds import views_for
from .once import WriteView, saved_once
from .sheet import SHEET_CHANGED, form_number, saved_again, saved_response, stale_response, write_reply


def verify_fresh(request: HtmxHttpRequest, game: Game, expects: Expects, row: int | None = None) -> None:
    """:func:`changes.verify_fresh` of the posted form (its ``number`` and ``shown``).

    Raises:
        WriteConflict: as :func:`changes.verify_fresh`.
    """
    shown = request.POST.get("shown")
    changes.verify_fresh(game, expects=expects, posted=form_number(request), shown=shown, row=row)


def game_write(
    again: WriteView, *, expects: Expects, kind: str | None = None, timed: bool = False
) -> Callable[[WriteView], WriteView]:
    """Make ``view`` (called with the request, the game's edit link key and the address's other
    parts) a write of the pipeline above: a repeat answered by ``again``, the form checked
    fresh first (:func:`verify_fresh`), and a conflict, wherever found, answered 409 with the
    fresh sheet. A GET (a correction's form) goes straight to the view.

    ``kind``: ``"spades"`` or ``"mu"``: a game of the other kind is not found (404).
    ``timed``: a save of the hand or deal being entered: time is called first if the server's
    clock says it is up (``time_calls.time_called_if_up``), so the right row is marked.

    Raises:
        Http404, PermissionDenied: as ``access.game_for`` with the edit link.
    """

    def decorate(view: WriteView) -> WriteView:
        @saved_once(again)
        @functools.wraps(view)
        def wrapper(request: HtmxHttpRequest, key: str, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method != "POST":
                return view(request, key, *args, **kwargs)
            game = game_for(request, key, edit=True, kind=kind).game
            row = kwargs.get("number")
            if timed:
                time_calls.time_called_if_up(game=game, device=access.device_name(request))

            def write() -> HttpResponse:
                verify_fresh(request, game, expects, row)
                response = view(request, key, *args, **kwargs)
                if response.status_code == 422:  # refused: because another phone just moved the game on?
                    verify_fresh(request, game_for(request, key, edit=True).game, expects, row)
                return response

            try:
                instead = small_number(request.POST.get("instead_of", ""))
                return write() if instead is None else _instead(request, game, instead, write)
            except WriteConflict as error:
                link = game_for(request, key, edit=True)  # as the faster phone left it
                if row is None:
                    return stale_response(request, link, error)
                return stale_response(request, link, error, anchor=f"hand-{row}", opened=row, primary="row")

        return wrapper

    return decorate


class _Refused(Exception):
    """A save made in place of another phone's was refused: the undoing goes back with it."""

    def __init__(self, response: HttpResponse) -> None:
        super().__init__(response.status_code)
        self.response = response


def _instead(request: HtmxHttpRequest, game: Game, change_id: int, write: Callable[[], HttpResponse]) -> HttpResponse:
    """``write`` this phone's entry in place of another phone's change ``change_id`` ("Use mine
    instead", ``games.conflicts``): both or neither (``changes.change_instead``). A refusal is
    answered as the conflict was, the other phone's save standing.

    Raises:
        WriteConflict: the other phone's change was changed again since, or this entry is refused.
    """

    def save() -> HttpResponse:
        response = write()
        if response.status_code >= 400:
            raise _Refused(response)
        return response

    try:
        return changes.change_instead(game=game, change_id=change_id, device=access.device_name(request), save=save)
    except _Refused:
        raise WriteConflict() from None


@require_POST
@game_write(saved_again, expects=LAST)
def row_undo(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Delete the last hand or deal (or the bids or auction of the one in play).

    The form names the last hand and its fingerprint as shown, so a late tap
    after another phone's change deletes nothing (409 and the fresh sheet); a form
    that does not name them deletes nothing either.
    """
    link = game_for(request, key, edit=True)
    written = changes.row_undo(
        game=link.game,
        number=form_number(request),
        shown=request.POST.get("shown"),
        device=access.device_name(request),
        write_key=access.write_key(request),
    )
    return saved_response(request, link, written=written)


def _time_again(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The answer to a time call sent again (``games.views.once``): the sheet as it is now."""
    return _time_answer(request, game_for(request, key, edit=True))


@require_POST
@saved_once(_time_again)
def time_call(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Call time (through the edit link): the row in play, or else the last one played, is
    marked the last (``time_calls.time_call``). ``automatic=1``: asked by a phone whose count
    reached 0, the server decides by its own clock. The answer, for htmx, is swapped in as the
    live poll's is (what changed since the page's version), so a form being tapped stays."""
    link = game_for(request, key, edit=True)
    try:
        written = time_calls.time_call(
            game=link.game,  # read afresh under the lock: the answer shows the game as the call left it
            device=access.device_name(request),
            write_key=access.write_key(request),
            automatic=request.POST.get("automatic") == "1",
        )
    except RuleError as error:
        messages.error(request, spoken(error, gettext))
        return _time_answer(request, link, status=422)
    return _time_answer(request, link, rows=written.rows_after)


def _time_answer(
    request: HtmxHttpRequest, link: Opened, *, status: int = 200, rows: Sequence[Row] | None = None
) -> HttpResponse:
    """What calling time answers: for htmx, what changed since the page's version, in place of
    the live poll's answer (``#live``); else a redirect to the sheet's totals. ``rows``: the
    game's rows, if read."""
    if not request.htmx:
        return HttpResponseRedirect(f"{access.game_url(link)}#standings")
    reply = write_reply(request, primary="live")
    response = views_for(link.game).sheet_response(request, link, status=status, reply=reply, rows=rows)
    return trigger_client_event(response, SHEET_CHANGED)


__all__ = ["LAST", "ROW", "game_write", "row_undo", "time_call", "verify_fresh"]
