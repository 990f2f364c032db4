"""A game's change history: every change, newest first, and undoing one of them."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import trigger_client_event

from scorekeeper.engine.citations import spoken
from scorekeeper.engine.errors import RuleError

from .. import access, changes, presenters
from ..access import Opened, game_for
from ..models import Change
from .http import HtmxHttpRequest
from .once import saved_once
from .sheet import SHEET_CHANGED


@require_safe
def game_changes(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Every change to the game, newest first, with time and phone; through the edit link each
    change that can still be undone has its button."""
    return _changes_page(request, game_for(request, key))


def _changes_page(request: HtmxHttpRequest, link: Opened, status: int = 200) -> HttpResponse:
    context = {"game": link.game, "link": link, "changes": presenters.change_rows(link.game)}
    template = "games/changes.html#changes" if request.htmx else "games/changes.html"
    return render(request, template, context, status=status)


def _reverted(request: HtmxHttpRequest, key: str, change_id: int, link: Opened | None = None) -> HttpResponse:
    """What undoing a change answers (also when it is sent again, ``games.views.once``): the
    history with "Change undone.", or a redirect to it."""
    messages.success(request, gettext("Change undone."))
    if request.htmx:
        page = _changes_page(request, link or game_for(request, key, edit=True))
        return trigger_client_event(page, SHEET_CHANGED)
    return redirect("games:changes", key)


@require_POST
@saved_once(_reverted)
def change_revert(request: HtmxHttpRequest, key: str, change_id: int) -> HttpResponse:
    """Undo one change from the change history; refused (with the reason, nothing changed) when
    its hand has changed again since, later hands are in the way, or a rule would break."""
    link = game_for(request, key, edit=True)
    try:
        changes.change_revert(
            game=link.game, change_id=change_id, device=access.device_name(request), write_key=access.write_key(request)
        )
    except Change.DoesNotExist:
        return HttpResponse(gettext("This game has no such change."), status=404)
    except RuleError as error:
        messages.error(request, spoken(error, gettext))
        if request.htmx:
            return _changes_page(request, link, status=422)
        return redirect("games:changes", link.key)
    return _reverted(request, key, change_id, link)
