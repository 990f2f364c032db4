"""Reading the ratings' read model (issue 29): players' current ratings and their history, for the
ladder, a player's chart, fair partners and an event's seeding. Reads only (``games.ratings`` writes).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, OuterRef, QuerySet, Subquery

from .models import Player, RatingStep

#: The trend compares a player's rating now with ten games ago.
TREND_GAMES = 10


@dataclass(frozen=True)
class Standing:
    """A player's rating in one kind of game: OpenSkill's ``mu`` and ``sigma`` after their last game
    rated (within the dates asked), the games rated, and ``trend``: the ordinal's change over their
    last :data:`TREND_GAMES` games (``None`` with fewer games than that before them)."""

    player_id: int
    name: str
    mu: float
    sigma: float
    games: int
    trend: float | None

    @property
    def ordinal(self) -> float:
        """``mu - 3 * sigma``: what the ladder ranks by."""
        return self.mu - 3 * self.sigma


def current_ratings(
    players: QuerySet[Player], kind: str, *, since: datetime | None = None, until: datetime | None = None
) -> list[Standing]:
    """The rating of each of ``players`` who has one in ``kind``, as of their last game before
    ``until`` (among the games from ``since``), highest ordinal first. One query whatever the number
    of players and games: per player, index probes on ``rating_history`` for the newest step, the
    one :data:`TREND_GAMES` before it, and the count between the dates."""
    steps = RatingStep.objects.filter(player_id=OuterRef("pk"), kind=kind)
    if since is not None:
        steps = steps.filter(at__gte=since)
    if until is not None:
        steps = steps.filter(at__lt=until)
    newest = steps.order_by("-at", "-game_id")
    back = slice(TREND_GAMES, TREND_GAMES + 1)
    rows = players.annotate(
        mu=Subquery(newest.values("mu")[:1]),
        sigma=Subquery(newest.values("sigma")[:1]),
        back_mu=Subquery(newest.values("mu")[back]),
        back_sigma=Subquery(newest.values("sigma")[back]),
        games=Subquery(steps.order_by().values("player_id").annotate(games=Count("pk")).values("games")),
    ).order_by()
    standings = []
    for pk, name, mu, sigma, back_mu, back_sigma, games in rows.values_list(
        "pk", "name", "mu", "sigma", "back_mu", "back_sigma", "games"
    ):
        if mu is not None:  # no game rated (between the dates)
            trend = None if back_mu is None else (mu - 3 * sigma) - (back_mu - 3 * back_sigma)
            standings.append(Standing(pk, name, mu, sigma, games, trend))
    return sorted(standings, key=lambda line: (-line.ordinal, line.name.casefold()))


def rating_history(player: Player, kind: str) -> list[tuple[datetime, float, float]]:
    """``player``'s rating after each game rated in ``kind``, oldest first: (when, mu, sigma). One query."""
    steps = RatingStep.objects.filter(player=player, kind=kind).order_by("at", "game_id")
    return list(steps.values_list("at", "mu", "sigma"))


def ratings_by_name(players: QuerySet[Player], names: Iterable[str], kind: str) -> dict[str, tuple[float, float]]:
    """The current (mu, sigma) in ``kind`` of each of ``names`` that is one of ``players``, by the
    name casefolded (names compared as a new game matches them: case ignored); a name without a
    rating is left out (a new player: OpenSkill's defaults). Three queries."""
    wanted = {name.casefold() for name in names}
    ids = [pk for pk, name in players.values_list("pk", "name") if name.casefold() in wanted]
    found = Player.objects.filter(pk__in=ids)
    return {line.name.casefold(): (line.mu, line.sigma) for line in current_ratings(found, kind)}


__all__ = ["Standing", "current_ratings", "rating_history", "ratings_by_name"]
