"""The score sheet itself: the page, its live poll, a row's explanation, and the answers
every write shares.

Every page is one template with named partials (django-template-partials). A request
from htmx gets only what changed since the version its page shows (``games/_update.html``
and :mod:`scorekeeper.games.updates`: out-of-band swaps of the rows from the first changed
one on, the totals, the chart and the entry form); any other request gets the whole page,
so every ``hx-post`` also works as a plain form. Successful writes are announced with the
``HX-Trigger`` event ``sheet-changed``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpResponse, HttpResponseNotFound, HttpResponseRedirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_safe
from django_htmx.http import HttpResponseClientRefresh, reswap, retarget, trigger_client_event

from .. import access, changes, presenters
from ..access import Opened, game_for
from ..changes import Written
from ..chart import running_chart
from ..clock import game_clock
from ..conflicts import entry_conflict
from ..forms import small_number
from ..kinds import kind_for
from ..models import Game
from ..updates import sheet_update, shown_in
from .http import HtmxHttpRequest
from .kinds import Primary, Reply, SheetPage, views_for

SHEET_CHANGED = "sheet-changed"
#: The client event after a write that won the game: ``static/js/table.js`` brings the winner into view.
GAME_WON = "game-won"


@dataclass(frozen=True)
class Stage:
    """The entry stage a sheet's form is for: a phone whose form is for another stage gets the
    form afresh with the live poll, and a correction elsewhere leaves its form alone while it holds.

    Attributes:
        number: the 1-based hand or deal being entered.
        in_play: the row in play (bids or auction written) by what it holds (the first 6 hex
            digits of its fingerprint), so bids put in its place by another phone (a correction,
            "Use mine instead") send the form afresh with the contracts as they are now; ``""``:
            none, its first half (bids, auction) is asked.
        won: the game is won: no form.
        offers: what the form offers that the scores decide (``SheetPage.offers``, a digest).
    """

    number: int
    in_play: str = ""
    won: bool = False
    offers: str = ""

    @classmethod
    def of(cls, page: SheetPage) -> Stage:
        """The stage of ``page``'s entry form."""
        playing = page.in_play.fingerprint()[:6] if page.in_play is not None else ""
        return cls(page.next_number, playing, page.winner is not None, page.offers)

    @property
    def token(self) -> str:
        """The stage as the page's ``#live`` carries it and a phone says it back (``Shown.stage``):
        the number, the row in play or ``e`` (empty), ``w`` once won, then the offers: ``"5e"``,
        ``"5e3fa2c1"``, ``"4a1b2c3"``. Equal tokens, equal stages."""
        return f"{self.number}{self.in_play or 'e'}{'w' if self.won else ''}{self.offers}"

    def __str__(self) -> str:
        return self.token


def live_stage(page: SheetPage, shown_stage: str | None) -> dict[str, Any]:
    """The entry :class:`Stage` for the page's live poll and its writes, and whether the form of a
    phone that says it shows ``shown_stage`` (a token; ``None``: not said) is out of date."""
    stage = Stage.of(page)
    return {"stage": stage, "entry_outdated": shown_stage is not None and shown_stage != stage.token}


def write_reply(request: HtmxHttpRequest, *, primary: Primary = "entry", opened: int | None = None) -> Reply:
    """The :class:`Reply` to a write posted with the page's ``#live`` values (``v``, ``rows``)."""
    return Reply(primary, shown_in(request.POST), opened)


def sheet_render(
    request: HtmxHttpRequest,
    link: Opened,
    page: SheetPage,
    template: str,
    context: dict[str, Any],
    *,
    status: int = 200,
    reply: Reply | None = None,
) -> HttpResponse:
    """Render a kind's sheet ``template`` (``"spades/sheet.html"``) for ``page`` with its
    entry ``context``, as the request asks: the whole page (:func:`page_response`); for htmx,
    the update ``reply`` asks for (:func:`update_response`), or else, a refused post, the
    ``#entry`` partial alone (:func:`entry_response`). ``link``: the game as its link opened it."""
    game = link.game
    context.update(
        game=game,
        link=link,
        page=page,
        version=game.version,
        shown_rows=len(page.sheet.hands),
        chart=running_chart(page.sheet, kind_for(game).words.row_noun()),
        rulings=presenters.game_rulings(game),
        clock=game_clock(game, page.sheet, page.in_play, page.engine.rules, timezone.now()),
        **live_stage(page, reply.shown.stage if reply is not None else None),
    )
    if not request.htmx or (reply is None and request.method != "POST"):
        return page_response(request, page, template, context, status=status)
    if reply is None:
        return entry_response(request, template, context, status=status)
    return update_response(request, game, page, template, context, reply=reply, status=status)


