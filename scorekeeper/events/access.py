"""Who may do what with an event: its two links, as a game's (``games.access``).

- the **organiser's link** (``Event.edit_key``): pair and start rounds, forfeits and results,
  entrants, table cards, and each table's edit link;
- the **standings link** (``Event.view_key``): the standings and who sits where, nothing else (never
  a table's edit link).

The browser that made an event without an account remembers it in its session, as a game's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest
from django.utils.translation import gettext

from scorekeeper.games.access import REMEMBERED

from .models import Event

#: Session keys: the events this browser made, and the event links it opened.
MADE = "events_made"
LINKS = "event_links"


@dataclass(frozen=True)
class OpenedEvent:
    """An event as a link opened it: ``key`` the link's key (pages lead only to that link's
    addresses), ``can_edit`` whether it is the organiser's link."""

    event: Event
    key: str
    can_edit: bool


def event_for(request: HttpRequest, key: str, *, edit: bool = False) -> OpenedEvent:
    """The event link ``key`` opens. One indexed query.

    Raises:
        Http404: no event has this key.
        PermissionDenied: ``edit`` and ``key`` is the standings link.
    """
    event = Event.objects.filter(Q(edit_key=key) | Q(view_key=key)).first()
    if event is None:
        raise Http404(gettext("This link does not open an event. Ask the organiser for the link."))
    if edit and key != event.edit_key:
        raise PermissionDenied(gettext("This is the standings link: it shows the event but cannot change it."))
    return OpenedEvent(event, key, key == event.edit_key)


def event_started(request: HttpRequest, event: Event) -> None:
    """Remember that this browser made ``event`` (for its list of events)."""
    _remember(request, MADE, str(event.pk))


def event_link_opened(request: HttpRequest, link: OpenedEvent) -> None:
    """Remember the link this browser opened an event with, if it has a session already."""
    if request.session.session_key is not None or link.key in request.session.get(MADE, []):
        _remember(request, LINKS, link.key)


def _remember(request: HttpRequest, name: str, value: str) -> None:
    remembered = request.session.get(name, [])
    if value not in remembered:
        request.session[name] = [*remembered, value][-REMEMBERED:]


def events_of(request: HttpRequest) -> QuerySet[Event]:
    """The events this browser or account can open: made here, owned, or opened through a link."""
    links = request.session.get(LINKS, [])
    reach = Q(pk__in=request.session.get(MADE, [])) | Q(edit_key__in=links) | Q(view_key__in=links)
    if request.user.is_authenticated:
        reach |= Q(owner=request.user)
    return Event.objects.filter(reach)


def event_links_held(request: HttpRequest, events: Iterable[Event]) -> list[OpenedEvent]:
    """Each of :func:`events_of`'s ``events`` as the best link this browser holds opens it (in order):
    the organiser's if it made the event, owns it or opened that link, else the standings link."""
    made = set(request.session.get(MADE, []))
    links = set(request.session.get(LINKS, []))
    user_id = request.user.pk if request.user.is_authenticated else None
    held = []
    for event in events:
        edits = str(event.pk) in made or event.edit_key in links or (user_id is not None and event.owner_id == user_id)
        held.append(OpenedEvent(event, event.edit_key if edits else event.view_key, edits))
    return held
