"""Reads for players and their statistics (issue 7).

Every figure is added up in the database from the statistics' read model
(:class:`~scorekeeper.games.models.Seat`, one row per player per game, rebuilt from
the hands on every change), so each page costs a fixed number of queries whatever
the number of games. ``games`` arguments are the games the request may open
(``access.games_of``): nobody's statistics include games they cannot see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from urllib.parse import urlencode

from django.db.models import Avg, Count, F, OuterRef, Q, QuerySet, Subquery, Sum, UUIDField
from django.utils import formats, timezone
from django.utils.translation import gettext

from .kinds import kind_of
from .models import SEAT_FIGURES, Game, Player, Seat


@dataclass(frozen=True)
class Rate:
    """A count out of a number of tries, e.g. nils made out of nil attempts."""

    count: int
    out_of: int

    @property
    def percent(self) -> int | None:
        """The rate in whole percent, or ``None`` with no tries."""
        return round(100 * self.count / self.out_of) if self.out_of else None

    def __str__(self) -> str:
        """As the statistics show it: "3/4 (75 %)", or "0/0"."""
        return f"{self.count}/{self.out_of}" + (f" ({self.percent} %)" if self.percent is not None else "")


@dataclass(frozen=True)
class KindFigures:
    """One player's figures in one kind of game (Spades or Mü), added up over their games."""

    kind: str
    games: int = 0
    finished: int = 0
    wins: int = 0
    average_score: float | None = None
    hands: int = 0
    figures: dict[str, int] = field(default_factory=dict)

    @property
    def win_rate(self) -> Rate:
        """Wins out of finished games."""
        return Rate(self.wins, self.finished)

    def rate(self, count: str, out_of: str) -> Rate:
        """Figure ``count`` out of figure ``out_of`` (e.g. nils made of nil attempts)."""
        return Rate(self.figures.get(count, 0), self.figures.get(out_of, 0))

    def per(self, figure: str, per: str = "hands", digits: int = 2) -> float | None:
        """``figure`` divided by ``per`` (e.g. bags per hand), or ``None`` when ``per`` is 0."""
        divisor = self.hands if per == "hands" else self.figures.get(per, 0)
        return round(self.figures.get(figure, 0) / divisor, digits) if divisor else None


#: The figures added up per player (the read model's, less the game's own result).
FIGURES = tuple(name for name in SEAT_FIGURES if name not in ("total", "won", "hands"))


def player_figures(player: Player, games: Q) -> dict[str, KindFigures]:
    """``player``'s figures per kind of game over ``games``, a condition on a seat's game
    (``access.game_reach(request, "game__")``; ``Q()``: all) (one query)."""
    rows = (
        Seat.objects.filter(games, player=player)
        .values("game__kind")
        .annotate(
            games=Count("pk"),
            finished=Count("pk", filter=Q(game__finished=True)),
            wins=Count("pk", filter=Q(won=True)),
            average_score=Avg("total", filter=Q(game__finished=True)),
            hands=Sum("hands"),
            **{name: Sum(name) for name in FIGURES},
        )
    )
    return {
        row["game__kind"]: KindFigures(
            kind=row["game__kind"],
            games=row["games"],
            finished=row["finished"],
            wins=row["wins"],
            average_score=None if row["average_score"] is None else round(row["average_score"], 1),
            hands=row["hands"] or 0,
            figures={name: row[name] or 0 for name in FIGURES},
        )
        for row in rows
    }


@dataclass(frozen=True)
class Pairing:
    """A partner or an opponent of a player, with the games they shared.

    ``wins``: the player's wins in them; ``losses``: finished games the player did not win.
    """

    player_id: int
    name: str
    games: int
    wins: int
    losses: int

    @property
    def win_rate(self) -> Rate:
        """The player's wins out of the finished games they shared."""
        return Rate(self.wins, self.wins + self.losses)


def partnerships(player: Player, games: Q, only: Player | None = None) -> list[Pairing]:
    """Everyone ``player`` partnered in ``games`` (a condition on a seat's game, as for
    :func:`player_figures`; or only ``only``), most games first (one query).

    Partners are the seats of one side: Spades partnerships (a Mü player is a side alone)."""
    rows = Seat.objects.filter(games, game__seats__player=player, game__seats__side=F("side")).exclude(player=player)
    if only is not None:
        rows = rows.filter(player=only)
    return _pairings(rows, won="won")  # partners win together: the partner's seat says it


def best_and_worst(pairings: list[Pairing]) -> tuple[Pairing | None, Pairing | None]:
    """The pairing with the best and the worst win rate (finished games only; ties: more games first)."""
    judged = [p for p in pairings if p.wins + p.losses]
    if not judged:
        return None, None
    best = max(judged, key=lambda p: (p.win_rate.count / p.win_rate.out_of, p.games))
    worst = min(judged, key=lambda p: (p.win_rate.count / p.win_rate.out_of, -p.games))
    return best, worst


