"""Reads for the games list: its filters, and each game's sides and totals as a card shows them.

The filters are added up in the database from the statistics' read model
(:class:`~scorekeeper.games.models.Seat`), so a page of the list costs a fixed number
of queries whatever the number of games. ``games`` arguments are the games the request
may open (``access.games_of``).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import Exists, OuterRef, QuerySet, Subquery
from django.utils.translation import gettext_lazy as _

from .models import Game, Seat

#: Figures a games-list link may ask for (``?stat=``: games where the player had at least one), with their names.
STAT_FILTERS = {
    "bids_made": _("bids made"),
    "bids_set": _("bids set"),
    "nil_attempts": _("nil bid"),
    "nil_made": _("nil made"),
    "blind_nil_attempts": _("blind nil bid"),
    "blind_nil_made": _("blind nil made"),
    "bag_penalties": _("bag penalty caused"),
    "revokes": _("revoked"),
    "chef_deals": _("Chef"),
    "chef_made": _("made as Chef"),
    "eklats": _("Eklat caused"),
}


#: Games per page of the games list.
PAGE_SIZE = 25


@dataclass(frozen=True)
class GameFilters:
    """What the games list is narrowed to (all optional).

    Attributes:
        kind: ``"spades"`` or ``"mu"``; name: part of a player's name; since, until: dates
            (the day the game started); state: ``"finished"`` or ``"open"``.
        who: a player's id; then ``partner`` / ``opponent`` (ids) on their side / the other,
            ``won`` (``True``: they won, ``False``: finished and they did not), ``stat``
            (one of :data:`STAT_FILTERS`: games where they had at least one).
    """

    kind: str = ""
    name: str = ""
    since: datetime.date | None = None
    until: datetime.date | None = None
    state: str = ""
    who: int | None = None
    partner: int | None = None
    opponent: int | None = None
    won: bool | None = None
    stat: str = ""


def recent_games(games: QuerySet[Game], count: int) -> list[Game]:
    """The ``count`` games of ``games`` changed last, with their seats (two queries)."""
    return list(games.order_by("-updated_at", "-pk").prefetch_related("seats")[:count])


def games_filtered(games: QuerySet[Game], filters: GameFilters) -> QuerySet[Game]:
    """``games`` narrowed by ``filters``, newest change first, with their seats and players
    prefetched (a page of them costs three queries: the count, the games, the seats)."""
    if filters.kind:
        games = games.filter(kind=filters.kind)
    if filters.name.strip():
        games = games.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), player__name__icontains=filters.name)))
    if filters.since:
        games = games.filter(created_at__date__gte=filters.since)
    if filters.until:
        games = games.filter(created_at__date__lte=filters.until)
    if filters.state == "finished":
        games = games.filter(finished=True)
    elif filters.state == "open":
        games = games.filter(finished=False)
    if filters.who is not None:
        mine = Seat.objects.filter(game=OuterRef("pk"), player_id=filters.who)
        if filters.won is True:
            mine = mine.filter(won=True)
        elif filters.won is False:
            mine = mine.filter(won=False, game__finished=True)
        if filters.stat in STAT_FILTERS:
            mine = mine.filter(**{f"{filters.stat}__gt": 0})
        games = games.filter(Exists(mine))
        my_side = Subquery(Seat.objects.filter(game=OuterRef(OuterRef("pk")), player_id=filters.who).values("side")[:1])
        if filters.partner is not None:
            games = games.filter(
                Exists(Seat.objects.filter(game=OuterRef("pk"), player_id=filters.partner, side=my_side))
            )
        if filters.opponent is not None:
            games = games.filter(
                Exists(Seat.objects.filter(game=OuterRef("pk"), player_id=filters.opponent).exclude(side=my_side))
            )
    return games.order_by("-updated_at", "-pk").prefetch_related("seats")


@dataclass(frozen=True)
class ListedSide:
    """One side of a listed game: its players' names (as typed at the table) and final total."""

    names: str
    total: int
    won: bool


def listed_sides(game: Game) -> list[ListedSide]:
    """The sides of a game from its prefetched seats, in side order (no query)."""
    sides: dict[int, list[Any]] = {}
    for seat in game.seats.all():
        sides.setdefault(seat.side, []).append(seat)
    return [
        ListedSide(" & ".join(game.players[s.seat] for s in seats), seats[0].total, seats[0].won)
        for _side, seats in sorted(sides.items())
    ]