def page_response(
    request: HtmxHttpRequest, page: SheetPage, template: str, context: dict[str, Any], *, status: int
) -> HttpResponse:
    """The whole sheet page: every row a summary, only the opened one (``?hand=N``) explained."""
    opened = opened_row(request)
    rows = range(1, len(page.sheet.hands) + 1)
    context["rows"] = [page.row(number, explained=number == opened) for number in rows]
    return render(request, template, context, status=status)


def entry_response(request: HtmxHttpRequest, template: str, context: dict[str, Any], *, status: int) -> HttpResponse:
    """The ``#entry`` partial alone: a refused post's form, with its errors in place."""
    return render(request, f"{template}#entry", context, status=status)


def update_response(
    request: HtmxHttpRequest,
    game: Game,
    page: SheetPage,
    template: str,
    context: dict[str, Any],
    *,
    reply: Reply,
    status: int,
) -> HttpResponse:
    """What changed since what the phone shows (``games/_update.html``): the rows from the first
    changed one on, the totals, the chart and, if its stage is over, the entry form, out of band;
    the row ``reply.opened`` comes explained."""
    count, opened = len(page.sheet.hands), reply.opened
    update = sheet_update(game, reply.shown, count)
    first = min((part.start for part in (update.replaced, update.added) if part), default=count + 1)
    sent = range(1 if update.whole else first, count + 1)
    if reply.primary == "row" and opened is not None:  # the corrected row is the swap's target: always sent
        sent = range(min(sent.start, opened), count + 1)
    rows = [page.row(number, explained=number == opened) for number in sent]
    context.update(
        rows=rows,
        update=update,
        replaced_rows=[row for row in rows if row.number <= reply.shown.count] if reply.shown.count else [],
        added_rows=[row for row in rows if row.number > (reply.shown.count or 0)],
        primary=reply.primary,
        opened=opened,
        # A correction leaves the entry form, and what is being typed in it, alone while its stage holds.
        send_entry=context["entry_outdated"] or (reply.primary == "row" and reply.shown.stage is None),
        sheet_template=template,
        # The form this phone may be filling in was saved elsewhere: who did it (shown if it had taps).
        saved_elsewhere=(
            presenters.saved_elsewhere(game, reply.shown.version)
            if reply.primary == "live" and context["entry_outdated"]
            else ""
        ),
    )
    response = render(request, "games/_update.html", context, status=status)
    # The whole sheet, out of band, holds the corrected row: nothing is left to swap in.
    return reswap(response, "none") if reply.primary == "row" and update.whole else response


def saved_response(
    request: HtmxHttpRequest,
    link: Opened,
    anchor: str = "entry",
    *,
    primary: Primary = "entry",
    opened: int | None = None,
    written: Written | None = None,
) -> HttpResponse:
    """After a write: for htmx, what changed since the page's version (with ``HX-Trigger``),
    swapped into ``primary`` with row ``opened`` explained; else a redirect to ``anchor``.

    ``written``: what the write left (``changes.Written``; ``None``: a save sent again, answered
    with the sheet as it is now): the game at its new version and its rows, so this phone's own
    change does not come back as a change from another phone, and whether it won the game."""
    won_now = written is not None and written.won_now  # this write won the game: its winner is shown
    if request.htmx:
        reply = write_reply(request, primary=primary, opened=opened)
        rows = None if written is None else list(written.rows_after)
        response = views_for(link.game).sheet_response(request, link, reply=reply, rows=rows)
        if won_now:
            trigger_client_event(response, GAME_WON, after="settle")
        return trigger_client_event(response, SHEET_CHANGED)
    query = f"?hand={opened}" if opened is not None else ""
    return HttpResponseRedirect(f"{access.game_url(link)}{query}#{'standings' if won_now else anchor}")


def saved_again(request: HtmxHttpRequest, key: str, number: int | None = None) -> HttpResponse:
    """The answer to a save stored before and sent again (``games.views.once``): what the
    save answered (:func:`saved_response`), for the entry form or for the corrected row
    ``number`` (1-based), with the sheet as it is now."""
    link = game_for(request, key, edit=True)
    if number is None:
        return saved_response(request, link)
    return saved_response(request, link, f"hand-{number}", primary="row", opened=number)


