"""Spades hands between the database and the engine: a game's ``Hand`` rows as the engine's
``SpadesGame``, and an engine hand as a row to store."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.engine.record import hand_record, parse_spades_hand
from scorekeeper.engine.spades.game import SpadesGame, SpadesHand, normalise_bid
from scorekeeper.engine.spades.rules import SpadesRules, spades_rules
from scorekeeper.games.models import Game, Hand


def stored_hands(game: Game) -> list[Hand]:
    """The hands of a Spades ``game`` in order, as stored (one query)."""
    return list(game.hands.all())


def spades_game(game: Game, hands: Sequence[Hand]) -> SpadesGame:
    """The engine game of a Spades ``game`` with its complete ``hands`` (in order; a hand in play is left out).

    Raises:
        RuleError: the stored rules are no longer valid (never for saved games).
    """
    return SpadesGame(
        players=tuple(game.players),
        dealer=game.dealer,
        rules=spades_rules(game.rules),
        hands=tuple(hand.to_engine() for hand in hands if hand.is_complete),
    )


def read_spades_game(game: Game) -> tuple[SpadesGame, Hand | None]:
    """The engine game of a Spades ``game`` (as :func:`spades_game`) and its last hand (``None``
    without hands), read in one query as plain values.

    A sheet reads every hand, and a model object per hand cost about as much as scoring them
    (``make bench``, the live poll of a 200-hand game). The last hand comes as a ``Hand`` (not
    saved, no ``pk``): the page shows a hand in play, and the undo button its fingerprint.

    Raises:
        RuleError: the stored rules are no longer valid (never for saved games).
    """
    hands: list[SpadesHand] = []
    values = None
    for values in game.hands.values_list("number", "bids", "tricks", "declarations"):
        number, bids, tricks, declarations = values
        if Hand.complete(tricks, declarations):
            hands.append(parse_spades_hand(number, Hand.record_of(bids, tricks, declarations)))
    last = None
    if values is not None:
        number, bids, tricks, declarations = values
        last = Hand(game=game, number=number, bids=bids, tricks=tricks, declarations=declarations)
    return SpadesGame(tuple(game.players), game.dealer, spades_rules(game.rules), tuple(hands)), last


def stored_hand(game: Game, number: int, hand: SpadesHand, rules: SpadesRules) -> Hand:
    """A :class:`Hand` row (not saved) for an engine hand: bids (normalised), tricks, the rest as declarations."""
    record = hand_record(hand)
    bids = record.pop("bids", None)
    tricks = record.pop("tricks", None)
    return Hand(
        game=game,
        number=number,
        bids=None if bids is None else [normalise_bid(rules, bid) for bid in bids],
        tricks=tricks,
        declarations=record,
    )
