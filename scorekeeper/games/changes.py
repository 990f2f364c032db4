"""The change history's writes: every change to a game's hands or deals goes through here.

A write locks the game (:func:`game_locked`), checks that the form was for the rows
as they are now (:func:`verify_form_number`, :func:`verify_shown`: another phone may
have been faster), changes the rows, and records the change (:func:`change_record`):
a new version for the polling phones, the statistics' read model rebuilt in the
same transaction, and the change kept so it can be undone (:func:`change_revert`).
The kinds' services (``scorekeeper.spades.services``, ``scorekeeper.mu.services``)
build on these.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeAlias, TypeVar

from django.db import transaction
from django.utils import timezone

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.record import score_game
from scorekeeper.engine.stats import PlayerLine, player_lines
from scorekeeper.engine.text import Text

from .clock import TIME_CALLED
from .kinds import Record, Scored, engine_of, game_rows, kind_for
from .models import MAX_ROWS, SEAT_FIGURES, Change, Game, Row, Seat
from .ratings import ratings_rerate
from .records import canonical, record_digest
from .undo import snapshot, verify_revert


def game_locked(game: Game) -> tuple[Game, list[Row]]:
    """Lock ``game`` for this transaction and read it afresh (in place: the caller's ``game``
    then holds the version the write leaves, see :func:`change_record`); return it with its
    rows (hands or deals) in order, read from the database."""
    game.refresh_from_db(from_queryset=Game.objects.select_for_update())
    return game, game_rows(game)


@dataclass(frozen=True)
class Written:
    """What a write left, for its answer (so nothing about the request is kept on the game).

    Attributes:
        game: the game, locked and read afresh by the write: its new ``version``.
        rows_after: its rows (hands or deals) in order as the write left them, so the answer shows
            them without reading them again.
        won_now: the write finished the game (the answer brings the winner into view).
        change: the change kept in the history; ``None``: nothing changed, nothing was written.
        row: the row written (``None``: deleted, or nothing written).
    """

    game: Game
    rows_after: tuple[Row, ...]
    won_now: bool = False
    change: Change | None = None
    row: Row | None = None


class WriteConflict(Exception):
    """The form was for the game as it was before another phone saved, corrected or undid a
    hand or deal: a conflict, not a broken rule (answered 409 with the fresh sheet,
    ``games.views.writes``), so no ``except RuleError`` can turn it into a refusal at a field.

    ``reason``: ``"changed"`` (the hand or deal is not the one the form showed any more) or
    ``"unreadable"`` (the form does not say which it was for: it cannot be known fresh). The
    words are the kind's (``GameKind.conflict_texts``): a hand for Spades, a deal for Mü.
    """

    def __init__(self, reason: str = "changed") -> None:
        self.reason = reason
        super().__init__(reason)


def verify_form_number(number: int | None, expected: int | None) -> None:
    """Raise :class:`WriteConflict` if the form's hand ``number`` is not ``expected`` (``None``: no such hand now)."""
    if number is not None and number != expected:
        raise WriteConflict()


T = TypeVar("T")


#: The game's fields :func:`rebuild_read_model` sets: a write saves them with its own.
READ_MODEL_FIELDS = ["finished", "rows_played", "record_digest"]


def rebuild_read_model(game: Game, rows: Sequence[Row], scored: Scored | None = None) -> None:
    """Recompute the statistics' read model from the hands (``rows``, in order): the game's
    ``finished``, ``rows_played`` and ``record_digest`` (not saved: the caller saves them, see
    :data:`READ_MODEL_FIELDS`) and each seat's figures (one query).

    The hands are the facts; this only keeps their sums where the statistics can
    add them up fast, and the digest an import looks the game up by
    (:func:`~scorekeeper.games.records.record_digest` of the played hands' record).
    Run inside the transaction of the write that changed the hands.
    ``scored``: ``rows`` as the write's check already scored them (``None``: score them here),
    so a write scores its game once.
    """
    lines = read_model_lines(game, rows, scored)
    seats = list(game.seats.all())
    for seat in seats:
        seat.side = lines[seat.seat].side
        for name in SEAT_FIGURES:
            setattr(seat, name, getattr(lines[seat.seat], name))
    Seat.objects.bulk_update(seats, ["side", *SEAT_FIGURES])


def read_model_lines(game: Game, rows: Sequence[Row], scored: Scored | None = None) -> dict[int, PlayerLine]:
    """The read model of ``game`` short of its seats: set the game's ``finished``, ``rows_played``
    and ``record_digest`` (not saved), and return each seat's figures (the engine's lines, by
    seat), for :func:`rebuild_read_model` to write into the seats, or a new game's seats to be
    made with (``services``: one INSERT, no UPDATE). ``scored`` as for :func:`rebuild_read_model`.
    """
    engine, sheet = scored if scored is not None else _scored(game, rows)
    game.finished = sheet.finished
    game.rows_played = len(sheet.hands)
    game.record_digest = record_digest(canonical(engine))
    return {line.seat: line for line in player_lines(engine, sheet)}


