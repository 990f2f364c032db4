"""The Mü rulebook page: one plain sentence per house rule key, stating the rule in force.

As the Spades rulebook (:mod:`..spades.rulebook`), the sentences are built from the rule
*values* of a :class:`MuRules`; each is an English :class:`~scorekeeper.engine.text.Text`,
rendered later in the player's language, and cites its key's :attr:`KeySpec.source`.

Sources: ``docs/rules/mu.md`` §8 (the bonus table and its "7+" column) and §9 (the game's
end); ``docs/game-record.md`` (Mü keys: ``target``).
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


#: Key -> the function that states it: every key of :data:`~.rules.KEYS`.
_SENTENCES: Mapping[str, Callable[[MuRules], Text]] = MappingProxyType(
    {"target": _target, "bonus_above_seven": _bonus_above_seven}
)


def rulebook(rules: MuRules) -> tuple[tuple[str, tuple[RuleSentence, ...]], ...]:
    """The rulebook for ``rules``: ``((group, (sentence, ...)), ...)`` in :data:`~.rules.GROUPS` order."""
    return rulebook_of(rules, GROUPS, _SENTENCES)
