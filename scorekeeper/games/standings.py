"""Reading the ratings' read model (issue 29): players' current ratings and their history, for the
ladder, a player's chart, fair partners and an event's seeding. Reads only (``games.ratings`` writes).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from scorekeeper.engine.ratings import NEW_ORDINAL, ordinal

from .models import Player, RatingStep

#: The trend compares a player's rating now with ten games ago.
TREND_GAMES = 10


@dataclass(frozen=True)
class Standing:
    """A player's rating in one kind of game: OpenSkill's ``mu`` and ``sigma`` after their last game
    rated (within the dates asked), the games rated, and ``trend``: the ordinal's change over their
    last :data:`TREND_GAMES` games (``None`` with fewer games than that)."""

    player_id: int
    name: str
    mu: float
    sigma: float
    games: int
    trend: float | None

    @property
    def ordinal(self) -> float:
        """``mu - 3 * sigma``: what the ladder ranks by."""
        return ordinal(self.mu, self.sigma)


def current_ratings(
    players: QuerySet[Player], kind: str, *, since: datetime | None = None, until: datetime | None = None
) -> list[Standing]:
    """The rating of each of ``players`` who played a game rated in ``kind`` between ``since`` and
    ``until``: their rating after their last game before ``until`` (built from every game before
    it), the games between the dates, and the trend over their last :data:`TREND_GAMES` games
    (from a new player's rating when they have exactly that many), highest ordinal first. Only
    the steps of each player's own group count (a rematch may seat a player in another's games,
    rated there apart). One query whatever the number of players and games: index probes per
    player on ``rating_history_in_group``."""
    history = RatingStep.objects.filter(player_id=OuterRef("pk"), kind=kind, group=Coalesce(OuterRef("owner_id"), 0))
    if until is not None:
        history = history.filter(at__lt=until)
    between = history if since is None else history.filter(at__gte=since)
    newest = history.order_by("-at", "-game_id")
    back = slice(TREND_GAMES, TREND_GAMES + 1)
    rows = players.annotate(
        at=Subquery(newest.values("at")[:1]),
        mu=Subquery(newest.values("mu")[:1]),
        sigma=Subquery(newest.values("sigma")[:1]),
        back_mu=Subquery(newest.values("mu")[back]),
        back_sigma=Subquery(newest.values("sigma")[back]),
        tenth=Subquery(newest.values("pk")[TREND_GAMES - 1 : TREND_GAMES]),
        games=Subquery(between.order_by().values("player_id").annotate(games=Count("pk")).values("games")),
    ).order_by()
    standings = []
    for pk, name, at, mu, sigma, back_mu, back_sigma, tenth, games in rows.values_list(
        "pk", "name", "at", "mu", "sigma", "back_mu", "back_sigma", "tenth", "games"
    ):
        if at is None or (since is not None and at < since):  # no game rated between the dates
            continue
        if back_mu is not None:
            trend: float | None = ordinal(mu, sigma) - ordinal(back_mu, back_sigma)
        else:
            trend = None if tenth is None else ordinal(mu, sigma) - NEW_ORDINAL  # ten games: from the start
        standings.append(Standing(pk, name, mu, sigma, games, trend))
    return sorted(standings, key=lambda line: (-line.ordinal, line.name.casefold()))


def rating_history(player: Player, kind: str, games: Q | None = None) -> list[tuple[datetime, float, float]]:
    """``player``'s rating after each game rated in ``kind`` in their own group (only after
    ``games``, a condition on a step's game, if given), oldest first: (when, mu, sigma). One query."""
    steps = RatingStep.objects.filter(games or Q(), player=player, kind=kind, group=player.owner_id or 0)
    steps = steps.order_by("at", "game_id")
    return list(steps.values_list("at", "mu", "sigma"))


def ratings_by_name(players: QuerySet[Player], names: Iterable[str], kind: str) -> dict[str, tuple[float, float]]:
    """The current (mu, sigma) in ``kind`` of each of ``names`` that is one of ``players`` (the
    group a new game's names are matched to: ``access.group_of``), by the
    name casefolded (names compared as a new game matches them: case ignored); a name without a
    rating is left out (a new player: OpenSkill's defaults). Of players of one name, the first by
    (name, id), as a new game seats them. Two queries."""
    wanted = {name.casefold() for name in names}
    first: dict[str, int] = {}
    for pk, name in players.order_by("name", "pk").values_list("pk", "name"):
        if name.casefold() in wanted:
            first.setdefault(name.casefold(), pk)
    found = Player.objects.filter(pk__in=first.values())
    return {line.name.casefold(): (line.mu, line.sigma) for line in current_ratings(found, kind)}


__all__ = ["Standing", "current_ratings", "rating_history", "ratings_by_name"]
