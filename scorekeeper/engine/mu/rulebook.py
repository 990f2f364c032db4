"""The Mü rulebook page: one plain sentence per house rule key, stating the rule in force.

As the Spades rulebook (:mod:`..spades.rulebook`), the sentences are built from the rule
*values* of a :class:`MuRules`; each is an English :class:`~scorekeeper.engine.text.Text`,
rendered later in the player's language, and cites its key's :attr:`KeySpec.source`.

Sources: ``docs/rules/mu.md`` §8 (the bonus table and its "7+" column), §9 (the game's
end) and "Match limits" (``hand_limit``, ``time_limit``: drawn from the published rules of
tournaments, 005); ``docs/game-record.md`` (Mü keys: ``target``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from ..rules import RuleSentence, rulebook_of
from ..text import Text
from ..text import gettext_noop as _
from .rules import GROUPS, MuRules


def _target(rules: MuRules) -> Text:
    return Text(
        _("The game is played until a player has more than %(points)d points; then the highest total wins."),
        {"points": rules.target},
    )


def _bonus_above_seven(rules: MuRules) -> Text:
    if rules.bonus_above_seven == "rising":
        return Text(
            _(
                "A made game's bonus keeps rising above level 7, by 10 a level, up to 100 (a house rule: "
                "the rulebook scores every level above 7 as level 7)."
            )
        )
    return Text(
        _(
            "A made game's bonus rises up to level 7: every level above 7 scores as level 7 "
            "(the rulebook's “7+” column)."
        )
    )


def _hand_limit(rules: MuRules) -> Text:
    """mu.md "Match limits": every deal counts, an Eklat too; at the limit the highest total wins,
    tied at the top: one more deal."""
    if rules.hand_limit == 0:
        return Text(_("No deal limit."))
    if rules.hand_limit == 1:
        return Text(
            _(
                "The game ends after %(deals)d deal (an Eklat is a deal) if nobody has won before: "
                "the highest total wins; tied at the top: one more deal."
            ),
            {"deals": 1},
        )
    return Text(
        _(
            "The game ends after %(deals)d deals (an Eklat is a deal) if nobody has won before: "
            "the highest total wins; tied at the top: one more deal."
        ),
        {"deals": rules.hand_limit},
    )


def _time_limit(rules: MuRules) -> Text:
    """mu.md "Match limits": the deal in play when time is called is the last."""
    if rules.time_limit == 0:
        return Text(_("No time limit."))
    template = (
        _("After %(minutes)d minute, time is called: the deal in play is the last (tied at the top: one more deal).")
        if rules.time_limit == 1
        else _(
            "After %(minutes)d minutes, time is called: the deal in play is the last (tied at the top: one more deal)."
        )
    )
    return Text(template, {"minutes": rules.time_limit})


#: Key -> the function that states it: every key of :data:`~.rules.KEYS`.
_SENTENCES: Mapping[str, Callable[[MuRules], Text]] = MappingProxyType(
    {
        "target": _target,
        "bonus_above_seven": _bonus_above_seven,
        "hand_limit": _hand_limit,
        "time_limit": _time_limit,
    }
)


def rulebook(rules: MuRules) -> tuple[tuple[str, tuple[RuleSentence, ...]], ...]:
    """The rulebook for ``rules``: ``((group, (sentence, ...)), ...)`` in :data:`~.rules.GROUPS` order."""
    return rulebook_of(rules, GROUPS, _SENTENCES)
