"""Reads for looking back (issue 7): the games list and its filters, players, and their statistics.

Every figure is added up in the database from the statistics' read model
(:class:`~scorekeeper.games.models.Seat`, one row per player per game, rebuilt from
the hands on every change), so each page costs a fixed number of queries whatever
the number of games. ``games`` arguments are the games the request may open
(``access.games_of``): nobody's statistics include games they cannot see.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from django.db.models import Avg, Count, Exists, F, OuterRef, Q, QuerySet, Subquery, Sum
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.record import load_json

from .models import Game, Player, Seat
from .services import SEAT_FIGURES, record_verified

#: Figures a games-list link may ask for (``?stat=``: games where the player had at least one), with their names.
STAT_FILTERS = {
    "bids_made": _("bids made"),
    "bids_set": _("bids set"),
    "nil_attempts": _("nil bid"),
    "nil_made": _("nil made"),
    "blind_nil_attempts": _("blind nil bid"),
    "blind_nil_made": _("blind nil made"),
    "bag_penalties": _("bag penalty caused"),
    "chef_deals": _("Chef"),
    "chef_made": _("made as Chef"),
    "eklats": _("Eklat caused"),
}
#: Games per page of the games list.
PAGE_SIZE = 25
#: The most game records one import may hold (each of at most ``models.MAX_HANDS`` hands; the file at most 2 MB).
MAX_IMPORT_RECORDS = 1000


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


def player_figures(player: Player, games: QuerySet[Game]) -> dict[str, KindFigures]:
    """``player``'s figures per kind of game over ``games`` (one query)."""
    rows = (
        Seat.objects.filter(player=player, game__in=games)
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


def partnerships(player: Player, games: QuerySet[Game], only: Player | None = None) -> list[Pairing]:
    """Everyone ``player`` partnered at Spades in ``games`` (or only ``only``), most games first (one query)."""
    rows = Seat.objects.filter(
        game__in=games, game__kind="spades", game__seats__player=player, game__seats__side=F("side")
    ).exclude(player=player)
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


def opponents(player: Player, games: QuerySet[Game], only: Player | None = None) -> list[Pairing]:
    """Everyone who played against ``player`` in ``games`` (or only ``only``), with ``player``'s
    wins and losses against them, most games first (one query).

    Each opponent's seat is joined to ``player``'s seat in the same game (``game__seats``,
    one join used by the filter and the counts), on another side.
    """
    rows = Seat.objects.filter(game__in=games).filter(
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


def players_listed(players: QuerySet[Player], games: QuerySet[Game], name: str = "") -> QuerySet[Player]:
    """``players`` (optionally those whose name contains ``name``), by name, with their games
    and wins in ``games`` (one query: one join on the (player, game) index, grouped)."""
    players = Player.objects.filter(pk__in=players.values("pk"))  # a fresh join for the counts
    if name.strip():
        players = players.filter(name__icontains=name.strip())
    in_games = Q(seats__game__in=games)
    return players.annotate(
        games=Count("seats", filter=in_games, distinct=True),
        wins=Count("seats", filter=in_games & Q(seats__won=True), distinct=True),
    ).order_by("name", "pk")


@dataclass(frozen=True)
class ImportItem:
    """One record of a file to import, as the preview shows it.

    ``number`` is 1-based in the file. A good record has ``record`` (the parsed JSON),
    its ``kind``, ``names``, ``hands`` played and final ``totals`` (per side, named);
    a rejected one has ``error``, the reason in the player's words.
    """

    number: int
    record: Any = None
    kind: str = ""
    names: str = ""
    hands: int = 0
    totals: tuple[tuple[str, int], ...] = ()
    finished: bool = False
    error: str = ""


def import_preview(text: str, translate: Any) -> list[ImportItem]:
    """What importing ``text`` would store: each record checked as the game record
    contract says (``shared/formats/game-record.md``), good or rejected with the reason.

    ``text`` is one record, a list of records, or ``{"games": [records]}`` (a backup).
    Raises nothing: an unreadable file is one rejected item.
    """
    try:
        data = load_json(text)
    except RuleError as error:
        return [ImportItem(1, error=error.render(translate))]
    if isinstance(data, dict) and isinstance(data.get("games"), list):
        data = data["games"]
    records = data if isinstance(data, list) else [data]
    if not records:
        return [ImportItem(1, error=translate("The file holds no game records."))]
    if len(records) > MAX_IMPORT_RECORDS:
        message = translate("A file may hold at most %(most)d game records; this one holds %(count)d.")
        return [ImportItem(1, error=message % {"most": MAX_IMPORT_RECORDS, "count": len(records)})]
    items = []
    for number, record in enumerate(records, start=1):
        try:
            engine, sheet = record_verified(record)
        except RuleError as error:
            items.append(ImportItem(number, error=error.render(translate)))
            continue
        items.append(
            ImportItem(
                number,
                record=record,
                kind=record["game"],
                names=" · ".join(engine.players),
                hands=len(sheet.hands),
                totals=tuple(zip(sheet.sides, sheet.totals, strict=True)),
                finished=sheet.finished,
            )
        )
    return items


@dataclass(frozen=True)
class FigureRow:
    """One line of a player's statistics: its label, the value as shown, and the games behind it."""

    label: str
    value: str
    link: str = ""


def _number(value: float | None) -> str:
    return "–" if value is None else f"{value:g}"


def figure_rows(figures: KindFigures, player_id: int, games_url: str) -> list[FigureRow]:
    """The lines of a player's statistics for one kind of game, each linked to the games list
    narrowed to the games behind it (``games_url``: the list's address)."""

    def link(**params: Any) -> str:
        return f"{games_url}?{urlencode({'who': player_id, 'kind': figures.kind, **params})}"

    rows = [
        FigureRow(gettext("Games"), str(figures.games), link()),
        FigureRow(gettext("Wins (of finished games)"), str(figures.win_rate), link(won=1)),
        FigureRow(gettext("Average score (finished games)"), _number(figures.average_score)),
    ]
    if figures.kind == "spades":
        rows += [
            FigureRow(gettext("Bids made"), str(figures.rate("bids_made", "number_bids")), link(stat="bids_made")),
            FigureRow(gettext("Bids set"), str(figures.rate("bids_set", "number_bids")), link(stat="bids_set")),
            FigureRow(
                gettext("Bid accuracy (tricks minus bid, on average)"),
                _number(figures.per("bid_difference", "number_bids")),
                link(stat="bids_made"),
            ),
            FigureRow(gettext("Nil made"), str(figures.rate("nil_made", "nil_attempts")), link(stat="nil_attempts")),
            FigureRow(
                gettext("Blind nil made"),
                str(figures.rate("blind_nil_made", "blind_nil_attempts")),
                link(stat="blind_nil_attempts"),
            ),
            FigureRow(gettext("Bags per hand"), _number(figures.per("bags")), link()),
            FigureRow(
                gettext("Bag penalties caused"), str(figures.figures["bag_penalties"]), link(stat="bag_penalties")
            ),
        ]
    else:
        rows += [
            FigureRow(
                gettext("Deals as Chef"), f"{figures.figures['chef_deals']} / {figures.hands}", link(stat="chef_deals")
            ),
            FigureRow(gettext("Made as Chef"), str(figures.rate("chef_made", "chef_deals")), link(stat="chef_made")),
            FigureRow(
                gettext("Average level as Chef"),
                _number(figures.per("chef_levels", "chef_deals")),
                link(stat="chef_deals"),
            ),
            FigureRow(gettext("Eklats caused"), str(figures.figures["eklats"]), link(stat="eklats")),
            FigureRow(gettext("Average card points per deal"), _number(figures.per("card_points")), link()),
        ]
    return rows
