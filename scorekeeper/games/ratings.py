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
#: The first key of the PostgreSQL lock a group's re-rating holds (the second: the group).
RATINGS_LOCK = 29
#: Players a change may reach before every later game of the group is read at once.
REACHED_AT_MOST = 200


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


def ratings_rerate(*, games: Iterable[Game]) -> None:
    """Re-rate the changed ``games`` (finished or not, after a write: saved; of any groups: an
    import, a merge) and every later game of their groups they reach. Six queries for a save that
    finishes a game, whatever the group's size (and PostgreSQL's lock); run inside the write's
    transaction."""
    groups: dict[tuple[Any, str], list[Game]] = {}
    for game in games:
        groups.setdefault((game.owner_id, game.kind), []).append(game)
    _groups_locked({owner or 0 for owner, _kind in groups})
    for changed in groups.values():
        first = min(changed, key=lambda game: (game.created_at, str(game.pk)))
        _rerate(first, {game.pk for game in changed})


def ratings_move(*, games: Iterable[Game], owner: Any) -> None:
    """Re-rate after ``games`` (as they were before: their old ``owner_id``) moved to ``owner``'s
    group (signing in claims a browser's games): the old group without them first, which drops
    their steps, then the new one with them."""
    finished = [game for game in games if game.finished]
    _groups_locked({game.owner_id or 0 for game in finished} | {owner.pk})
    ratings_rerate(games=finished)
    for game in finished:
        game.owner_id = owner.pk
    ratings_rerate(games=finished)


def _rerate(first: Game, changed: set[Any]) -> None:
    """Rate again the games of ``first``'s group from ``first`` on that a change reaches
    (``changed``: the group's changed games, finished or no longer; the group locked). Only the games that seat a
    player the change can reach are read (:func:`_reached`), so a correction at one table never
    reads every later game of a large group (the games started without an account are one)."""
    group = first.owner_id or 0
    games = _from(_group(first), first.created_at, first.pk)
    steps: dict[Any, dict[int, tuple[float, float]]] = {}
    for game_id, player_id, mu, sigma in RatingStep.objects.filter(game_id__in=changed).values_list(
        "game_id", "player_id", "mu", "sigma"
    ):
        steps.setdefault(game_id, {})[player_id] = (mu, sigma)
    affected = {player for rated in steps.values() for player in rated}  # seated no more: rated anew too
    suffix = _suffix(games.order_by("created_at", "pk")[:2])
    reached = affected | {player for game in suffix for player, *_rest in game.seats}
    if not {game.pk for game in suffix} <= changed or len(suffix) > 1:  # not the newest game alone
        suffix, reached = _reached(games, reached, changed)
        stored = RatingStep.objects.filter(_from_step(first), player_id__in=reached, kind=first.kind, group=group)
        for game_id, player_id, mu, sigma in stored.values_list("game_id", "player_id", "mu", "sigma"):
            steps.setdefault(game_id, {})[player_id] = (mu, sigma)
    current = _before(reached, first)
    made: list[tuple[Any, ...]] = []
    redone = [pk for pk in changed - {game.pk for game in suffix} if pk in steps]  # no longer finished
    for game in suffix:
        seated = {player for player, *_rest in game.seats}
        if game.pk in changed or seated & affected:
            made += _rated(game, (first.kind, group), current)
            redone += [game.pk] if game.pk in steps else []
            affected |= seated
        else:
            current.update(steps.get(game.pk, {}))
    _stored(redone, made)


def _reached(games: QuerySet[Game], reached: set[int], changed: set[Any]) -> tuple[list[_Game], set[int]]:
    """Of ``games`` (in rating order), the changed ones and those seating a player the change can
    reach, and those players: ``reached`` (the changed games'), then the players of every game
    seating one of them, until no game adds one (a query a round: a table's own games take one
    or two). Past :data:`REACHED_AT_MOST` players (a club whose players all meet) every game."""
    reached = set(reached)
    while True:
        wanted = Q() if len(reached) > REACHED_AT_MOST else Q(pk__in=changed) | Q(seats__player_id__in=reached)
        suffix = _suffix(games.filter(wanted).distinct())
        seated = {player for game in suffix for player, *_rest in game.seats}
        if seated <= reached or not wanted:
            return suffix, reached | seated
        reached |= seated


