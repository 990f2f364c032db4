"""Spades as a kind of game (:class:`scorekeeper.games.kinds.GameKind`): what the shared core
asks of it, answered from this package and the engine (``scorekeeper.engine.spades``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from django.utils.translation import gettext, gettext_noop, ngettext

from scorekeeper.engine.record import AnyGame
from scorekeeper.engine.sheet import Sheet
from scorekeeper.engine.spades.game import SpadesGame
from scorekeeper.engine.spades.rules import spades_rules, spades_rules_record
from scorekeeper.games.models import Game, Hand
from scorekeeper.games.players import FigureRow, KindFigures

from . import services, summaries
from .rows import spades_game, stored_hand, stored_hands


class Spades:
    """The Spades kind: hands of bids and tricks, sides of partners (Pagat, Spades)."""

    name = "spades"
    row_title = gettext_noop("Hand %(number)d")
    undo_texts = {
        "changed": gettext_noop("Hand %(number)s has changed again since: undo the later change first."),
        "later": gettext_noop("Hands after hand %(number)s are in the way: undo them first."),
        "earlier": gettext_noop("Hand %(number)s can only come back after the hands before it."),
        "in_play": gettext_noop("Hand %(number)s would be in play with later hands after it: undo those first."),
    }
    conflict_texts = {
        "changed": gettext_noop("This hand was just changed from another phone: here is the fresh sheet."),
        "unreadable": gettext_noop("Nothing was saved: this form does not say which hand it was for."),
    }

    def rows(self, game: Game) -> list[Hand]:
        """The game's hands in order (one query)."""
        return stored_hands(game)

    def new_row(self, game: Game, number: int) -> Hand:
        """An unsaved hand of ``game`` at 0-based ``number``."""
        return Hand(game=game, number=number)

    def engine_game(self, game: Game, rows: Sequence[Any]) -> SpadesGame:
        """The engine game of ``game`` with its complete hands."""
        return spades_game(game, rows)

    def rules_record(self, engine: Any) -> dict[str, Any]:
        """The rules object to store: the preset and every key that differs from it."""
        return spades_rules_record(engine.rules)

    def stored_rows(self, game: Game, engine: Any) -> list[Hand]:
        """Unsaved hands holding every hand of an imported record."""
        return [stored_hand(game, number, hand, engine.rules) for number, hand in enumerate(engine.hands)]

    def verify_rows(self, game: Game, rows: list[Any]) -> tuple[AnyGame, Sheet]:
        """Check the hands as the whole game (:func:`services.verify_hands`)."""
        return services.verify_hands(game, rows)

    def change_summary(self, game: Game) -> Callable[[dict[str, Any] | None], str]:
        """A hand's record in a few words for the change history (the rules read once)."""
        return partial(summaries.hand_summary, game, rules=spades_rules(game.rules))

    def change_differences(self, game: Game) -> Callable[[dict[str, Any], dict[str, Any]], tuple[str, ...]]:
        """What a correction changed in a hand, seat by seat (:func:`summaries.hand_differences`)."""
        return partial(summaries.hand_differences, game, rules=spades_rules(game.rules))

    def table(self, engine: Any, sheet: Sheet) -> tuple[list[str], list[list[Any]]]:
        """One row per hand for CSV and print (:func:`summaries.hand_table`)."""
        return summaries.hand_table(engine, sheet)

    def played_text(self, count: int) -> str:
        """ "3 hands played"."""
        return ngettext("%(hands)s hand played", "%(hands)s hands played", count) % {"hands": count}

    def row_noun(self) -> str:
        """ "hand"."""
        return gettext("hand")

    def figure_rows(self, figures: KindFigures, link: Callable[..., str]) -> list[FigureRow]:
        """Bids, nils and bags in a player's statistics."""
        return summaries.spades_figure_rows(figures, link)
