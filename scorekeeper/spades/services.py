"""Writes for Spades: bids, a misdeal, tricks, corrections, and saved house rules.

Each is keyword-only and runs in one transaction through :mod:`scorekeeper.games.changes`
(lock the game, check the form was for the hand as it is now, change it, record the
change). Every rule is the engine's: a hand is checked as part of the whole game
(:func:`verify_hands`) before anything is written, and a :class:`RuleError` leaves
everything as it was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.record import parse_spades_hand, score_game
from scorekeeper.engine.replay import Play
from scorekeeper.engine.sheet import Sheet
from scorekeeper.engine.spades.bidding import verify_bidding
from scorekeeper.engine.spades.game import Bid, SpadesGame, normalise_bid
from scorekeeper.engine.spades.revokes import hand_revokes
from scorekeeper.engine.spades.rules import spades_rules, spades_rules_record
from scorekeeper.engine.spades.sources import GAME
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
from scorekeeper.games.models import Change, Game, HouseRules, Player, Row
from scorekeeper.games.services import game_create
from scorekeeper.games.undo import verify_only_last_in_play

from .rows import declarations_of, hand_complete, spades_game, stored_record, tricks_of

__all__ = [
    "WriteConflict",
    "game_start",
    "hand_bids_save",
    "hand_misdeal",
    "hand_tricks_save",
    "hand_update",
    "house_rules_save",
]

#: Why no hand can start: the game holds as many as a game may.
FULL = gettext_noop("This game has reached %(most)d hands, the most a game can hold: start a new one.")


def bids_number(game: Game, hands: Sequence[Row]) -> int:
    """The 0-based hand a bids (or misdeal) form must have been shown for to be saved now: the next."""
    return len(hands)


def tricks_number(game: Game, hands: Sequence[Row]) -> int | None:
    """The 0-based hand a tricks form must have been shown for to be saved now: the hand in play,
    or the next when it bids itself (no bids: its tricks start and finish it); ``None``: none."""
    if hands and not hand_complete(hands[-1].record):
        return len(hands) - 1
    return len(hands) if spades_game(game, hands).bids_itself(len(hands)) else None


@transaction.atomic
def hand_bids_save(
    *,
    game: Game,
    bids: Sequence[Bid],
    declarations: dict[str, Any] | None = None,
    number: int | None = None,
    device: str = "",
    write_key: str = "",
) -> Written:
    """Write the bids of the next hand (the hand is then in play).

    Args:
        bids: one bid per seat in seat order (int, ``"nil"``, ``"blind_nil"``,
            ``"double_nil"``), or one number per side with partnership bidding.
        declarations: the record's bid-time hand fields: ``blind``,
            ``ten_for_two_hundred``, ``no_trump`` (side lists) and ``bemo``
            (``{"side", "kind", "made": None}`` objects).
        number: the 0-based hand number the form was showing; when given and the
            game has moved on meanwhile (another phone), nothing is written.
        device: the phone's name, for the game's change history.
        write_key: the write key of the phone's form, kept with the change (``games.views.once``).

    Raises:
        WriteConflict: ``number`` is not the next hand any more.
        RuleError: the game is over, a hand is already in play, or a bid or
            declaration is not allowed now (``field``, ``seat`` set).
    """
    game, hands = game_locked(game)
    verify_form_number(number, bids_number(game, hands))
    engine, sheet = _next_hand_state(game, hands)
    declarations = declarations or {}
    candidate = parse_spades_hand(len(hands), {"bids": list(bids), "tricks": [], **declarations})
    checked = verify_bidding(engine, candidate, totals=sheet.totals, number=len(hands))
    return row_save(
        game, hands, number=len(hands), record=stored_record(checked.bids or (), None, declarations),
        action=Change.Action.BIDS, device=device, write_key=write_key,
        verify=lambda rows: (engine, sheet),  # checked above; the hand in play changes no score
    )  # fmt: skip


@transaction.atomic
def hand_misdeal(*, game: Game, seat: int, number: int | None = None, device: str = "", write_key: str = "") -> Written:
    """Record that ``seat`` called a misdeal: the hand is thrown in, the same dealer deals again.

    Args:
        number, device, write_key: the hand the form was for, the phone's name and its form's
            write key (``games.views.once``), for the change history.

    Raises:
        WriteConflict: ``number`` is not the next hand any more.
        RuleError: misdeals are not played, or a hand is in play or the game is over.
    """
    game, hands = game_locked(game)
    verify_form_number(number, bids_number(game, hands))
    _verify_hand_may_start(hands)
    # The whole game is checked with it: the game being over already is a rule error here too.
    return row_save(
        game, hands, number=len(hands), record={"misdeal": seat}, action=Change.Action.MISDEAL, device=device,
        write_key=write_key,
    )  # fmt: skip


def _next_hand_state(game: Game, hands: list[Row]) -> tuple[SpadesGame, Sheet]:
    """The engine game and its sheet, checked that a new hand may start now."""
    _verify_hand_may_start(hands)
    engine = spades_game(game, hands)
    sheet = score_game(engine)
    if sheet.finished:
        raise RuleError(Text(gettext_noop("The game is over: no more hands.")), source=GAME)
    return engine, sheet


def _verify_hand_may_start(hands: list[Row]) -> None:
    """Raise :class:`RuleError` if the game has no room for a hand, or one is in play."""
    verify_room(hands, full=FULL)
    if hands and not hand_complete(hands[-1].record):
        raise RuleError(
            Text(gettext_noop("The bids of this hand are already written: enter the tricks, or undo the bids.")),
            field="bids",
        )


@transaction.atomic
def hand_tricks_save(
    *,
    game: Game,
    tricks: Sequence[int],
    results: dict[str, Any] | None = None,
    number: int | None = None,
    device: str = "",
    write_key: str = "",
    play: Play | None = None,
) -> Written:
    """Write the tricks taken in the hand in play; the hand is then scored.

    The first hand of a game that bids itself has no bids: its tricks start and
    finish it at once.

    Args:
        tricks: tricks taken per seat, in seat order.
        results: what else happened in play: ``bemo`` outcomes (``{side: made}``),
            ``bag_cancel`` (the side that took the card), ``high_spade_run`` (per side),
            ``revokes`` (the seats that revoked, once per revoke; stored only when not empty).
        number: the 0-based number of the hand in play the form was showing.
        play: how the cards were played (a replay "used for the sheet"), kept with the hand; its
            revokes are the play's fouls, so no ``revokes`` are stored with it.

    Raises:
        WriteConflict: ``number`` is not the hand in play any more.
        RuleError: no hand is in play, or the tricks or results are wrong.
    """
    game, hands = game_locked(game)
    in_play = bool(hands) and not hand_complete(hands[-1].record)
    bids_itself = not in_play and spades_game(game, hands).bids_itself(len(hands))
    verify_form_number(number, tricks_number(game, hands))
    if not in_play and not bids_itself:
        raise RuleError(Text(gettext_noop("No hand is in play: enter the bids first.")), field="tricks")
    stored = {} if bids_itself else hands[-1].record  # a hand that bids itself starts with its tricks
    declarations = _with_results(
        {name: value for name, value in stored.items() if name not in ("bids", "tricks")}, results or {}
    )
    if play is not None:
        declarations = {**declarations, "play": play.record(), "revokes": None}  # the play is the evidence
    record = stored_record(stored.get("bids"), tricks, declarations)
    number = len(hands) if bids_itself else len(hands) - 1
    return row_save(
        game, hands, number=number, record=record, action=Change.Action.TRICKS, device=device, write_key=write_key
    )


def _with_results(declarations: dict[str, Any], results: dict[str, Any]) -> dict[str, Any]:
    """The hand's record fields once played: bemo outcomes filled in, play facts added."""
    merged = dict(declarations)
    if merged.get("bemo"):
        outcomes = results.get("bemo", {})
        merged["bemo"] = [{**bemo, "made": outcomes.get(bemo["side"])} for bemo in merged["bemo"]]
    for name in ("bag_cancel", "high_spade_run"):
        if results.get(name) is not None:
            merged[name] = results[name]
    if results.get("revokes"):
        merged["revokes"] = list(results["revokes"])
    return merged