def _scored(game: Game, rows: Sequence[Row]) -> Scored:
    engine = engine_of(game, list(rows))
    return engine, score_game(engine)


def verify_shown(row: Row | None, shown: str | None) -> None:
    """Raise :class:`WriteConflict` if the row changed since the form showed it.

    ``shown`` is the :func:`~scorekeeper.games.models.fingerprint` of the record the
    form was opened with (``None``: not checked)."""
    if shown is not None and shown != (row.fingerprint() if row is not None else ""):
        raise WriteConflict()


def last_row(rows: Sequence[Row]) -> tuple[int | None, str]:
    """What an undo form names: the last row's 0-based number and fingerprint (``None``, ``""``: no row)."""
    return (rows[-1].number, rows[-1].fingerprint()) if rows else (None, "")


#: A write's form is the undo button: it names the last row by number and fingerprint.
LAST: Final = "last"
#: A write's form is a correction: it names the row of its address by fingerprint.
ROW: Final = "row"
#: What a write's form was shown for: a function of the game and its rows giving the 0-based
#: number its entry form must carry (``spades.services.bids_number``), :data:`LAST` or :data:`ROW`.
Expects: TypeAlias = "Callable[[Game, Sequence[Row]], int | None] | Literal['last', 'row']"


def verify_fresh(game: Game, *, expects: Expects, posted: int | None, shown: str | None, row: int | None) -> None:
    """Check, before a write reads its form, that the form is for ``game`` as it is now (one
    query: its rows), so a conflict is never mistaken for bad input (issue 24).

    Args:
        expects: what the form was shown for (:data:`Expects`).
        posted: the form's 0-based ``number`` (``None``: missing or unreadable).
        shown: the form's fingerprint (``None``: missing).
        row: the 1-based row of a correction's address (with :data:`ROW`).

    Raises:
        WriteConflict: ``"unreadable"``: the form does not say what it was for (its number or
            fingerprint missing or unreadable); ``"changed"``: it was for another hand or deal.
    """
    rows = game_rows(game)
    if expects == ROW:
        if shown is None or row is None:
            raise WriteConflict("unreadable")
        verify_shown(rows[row - 1] if 1 <= row <= len(rows) else None, shown)
    elif posted is None or (expects == LAST and shown is None):
        raise WriteConflict("unreadable")
    elif expects == LAST:
        verify_form_number(posted, last_row(rows)[0])
        verify_shown(rows[-1] if rows else None, shown)
    else:
        assert callable(expects)
        verify_form_number(posted, expects(game, rows))


def change_record(
    game: Game,
    rows: Sequence[Row],
    *,
    action: Any,  # a Change.Action: Django's choices are untyped to mypy without django-stubs
    number: int,
    before: Record | None,
    after: Row | None,
    device: str,
    write_key: str = "",
    reverts: Change | None = None,
    scored: Scored | None = None,
) -> Written:
    """Mark a write to the locked ``game``, whose rows are now ``rows``: a new version for the
    phones polling it, the statistics rebuilt, and the change in its history (``before``: the
    row's record before; ``after``: the row now; ``write_key``: the write key of the phone's
    form, unique in the game, see ``games.views.once``; ``scored``: the rows as the write's
    check scored them, see :func:`rebuild_read_model`). Returns what the write left."""
    game.version += 1
    finished_before = game.finished
    rebuild_read_model(game, rows, scored)
    # A time limit runs from the first row saved (``games.clock``); every row undone, it starts again.
    game.clock_started = (game.clock_started or timezone.now()) if rows else None
    game.save(update_fields=["updated_at", "version", "clock_started", *READ_MODEL_FIELDS])
    if game.finished or finished_before:  # its result counts in the ratings, or counted until now
        ratings_rerate(games=[game])
    change = Change.objects.create(
        game=game,
        action=action,
        number=number,
        before=before,
        after=snapshot(after),
        device=device[:100],
        reverts=reverts,
        version=game.version,
        write_key=write_key or None,
    )
    return Written(game, tuple(rows), game.finished and not finished_before, change, after)


def row_save(
    game: Game,
    rows: Sequence[Row],
    *,
    number: int,
    record: Record,
    action: Any,
    device: str,
    write_key: str = "",
    verify: Callable[[list[Row]], Scored] | None = None,
) -> Written:
    """The end of every write of a row, whatever the kind: row ``number`` (0-based) of the locked
    ``game`` (its rows ``rows``) becomes ``record`` (``number == len(rows)``: a new row at the end),
    the game with it checked as a whole, the row saved and the change recorded (:func:`change_record`).
    A record that changes nothing writes nothing (issue 24): ``Written.change`` is ``None``.

    ``verify``: how the new rows are checked and scored (``None``: the kind's ``verify_rows``), for
    a write that knows more (bids in play change no score). A row time was called in keeps its
    ``time_called`` (its tricks or card points saved, a correction); only undoing a change drops it.

    Raises:
        RuleError: the rows with this record break a rule (nothing written).
    """
    rows = list(rows)
    current = rows[number] if number < len(rows) else None
    before = snapshot(current)
    if before is not None and before.get(TIME_CALLED) and TIME_CALLED not in record:
        record = {**record, TIME_CALLED: True}  # time called in a row stays called when it is saved again
    if current is None:
        current = Row(game=game, number=number, record=dict(record))
        rows.append(current)
    elif current.snapshot() == record:
        return Written(game, tuple(rows), row=current)  # nothing changed: no new version, nothing kept
    else:
        current.record = dict(record)
    scored = verify(rows) if verify is not None else kind_for(game).verify_rows(game, rows)
    current.save()
    return change_record(
        game, rows, action=action, number=number, before=before, after=current, device=device,
        write_key=write_key, scored=scored,
    )  # fmt: skip


