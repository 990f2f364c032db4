"""Mü deals between the database and the engine: a game's ``Deal`` rows as the engine's
``MuGame``, and an engine deal as a row to store."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.engine.mu.game import MuDeal, MuGame
from scorekeeper.engine.mu.rules import mu_rules
from scorekeeper.engine.record import mu_deal_record, parse_mu_deal
from scorekeeper.games.models import Deal, Game


def stored_deals(game: Game) -> list[Deal]:
    """The deals of a Mü ``game`` in order, as stored (one query)."""
    return list(game.deals.all())


def mu_game(game: Game, deals: Sequence[Deal]) -> MuGame:
    """The engine game of a Mü ``game`` with its complete ``deals`` (in order; a deal being played is left out).

    Raises:
        RuleError: a stored record no longer parses (never for saved games; a correction being checked).
    """
    return MuGame(
        players=tuple(game.players),
        dealer=game.dealer,
        rules=mu_rules(game.rules),
        deals=tuple(parse_mu_deal(deal.number, deal.record) for deal in deals if deal.is_complete),
    )


def stored_deal(game: Game, number: int, deal: MuDeal) -> Deal:
    """A :class:`Deal` row (not saved) holding an engine deal's record."""
    return Deal(game=game, number=number, record=mu_deal_record(deal))
