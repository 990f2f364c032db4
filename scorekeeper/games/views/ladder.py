"""The rating ladder (issue 29): the players this request can see, ranked by their rating in one kind
of game, within the dates asked. Reads the ratings' read model (``games.standings``) only."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_safe

from .. import access
from ..forms import LadderFilterForm
from ..standings import Standing, current_ratings
from .http import HtmxHttpRequest


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
    trend over the last ten games. Filters: the kind of game, and from and to dates (both included).
    The same few queries whatever the number of players (``current_ratings``: two)."""
    form = LadderFilterForm(request.GET)
    choice = form.choice()
    standings = current_ratings(access.players_of(request), choice.kind, since=choice.since, until=choice.until)
    context = {
        "form": form,
        "kind": choice.kind,
        "rows": ranked(standings),
        "season": timezone.localdate().replace(month=1, day=1),
    }
    return render(request, "games/ladder.html", context)
