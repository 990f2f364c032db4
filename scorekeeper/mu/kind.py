"""Mü as a kind of game (:class:`scorekeeper.games.kinds.GameKind`): what the shared core
asks of it, answered from this package and the engine (``scorekeeper.engine.mu``)."""

from __future__ import annotations

from functools import partial

from django.utils.translation import gettext, gettext_noop, ngettext

from scorekeeper.engine.mu.rules import mu_rules_record
from scorekeeper.games.kinds import GameKind, KindWords

from . import services, summaries
from .rows import deal_complete, deal_records, mu_game

WORDS = KindWords(
    row_title=gettext_noop("Deal %(number)d"),
    undo_texts={
        "changed": gettext_noop("Deal %(number)s has changed again since: undo the later change first."),
        "later": gettext_noop("Deals after deal %(number)s are in the way: undo them first."),
        "earlier": gettext_noop("Deal %(number)s can only come back after the deals before it."),
        "in_play": gettext_noop("Deal %(number)s would be in play with later deals after it: undo those first."),
    },
    conflict_texts={
        "changed": gettext_noop("This deal was just changed from another phone: here is the fresh sheet."),
        "unreadable": gettext_noop("Nothing was saved: this form does not say which deal it was for."),
    },
    played_text=lambda count: ngettext("%(deals)s deal played", "%(deals)s deals played", count) % {"deals": count},
    row_noun=lambda: gettext("deal"),
    limit_texts={
        "up": gettext_noop("Time: this deal is the last (tied: one more deal)"),
        "called": gettext_noop("Time was called: this deal is the last"),
        "called_in": gettext_noop("Time was called in deal %(number)d"),
        "of": gettext_noop("Deal %(number)d of %(limit)d"),
        "tied": gettext_noop("Tied: one more deal"),
        "confirm": gettext_noop(
            "Call time now? The deal in play, or else the last one played, is the last (tied: one more deal)."
        ),
    },
)

#: The Mü kind: deals of an auction and card points, every player on their own (Mü & mehr rulebook).
MU = GameKind(
    name="mu",
    words=WORDS,
    complete=deal_complete,
    counted=lambda record: True,
    engine_game=mu_game,
    records=deal_records,
    rules_record=lambda engine: mu_rules_record(engine.rules),
    verify_rows=services.verify_deals,
    change_summary=lambda game: partial(summaries.deal_summary, game),
    change_differences=lambda game: partial(summaries.deal_differences, game),
    table=summaries.deal_table,
    figure_rows=summaries.mu_figure_rows,
)
