"""The organiser's writes: pair the next round, swap two entrants, start it (a game a table), table
cards to print, forfeits and results, late entrants and withdrawals.

Each takes the organiser's link only; a refusal (the engine's message) shows on the dashboard with
nothing changed (422); a write answers with the dashboard (the board swapped in with htmx, else a
redirect), announced with ``HX-Trigger: event-changed``.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import trigger_client_event

from scorekeeper.engine.citations import spoken
from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.ratings import ordinal
from scorekeeper.engine.text import gettext_noop
from scorekeeper.games import access as game_access
from scorekeeper.games.forms import small_number
from scorekeeper.games.presenters import qr_svg
from scorekeeper.games.standings import ratings_by_name
from scorekeeper.games.views.http import HtmxHttpRequest

from .. import presenters, services
from ..access import OpenedEvent, event_for
from ..forms import EntrantForm
from ..records import event_state
from ..seeding import event_seed_by_rating
from .pages import board_context, event_links

EVENT_CHANGED = "event-changed"


def _done(request: HtmxHttpRequest, link: OpenedEvent, said: str) -> HttpResponse:
    """After a write: the dashboard's board (htmx) or the dashboard (a plain form), saying ``said``."""
    messages.success(request, said)
    if request.htmx:
        link = event_for(request, link.key)
        response = render(request, "events/dashboard.html#board", board_context(request, link))
        return trigger_client_event(response, EVENT_CHANGED)
    return redirect("events:detail", link.key)


def _refused(request: HtmxHttpRequest, link: OpenedEvent, error: RuleError) -> HttpResponse:
    """A refused write: the dashboard with the engine's message, nothing changed (422)."""
    context = board_context(request, event_for(request, link.key))
    context["refusal"] = spoken(error, gettext)
    if request.htmx:
        return render(request, "events/dashboard.html#board", context, status=422)
    context["links"] = event_links(request, link)  # the whole page: its links and codes too
    return render(request, "events/dashboard.html", context, status=422)


