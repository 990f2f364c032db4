"""Reading the ratings' read model (issue 29): players' current ratings and their history, for the
ladder, a player's chart, fair partners and an event's seeding. Reads only (``games.ratings`` writes).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, F, QuerySet, Window
from django.db.models.functions import RowNumber

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


def _steps(
    players: QuerySet[Player], kind: str, since: datetime | None, until: datetime | None
) -> QuerySet[RatingStep]:
    steps = RatingStep.objects.filter(player__in=players, kind=kind)
    if since is not None:
        steps = steps.filter(at__gte=since)
    if until is not None:
        steps = steps.filter(at__lt=until)
    return steps


def current_ratings(
    players: QuerySet[Player], kind: str, *, since: datetime | None = None, until: datetime | None = None
) -> list[Standing]:
    """The rating of each of ``players`` who has one in ``kind``, as of their last game before
    ``until`` (among the games from ``since``), highest ordinal first. Two queries whatever the number
    of players and games: each player's newest :data:`TREND_GAMES` + 1 steps, and their counts."""
    steps = _steps(players, kind, since, until)
    newest = steps.annotate(
        back=Window(RowNumber(), partition_by=[F("player_id")], order_by=[F("at").desc(), F("game_id").desc()])
    ).filter(back__lte=TREND_GAMES + 1)
    rows: dict[int, dict[int, tuple[float, float, str]]] = {}
    for player_id, back, mu, sigma, name in newest.values_list("player_id", "back", "mu", "sigma", "player__name"):
        rows.setdefault(player_id, {})[back] = (mu, sigma, name)
    counts = dict(steps.values("player_id").annotate(games=Count("id")).values_list("player_id", "games"))
    standings = []
    for player_id, by_back in rows.items():
        mu, sigma, name = by_back[1]
        before = by_back.get(TREND_GAMES + 1)
        trend = None if before is None else (mu - 3 * sigma) - (before[0] - 3 * before[1])
        standings.append(Standing(player_id, name, mu, sigma, counts[player_id], trend))
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