def opponents(player: Player, games: Q, only: Player | None = None) -> list[Pairing]:
    """Everyone who played against ``player`` in ``games`` (a condition on a seat's game, as for
    :func:`player_figures`; or only ``only``), with ``player``'s
    wins and losses against them, most games first (one query).

    Each opponent's seat is joined to ``player``'s seat in the same game (``game__seats``,
    one join used by the filter and the counts), on another side.
    """
    rows = Seat.objects.filter(games).filter(
        Q(game__seats__player=player) & (Q(game__seats__side__lt=F("side")) | Q(game__seats__side__gt=F("side")))
    )
    if only is not None:
        rows = rows.filter(player=only)
    return _pairings(rows, won="game__seats__won")  # ``player``'s own seat, joined above


def _pairings(rows: QuerySet[Seat], *, won: str) -> list[Pairing]:
    """``rows`` (the other players' seats) grouped by player, most games first; ``won`` names
    the field saying whether ``player`` won that game."""
    grouped = (
        rows.values("player", "player__name")
        .annotate(
            games=Count("game"),
            wins=Count("game", filter=Q(**{won: True})),
            losses=Count("game", filter=Q(**{won: False}, game__finished=True)),
        )
        .order_by("-games", "player__name")
    )
    return [Pairing(r["player"], r["player__name"], r["games"], r["wins"], r["losses"]) for r in grouped]


def players_listed(
    players: QuerySet[Player], games: QuerySet[Game], name: str = "", *, most: int | None = None
) -> QuerySet[Player]:
    """``players`` (optionally those whose name contains ``name``; at most ``most``), by name, with
    their games and wins in ``games`` (one query: one join on the (player, game) index, grouped)."""
    players = Player.objects.filter(pk__in=players.values("pk"))  # a fresh join for the counts
    if name.strip():
        players = players.filter(name__icontains=name.strip())
    in_games = Q(seats__game__in=games)
    listed = players.annotate(
        games=Count("seats", filter=in_games, distinct=True),
        wins=Count("seats", filter=in_games & Q(seats__won=True), distinct=True),
    ).order_by("name", "pk")
    return listed if most is None else listed[:most]


@dataclass(frozen=True)
class LastTable:
    """A player's last game, to tell players of the same name apart (issue 15): when it was
    last played (``played``, aware) and who else sat at that table (``others``, their names now)."""

    played: datetime
    others: tuple[str, ...]

    def __str__(self) -> str:
        """ "last game 12.11.2026, with Ben, Cat, Dan" (the date in the active language)."""
        day = formats.date_format(timezone.localtime(self.played), "SHORT_DATE_FORMAT")
        return gettext("last game %(day)s, with %(names)s") % {"day": day, "names": ", ".join(self.others)}


def last_tables(players: Sequence[Player], games: Q) -> dict[int, LastTable]:
    """Each of ``players``' last game in ``games`` (a condition on a seat's game, as for
    :func:`player_figures`), by player id (none for a player without one), with who else sat
    at that table. Two queries, whatever the number of players: each player's last game (an
    index probe per player), then the seats of those games."""
    latest = Seat.objects.filter(games, player=OuterRef("pk")).order_by("-game__updated_at", "-game_id")
    lasts = (
        Player.objects.filter(pk__in=[player.pk for player in players])
        .annotate(last=Subquery(latest.values("game_id")[:1], output_field=UUIDField()))
        .values_list("pk", "last")
    )
    last = {pk: game_id for pk, game_id in lasts if game_id is not None}
    tables: dict[Any, list[tuple[int, str, datetime]]] = {}
    seats = Seat.objects.filter(game_id__in=set(last.values())).order_by("seat")
    columns = ("game_id", "player_id", "player__name", "game__updated_at")
    for game_id, player_id, name, played in seats.values_list(*columns):
        tables.setdefault(game_id, []).append((player_id, name, played))
    return {
        pk: LastTable(
            played=tables[game_id][0][2],
            others=tuple(name for player_id, name, _ in tables[game_id] if player_id != pk),
        )
        for pk, game_id in last.items()
    }


@dataclass(frozen=True)
class FigureRow:
    """One line of a player's statistics: its label, the value as shown, and the games behind it."""

    label: str
    value: str
    link: str = ""


def shown_number(value: float | None) -> str:
    """A figure as the statistics show it: "1.5", "2", or "–" for none."""
    return "–" if value is None else f"{value:g}"


def figure_rows(figures: KindFigures, player_id: int, games_url: str) -> list[FigureRow]:
    """The lines of a player's statistics for one kind of game, each linked to the games list
    narrowed to the games behind it (``games_url``: the list's address)."""

    def link(**params: Any) -> str:
        return f"{games_url}?{urlencode({'who': player_id, 'kind': figures.kind, **params})}"

    rows = [
        FigureRow(gettext("Games"), str(figures.games), link()),
        FigureRow(gettext("Wins (of finished games)"), str(figures.win_rate), link(won=1)),
        FigureRow(gettext("Average score (finished games)"), shown_number(figures.average_score)),
    ]
    return rows + kind_of(figures.kind).figure_rows(figures, link)
