"""Writes to games as a whole: start, import, rematch, links, statistics and players.

Each is keyword-only, runs in one transaction, checks the change with the engine
*before* writing, and raises :class:`~scorekeeper.engine.errors.RuleError` (nothing
written) when a rule forbids it. Names follow ``<thing>_<action>``. Writes to a
game's rows (hands, deals) are the kinds' (``scorekeeper.spades.services``,
``scorekeeper.mu.services``), through :mod:`.changes`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.record import FORMAT, parse_record
from scorekeeper.engine.text import Text, gettext_noop

from .changes import READ_MODEL_FIELDS, Scored, game_locked, read_model_lines, rebuild_read_model
from .kinds import engine_of, kind_of
from .models import NAME_LENGTH, SEAT_FIGURES, Game, LadderLink, Player, Row, Seat, new_key
from .ratings import ratings_rebuild, ratings_rerate
from .records import record_verified


def _seat_players(
    game: Game,
    group: Iterable[Player],
    owner: Any,
    *,
    rows: Sequence[Row],
    seated: dict[int, Player] | None = None,
    scored: Scored | None = None,
) -> None:
    """Seat a person for each of the saved new ``game``'s names (:func:`_people`: the one
    ``seated`` there, a rematch's, else one of ``group``, else a new player of ``owner``'s group),
    the seats made with their figures from the game's hands or deals ``rows`` (``scored``: already
    scored, see :func:`~scorekeeper.games.changes.rebuild_read_model`), and the game's read model saved."""
    people = _people(game, _by_name(group), owner, seated)
    Player.objects.bulk_create([player for player in people if player.pk is None])
    Seat.objects.bulk_create(_seats(game, people, read_model_lines(game, rows, scored)))
    game.save(update_fields=READ_MODEL_FIELDS)


def _by_name(group: Iterable[Player]) -> dict[str, Player]:
    """``group``'s players by name, case ignored (the first of a name)."""
    known: dict[str, Player] = {}
    for player in group.all() if isinstance(group, QuerySet) else group:  # .all(): never a stale cache
        known.setdefault(player.name.casefold(), player)
    return known


def _people(game: Game, known: dict[str, Player], owner: Any, seated: dict[int, Player] | None = None) -> list[Player]:
    """The person for each of ``game``'s names, in seat order: the one ``seated`` there (a rematch:
    the same people, whatever they are called now), else the one of ``known`` (by name, case
    ignored), else a new player of ``owner``'s group, not saved (one person per seat). The new
    ones join ``known``, so the next game of an import finds them."""
    people: list[Player] = []
    for seat, name in enumerate(game.players):
        player = (seated or {}).get(seat) or known.get(name.casefold())
        if player is None or any(player is taken or (player.pk and player.pk == taken.pk) for taken in people):
            player = Player(owner=owner, name=name)
            known.setdefault(name.casefold(), player)
        people.append(player)
    return people


def _seats(game: Game, people: Sequence[Player], lines: dict[int, Any]) -> list[Seat]:
    """The seats (not saved) of ``people`` in ``game``, with their figures (``changes.read_model_lines``)."""
    return [
        Seat(game=game, player=player, seat=seat, side=lines[seat].side,
             **{figure: getattr(lines[seat], figure) for figure in SEAT_FIGURES})
        for seat, player in enumerate(people)
    ]  # fmt: skip


