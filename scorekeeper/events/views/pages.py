"""An event's pages: the list and a new event, the organiser's dashboard, the standings (phone and
wall), its live poll, and the record in and out (JSON, CSV, import with a preview)."""

from __future__ import annotations

import csv
import json
from typing import Any

from django.db import transaction
from django.http import HttpResponse, HttpResponseNotFound
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_safe
from django_htmx.http import HttpResponseClientRefresh

from scorekeeper.engine.citations import spoken
from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.events.event import PLANNED
from scorekeeper.engine.events.next_round import output
from scorekeeper.engine.events.top_level import table_size_asked
from scorekeeper.engine.record import load_json
from scorekeeper.games import access as game_access
from scorekeeper.games.presenters import qr_svg
from scorekeeper.games.throttle import throttle_spend
from scorekeeper.games.views.http import HtmxHttpRequest

from .. import access, imports, presenters, services
from ..access import OpenedEvent, event_for
from ..forms import EventForm, ImportForm, add_event_error
from ..records import event_loaded, event_record, event_state
from ..services import PAIRED_FROM

#: The wall and the dashboard poll this often (the same cheap poll as the sheet: 204 when unchanged).
POLL = "every 3s"


@require_safe
def events_list(request: HtmxHttpRequest) -> HttpResponse:
    """The events this browser or account can open, newest first, each by the best link it holds."""
    events = access.event_links_held(request, access.events_of(request).order_by("-created_at")[:100])
    return render(request, "events/list.html", {"events": events})


@require_http_methods(["GET", "HEAD", "POST"])
def event_new(request: HtmxHttpRequest) -> HttpResponse:
    """A new event (the organiser's form); made, it opens at its dashboard."""
    known = sorted({player.name for player in game_access.players_of(request)}, key=str.casefold)
    saved = list(game_access.house_rules_of(request))
    form = EventForm(request.POST or None, saved=saved, known=known)
    if request.method == "POST" and form.is_valid():
        refusal = throttle_spend(request, what="event")
        if refusal is not None:
            form.add_error(None, str(refusal))
            return render(request, "events/new.html", {"form": form}, status=429)
        data = form.cleaned_data
        try:
            event = services.event_create(
                name=data["name"], kind=data["kind"], rules=data["rules"], style=data["style"],
                pairing=data["pairing"], entrants=data["entrant_records"],
                rounds=data["rounds"] if data["pairing"] in PLANNED else None,
                table_size=data["table_size"] if table_size_asked(data["kind"], data["style"]) else None,
                owner=game_access.new_owner(request),
            )  # fmt: skip
        except RuleError as error:
            add_event_error(form, error)
        else:
            access.event_started(request, event)
            return redirect("events:detail", event.edit_key)
    status = 422 if request.method == "POST" else 200
    return render(request, "events/new.html", {"form": form}, status=status)


def board_context(request: HtmxHttpRequest, link: OpenedEvent) -> dict[str, Any]:
    """What the dashboard and the standings pages show: where the event stands, the tables of the
    round in play, who sits where, and the poll's token."""
    event = link.event
    # The token first: a save landing while the page is made shows at the next poll, never lost under a new token.
    versions = presenters.event_versions(key=link.key)
    token = "-".join(map(str, versions)) if versions is not None else ""
    state = event_state(event)
    now = timezone.now()
    played = len(state.event.played)
    rounds = state.loaded.rounds
    started = rounds[-1].started if rounds else None
    tables = presenters.tables_shown(state, played - 1, now)
    round_minutes = presenters.round_minutes(started if not state.progress.complete else None, now)
    return {
        "event": event,
        "link": link,
        "state": state,
        "progress": state.progress,
        "standings": presenters.standings_shown(state),
        "tables": tables,
        "playing": [table for table in tables if table.state in ("waiting", "playing")],
        "seating": presenters.seating(state, event),
        "round_minutes": round_minutes,
        "champion": None if state.progress.champion is None else state.event.entrants[state.progress.champion].name,
        "pairing_label": presenters.style_label(event),
        "bracket": presenters.bracket_svg(state) if state.event.elimination else "",
        "token": _live_token(token, ticking=round_minutes is not None),
        "poll": POLL,
        "entrants": list(enumerate(state.event.entrants)),
        # The swap's choices: the entrants of the drafted round, table by table, then its byes.
        "drafted": [(entrant, state.event.entrants[entrant].name) for entrant in _drafted(event.draft)],
        "withdrawn": set(state.event.withdrawn),
        "unpaired": spoken(state.unpaired, gettext) if state.unpaired is not None else "",
        "unsettled": spoken(state.unsettled, gettext) if state.unsettled is not None else "",
        "stale": event.draft is not None and versions is not None and event.draft.get(PAIRED_FROM) != versions[1],
        # While a corrected game leaves an earlier round unsettled: every earlier table, to set it right.
        "earlier": [presenters.tables_shown(state, number, now) for number in range(played - 1)]
        if state.unsettled is not None
        else [],
    }