def _groups_locked(groups: Iterable[int]) -> None:
    """Make two writes re-rating a group take turns, so neither rates from steps the other is
    replacing: PostgreSQL's lock of each of ``groups`` (owner ids, 0: none), held to the
    transaction's end and taken again at no cost, all at once in one order, so two writes of
    several groups never wait on each other. SQLite's transactions hold the database's write
    lock from their start already (settings: IMMEDIATE)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            for group in sorted(set(groups)):
                cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [RATINGS_LOCK, group])


def _from_step(first: Game) -> Q:
    """Steps of games started at ``first``'s start (``first``'s id among equals) or later."""
    return Q(at__gt=first.created_at) | Q(at=first.created_at, game_id__gte=first.pk)


def _stored(redone: list[Any], made: list[tuple[Any, ...]]) -> None:
    """Replace the steps of the ``redone`` games by ``made`` (player id, game id, kind, group, at,
    mu, sigma). One statement each, run for many rows by the database driver: a correction in the
    middle of 10,000 games rewrites some 20,000 steps, too many for model instances in 2 s."""
    quote = connection.ops.quote_name
    table = quote(RatingStep._meta.db_table)
    game, at = RatingStep._meta.get_field("game"), RatingStep._meta.get_field("at")
    columns = ", ".join(quote(column) for column in ("player_id", "game_id", "kind", "group", "at", "mu", "sigma"))
    rows = [
        (player, game.get_db_prep_value(pk, connection), kind, group, at.get_db_prep_value(when, connection), mu, sigma)
        for player, pk, kind, group, when, mu, sigma in made
    ]
    with connection.cursor() as cursor:
        if redone:  # none when a save finishes a game
            cursor.executemany(
                f"DELETE FROM {table} WHERE {quote('game_id')} = %s",
                [(game.get_db_prep_value(pk, connection),) for pk in redone],
            )
        if rows:
            cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES (%s, %s, %s, %s, %s, %s, %s)", rows)


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
    earlier = RatingStep.objects.filter(
        player_id=OuterRef("pk"), kind=first.kind, group=first.owner_id or 0, at__lte=first.created_at
    ).filter(Q(at__lt=first.created_at) | Q(game_id__lt=first.pk))
    newest = earlier.order_by("-at", "-game_id")
    latest = Player.objects.filter(pk__in=players).annotate(
        mu=Subquery(newest.values("mu")[:1]), sigma=Subquery(newest.values("sigma")[:1])
    )
    return {player: (mu, sigma) for player, mu, sigma in latest.values_list("pk", "mu", "sigma") if mu is not None}


def _rated(game: _Game, chain: tuple[str, int], current: dict[int, tuple[float, float]]) -> list[tuple[Any, ...]]:
    """Rate ``game`` of ``chain`` (its kind and group) from the players' ``current`` ratings
    (updated), and its steps as (player id, game id, kind, group, at, mu, sigma)."""
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
            steps.append((player, game.pk, *chain, game.at, *current[player]))
    return steps


def ratings_rebuild() -> int:
    """Rebuild every rating from the finished games (``manage.py rebuild_ratings``): each group and
    kind rated from its first game. Returns the number of steps made."""
    RatingStep.objects.all().delete()
    groups: dict[tuple[Any, str], list[Game]] = {}
    for game in Game.objects.filter(finished=True).order_by("created_at", "pk"):
        groups.setdefault((game.owner_id, game.kind), []).append(game)
    _groups_locked({owner or 0 for owner, _kind in groups})
    for games in groups.values():
        _rerate(games[0], {game.pk for game in games})  # every game changed: each rated
    return RatingStep.objects.count()