def stale_response(
    request: HtmxHttpRequest,
    link: Opened,
    error: changes.WriteConflict,
    *,
    anchor: str = "entry",
    opened: int | None = None,
    primary: Primary = "entry",
) -> HttpResponse:
    """Another phone got there first: a warning and what changed since the page's version
    (409 for htmx, else a redirect).

    ``anchor``, ``opened``: where the redirected sheet scrolls to, and the hand row it opens;
    ``primary``: what the htmx answer is swapped into.
    """
    game = link.game
    conflict = entry_conflict(game, request.POST) if primary == "entry" and error.reason == "changed" else None
    if conflict is None:
        messages.warning(request, gettext(kind_for(game).words.conflict_texts[error.reason]))
    else:  # who saved first, what, and one tap to use this phone's entry instead (issue 25)
        said = gettext(kind_for(game).words.conflict_texts["changed"])
        context = {"conflict": conflict, "game": game, "said": said, "action": request.path}
        panel = render_to_string("games/_conflict.html", context, request=request)
        messages.warning(request, panel, extra_tags="conflict")
    if request.htmx:
        reply = write_reply(request, primary=primary, opened=opened)
        response = views_for(game).sheet_response(request, link, status=409, reply=reply)
        return trigger_client_event(response, SHEET_CHANGED)
    query = f"?hand={opened}" if opened is not None else ""
    return HttpResponseRedirect(f"{access.game_url(link)}{query}#{anchor}")


def opened_row(request: HtmxHttpRequest) -> int | None:
    """The hand row to show expanded (``?hand=N`` after a correction)."""
    return small_number(request.GET.get("hand", ""))


def edit_render(request: HtmxHttpRequest, template: str, context: dict[str, Any], *, status: int) -> HttpResponse:
    """A correction page (``template``): the whole page, or for htmx the form opened in its
    row on the sheet (``edit-row``), or that form again with its errors in place of the one
    posted (``edit-form``). ``inline`` tells the form to post through htmx; ``id_prefix``
    keeps its button ids apart from the entry form's on the same sheet."""
    context.update(inline=bool(request.htmx), id_prefix="edit-" if request.htmx else "")
    if not request.htmx:
        return render(request, template, context, status=status)
    if request.method != "POST":
        return render(request, f"{template}#edit-row", context, status=status)
    return reswap(retarget(render(request, f"{template}#edit-form", context, status=status), "this"), "outerHTML")


def form_number(request: HtmxHttpRequest) -> int | None:
    """The 0-based hand or deal number the posted form was shown for (``None``: not sent or unreadable)."""
    return small_number(request.POST.get("number", ""))


@transaction.non_atomic_requests  # a read: no transaction round trips around the one query
@require_safe
def game_live(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Poll for changes made on another phone (``?v=`` the version the page shows,
    ``rows=`` its row count, ``stage=`` its entry form's stage).

    Unchanged: 204 with no body after one indexed query, so htmx swaps nothing.
    Changed: only what changed since (:mod:`scorekeeper.games.updates`): the rows from
    the first changed one on, the totals, the chart and the actions, swapped out of
    band, so a half-entered form stays as it is, unless the form is for a stage that
    is over (another phone saved that hand), which saving would refuse anyway: then
    ``#entry`` comes fresh too. No state in the process: any app server can answer.
    """
    version = presenters.game_version(key=key)
    if version is None:
        # The link was renewed or turned off: reload, and the phone reads why.
        return HttpResponseClientRefresh() if request.htmx else HttpResponseNotFound()
    if request.GET.get("v") == str(version):
        return HttpResponse(status=204)
    link = game_for(request, key)
    return views_for(link.game).sheet_response(request, link, reply=Reply("live", shown_in(request.GET)))


@require_safe
def row_explain(request: HtmxHttpRequest, key: str, number: int) -> HttpResponse:
    """How row ``number`` (1-based) scored, line by line: fetched when its row is opened
    (htmx); without JavaScript, the sheet with that row opened."""
    link = game_for(request, key)
    game = link.game
    if not request.htmx:
        return HttpResponseRedirect(f"{access.game_url(link)}?hand={number}#hand-{number}")
    kind = views_for(game)
    page = kind.sheet_page(game)
    try:
        row = page.row(number, explained=True)
    except IndexError:
        raise Http404 from None
    return render(request, f"{kind.sheet_template}#explain", {"game": game, "link": link, "page": page, "row": row})


@require_safe
def game_detail(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The score sheet: totals, every hand, and the form for the next one (read only through the view link)."""
    link = game_for(request, key)
    access.link_opened(request, link)
    return views_for(link.game).sheet_response(request, link)
