"""Writes to events: create, pair and start a round, forfeits and results, entrants, import.

Each is keyword-only and runs in one transaction with the event locked. Every write is checked by
the engine *before* anything is stored: the event's record as it would be is read by
``engine.events.parse_event``, which raises :class:`~scorekeeper.engine.events.event.EventError`
(a message a player understands, naming the round and table) and nothing is written. Every write
adds one to ``Event.version``, which the wall's poll reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction
from django.db.models import F, Sum

from scorekeeper.engine.events.event import EventError
from scorekeeper.engine.events.next_round import pairing_output, progress
from scorekeeper.engine.events.record import parse_event, rules_record
from scorekeeper.engine.events.rounds import table_players
from scorekeeper.engine.text import Text, gettext_noop
from scorekeeper.games.models import NAME_LENGTH, Player
from scorekeeper.games.services import game_create

from .models import Event, EventRound, EventTable
from .records import event_loaded, event_record, event_state, event_top


def refusal(template: str, field: str | None = None, **params: object) -> EventError:
    """An :class:`EventError` of ``template`` (``gettext_noop``) with ``params``, at ``field``."""
    return EventError(Text(template, params), field=field)


def entrant_records(engine: Any) -> list[dict[str, Any]]:
    """The entrants as the record writes them, names as the engine cleaned them."""
    teams = engine.style == "teams"
    return [
        {"name": entrant.name, "players": list(entrant.players)} if teams else {"name": entrant.name}
        for entrant in engine.entrants
    ]


@transaction.atomic
def event_create(
    *,
    name: str,
    kind: str,
    rules: dict[str, Any],
    style: str,
    pairing: str,
    entrants: Sequence[dict[str, Any]],
    rounds: int | None = None,
    table_size: int | None = None,
    rank_by: str | None = None,
    owner: Any = None,
) -> Event:
    """Start an event: its record's top level, no round played (event-record.md "Top level").

    Args:
        entrants: in seed order; teams ``{"name", "players": [a, b]}``, individual ``{"name"}``.
        rank_by: ``None``: the game's default (Spades wins, Mü points).

    Raises:
        EventError, RecordError: the record the fields make is invalid (the field named).
    """
    record: dict[str, Any] = {"format": "scorekeeper-event/1", "name": name, "game": kind, "rules": rules}
    record.update(style=style, pairing=pairing, entrants=list(entrants), withdrawn=[], played=[])
    for field, value in (("rounds", rounds), ("table_size", table_size), ("rank_by", rank_by)):
        if value is not None:
            record[field] = value
    engine = parse_event(record)
    names_verified(engine)
    progress(engine)  # an event its pairing can never pair (a Spades table of 6 by rotation) is refused now
    return event_stored(engine, owner=owner)


def event_stored(engine: Any, *, owner: Any, name: str = "") -> Event:
    """A new event of the engine's reading of a record's top level (names as the engine cleaned them,
    the rules as the preset and the keys changed), saved, with no round; ``name`` for a record without one."""
    return Event.objects.create(
        name=engine.name or name,
        kind=engine.game,
        rules=rules_record(engine.rules),
        style=engine.style,
        pairing=engine.pairing,
        rounds=engine.rounds,
        table_size=engine.table_size,
        rank_by=engine.rank_by,
        entrants=entrant_records(engine),
        withdrawn=list(engine.withdrawn),
        owner=owner,
    )


#: The longest event name (``Event.name``).
EVENT_NAME_LENGTH = 80


def names_verified(engine: Any) -> None:
    """The event's name and every entrant's and player's name fit what the app stores (an event
    name 80 characters, a team's, a player's 40, as a game's names).

    Raises:
        EventError: a name is longer (the entrant named).
    """
    if len(engine.name) > EVENT_NAME_LENGTH:
        raise refusal(gettext_noop("An event's name has at most 80 characters."), field="name")
    for number, entrant in enumerate(engine.entrants):
        for name in (entrant.name, *entrant.players):
            if len(name) > NAME_LENGTH:
                raise refusal(
                    gettext_noop("Entrant %(number)d: the name “%(name)s…” is longer than 40 characters."),
                    field="entrants",
                    number=number + 1,
                    name=name[:20],
                )


def locked(event: Event) -> Event:
    """``event`` read afresh and locked to the end of the transaction (every write locks it first)."""
    return Event.objects.select_for_update().get(pk=event.pk)


def bumped(event: Event, *fields: str) -> Event:
    """Save ``fields`` of ``event`` and add one to its version (the wall's poll sees the change)."""
    event.version = F("version") + 1
    event.save(update_fields=[*fields, "version", "updated_at"])
    event.refresh_from_db(fields=["version"])
    return event


@transaction.atomic
def event_draft(*, event: Event) -> Event:
    """Pair the next round (the engine's pairing) and keep it as the draft the organiser confirms.

    Raises:
        EventError: a round is still in play, the event is over, or the pairing cannot pair it.
    """
    event = locked(event)
    state = event_state(event)
    if state.unsettled is not None:
        raise state.unsettled
    if state.unpaired is not None:
        raise state.unpaired
    if not state.progress.complete:
        raise refusal(gettext_noop("Round %(round)d is still being played."), round=state.progress.round)
    if state.progress.next_round is None:
        raise refusal(gettext_noop("The event is over: no round follows."))
    event.draft = {**pairing_output(state.progress.next_round), PAIRED_FROM: results_version(event)}
    return bumped(event, "draft")


#: The draft's key for the sum of the tables' games' versions it was paired from.
PAIRED_FROM = "paired_from"


def results_version(event: Event) -> int:
    """The sum of the versions of ``event``'s tables' games (every save at a table adds to it): a
    draft paired at one sum was paired from other results than a table shows at another. One query."""
    return EventTable.objects.filter(event=event).aggregate(total=Sum("game__version"))["total"] or 0


def _draft_checked(event: Event, draft: dict[str, Any]) -> None:
    """``draft`` was paired from the results as they are (no table changed its game since), and the
    event's record with it as a round to play is valid (the engine reads it).

    Raises:
        EventError: a table changed its game since; or the record is not valid (two entrants swapped
            across an elimination's bracket, a withdrawn one seated, ...).
    """
    if draft.get(PAIRED_FROM) != results_version(event):
        raise refusal(gettext_noop("A table changed its game since this round was paired: pair it again."))
    record = event_record(event_loaded(event))
    record["played"].append({"tables": draft["tables"], "bye": draft["bye"]})
    parse_event(record)


@transaction.atomic
def event_draft_swap(*, event: Event, first: int, second: int, shown: int | None = None) -> Event:
    """Swap entrants ``first`` and ``second`` (indexes) in the draft: their seats, tables or byes.
    ``shown``: the event's version the organiser's page showed (a swap sent twice, or after another
    change, is refused rather than undoing itself); ``None``: not checked.

    Raises:
        EventError: no draft; the event changed since ``shown``; an entrant not in it; the round
            swapped is not one the event allows.
    """
    event = locked(event)
    if event.draft is None:
        raise refusal(gettext_noop("Pair the next round first."))
    if shown is not None and shown != event.version:
        raise refusal(gettext_noop("The next round changed since this page showed it: check it, then swap."))
    swap = {first: second, second: first}
    places = [*(table["entrants"] for table in event.draft["tables"]), event.draft["bye"]]
    if first == second or not all(any(entrant in place for place in places) for entrant in swap):
        raise refusal(gettext_noop("Choose two different entrants of the next round to swap."), field="swap")
    draft = {
        "tables": [
            {"entrants": [swap.get(entrant, entrant) for entrant in table["entrants"]]}
            for table in event.draft["tables"]
        ],
        "bye": sorted(swap.get(entrant, entrant) for entrant in event.draft["bye"]),
        PAIRED_FROM: event.draft.get(PAIRED_FROM),
    }
    _draft_checked(event, draft)
    event.draft = draft
    return bumped(event, "draft")


@transaction.atomic
def event_round_start(*, event: Event, group: Iterable[Player] = ()) -> list[EventTable]:
    """Start the drafted round: a new game at each table (the event's house rules, the table's
    players in seat order, first dealer seat 1), owned as the event is, its names matched to ``group``.

    Raises:
        EventError: no draft, or the round is no longer one the event allows.
    """
    event = locked(event)
    if event.draft is None:
        raise refusal(gettext_noop("Pair the next round first."))
    _draft_checked(event, event.draft)
    engine = parse_event(event_top(event))
    number = event.played.count()
    EventRound.objects.create(event=event, round=number, bye=event.draft["bye"])
    tables = []
    for at, table in enumerate(event.draft["tables"]):
        game = game_create(
            players=table_players(engine, table["entrants"]),
            dealer=0,
            rules=event.rules,
            kind=event.kind,
            owner=event.owner,
            group=group,
        )
        tables.append(EventTable(event=event, round=number, number=at, entrants=table["entrants"], game=game))
    EventTable.objects.bulk_create(tables)
    event.draft = None
    bumped(event, "draft")
    return tables


def _table_locked(event: Event, round: int, number: int) -> EventTable:
    """Table ``number`` of round ``round`` (0-based) of the locked ``event``.

    Raises:
        EventError: no such table, or it is not in the last round (earlier results are settled),
            unless a table changed a game that was over after the next round began: then any table
            may be given one, as long as the event stands as a whole after it (:func:`_result_saved`).
    """
    table = EventTable.objects.filter(event=event, round=round, number=number).first()
    last = round == event.played.count() - 1
    if table is None or not (last or event_state(event).unsettled is not None):
        raise refusal(gettext_noop("Only a table of the last round can be given a forfeit or a result."))
    return table


def _result_saved(event: Event, table: EventTable) -> EventTable:
    """Check the event with ``table`` changed (the engine reads the record), then save both; the
    draft of a next round is dropped, as the results it was paired from have changed."""
    loaded = event_loaded(event)
    loaded.tables[table.round][table.number] = table
    engine = parse_event(event_record(loaded))
    result = engine.played[table.round].tables[table.number].result
    if engine.elimination and result is not None and not result.winners:
        raise refusal(gettext_noop("An elimination match needs a winner: give one side more points."), field="result")
    table.save(update_fields=["forfeit", "points"])
    event.draft = None
    bumped(event, "draft")
    return table


@transaction.atomic
def event_forfeit_set(*, event: Event, round: int, number: int, entrant: int | None) -> EventTable:
    """Record that ``entrant`` (an index, seated at the table) forfeits table ``number`` of round
    ``round`` (0-based), or with ``None`` take a forfeit back. A forfeit replaces a result the
    organiser set. The table's game stays as it is.

    Raises:
        EventError: not a table of the last round, or ``entrant`` not at it.
    """
    event = locked(event)
    table = _table_locked(event, round, number)
    if entrant is not None and entrant not in table.entrants:
        raise refusal(gettext_noop("Only an entrant at this table can forfeit it."), field="forfeit")
    table.forfeit, table.points = entrant, None if entrant is not None else table.points
    return _result_saved(event, table)


@transaction.atomic
def event_result_set(*, event: Event, round: int, number: int, points: Sequence[int] | None) -> EventTable:
    """Set the result of table ``number`` of round ``round`` (0-based) as the organiser says it:
    ``points`` per entrant of the table, in its order (partners the same); ``None`` takes it back
    (the game's own result counts again). It replaces a forfeit.

    Raises:
        EventError: not a table of the last round, or points the record refuses.
    """
    event = locked(event)
    table = _table_locked(event, round, number)
    table.points = None if points is None else list(points)
    if points is not None:
        table.forfeit = None
    return _result_saved(event, table)


def _between_rounds(event: Event) -> Any:
    """The state of the locked ``event``, which must be between rounds (the last one complete).

    Raises:
        EventError: a round is being played.
    """
    state = event_state(event)
    if not state.progress.complete:
        raise refusal(
            gettext_noop("Round %(round)d is still being played: entrants change between rounds."),
            round=state.progress.round,
        )
    return state


@transaction.atomic
def event_entrant_add(*, event: Event, name: str, players: Sequence[str] = ()) -> Event:
    """A late entrant, between rounds, seeded last: teams ``name`` and its two ``players``; individual
    the player ``name``.

    Raises:
        EventError: a round is in play; the name clashes; the pairing cannot take one (an elimination under way).
    """
    event = locked(event)
    state = _between_rounds(event)
    if event.pairing in ("single_elimination", "double_elimination") and state.loaded.rounds:
        raise refusal(gettext_noop("An elimination's bracket is drawn: no one can join once it has started."))
    entrant: dict[str, Any] = {"name": name, "players": list(players)} if event.style == "teams" else {"name": name}
    record = event_record(event_loaded(event))
    record["entrants"] = [*record["entrants"], entrant]
    engine = parse_event(record)
    names_verified(engine)
    event.entrants = entrant_records(engine)
    event.draft = None
    return bumped(event, "entrants", "draft")


@transaction.atomic
def event_entrant_withdraw(*, event: Event, entrant: int, back: bool = False) -> Event:
    """Withdraw ``entrant`` (index), between rounds: paired no more, its results stand; ``back``: it returns.

    Raises:
        EventError: a round is in play; no such entrant; the record refuses it (an entrant with a bye
            cannot withdraw).
    """
    event = locked(event)
    _between_rounds(event)
    if not 0 <= entrant < len(event.entrants):
        raise refusal(gettext_noop("Choose an entrant of the event."), field="entrant")
    withdrawn = [index for index in event.withdrawn if index != entrant] + ([] if back else [entrant])
    record = event_record(event_loaded(event))
    record["withdrawn"] = withdrawn
    parse_event(record)
    event.withdrawn, event.draft = withdrawn, None
    return bumped(event, "withdrawn", "draft")
