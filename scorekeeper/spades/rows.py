"""Spades hands between the database and the engine: a game's rows (``games.models.Row``, each
a hand's record as the game record writes it) as the engine's ``SpadesGame``, and an engine hand
as a record to store.

A hand's record holds ``bids`` (absent for a hand that bids itself or was thrown in), ``tricks``
(absent while the hand is in play) and the record's optional hand fields, called its
declarations here (``blind``, ``bemo``, ``misdeal``, ``play``, ...; docs/game-record.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.engine.record import hand_record, parse_spades_hand
from scorekeeper.engine.spades.game import SpadesGame, SpadesHand, normalise_bid
from scorekeeper.engine.spades.rules import SpadesRules, spades_rules
from scorekeeper.games.models import Game, Row

#: The record's fields that are not declarations.
_PLAYED = ("bids", "tricks")


def hand_complete(record: dict[str, Any]) -> bool:
    """Whether a hand's record is over: tricks written, or thrown in (a misdeal)."""
    return record.get("tricks") is not None or record.get("misdeal") is not None


def stored_record(
    bids: Sequence[Any] | None, tricks: Sequence[int] | None, declarations: dict[str, Any]
) -> dict[str, Any]:
    """A hand's record from its parts: ``bids`` and ``tricks`` (``None``: absent) and the declarations."""
    record = {"bids": None if bids is None else list(bids), "tricks": None if tricks is None else list(tricks)}
    return {name: value for name, value in {**record, **declarations}.items() if value is not None}


def bids_of(row: Row) -> list[Any] | None:
    """The hand's bids as stored (``None``: it bids itself, or was thrown in)."""
    return row.record.get("bids")


def tricks_of(row: Row) -> list[int] | None:
    """The tricks each seat took (``None``: in play, or thrown in)."""
    return row.record.get("tricks")


def declarations_of(row: Row) -> dict[str, Any]:
    """The hand's optional fields: everything in its record but bids and tricks."""
    return {name: value for name, value in row.record.items() if name not in _PLAYED}


def spades_game(game: Game, hands: Sequence[Row]) -> SpadesGame:
    """The engine game of a Spades ``game`` with its complete ``hands`` (in order; a hand in play is left out).

    Raises:
        RuleError: the stored rules are no longer valid (never for saved games).
    """
    return SpadesGame(
        players=tuple(game.players),
        dealer=game.dealer,
        rules=spades_rules(game.rules),
        hands=tuple(parse_spades_hand(hand.number, hand.record) for hand in hands if hand_complete(hand.record)),
    )


def read_spades_game(game: Game) -> tuple[SpadesGame, Row | None]:
    """The engine game of a Spades ``game`` (as :func:`spades_game`) and its last hand (``None``
    without hands), read in one query as plain values.

    A sheet reads every hand, and a model object per hand cost about as much as scoring them
    (``make bench``, the live poll of a 200-hand game). The last hand comes as a ``Row`` (not
    saved, no ``pk``): the page shows a hand in play, and the undo button its fingerprint.

    Raises:
        RuleError: the stored rules are no longer valid (never for saved games).
    """
    hands: list[SpadesHand] = []
    values = None
    for values in game.rows.values_list("number", "record"):
        number, record = values
        if hand_complete(record):
            hands.append(parse_spades_hand(number, record))
    last = None if values is None else Row(game=game, number=values[0], record=values[1])
    return SpadesGame(tuple(game.players), game.dealer, spades_rules(game.rules), tuple(hands)), last


def stored_hand(hand: SpadesHand, rules: SpadesRules) -> dict[str, Any]:
    """The record to store for an engine hand: as the game record writes it, bids normalised."""
    record = hand_record(hand)
    bids = record.pop("bids", None)
    tricks = record.pop("tricks", None)
    return stored_record(None if bids is None else [normalise_bid(rules, bid) for bid in bids], tricks, record)


def hand_records(engine: Any) -> list[dict[str, Any]]:
    """The records to store for every hand of an engine game (an imported record)."""
    return [stored_hand(hand, engine.rules) for hand in engine.hands]
