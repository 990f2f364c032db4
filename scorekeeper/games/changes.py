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
from typing import TYPE_CHECKING, Any, Final, Literal, TypeAlias, TypeVar

from django.db import transaction

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.record import score_game
from scorekeeper.engine.stats import PlayerLine, player_lines
from scorekeeper.engine.text import Text

from .kinds import engine_of, game_rows, kind_for
from .models import MAX_HANDS, SEAT_FIGURES, Change, Game, Row, Seat
from .records import canonical, record_digest
from .undo import snapshot, verify_revert

if TYPE_CHECKING:
    from scorekeeper.engine.record import AnyGame
    from scorekeeper.engine.sheet import Sheet


def game_locked(game: Game) -> tuple[Game, list[Any]]:
    """Lock ``game`` for this transaction and read it afresh (in place: the caller's ``game``
    then holds the version and rows the write leaves, see :func:`change_record`); return it
    with its hands (or Mü deals) in order, read from the database."""
    game.refresh_from_db(from_queryset=Game.objects.select_for_update())
    game.rows_written = None
    return game, game_rows(game)


class StaleHand(Exception):
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
    """Raise :class:`StaleHand` if the form's hand ``number`` is not ``expected`` (``None``: no such hand now)."""
    if number is not None and number != expected:
        raise StaleHand()


T = TypeVar("T")

#: A game's rows as the engine's game and its scored sheet: what a write's check has scored.
Scored: TypeAlias = "tuple[AnyGame, Sheet]"

#: The game's fields :func:`rebuild_read_model` sets: a write saves them with its own.
READ_MODEL_FIELDS = ["finished", "hands_played", "record_digest"]


def rebuild_read_model(game: Game, rows: Sequence[Row], scored: Scored | None = None) -> None:
    """Recompute the statistics' read model from the hands (``rows``, in order): the game's
    ``finished``, ``hands_played`` and ``record_digest`` (not saved: the caller saves them, see
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
    """The read model of ``game`` short of its seats: set the game's ``finished``, ``hands_played``
    and ``record_digest`` (not saved), and return each seat's figures (the engine's lines, by
    seat), for :func:`rebuild_read_model` to write into the seats, or a new game's seats to be
    made with (``services``: one INSERT, no UPDATE). ``scored`` as for :func:`rebuild_read_model`.
    """
    engine, sheet = scored if scored is not None else _scored(game, rows)
    game.finished = sheet.finished
    game.hands_played = len(sheet.hands)
    game.record_digest = record_digest(canonical(engine))
    return {line.seat: line for line in player_lines(engine, sheet)}


def _scored(game: Game, rows: Sequence[Row]) -> Scored:
    engine = engine_of(game, list(rows))
    return engine, score_game(engine)


def verify_shown(row: Row | None, shown: str | None) -> None:
    """Raise :class:`StaleHand` if the row changed since the form showed it.

    ``shown`` is the :func:`~scorekeeper.games.models.fingerprint` of the record the
    form was opened with (``None``: not checked)."""
    if shown is not None and shown != (row.fingerprint() if row is not None else ""):
        raise StaleHand()


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
        StaleHand: ``"unreadable"``: the form does not say what it was for (its number or
            fingerprint missing or unreadable); ``"changed"``: it was for another hand or deal.
    """
    rows = game_rows(game)
    if expects == ROW:
        if shown is None or row is None:
            raise StaleHand("unreadable")
        verify_shown(rows[row - 1] if 1 <= row <= len(rows) else None, shown)
    elif posted is None or (expects == LAST and shown is None):
        raise StaleHand("unreadable")
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
    before: dict[str, Any] | None,
    after: Row | None,
    device: str,
    write_key: str = "",
    reverts: Change | None = None,
    scored: Scored | None = None,
) -> Change:
    """Mark a write to the locked ``game``, whose hands or deals are now ``rows``: a new
    version for the phones polling it, the statistics rebuilt, and the change in its
    history (``before``: the row's record before; ``after``: the row now; ``write_key``:
    the write key of the phone's form, unique in the game, see ``games.views.once``;
    ``scored``: the rows as the write's check scored them, see :func:`rebuild_read_model`)."""
    game.version += 1
    finished_before = game.finished
    rebuild_read_model(game, rows, scored)
    game.won_now = game.finished and not finished_before  # the answer brings the winner into view
    game.save(update_fields=["updated_at", "version", *READ_MODEL_FIELDS])
    game.rows_written = list(rows)  # the write's answer shows them without reading them again
    return Change.objects.create(
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


def verify_room(rows: Sequence[Row], *, full: str) -> None:
    """Raise :class:`RuleError` with the untranslated text ``full`` (``%(most)d``: the limit)
    if a game of ``rows`` has no room for another: a game holds at most
    :data:`~scorekeeper.games.models.MAX_HANDS` hands or deals."""
    if len(rows) >= MAX_HANDS:
        raise RuleError(Text(full, {"most": MAX_HANDS}))


@transaction.atomic
def hand_undo(
    *, game: Game, number: int | None = None, shown: str | None = None, device: str = "", write_key: str = ""
) -> Row | None:
    """Delete the last hand (its bids, if it is still in play) or Mü deal; return it, or ``None``.

    Args:
        number, shown: the 0-based number and fingerprint of the last hand as the
            undo button showed it: if another phone changed the game since, nothing
            is deleted (so a late tap never deletes a hand it did not mean).
        device: the phone's name, for the game's change history.
        write_key: the write key of the phone's form, kept with the change (``games.views.once``).

    Raises:
        StaleHand: the last hand is not the one shown any more.
    """
    game, hands = game_locked(game)
    last = hands[-1] if hands else None
    verify_form_number(number, last_row(hands)[0])
    verify_shown(last, shown)
    if last is None:
        return None
    before = snapshot(last)
    last.delete()
    change_record(
        game,
        hands[:-1],
        action=Change.Action.UNDO,
        number=last.number,
        before=before,
        after=None,
        device=device,
        write_key=write_key,
    )
    return last


@transaction.atomic
def change_revert(*, game: Game, change_id: int, device: str = "", write_key: str = "") -> Change:
    """Undo one change from the game's history: its hand or deal goes back to how it was before.

    Any change may be undone, not only the last, as long as its hand is still as
    that change left it; a new or deleted hand can only come and go at the end of
    the game. The whole game is checked again, and the undoing is itself a change
    (so it can be undone in turn).

    Returns:
        The new ``REVERT`` change.

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
            current = kind_for(game).new_row(game, number)
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
        StaleHand: the other change can no longer be undone (changed again since, or gone).
    """
    with transaction.atomic():
        try:
            change_revert(game=game, change_id=change_id, device=device)
        except (RuleError, Change.DoesNotExist):
            raise StaleHand() from None
        return save()