@transaction.atomic
def hand_update(
    *,
    game: Game,
    number: int,
    bids: Sequence[Bid] | None,
    tricks: Sequence[int],
    declarations: dict[str, Any] | None = None,
    shown: str | None = None,
    device: str = "",
    write_key: str = "",
) -> Written:
    """Correct a played hand (0-based ``number``); every later hand is checked again. A correction
    that changes nothing writes nothing: no new version, no change in the history.

    Args:
        bids, tricks: as in the record (``bids`` ``None`` for a hand that bids itself).
        declarations: the hand's optional record fields; ``None`` keeps the stored ones.
        shown: the fingerprint of the hand the form was opened with: if another
            phone changed the hand since, nothing is written.
        device: the phone's name, for the game's change history.
        write_key: the write key of the phone's form, kept with the change (``games.views.once``).

    Raises:
        Row.DoesNotExist: no played hand with that number (and no ``shown``).
        WriteConflict: the hand changed since the form was opened, or (``shown`` given) is gone.
        RuleError: the corrected hand, or a later hand because of it, breaks a rule.
    """
    game, hands = game_locked(game)
    if not 0 <= number < len(hands) or tricks_of(hands[number]) is None:  # in play, thrown in, or none
        if shown:  # the form showed this hand: another phone undid it meanwhile
            raise WriteConflict()
        raise Row.DoesNotExist
    hand = hands[number]
    verify_shown(hand, shown)
    rules = spades_rules(game.rules)
    bids = None if bids is None else [normalise_bid(rules, bid) for bid in bids]
    record = stored_record(bids, tricks, declarations_of(hand) if declarations is None else declarations)
    # The play recorded stays only while it still describes the hand: the same tricks (issue 16).
    record = play_kept(hand.record, record, described=("tricks",))
    record = _revokes_kept(game, hands, number, hand.record, record)
    return row_save(
        game, hands, number=number, record=record, action=Change.Action.EDIT, device=device, write_key=write_key
    )


