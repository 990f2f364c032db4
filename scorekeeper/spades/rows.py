"""Spades hands between the database and the engine: a game's ``Hand`` rows as the engine's
``SpadesGame``, and an engine hand as a row to store."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.engine.record import hand_record
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