@transaction.atomic
def game_create(
    *,
    players: Sequence[str],
    dealer: int,
    rules: dict[str, Any],
    kind: str,
    owner: Any = None,
    group: Iterable[Player] = (),
) -> Game:
    """Start a game.

    Args:
        players: names in clockwise seating order (Spades: as many as the rules
            seat, partners opposite; Mü: 3 to 6).
        dealer: seat index of the first dealer.
        rules: a game record's rules object (``{"preset": ..., key: value}``).
        kind: the kind's name (``games.kinds.GameKind.name``: ``"spades"``, ``"mu"``); no default:
            no kind is the core's own.
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
    game, rows, scored = _game_built(record, owner)
    game.save()
    _rows_stored(rows)
    _seat_players(game, group, owner, rows=rows, scored=scored)
    if game.finished:
        ratings_rerate(games=[game])
    return game


def _game_built(record: Any, owner: Any, checked: tuple[Any, Any] | None = None) -> tuple[Game, Sequence[Row], Scored]:
    """The new game of a game record and its hands or deals, not saved, and those rows as the
    engine's game with the record's scored sheet (the rows hold the record as the app stores
    it, bids normalised: the same scores). ``checked``: what ``records.record_verified`` returned
    for the record in this request already (``None``: check it here).

    Raises:
        RuleError: the record is malformed or any hand breaks a rule.
    """
    # Every hand must be legal before anything is stored.
    engine, sheet = checked if checked is not None else record_verified(record)
    kind = kind_of(record["game"])
    game = Game(
        kind=kind.name, players=list(engine.players), dealer=engine.dealer, rules=kind.rules_record(engine),
        owner=owner,
    )  # fmt: skip
    rows = [Row(game=game, number=number, record=record) for number, record in enumerate(kind.records(engine))]
    # Its hands were played elsewhere: a time limit runs from the import, as from a first saved row.
    game.clock_started = timezone.now() if rows else None
    return game, rows, (engine_of(game, rows), sheet)


def _rows_stored(rows: Sequence[Row]) -> None:
    """Store new rows (hands or deals) of any games already saved: one INSERT (a few for many)."""
    Row.objects.bulk_create(rows)


@transaction.atomic
def game_rematch(*, game: Game, owner: Any = None) -> Game:
    """A new game with the same players and house rules; the deal moves on to the left.

    ``owner``: the signed-in user asking for it, or ``None``.
    """
    game, hands = game_locked(game)
    dealer = engine_of(game, hands).dealer_of(len(hands))
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


@transaction.atomic
def ladder_link_renew(*, owner: Any) -> LadderLink:
    """Give ``owner``'s (an account's) ladder a view link: a first one, or a new key for it (the
    old link stops working at once)."""
    link, made = LadderLink.objects.select_for_update().get_or_create(owner=owner)
    if not made:
        link.key = new_key()
        link.save(update_fields=["key"])
    return link


@transaction.atomic
def ladder_link_revoke(*, owner: Any) -> None:
    """Turn ``owner``'s ladder view link off: it opens nothing until a new one is made."""
    LadderLink.objects.filter(owner=owner).delete()


def game_stats_rebuild() -> int:
    """Rebuild every game's read model from its hands (figures, ``finished``, ``rows_played``,
    ``record_digest``), seating players where a game has none (names matched within the owner's
    group), then every rating from the games as they are now (one transaction). One transaction
    per game; returns how many games.

    Raises:
        RuleError: a stored game no longer scores (never for games the app saved); the games
            before it are rebuilt.
    """
    count = 0
    for game_id in Game.objects.order_by("created_at").values_list("pk", flat=True):
        with transaction.atomic():
            game, rows = game_locked(Game.objects.get(pk=game_id))  # a stored game: saved as an update
            if game.seats.exists():
                rebuild_read_model(game, rows)
                game.save(update_fields=READ_MODEL_FIELDS)
            else:
                _seat_players(game, Player.objects.filter(owner=game.owner), game.owner, rows=rows)
        count += 1
    with transaction.atomic():
        ratings_rebuild()
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
    player.delete()  # and its rating steps: the merged person's are rated anew from their first game
    ratings_rerate(games=Game.objects.filter(seats__player=into, finished=True))
    return into


@transaction.atomic
def games_import(
    *,
    records: Sequence[Any],
    owner: Any = None,
    group: Iterable[Player] = (),
    checked: Sequence[tuple[Any, Any]] | None = None,
) -> list[Game]:
    """Store several game records as new games, all or none (one transaction), in a few
    queries whatever their number (each kind of row inserted at once).

    Args:
        records: game records, each checked (all before anything is stored).
        owner, group: as for :func:`game_import`; players met in one record are
            matched in the next ones too.
        checked: for each record, what ``records.record_verified`` returned for it in this
            request (the preview's ``ImportItem.checked``), so it is not checked twice; ``None``:
            check them here.

    Raises:
        RuleError: a record is malformed or breaks a rule (nothing is stored).
    """
    known = _by_name(group)
    verified: list[tuple[Any, Any] | None] = [None] * len(records) if checked is None else list(checked)
    built = [_game_built(record, owner, done) for record, done in zip(records, verified, strict=True)]
    seats: list[Seat] = []
    new: dict[int, Player] = {}  # by id(): the new players, not saved yet, each once
    for game, rows, scored in built:
        people = _people(game, known, owner)
        new.update((id(player), player) for player in people if player.pk is None)
        seats += _seats(game, people, read_model_lines(game, rows, scored))
    games = Game.objects.bulk_create([game for game, _rows, _scored in built])
    _rows_stored([row for _game, rows, _scored in built for row in rows])
    Player.objects.bulk_create(list(new.values()))
    Seat.objects.bulk_create(seats)
    ratings_rerate(games=[game for game in games if game.finished])
    return games


@transaction.atomic
def account_create(*, username: str, password: str) -> Any:
    """Make an account (Django's user) with ``password`` hashed; the sign-up form has checked both.

    Returns:
        The new user (not signed in: the view signs it in).
    """
    return get_user_model().objects.create_user(username=username, password=password)
