"""Writes to games as a whole: start, import, rematch, links, statistics and players.

Each is keyword-only, runs in one transaction, checks the change with the engine
*before* writing, and raises :class:`~scorekeeper.engine.errors.RuleError` (nothing
written) when a rule forbids it. Names follow ``<thing>_<action>``. Writes to a
game's hands and deals are the kinds' (``scorekeeper.spades.services``,
``scorekeeper.mu.services``), through :mod:`.changes`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import QuerySet

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.record import FORMAT, parse_record
from scorekeeper.engine.text import Text, gettext_noop

from .changes import game_locked, rebuild_read_model
from .kinds import kind_of
from .models import NAME_LENGTH, Game, Player, Row, Seat, new_key
from .records import record_verified


def _seat_players(
    game: Game,
    group: Iterable[Player],
    owner: Any,
    *,
    rows: Sequence[Row],
    seated: dict[int, Player] | None = None,
) -> None:
    """Seat a person for each of a new game's names: the one ``seated`` there (a rematch:
    the same people, whatever they are called now), else the player of ``group`` with
    that name (case ignored), else a new player of ``owner``'s group (one person per
    seat); then build the read model from the game's hands or deals ``rows``."""
    known: dict[str, Player] = {}
    for player in group.all() if isinstance(group, QuerySet) else group:  # .all(): never a stale cache
        known.setdefault(player.name.casefold(), player)
    seats: list[Seat] = []
    for seat, name in enumerate(game.players):
        player = (seated or {}).get(seat) or known.get(name.casefold())
        if player is None or any(taken.player_id == player.pk for taken in seats):
            player = Player.objects.create(owner=owner, name=name)
        seats.append(Seat(game=game, player=player, seat=seat, side=seat))
    Seat.objects.bulk_create(seats)
    rebuild_read_model(game, rows)
    game.save(update_fields=["finished", "hands_played"])


@transaction.atomic
def game_create(
    *,
    players: Sequence[str],
    dealer: int,
    rules: dict[str, Any],
    kind: str = "spades",
    owner: Any = None,
    group: Iterable[Player] = (),
) -> Game:
    """Start a game.

    Args:
        players: names in clockwise seating order (Spades: as many as the rules
            seat, partners opposite; Mü: 3 to 6).
        dealer: seat index of the first dealer.
        rules: a game record's rules object (``{"preset": ..., key: value}``).
        kind: ``"spades"`` or ``"mu"``.
        owner: the signed-in user starting it, or ``None``.
        group: the players the names are matched to (by name, case ignored);
            a name none of them has becomes a new player.

    Raises:
        RecordError: a bad name list, dealer, preset, key or value.
    """
    engine = parse_record(
        {"format": FORMAT, "game": kind, "players": list(players), "dealer": dealer, "rules": rules, "hands": []}
    )
    record_rules = kind_of(kind).rules_record(engine)
    game = Game.objects.create(
        kind=kind, players=list(engine.players), dealer=engine.dealer, rules=record_rules, owner=owner
    )
    _seat_players(game, group, owner, rows=[])
    return game


@transaction.atomic
def game_import(*, record: Any, owner: Any = None, group: Iterable[Player] = ()) -> Game:
    """Store a game record (``docs/game-record.md``) as a new game.

    Args:
        owner: the signed-in user importing it, or ``None``.
        group: the players its names are matched to (see :func:`game_create`).

    Raises:
        RuleError: the record is malformed or any hand breaks a rule.
    """
    engine, _sheet = record_verified(record)  # every hand must be legal before anything is stored
    kind = kind_of(record["game"])
    game = Game.objects.create(
        kind=kind.name,
        players=list(engine.players),
        dealer=engine.dealer,
        rules=kind.rules_record(engine),
        owner=owner,
    )
    rows = type(kind.new_row(game, 0)).objects.bulk_create(kind.stored_rows(game, engine))
    _seat_players(game, group, owner, rows=rows)
    return game