def play_kept(before: Record, record: Record, *, described: Sequence[str] | None = None) -> Record:
    """``record`` (a correction of the row ``before``) with ``before``'s recorded play while the play
    still describes the row (issue 16): the fields ``described`` unchanged (``None``: every field
    but the play). A play the correction itself gives is never kept: the record's own is dropped.
    """
    played = before.get("play")
    rest = {name: value for name, value in record.items() if name != "play"}
    if described is None:
        same = rest == {name: value for name, value in before.items() if name != "play"}
    else:
        same = all(record.get(name) == before.get(name) for name in described)
    return {**rest, "play": played} if played is not None and same else rest


def verify_room(rows: Sequence[Row], *, full: str) -> None:
    """Raise :class:`RuleError` with the untranslated text ``full`` (``%(most)d``: the limit)
    if a game of ``rows`` has no room for another: a game holds at most
    :data:`~scorekeeper.games.models.MAX_ROWS` hands or deals."""
    if len(rows) >= MAX_ROWS:
        raise RuleError(Text(full, {"most": MAX_ROWS}))


@transaction.atomic
def row_undo(
    *, game: Game, number: int | None = None, shown: str | None = None, device: str = "", write_key: str = ""
) -> Written:
    """Delete the last row: a hand (its bids, if it is still in play) or Mü deal (its auction, if in play).

    Args:
        number, shown: the 0-based number and fingerprint of the last hand as the
            undo button showed it: if another phone changed the game since, nothing
            is deleted (so a late tap never deletes a hand it did not mean).
        device: the phone's name, for the game's change history.
        write_key: the write key of the phone's form, kept with the change (``games.views.once``).

    Raises:
        WriteConflict: the last hand is not the one shown any more.
    """
    game, hands = game_locked(game)
    last = hands[-1] if hands else None
    verify_form_number(number, last_row(hands)[0])
    verify_shown(last, shown)
    if last is None:
        return Written(game, ())
    before = snapshot(last)
    last.delete()
    return change_record(
        game,
        hands[:-1],
        action=Change.Action.UNDO,
        number=last.number,
        before=before,
        after=None,
        device=device,
        write_key=write_key,
    )


@transaction.atomic
def change_revert(*, game: Game, change_id: int, device: str = "", write_key: str = "") -> Written:
    """Undo one change from the game's history: its hand or deal goes back to how it was before.

    Any change may be undone, not only the last, as long as its hand is still as
    that change left it; a new or deleted hand can only come and go at the end of
    the game. The whole game is checked again, and the undoing is itself a change
    (so it can be undone in turn).

    Returns:
        What the write left, its ``change`` the new ``REVERT`` change.

    Raises:
        Change.DoesNotExist: the game has no such change.
        RuleError: the hand changed again since (undo the later change first),
            later hands follow it, or the game would break a rule.
    """
    game, rows = game_locked(game)
    change = game.changes.get(pk=change_id)
    verify_revert(game=game, rows=rows, change=change)
    number = change.number
    current = rows[number] if number < len(rows) else None
    if change.before is None:  # the change made the row: it goes
        assert current is not None  # verify_revert: the row is still as the change left it
        rows.pop()
        scored = kind_for(game).verify_rows(game, rows)
        current.delete()
        current = None
    else:
        if current is None:  # the change deleted the row: it comes back at the end
            current = Row(game=game, number=number, record={})
            rows.append(current)
        current.restore(change.before)
        scored = kind_for(game).verify_rows(game, rows)
        current.save()
    return change_record(
        game,
        rows,
        action=Change.Action.REVERT,
        number=number,
        before=change.after,
        after=current,
        device=device,
        write_key=write_key,
        reverts=change,
        scored=scored,
    )


def change_instead(*, game: Game, change_id: int, device: str, save: Callable[[], T]) -> T:
    """This phone's save in place of another phone's change ``change_id`` of the same hand or deal
    (issue 25, "Use mine instead"): that change undone (:func:`change_revert`, as this phone) and
    ``save`` made, in one transaction: if ``save`` raises, neither is kept.

    Raises:
        WriteConflict: the other change can no longer be undone (changed again since, or gone).
    """
    with transaction.atomic():
        try:
            change_revert(game=game, change_id=change_id, device=device)
        except (RuleError, Change.DoesNotExist):
            raise WriteConflict() from None
        return save()
