"""Spades as a kind of game (:class:`scorekeeper.games.kinds.GameKind`): what the shared core
asks of it, answered from this package and the engine (``scorekeeper.engine.spades``)."""

from __future__ import annotations

from functools import partial

from django.utils.translation import gettext, gettext_noop, ngettext

from scorekeeper.engine.spades.rules import spades_rules, spades_rules_record
from scorekeeper.games.kinds import GameKind, KindWords

from . import services, summaries
from .rows import hand_complete, hand_records, spades_game

WORDS = KindWords(
    row_title=gettext_noop("Hand %(number)d"),
    undo_texts={
        "changed": gettext_noop("Hand %(number)s has changed again since: undo the later change first."),
        "later": gettext_noop("Hands after hand %(number)s are in the way: undo them first."),
        "earlier": gettext_noop("Hand %(number)s can only come back after the hands before it."),
        "in_play": gettext_noop("Hand %(number)s would be in play with later hands after it: undo those first."),
    },
    conflict_texts={
        "changed": gettext_noop("This hand was just changed from another phone: here is the fresh sheet."),
        "unreadable": gettext_noop("Nothing was saved: this form does not say which hand it was for."),
    },
    played_text=lambda count: ngettext("%(hands)s hand played", "%(hands)s hands played", count) % {"hands": count},
    row_noun=lambda: gettext("hand"),
    limit_texts={
        "up": gettext_noop("Time: this hand is the last (tied: one more hand)"),
        "called": gettext_noop("Time was called: this hand is the last"),
        "called_in": gettext_noop("Time was called in hand %(number)d"),
        "of": gettext_noop("Hand %(number)d of %(limit)d"),
        "tied": gettext_noop("Tied: one more hand"),
        "confirm": gettext_noop(
            "Call time now? The hand in play, or else the last one played, is the last (tied: one more hand)."
        ),
    },
)


#: The Spades kind: hands of bids and tricks, sides of partners (Pagat, Spades).
SPADES = GameKind(
    name="spades",
    words=WORDS,
    complete=hand_complete,
    counted=lambda record: record.get("misdeal") is None,
    engine_game=spades_game,
    records=hand_records,
    rules_record=lambda engine: spades_rules_record(engine.rules),
    verify_rows=services.verify_hands,
    change_summary=lambda game: partial(summaries.hand_summary, game, rules=spades_rules(game.rules)),
    change_differences=lambda game: partial(summaries.hand_differences, game, rules=spades_rules(game.rules)),
    table=summaries.hand_table,
    figure_rows=summaries.spades_figure_rows,
)