def _revokes_kept(
    game: Game, hands: list[Row], number: int, before: dict[str, Any], record: dict[str, Any]
) -> dict[str, Any]:
    """A corrected hand's ``revokes`` in the order they were first recorded (spades.md "Tournament
    rules": they are applied one after the other, in the order listed, and the form asks only how
    many times each player revoked): the stored order of the seats still counted, new ones after.
    A correction that drops the hand's recorded play (other tricks) keeps the revokes the play
    proved, now declared, under a revoke penalty: the table did not take them back."""
    wanted = Counter(record.get("revokes") or ())
    if "play" in before and "play" not in record and spades_rules(game.rules).revoke_penalty != "none":
        proven = hand_revokes(spades_game(game, hands[:number]), number, parse_spades_hand(number, before))
        wanted = Counter(proven) if not wanted else wanted
        before = {**before, "revokes": list(proven)}
    kept: list[int] = []
    for seat in (*(before.get("revokes") or ()), *(record.get("revokes") or ())):
        if kept.count(seat) < wanted[seat]:
            kept.append(seat)
    rest = {name: value for name, value in record.items() if name != "revokes"}
    return {**rest, "revokes": kept} if kept else rest


def verify_hands(game: Game, hands: list[Row]) -> tuple[SpadesGame, Sheet]:
    """Check ``hands`` (changed in memory, not yet saved) as the whole game; return the
    engine game and its scored sheet (the write records them: the game is scored once).

    Scores every played hand and checks the bids of a hand still in play at the
    new scores, so a correction can never leave a later hand illegal.

    Raises:
        RuleError: tagged with the 0-based hand that breaks a rule.
    """
    verify_only_last_in_play(game, hands)
    engine = spades_game(game, hands)
    sheet = score_game(engine)
    if hands and not hand_complete(hands[-1].record):
        if sheet.finished:
            raise RuleError(
                Text(gettext_noop("With this change the game is over before the hand in play.")),
                hand=len(hands) - 1,
                source=GAME,
            )
        in_play = hands[-1]
        candidate = parse_spades_hand(in_play.number, {**in_play.record, "tricks": []})
        try:
            verify_bidding(engine, candidate, totals=sheet.totals, number=in_play.number)
        except RuleError as error:
            raise error.at_hand(len(hands) - 1) from None
    return engine, sheet


@transaction.atomic
def house_rules_save(*, name: str, rules: dict[str, Any], owner: Any, mine: QuerySet[HouseRules]) -> HouseRules:
    """Keep ``rules`` (a record's rules object) under ``name`` for whoever saves them.

    Args:
        owner: the signed-in user saving them, or ``None`` (the caller then lets the
            browser remember the set: ``access.house_rules_saved``).
        mine: the sets of the one saving (``access.house_rules_of``): one of them with
            that name is replaced; nobody else's set is ever touched.

    Raises:
        RecordError: the rules are not valid.
    """
    stored = spades_rules_record(spades_rules(rules))
    house_rules = mine.select_for_update().filter(name=name).first()
    if house_rules is None:
        return HouseRules.objects.create(owner=owner, name=name, rules=stored)
    house_rules.rules = stored
    house_rules.save(update_fields=["rules", "updated_at"])
    return house_rules


@transaction.atomic
def game_start(
    *,
    players: Sequence[str],
    dealer: int,
    rules: dict[str, Any],
    save_as: str = "",
    owner: Any = None,
    group: Iterable[Player] = (),
    mine: QuerySet[HouseRules],
) -> tuple[Game, HouseRules | None]:
    """Start a Spades game and, when ``save_as`` names them, keep its house rules: both or neither.

    Args:
        players, dealer, rules, owner, group: as for :func:`scorekeeper.games.services.game_create`.
        save_as, mine: the name and the saver's sets, as for :func:`house_rules_save`.

    Raises:
        RecordError: a bad name list, dealer, preset, key or value (nothing stored).
    """
    game = game_create(players=players, dealer=dealer, rules=rules, kind="spades", owner=owner, group=group)
    house_rules = house_rules_save(name=save_as, rules=rules, owner=owner, mine=mine) if save_as else None
    return game, house_rules
