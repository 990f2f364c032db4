"""The rating ladder (issue 29): the players this request can see, ranked by their rating in one kind
of game, within the dates asked; and its view link, which shows an account's ladder to whoever has
it. Reads the ratings' read model (``games.standings``) only."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_POST, require_safe

from .. import access, presenters, services
from ..forms import LadderFilterForm
from ..models import Game, Player
from ..standings import Standing, current_ratings
from .http import HtmxHttpRequest

#: Lines on a page of the ladder: a club's thousand players are ten pages, each quick to draw.
PER_PAGE = 100


@dataclass(frozen=True)
class LadderRow:
    """A line of the ladder: the rank (shared by equal ratings: 1, 2, 2, 4), the standing, and the
    trend rounded as shown (``None``: fewer games than the trend needs)."""

    rank: int
    standing: Standing
    trend: float | None

    @property
    def trend_size(self) -> float | None:
        """The trend without its sign (the arrow says it)."""
        return None if self.trend is None else abs(self.trend)


def ranked(standings: list[Standing]) -> list[LadderRow]:
    """``standings`` (best first) with their ranks; ratings equal to the shown decimal share one."""
    rows: list[LadderRow] = []
    for place, standing in enumerate(standings, start=1):
        shared = rows and round(rows[-1].standing.ordinal, 1) == round(standing.ordinal, 1)
        rank = rows[-1].rank if shared else place
        rows.append(LadderRow(rank, standing, None if standing.trend is None else round(standing.trend, 1)))
    return rows


@require_safe
def ladder(request: HtmxHttpRequest) -> HttpResponse:
    """The ladder: rank, name, rating (the ordinal, ``mu ± sigma`` beside it), games rated and the
    trend over the last ten games, :data:`PER_PAGE` lines a page. Filters: the kind of game, from
    and to dates (both included), and a name to find (ranks stay those of the whole ladder).
    Signed in, below it the ladder's view link. A fixed number of queries whatever the number of
    players: the session, the user, the view link and ``current_ratings``' one."""
    context = {"shared": False, "signed_in": request.user.is_authenticated}
    link = access.ladder_link_of(request)
    if link is not None:
        address = request.build_absolute_uri(reverse("games:ladder_shared", args=[link.key]))
        context |= {"address": address, "qr": presenters.qr_svg(address, gettext("QR code of the ladder's link"))}
    return _ladder_page(request, access.players_of(request), context)


@require_safe
def ladder_shared(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The ladder of the account whose view link ``key`` is, read only: the same lines and
    filters, the names not linked (a player's page is for their group). 404 for any other key."""
    return _ladder_page(request, access.ladder_players(key), {"shared": True})


@require_POST
def ladder_link(request: HtmxHttpRequest) -> HttpResponse:
    """The account makes or renews its ladder's view link (``action=renew``: the old one stops
    working at once) or turns it off (``action=revoke``). 403 without an account."""
    if not request.user.is_authenticated:
        raise PermissionDenied
    action = request.POST.get("action")
    if action == "renew":
        services.ladder_link_renew(owner=request.user)
        messages.success(request, gettext("The ladder has a new view link: an old one no longer works."))
    elif action == "revoke":
        services.ladder_link_revoke(owner=request.user)
        messages.success(request, gettext("The ladder's view link is off: it no longer opens the ladder."))
    else:
        return HttpResponse(gettext("Choose to make a new link or to turn the link off."), status=400)
    return redirect(reverse("games:ladder") + "#ladder-link")


def _ladder_page(request: HtmxHttpRequest, players: QuerySet[Player], context: dict[str, object]) -> HttpResponse:
    """The ladder of ``players`` as the request's filters ask, one page of it; with no game asked
    for and none rated in the first, the first kind of game with ratings (a query more each)."""
    form = LadderFilterForm(request.GET)
    choice = form.choice()
    standings = current_ratings(players, choice.kind, since=choice.since, until=choice.until)
    for kind, _label in Game.Kind.choices if not (standings or request.GET.get("kind")) else ():
        others = current_ratings(players, kind, since=choice.since, until=choice.until)
        if others:  # no game chosen, none rated in the first: a group that plays only Mü opens on its ladder
            form = LadderFilterForm({**request.GET.dict(), "kind": kind})
            choice, standings = form.choice(), others
            break
    rows = ranked(standings)
    if choice.name:
        rows = [row for row in rows if choice.name.casefold() in row.standing.name.casefold()]
    page = Paginator(rows, PER_PAGE).get_page(request.GET.get("page"))
    context |= {
        "form": form,
        "kind": choice.kind,
        "page": page,
        "rows": page.object_list,
        "season": timezone.localdate().replace(month=1, day=1),
    }
    return render(request, "games/ladder.html", context)
