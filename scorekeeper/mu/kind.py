"""Mü as a kind of game (:class:`scorekeeper.games.kinds.GameKind`): what the shared core
asks of it, answered from this package and the engine (``scorekeeper.engine.mu``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from django.utils.translation import gettext, gettext_noop, ngettext

from scorekeeper.engine.mu.game import MuGame
from scorekeeper.engine.mu.rules import mu_rules_record
from scorekeeper.engine.record import AnyGame
from scorekeeper.engine.sheet import Sheet
from scorekeeper.games.models import Deal, Game
from scorekeeper.games.players import FigureRow, KindFigures

from . import services, summaries
from .rows import mu_game, stored_deal, stored_deals


class Mu:
    """The Mü kind: deals of an auction and card points, every player on their own
    (Mü & mehr rulebook)."""

    name = "mu"
    row_title = gettext_noop("Deal %(number)d")
    undo_texts = {
        "changed": gettext_noop("Deal %(number)s has changed again since: undo the later change first."),
        "later": gettext_noop("Deals after deal %(number)s are in the way: undo them first."),
        "earlier": gettext_noop("Deal %(number)s can only come back after the deals before it."),
        "in_play": gettext_noop("Deal %(number)s would be in play with later deals after it: undo those first."),
    }
    conflict_texts = {
        "changed": gettext_noop("This deal was just changed from another phone: here is the fresh sheet."),
        "unreadable": gettext_noop("Nothing was saved: this form does not say which deal it was for."),
    }

    def rows(self, game: Game) -> list[Deal]:
        """The game's deals in order (one query)."""
        return stored_deals(game)

    def new_row(self, game: Game, number: int) -> Deal:
        """An unsaved deal of ``game`` at 0-based ``number``."""
        return Deal(game=game, number=number, record={})

    def engine_game(self, game: Game, rows: Sequence[Any]) -> MuGame:
        """The engine game of ``game`` with its complete deals."""
        return mu_game(game, rows)

    def rules_record(self, engine: Any) -> dict[str, Any]:
        """The rules object to store."""
        return mu_rules_record(engine.rules)

    def stored_rows(self, game: Game, engine: Any) -> list[Deal]:
        """Unsaved deals holding every deal of an imported record."""
        return [stored_deal(game, number, deal) for number, deal in enumerate(engine.deals)]

    def verify_rows(self, game: Game, rows: list[Any]) -> tuple[AnyGame, Sheet]:
        """Check the deals as the whole game (:func:`services.verify_deals`)."""
        return services.verify_deals(game, rows)

    def change_summary(self, game: Game) -> Callable[[dict[str, Any] | None], str]:
        """A deal's record in a few words for the change history."""
        return partial(summaries.deal_summary, game)

    def change_differences(self, game: Game) -> Callable[[dict[str, Any], dict[str, Any]], tuple[str, ...]]:
        """What a correction changed in a deal, seat by seat (:func:`summaries.deal_differences`)."""
        return partial(summaries.deal_differences, game)

    def table(self, engine: Any, sheet: Sheet) -> tuple[list[str], list[list[Any]]]:
        """One row per deal for CSV and print (:func:`summaries.deal_table`)."""
        return summaries.deal_table(engine, sheet)

    def played_text(self, count: int) -> str:
        """ "3 deals played"."""
        return ngettext("%(deals)s deal played", "%(deals)s deals played", count) % {"deals": count}

    def row_noun(self) -> str:
        """ "deal" (Mü is played in deals, never hands)."""
        return gettext("deal")

    def figure_rows(self, figures: KindFigures, link: Callable[..., str]) -> list[FigureRow]:
        """Chef deals, levels, Eklats and card points in a player's statistics."""
        return summaries.mu_figure_rows(figures, link)