@require_POST
def round_pair(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Pair the next round (the engine's pairing): shown for the organiser to confirm."""
    link = event_for(request, key, edit=True)
    try:
        services.event_draft(event=link.event)
    except RuleError as error:
        return _refused(request, link, error)
    return _done(request, link, gettext("The next round is paired: check it, then start it."))


@require_POST
def round_swap(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Swap two entrants of the drafted round (``first``, ``second``: entrant indexes)."""
    link = event_for(request, key, edit=True)
    first, second = (small_number(request.POST.get(name, ""), digits=3) for name in ("first", "second"))
    try:
        if first is None or second is None:
            raise services.refusal(gettext_noop("Choose two different entrants of the next round to swap."))
        shown = small_number(request.POST.get("version", ""))
        services.event_draft_swap(event=link.event, first=first, second=second, shown=shown)
    except RuleError as error:
        return _refused(request, link, error)
    return _done(request, link, gettext("Swapped."))


@require_POST
def round_start(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Start the drafted round: a game at each table, each with its own links (the table cards)."""
    link = event_for(request, key, edit=True)
    try:
        tables = services.event_round_start(event=link.event, group=game_access.group_of(request))
    except RuleError as error:
        return _refused(request, link, error)
    for table in tables:
        if table.game is not None:
            game_access.game_started(request, table.game)
    return _done(request, link, gettext("The round has started: print the table cards, or show each table its code."))


@require_safe
def round_cards(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The table cards of the round in play, to print (A4, a card a table): the table number, the
    names in their seats, the house rules in a line and a QR code of the table's edit link."""
    link = event_for(request, key, edit=True)
    state = event_state(link.event)
    if not state.loaded.rounds:
        return redirect("events:detail", key)
    number = len(state.loaded.rounds) - 1
    names = [entrant.name for entrant in state.event.entrants]
    cards = []
    for table in state.loaded.tables[number]:
        address = request.build_absolute_uri(reverse("games:detail", args=[table.game.edit_key])) if table.game else ""
        cards.append(
            {
                "number": table.number + 1,
                "players": table.game.players if table.game else [names[entrant] for entrant in table.entrants],
                "teams": [names[entrant] for entrant in table.entrants] if link.event.style == "teams" else [],
                "address": address,
                "qr": qr_svg(address, gettext("QR code of table %(number)d's edit link") % {"number": table.number + 1})
                if address
                else "",
            }
        )
    context = {
        "event": link.event,
        "link": link,
        "cards": cards,
        "round": number + 1,
        "rules_line": presenters.rules_line(link.event, state),
    }
    return render(request, "events/cards.html", context)


@require_POST
def table_forfeit(request: HtmxHttpRequest, key: str, round: int, number: int) -> HttpResponse:
    """Record a forfeit at table ``number`` of round ``round`` (1-based): ``entrant`` forfeits, or
    empty to take the forfeit back."""
    link = event_for(request, key, edit=True)
    posted = request.POST.get("entrant", "")
    entrant = small_number(posted, digits=3)
    try:
        if posted and entrant is None:  # never read as "nobody": that would take a forfeit back
            raise services.refusal(gettext_noop("Choose who forfeits, or nobody."), field="forfeit")
        services.event_forfeit_set(event=link.event, round=round - 1, number=number - 1, entrant=entrant)
    except RuleError as error:
        return _refused(request, link, error)
    said = gettext("Forfeit recorded.") if entrant is not None else gettext("Forfeit taken back.")
    return _done(request, link, said)


@require_POST
def table_result(request: HtmxHttpRequest, key: str, round: int, number: int) -> HttpResponse:
    """Set the result of table ``number`` of round ``round`` (1-based) by the organiser: ``points_<i>``
    per entrant of the table; ``clear`` takes it back (the game's own result counts)."""
    link = event_for(request, key, edit=True)
    points = None if request.POST.get("clear") else _points(request)
    try:
        if points == []:
            raise services.refusal(
                gettext_noop("Give every entrant at the table its points, a whole number."), field="result"
            )
        services.event_result_set(event=link.event, round=round - 1, number=number - 1, points=points)
    except RuleError as error:
        return _refused(request, link, error)
    return _done(request, link, gettext("Result set.") if points is not None else gettext("Result taken back."))


def _points(request: HtmxHttpRequest) -> list[int]:
    """The points posted as ``points_0``, ``points_1``, ... (a table seats at most 6), in order; ``[]``
    when one is not a whole number or one is missing before another (never read shifted)."""
    values = [request.POST.get(f"points_{at}", "").strip() for at in range(6)]
    given = [value for value in values if value]
    if values[: len(given)] != given:
        return []
    try:
        return [int(value) for value in given]
    except ValueError:
        return []


@require_POST
def entrant_add(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """A late entrant, between rounds: a player, or a team and its two players."""
    link = event_for(request, key, edit=True)
    form = EntrantForm(request.POST)
    try:
        if not form.is_valid():
            field, errors = next(iter(form.errors.items()))
            label = str(form.fields[field].label)
            raise services.refusal(gettext_noop("%(label)s: %(error)s"), field="name", label=label, error=errors[0])
        data = form.cleaned_data
        players = [name for name in (data["first"], data["second"]) if name]
        services.event_entrant_add(event=link.event, name=data["name"], players=players)
    except RuleError as error:
        return _refused(request, link, error)
    return _done(request, link, gettext("Entrant added."))


@require_POST
def entrant_withdraw(request: HtmxHttpRequest, key: str, entrant: int) -> HttpResponse:
    """Withdraw entrant ``entrant`` (1-based) from the next rounds, or (``back``) bring it back."""
    link = event_for(request, key, edit=True)
    back = bool(request.POST.get("back"))
    try:
        services.event_entrant_withdraw(event=link.event, entrant=entrant - 1, back=back)
    except RuleError as error:
        return _refused(request, link, error)
    return _done(request, link, gettext("Back in the event.") if back else gettext("Withdrawn: paired no more."))


@require_POST
def entrants_seed(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Order the entrants by their players' ratings in the event's game (issue 29.4), before round 1."""
    link = event_for(request, key, edit=True)
    names = [name for entrant in link.event.entrants for name in (entrant.get("players") or [entrant["name"]])]
    ratings = ratings_by_name(game_access.group_of(request), names, link.event.kind)  # as the tables seat them
    ordinals = {name: ordinal(mu, sigma) for name, (mu, sigma) in ratings.items()}
    try:
        event_seed_by_rating(event=link.event, ordinals=ordinals)
    except RuleError as error:
        return _refused(request, link, error)
    return _done(request, link, gettext("Seeded by rating: the best first."))