def _drafted(draft: dict[str, Any] | None) -> list[int]:
    """The entrants of ``draft`` in its order: table by table (seat by seat), then the byes."""
    if draft is None:
        return []
    return [entrant for table in draft["tables"] for entrant in table["entrants"]] + list(draft["bye"])


def _live_token(token: str, *, ticking: bool) -> str:
    """The poll's token, with the minute while a round is played (``ticking``: its clock and the
    tables' time left change every minute, so the page is sent afresh once a minute)."""
    return f"{token}-{timezone.now():%H%M}" if ticking else token


@require_safe
def event_detail(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The organiser's dashboard (the organiser's link), or the standings (the standings link)."""
    link = event_for(request, key)
    access.event_link_opened(request, link)
    context = board_context(request, link)
    if link.can_edit:
        context["links"] = event_links(request, link)
        return render(request, "events/dashboard.html", context)
    return render(request, "events/standings.html", context)


def event_links(request: HtmxHttpRequest, link: OpenedEvent) -> list[dict[str, str]]:
    """The event's two links, each an address and a QR code."""
    shown = []
    for name, key, title in (
        ("edit", link.event.edit_key, gettext("QR code of the organiser's link")),
        ("view", link.event.view_key, gettext("QR code of the standings link")),
    ):
        address = request.build_absolute_uri(reverse("events:detail", args=[key]))
        shown.append({"name": name, "address": address, "qr": qr_svg(address, title)})
    return shown


@require_safe
def event_wall(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The standings for a TV or projector (1920x1080, read from the back of the room), updating by
    themselves: no buttons, either link."""
    link = event_for(request, key)
    return render(request, "events/wall.html", board_context(request, link))


@transaction.non_atomic_requests  # a read: the one query, no transaction around it
@require_safe
def event_live(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The poll of the dashboard, the standings and the wall (``?v=`` the token the page shows,
    ``page=`` which page). Unchanged: 204 after one query. Changed: the page's board afresh."""
    token = presenters.event_token(key=key)
    if token is None:
        return HttpResponseClientRefresh() if request.htmx else HttpResponseNotFound()
    shown = request.GET.get("v", "")
    if shown in (token, f"{token}-{timezone.now():%H%M}"):
        return HttpResponse(status=204)
    link = event_for(request, key)
    page = request.GET.get("page", "standings")
    template = {"dashboard": "events/dashboard.html", "wall": "events/wall.html"}.get(page, "events/standings.html")
    if page == "dashboard" and not link.can_edit:
        template = "events/standings.html"
    return render(request, f"{template}#board", board_context(request, link))


@require_safe
def event_export(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The event record (``docs/event-record.md``) as a JSON file. The standings link gets it without
    the tables' games' links, as the record holds none."""
    event = event_for(request, key).event
    record = event_record(event_loaded(event))
    response = HttpResponse(json.dumps(record, ensure_ascii=False, indent=1), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{_file_name(event)}.json"'
    return response


@require_safe
def event_csv(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The standings as CSV, one line per entrant in rank order (the columns ``manage.py event`` prints)."""
    link = event_for(request, key)
    state = event_state(link.event)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_file_name(link.event)}-standings.csv"'
    response.write("\ufeff")
    writer = csv.writer(response)
    columns = ["rank", "name", "played", "wins", "losses", "byes", "points_for", "points_against", "differential"]
    writer.writerow(columns)
    for line in state.progress.standings:  # the state's: they show when the next round cannot be paired
        writer.writerow([_cell(line.output()[column]) for column in columns])
    return response


def _cell(value: object) -> object:
    """A cell that a spreadsheet will not read as a formula (a name starting with = + - @)."""
    return f"'{value}" if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def _file_name(event: Any) -> str:
    return slugify(f"{event.name}-{timezone.localdate(event.created_at)}") or "event"


@require_http_methods(["GET", "HEAD", "POST"])
def event_import(request: HtmxHttpRequest) -> HttpResponse:
    """Import an event record: the file is read and checked, a preview shown (the standings it
    gives, or the engine's error naming the round and table); confirmed, it is stored as a new event."""
    form = ImportForm(request.POST or None, request.FILES or None)
    context: dict[str, Any] = {"form": form}
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["text"]
        try:
            record = load_json(text)
            preview = output(imports.event_import_verified(record))
        except RuleError as error:
            context["error"] = spoken(error, gettext)
            return render(request, "events/import.html", context, status=422)
        if request.POST.get("confirm") != "yes":
            names = [entrant["name"] for entrant in record["entrants"]]
            context.update(record=record, preview=preview, names=names, text=text)
            return render(request, "events/import.html", context)
        refusal = throttle_spend(request, what="event")
        if refusal is not None:
            context["error"] = str(refusal)
            return render(request, "events/import.html", context, status=429)
        try:
            event = imports.event_import(
                record=record, owner=game_access.new_owner(request), group=game_access.group_of(request)
            )
        except RuleError as error:  # checked at the preview; a game's own check may still refuse it
            context["error"] = spoken(error, gettext)
            return render(request, "events/import.html", context, status=422)
        access.event_started(request, event)
        return redirect("events:detail", event.edit_key)
    status = 422 if request.method == "POST" else 200
    return render(request, "events/import.html", context, status=status)
