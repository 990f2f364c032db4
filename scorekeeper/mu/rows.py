"""Mü deals between the database and the engine: a game's rows (``games.models.Row``, each a
deal's record as the game record writes it) as the engine's ``MuGame``, and an engine deal as a
record to store."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.engine.mu.game import MuGame
from scorekeeper.engine.mu.rules import mu_rules
from scorekeeper.engine.record import mu_deal_record, parse_mu_deal
from scorekeeper.games.models import Game, Row


def deal_complete(record: dict[str, Any]) -> bool:
    """Whether a deal's record is over: an Eklat, or card points entered (else the cards are being played)."""
    return "eklat" in record or "points" in record


def mu_game(game: Game, deals: Sequence[Row]) -> MuGame:
    """The engine game of a Mü ``game`` with its complete ``deals`` (in order; a deal being played is left out).

    Raises:
        RuleError: a stored record no longer parses (never for saved games; a correction being checked).
    """
    return MuGame(
        players=tuple(game.players),
        dealer=game.dealer,
        rules=mu_rules(game.rules),
        deals=tuple(parse_mu_deal(deal.number, deal.record) for deal in deals if deal_complete(deal.record)),
    )


def deal_records(engine: Any) -> list[dict[str, Any]]:
    """The records to store for every deal of an engine game (an imported record)."""
    return [mu_deal_record(deal) for deal in engine.deals]
