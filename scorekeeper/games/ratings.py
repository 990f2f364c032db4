"""The ratings' read model (issue 29, ``docs/ratings.md``): each player's rating after each finished
game, kept in :class:`~.models.RatingStep` rows, rebuilt in the transaction of every write that
finishes, corrects, imports or undoes a game.

A group's games (one owner: an account, or ``None`` for games started without one) of one kind are
rated in the order they were started (``created_at``, then id) with the engine's OpenSkill model
(``engine.ratings``), each match read from the games' seats (their sides, final totals and winner,
the engine's scoring stored with every write). A change to game G re-rates G and every later game
it reaches: a later game is rated again when one of its players' ratings changed before it, and
then its players' ratings change too; the others keep their steps. Writes only: the ladder reads.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import connection
from django.db.models import OuterRef, Q, QuerySet, Subquery
from openskill.models import PlackettLuce

from scorekeeper.engine.ratings import match_ranks

from .models import Game, Player, RatingStep, Seat

#: OpenSkill's Plackett-Luce with its default parameters (docs/ratings.md).
MODEL = PlackettLuce()


@dataclass
class _Game:
    """A finished game of the suffix rated: its id and start, and its seats as (player, side, total, won)."""

    pk: Any
    at: Any
    seats: list[tuple[int, int, int, bool]] = field(default_factory=list)


def _group(game: Game) -> QuerySet[Game]:
    """The finished games rated with ``game``: its owner's (or those without one), of its kind."""
    owner = Q(owner__isnull=True) if game.owner_id is None else Q(owner_id=game.owner_id)
    return Game.objects.filter(owner, kind=game.kind, finished=True)


def _from(games: QuerySet[Game], at: Any, pk: Any) -> QuerySet[Game]:
    """``games`` started at ``at`` (``pk`` among equals) or later."""
    # The range alone first: an index reads it (an OR of two ranges it cannot).
    return games.filter(created_at__gte=at).filter(Q(created_at__gt=at) | Q(pk__gte=pk))


def ratings_after(game: Game) -> None:
    """Re-rate ``game`` (finished or not, after a write: saved) and every later game of its group it
    reaches. Five queries whatever the group's size; run inside the write's transaction."""
    ratings_from([game])


def ratings_from(games: Iterable[Game]) -> None:
    """:func:`ratings_after` for several changed games of any groups (an import, a merge)."""
    groups: dict[tuple[Any, str], list[Game]] = {}
    for game in games:
        groups.setdefault((game.owner_id, game.kind), []).append(game)
    for changed in groups.values():
        first = min(changed, key=lambda game: (game.created_at, str(game.pk)))
        _rerate(first, {game.pk for game in changed})


def ratings_moved(games: Iterable[Game], *, owner: Any) -> None:
    """Re-rate after ``games`` (as they were before: their old ``owner_id``) moved to ``owner``'s
    group (signing in claims a browser's games): the old group without them first, which drops
    their steps, then the new one with them."""
    finished = [game for game in games if game.finished]
    ratings_from(finished)
    for game in finished:
        game.owner_id = owner.pk
    ratings_from(finished)


def _rerate(first: Game, changed: set[Any]) -> None:
    """Rate again the games of ``first``'s group from ``first`` on that a change reaches
    (``changed``: the group's changed games, finished or no longer)."""
    games = _from(_group(first), first.created_at, first.pk)
    suffix = _suffix(games)
    left = list(changed - {game.pk for game in suffix})  # no longer finished
    stored = RatingStep.objects.filter(Q(game__in=games) | Q(game_id__in=left)).order_by()
    steps: dict[Any, dict[int, tuple[float, float]]] = {}
    affected: set[int] = set()
    for game_id, player_id, mu, sigma in stored.values_list("game_id", "player_id", "mu", "sigma"):
        steps.setdefault(game_id, {})[player_id] = (mu, sigma)
        if game_id in changed:
            affected.add(player_id)  # a player no longer seated in a changed game: rated anew from it
    players = {player for game in suffix for player, *_rest in game.seats} | affected
    current = _before(players, first)
    made: list[tuple[Any, ...]] = []
    redone = [pk for pk in left if pk in steps]
    for game in suffix:
        seated = {player for player, *_rest in game.seats}
        if game.pk in changed or seated & affected:
            made += _rated(game, first.kind, current)
            redone += [game.pk] if game.pk in steps else []
            affected |= seated
        else:
            current.update(steps.get(game.pk, {}))
    _stored(redone, made)


