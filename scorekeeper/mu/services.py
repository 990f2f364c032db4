"""Writes for Mü: what the auction decided, the card points, corrections.

Each is keyword-only and runs in one transaction through :mod:`scorekeeper.games.changes`
(lock the game, check the form was for the deal as it is now, change it, record the
change). Every rule is the engine's (``scorekeeper.engine.mu``); a :class:`RuleError`
leaves everything as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.mu.deals import auction_deal
from scorekeeper.engine.mu.game import MuGame, Played
from scorekeeper.engine.mu.scoring import verify_deal
from scorekeeper.engine.mu.sources import GAME
from scorekeeper.engine.record import score_game
from scorekeeper.engine.replay import Play
from scorekeeper.engine.sheet import Sheet
from scorekeeper.engine.text import Text, gettext_noop
from scorekeeper.games.changes import (
    WriteConflict,
    Written,
    game_locked,
    play_kept,
    row_save,
    verify_form_number,
    verify_room,
    verify_shown,
)
from scorekeeper.games.models import Change, Game, Row
from scorekeeper.games.undo import verify_only_last_in_play

from .rows import deal_complete, mu_game

__all__ = ["WriteConflict", "deal_auction_save", "deal_points_save", "deal_update"]

#: Why no deal can start: the game holds as many as a game may.
FULL = gettext_noop("This game has reached %(most)d deals, the most a game can hold: start a new one.")


def auction_number(game: Game, deals: Sequence[Row]) -> int:
    """The 0-based deal an auction form must have been shown for to be saved now: the next."""
    return len(deals)


def points_number(game: Game, deals: Sequence[Row]) -> int | None:
    """The 0-based deal a card-points form must have been shown for to be saved now: the one
    being played (``None``: none is)."""
    return len(deals) - 1 if deals and not deal_complete(deals[-1].record) else None


@transaction.atomic
def deal_auction_save(
    *,
    game: Game,
    laid: Sequence[int],
    last: int | None = None,
    vize_digits: dict[int, tuple[int, ...]] | None = None,
    vize_trump: Any = None,
    chef_trump: Any = None,
    partner: int | None = None,
    laid_cards: dict[int, tuple[tuple[str, int], ...]] | None = None,
    number: int | None = None,
    device: str = "",
    write_key: str = "",
) -> Written:
    """Write what a Mü auction decided (``mu.md`` §3-§6): an Eklat (or all passing) ends the deal,
    else it is in play until :func:`deal_points_save`: the Chef, level, Vize, trumps and partner.

    Args:
        laid: the cards each player laid (seat order).
        last: with an Eklat, the tied player who laid last.
        vize_digits: with players tied for Vize, the digits each laid (the tie-break).
        vize_trump, chef_trump: colour name, digit or ``None`` (the Chef only).
        partner: the Chef's partner (more than 3 players).
        laid_cards: optionally, the cards laid ((colour, digit index) pairs): the Chef's, and
            the Vize's trump among the Vize's (§5).
        number: the 0-based deal the form was shown for (a version check).
        device: the phone's name, for the change history.
        write_key: the phone's form's write key (``games.views.once``).

    Raises:
        WriteConflict: another phone changed the game meanwhile.
        RuleError: at the field: laid cards, who laid last, digits, trumps, partner.
    """
    game, deals = game_locked(game)
    verify_form_number(number, auction_number(game, deals))
    engine = _deal_may_start(game, deals)
    record = auction_deal(
        engine,
        laid=laid,
        last=last,
        vize_digits=vize_digits,
        chef_trump=chef_trump,
        vize_trump=vize_trump,
        partner=partner,
        laid_cards=laid_cards,
    )
    return _auction_store(game, deals, engine, record, device=device, write_key=write_key)


def _auction_store(
    game: Game, deals: list[Row], engine: MuGame, record: dict[str, Any], *, device: str, write_key: str
) -> Written:
    """Store the auction's ``record`` as the deal after ``deals`` (``engine``: the game before
    it), once the game with it is checked (:func:`_auction_scored`), and its change."""
    return row_save(
        game, deals, number=len(deals), record=record, action=Change.Action.AUCTION, device=device,
        write_key=write_key, verify=lambda rows: _auction_scored(game, engine, rows),
    )  # fmt: skip


def _auction_scored(game: Game, engine: MuGame, rows: list[Row]) -> tuple[MuGame, Sheet]:
    """The game scored once with the auction just written (the last of ``rows``; ``engine``: the
    game before it): an Eklat ends its deal, so the game is checked and scored with it (one
    already over is refused there); a deal being played changes no score, so the game as it
    stands is scored, and must not be over (Mü & mehr rulebook §9)."""
    if deal_complete(rows[-1].record):
        return verify_deals(game, rows)
    return engine, _verify_not_over(score_game(engine))


def _deal_may_start(game: Game, deals: list[Row]) -> MuGame:
    """The engine game of ``deals``, not scored; raise :class:`RuleError` if the game has no
    room for a deal, or one is being played."""
    verify_room(deals, full=FULL)
    if deals and not deal_complete(deals[-1].record):
        raise RuleError(Text(gettext_noop("This deal is being played: enter the card points, or undo the auction.")))
    return mu_game(game, deals)


def _verify_not_over(sheet: Sheet) -> Sheet:
    """``sheet``, if its game is not over; else raise :class:`RuleError` (Mü & mehr rulebook §9)."""
    if sheet.finished:
        raise RuleError(Text(gettext_noop("The game is over: no more deals.")), source=GAME)
    return sheet


@transaction.atomic
def deal_points_save(
    *,
    game: Game,
    points: Sequence[int],
    number: int | None = None,
    device: str = "",
    write_key: str = "",
    play: Play | None = None,
) -> Written:
    """Write the card points each player took in the deal being played; it is then scored.

    Args:
        points: each player's card points (seat order); number, device, write_key: the deal the
            form was for, the phone's name and its form's write key (``games.views.once``).
        play: how the cards were played (a replay "used for the sheet"), kept with the deal.

    Raises:
        WriteConflict: another phone changed the game meanwhile.
        RuleError: no deal is being played, or the points are wrong (``field="points"``).
    """
    game, deals = game_locked(game)
    in_play = bool(deals) and not deal_complete(deals[-1].record)
    verify_form_number(number, points_number(game, deals))
    if not in_play:
        raise RuleError(Text(gettext_noop("No deal is being played: enter the auction first.")), field="points")
    record = {**deals[-1].record, "points": list(points), **({"play": play.record()} if play else {})}
    return row_save(
        game, deals, number=len(deals) - 1, record=record, action=Change.Action.POINTS, device=device,
        write_key=write_key, verify=lambda rows: _points_scored(game, rows),
    )  # fmt: skip


def _points_scored(game: Game, deals: list[Row]) -> tuple[MuGame, Sheet]:
    """The game scored with the card points just written: a wrong figure is refused at the points
    (its row is the one being written, so no "Deal 3:" is said before it)."""
    engine = mu_game(game, deals)
    try:
        return engine, score_game(engine)
    except RuleError as error:
        raise RuleError(error.text, field=error.field, seat=error.seat, source=error.source) from None


@transaction.atomic
def deal_update(
    *, game: Game, number: int, record: dict[str, Any], shown: str | None = None, device: str = "", write_key: str = ""
) -> Written:
    """Correct a finished Mü deal (0-based ``number``) with a new deal record; every later deal is scored again.

    Args:
        shown: the fingerprint of the deal the form was opened with (a version check, as for a Spades hand).
        device: the phone's name, for the game's change history.
        write_key: the write key of the phone's form, kept with the change (``games.views.once``).

    A correction that changes nothing writes nothing: no new version, no change in the history.

    Raises:
        Row.DoesNotExist: no finished deal with that number (and no ``shown``).
        WriteConflict: the deal changed since the form was opened, or (``shown`` given) is gone.
        RuleError: the corrected deal, or a later one because of it, breaks a rule.
    """
    game, deals = game_locked(game)
    if not 0 <= number < len(deals) or not deal_complete(deals[number].record):
        if shown:  # the form showed this deal: another phone undid it meanwhile
            raise WriteConflict()
        raise Row.DoesNotExist
    deal = deals[number]
    verify_shown(deal, shown)
    # The play still describes the deal only if nothing else changed.
    return row_save(
        game, deals, number=number, record=play_kept(deal.record, record), action=Change.Action.EDIT,
        device=device, write_key=write_key,
    )  # fmt: skip


def verify_deals(game: Game, deals: list[Row]) -> tuple[MuGame, Sheet]:
    """Check Mü ``deals`` (changed in memory, not yet saved) as the whole game, like
    ``spades.services.verify_hands``; return the engine game and its scored sheet.

    Raises:
        RuleError: a deal's record is malformed or breaks a rule.
    """
    verify_only_last_in_play(game, deals)
    engine = mu_game(game, deals)  # parses the changed records: shape errors surface here
    sheet = score_game(engine)
    if deals and not deal_complete(deals[-1].record):
        if sheet.finished:
            raise RuleError(Text(gettext_noop("With this change the game is over before the deal being played.")))
        in_play = deals[-1].record
        verify_deal(engine, Played(**{**in_play, "points": None}), played=False)
    return engine, sheet