@transaction.atomic
def game_rematch(*, game: Game, owner: Any = None) -> Game:
    """A new game with the same players and house rules; the deal moves on to the left.

    ``owner``: the signed-in user asking for it, or ``None``.
    """
    game, hands = game_locked(game)
    dealer = game.to_engine(hands).dealer_of(len(hands))
    new = Game.objects.create(kind=game.kind, players=game.players, dealer=dealer, rules=game.rules, owner=owner)
    same_people = {seat.seat: seat.player for seat in game.seats.select_related("player")}
    _seat_players(new, (), owner, rows=[], seated=same_people)
    return new


@transaction.atomic
def game_link_renew(*, game: Game, link: str) -> Game:
    """Give the game a new ``"edit"`` or ``"view"`` link; the old one stops working at once.

    Phones that opened the old link lose the game (their next poll reloads to
    "this link does not open a game"); the owner keeps it.
    """
    game = Game.objects.select_for_update().get(pk=game.pk)
    field = {"edit": "edit_key", "view": "view_key"}[link]
    setattr(game, field, new_key())
    game.version += 1  # open pages poll again and find out
    game.save(update_fields=[field, "version", "updated_at"])
    return game


@transaction.atomic
def game_view_link_revoke(*, game: Game) -> Game:
    """Turn the view link off: it opens nothing until renewed. (The edit link can only be renewed.)"""
    game = Game.objects.select_for_update().get(pk=game.pk)
    game.view_key = None
    game.version += 1
    game.save(update_fields=["view_key", "version", "updated_at"])
    return game


def game_stats_rebuild() -> int:
    """Rebuild every game's read model from its hands, seating players where a game has none
    (names matched within the owner's group). One transaction per game; returns how many games."""
    count = 0
    for game_id in Game.objects.order_by("created_at").values_list("pk", flat=True):
        with transaction.atomic():
            game, rows = game_locked(Game(pk=game_id))
            if game.seats.exists():
                rebuild_read_model(game, rows)
                game.save(update_fields=["finished", "hands_played"])
            else:
                _seat_players(game, Player.objects.filter(owner=game.owner), game.owner, rows=rows)
        count += 1
    return count


@transaction.atomic
def player_rename(*, player: Player, name: str) -> Player:
    """Give a player a new name in the statistics (games keep the names as typed at the table).

    Raises:
        RuleError: ``field="name"``: empty, or longer than 40 characters.
    """
    name = name.strip()
    if not name or len(name) > NAME_LENGTH:
        raise RuleError(Text(gettext_noop("A name has 1 to 40 characters.")), field="name")
    player.name = name
    player.save(update_fields=["name"])
    return player


@transaction.atomic
def player_merge(*, player: Player, into: Player) -> Player:
    """Make ``player`` and ``into`` one person: ``player``'s games become ``into``'s, and ``player`` goes.

    Raises:
        RuleError: ``field="into"``: the same player, or both played in one game (two people).
    """
    if player.pk == into.pk:
        raise RuleError(Text(gettext_noop("Choose another player to merge with.")), field="into")
    shared = Seat.objects.filter(player=player, game__seats__player=into).exists()
    if shared:
        raise RuleError(
            Text(gettext_noop("%(one)s and %(other)s played in the same game: they are two people."),
                 {"one": player.name, "other": into.name}),
            field="into",
        )  # fmt: skip
    Seat.objects.filter(player=player).update(player=into)
    player.delete()
    return into


@transaction.atomic
def games_import(*, records: Sequence[Any], owner: Any = None, group: Iterable[Player] = ()) -> list[Game]:
    """Store several game records as new games, all or none (one transaction).

    Args:
        records: game records already checked by a preview (each is checked again).
        owner, group: as for :func:`game_import`; players met in one record are
            matched in the next ones too.

    Raises:
        RuleError: a record is malformed or breaks a rule (nothing is stored).
    """
    known = list(group)
    games = []
    for record in records:
        game = game_import(record=record, owner=owner, group=known)
        known.extend(seat.player for seat in game.seats.select_related("player"))
        games.append(game)
    return games


@transaction.atomic
def account_create(*, username: str, password: str) -> Any:
    """Make an account (Django's user) with ``password`` hashed; the sign-up form has checked both.

    Returns:
        The new user (not signed in: the view signs it in).
    """
    return get_user_model().objects.create_user(username=username, password=password)