def _stored(redone: list[Any], made: list[tuple[Any, ...]]) -> None:
    """Replace the steps of the ``redone`` games by ``made`` (player id, game id, kind, at, mu,
    sigma). One statement each, run for many rows by the database driver: a correction in the
    middle of 10,000 games rewrites some 20,000 steps, too many for model instances in 2 s."""
    quote = connection.ops.quote_name
    table = quote(RatingStep._meta.db_table)
    game, at = RatingStep._meta.get_field("game"), RatingStep._meta.get_field("at")
    columns = ", ".join(quote(column) for column in ("player_id", "game_id", "kind", "at", "mu", "sigma"))
    rows = [
        (player, game.get_db_prep_value(pk, connection), kind, at.get_db_prep_value(when, connection), mu, sigma)
        for player, pk, kind, when, mu, sigma in made
    ]
    with connection.cursor() as cursor:
        cursor.executemany(
            f"DELETE FROM {table} WHERE {quote('game_id')} = %s",
            [(game.get_db_prep_value(pk, connection),) for pk in redone],
        )
        cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES (%s, %s, %s, %s, %s, %s)", rows)


def _suffix(games: QuerySet[Game]) -> list[_Game]:
    """``games`` in rating order with their seats (one query)."""
    suffix: dict[Any, _Game] = {}
    seats = Seat.objects.filter(game__in=games).order_by("game__created_at", "game_id", "seat")
    for game_id, at, player_id, side, total, won in seats.values_list(
        "game_id", "game__created_at", "player_id", "side", "total", "won"
    ):
        suffix.setdefault(game_id, _Game(game_id, at)).seats.append((player_id, side, total, won))
    return list(suffix.values())


def _before(players: set[int], first: Game) -> dict[int, tuple[float, float]]:
    """Each of ``players``' rating (mu, sigma) before ``first`` in its group and kind (one query:
    two index probes per player on ``rating_history``); a player without one is not in the answer
    (new: OpenSkill's defaults)."""
    earlier = RatingStep.objects.filter(player_id=OuterRef("pk"), kind=first.kind, at__lte=first.created_at).filter(
        Q(at__lt=first.created_at) | Q(game_id__lt=first.pk)
    )
    if first.owner_id is None:
        earlier = earlier.filter(game__owner__isnull=True)
    else:
        earlier = earlier.filter(game__owner_id=first.owner_id)
    newest = earlier.order_by("-at", "-game_id")
    latest = Player.objects.filter(pk__in=players).annotate(
        mu=Subquery(newest.values("mu")[:1]), sigma=Subquery(newest.values("sigma")[:1])
    )
    return {player: (mu, sigma) for player, mu, sigma in latest.values_list("pk", "mu", "sigma") if mu is not None}


def _rated(game: _Game, kind: str, current: dict[int, tuple[float, float]]) -> list[tuple[Any, ...]]:
    """Rate ``game`` from the players' ``current`` ratings (updated), and its steps as (player id,
    game id, kind, at, mu, sigma)."""
    sides = sorted({side for _player, side, _total, _won in game.seats})
    totals = {side: total for _player, side, total, _won in game.seats}
    winner = next((side for _player, side, _total, won in game.seats if won), None)
    ranks = match_ranks([totals[side] for side in sides], sides.index(winner) if winner in sides else None)
    teams = [[player for player, side, _total, _won in game.seats if side == wanted] for wanted in sides]
    rated = MODEL.rate(
        [
            [MODEL.rating(*current[player]) if player in current else MODEL.rating() for player in team]
            for team in teams
        ],
        ranks=list(ranks),
    )
    steps = []
    for team, ratings in zip(teams, rated, strict=True):
        for player, rating in zip(team, ratings, strict=True):
            current[player] = (float(rating.mu), float(rating.sigma))
            steps.append((player, game.pk, kind, game.at, *current[player]))
    return steps


def ratings_rebuild() -> int:
    """Rebuild every rating from the finished games (``manage.py rebuild_ratings``): each group and
    kind rated from its first game. Returns the number of steps made."""
    RatingStep.objects.all().delete()
    groups: dict[tuple[Any, str], list[Game]] = {}
    for game in Game.objects.filter(finished=True).order_by("created_at", "pk"):
        groups.setdefault((game.owner_id, game.kind), []).append(game)
    for games in groups.values():
        _rerate(games[0], {game.pk for game in games})  # every game changed: each rated
    return RatingStep.objects.count()
