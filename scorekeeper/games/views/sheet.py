"""The score sheet itself: the page, its live poll, and the answers every write shares.

Every page is one template with named partials (django-template-partials). A
request from htmx gets the partial it swaps in; any other request gets the whole
page, so every ``hx-post`` also works as a plain form. Successful writes are
announced with the ``HX-Trigger`` event ``sheet-changed``.
"""

from __future__ import annotations

from typing import Any, Protocol

from django.contrib import messages
from django.db import transaction
from django.http import HttpResponse, HttpResponseNotFound, HttpResponseRedirect
from django.utils.translation import gettext
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRefresh, trigger_client_event

from scorekeeper.engine.errors import RuleError

from .. import access, changes, presenters
from ..access import game_for
from ..forms import small_number
from ..models import Game
from .http import HtmxHttpRequest

SHEET_CHANGED = "sheet-changed"


class EntryStage(Protocol):
    """What a sheet page says about the entry (``SpadesPage``, ``MuPage``)."""

    @property
    def next_number(self) -> int:
        """The 1-based number of the hand or deal being entered."""

    @property
    def in_play(self) -> object | None:
        """The hand or deal in play (bids or auction written), or ``None``."""

    @property
    def winner(self) -> str | None:
        """The winner's name once the game is won."""


def live_stage(page: EntryStage, shown_stage: str | None) -> dict[str, Any]:
    """The entry stage (which hand or deal, and whether bids/auction or tricks/points are
    asked) for the page's live poll, and whether a polling phone's form is out of date."""
    stage = f"{page.next_number}{'p' if page.in_play else 'e'}{'w' if page.winner else ''}"
    return {"stage": stage, "entry_outdated": shown_stage is not None and shown_stage != stage}


def saved_response(request: HtmxHttpRequest, game: Game, anchor: str = "entry") -> HttpResponse:
    """After a write: the fresh partial for htmx (with ``HX-Trigger``), else a redirect."""
    if request.htmx:
        # The write touched the game in the database: show its new version, so this
        # phone's own change does not come back as a change from another phone.
        game.version = presenters.game_version(key=game.edit_key) or game.version
        return trigger_client_event(game.game_kind.sheet_response(request, game), SHEET_CHANGED)
    return HttpResponseRedirect(f"{game.get_absolute_url()}#{anchor}")


def stale_response(
    request: HtmxHttpRequest, game: Game, error: RuleError, *, anchor: str = "entry", opened: int | None = None
) -> HttpResponse:
    """Another phone got there first: show the fresh sheet with a warning (409 for htmx, else a redirect).

    ``anchor``, ``opened``: where the redirected sheet scrolls to, and the hand row it opens.
    """
    messages.warning(request, error.text.render(gettext))
    if request.htmx:
        return trigger_client_event(game.game_kind.sheet_response(request, game, status=409), SHEET_CHANGED)
    query = f"?hand={opened}" if opened is not None else ""
    return HttpResponseRedirect(f"{game.get_absolute_url()}{query}#{anchor}")


def opened_row(request: HtmxHttpRequest) -> int | None:
    """The hand row to show expanded (``?hand=N`` after a correction)."""
    return small_number(request.GET.get("hand", ""))


def form_number(request: HtmxHttpRequest) -> int | None:
    """The 0-based hand or deal number the posted form was shown for (``None``: not sent or unreadable)."""
    return small_number(request.POST.get("number", ""))


@transaction.non_atomic_requests  # a read: no transaction round trips around the one query
@require_safe
def game_live(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Poll for changes made on another phone (``?v=`` the version the page shows).

    Unchanged: 204 with no body after one indexed query, so htmx swaps nothing.
    Changed: the fresh ``game`` partial; the page takes only its ``#live``,
    ``#sheet`` and ``#scoreboard`` from it, so a half-entered form stays as it is,
    unless the form is for a stage that is over (``?stage=``: another phone saved
    that hand), which saving would refuse anyway: then ``#entry`` comes fresh too.
    No state in the process: any app server can answer.
    """
    version = presenters.game_version(key=key)
    if version is None:
        # The link was renewed or turned off: reload, and the phone reads why.
        return HttpResponseClientRefresh() if request.htmx else HttpResponseNotFound()
    if request.GET.get("v") == str(version):
        return HttpResponse(status=204)
    game = game_for(request, key)
    return game.game_kind.sheet_response(request, game, shown_stage=request.GET.get("stage", ""))


@require_safe
def game_detail(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The score sheet: totals, every hand, and the form for the next one (read only through the view link)."""
    game = game_for(request, key)
    access.link_opened(request, game)
    return game.game_kind.sheet_response(request, game)


@require_POST
def hand_undo(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Delete the last hand or deal (or the bids or auction of the one in play).

    The form names the last hand and its fingerprint as shown, so a late tap
    after another phone's change deletes nothing (409 and the fresh sheet).
    """
    game = game_for(request, key, edit=True)
    try:
        changes.hand_undo(
            game=game,
            number=form_number(request),
            shown=request.POST.get("shown"),
            device=access.device_name(request),
        )
    except changes.StaleHand as error:
        return stale_response(request, game, error)
    return saved_response(request, game)
