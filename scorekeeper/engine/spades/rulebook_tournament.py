"""The rulebook's sentences for the tournament rules (group ``tournament``): what a revoke costs,
and the limits that end a game (hands, time, sets in all).

Every key is off by default. A number 1 has its own template ("1 hand", not "1 hands"): templates
are chosen by value, never glued together.

Source: ``docs/rules/spades.md`` ("Tournament rules"), drawn from the published rules of Spades
tournaments and leagues (005, listed in its Sources); see :mod:`.rulebook` for how the sentences
are built.
"""

from __future__ import annotations

from ..text import Text
from ..text import gettext_noop as _
from .revokes import REVOKE_TRICKS
from .rulebook_common import Sentence, any_nil_on, registrar, text
from .rules import SpadesRules

#: Key -> the function that states it, for the keys of this module's group.
SENTENCES: dict[str, Sentence] = {}
_sentence = registrar(SENTENCES)


# Tournament ---------------------------------------------------------------------------------------


@_sentence("revoke_penalty")
def _revoke_penalty(rules: SpadesRules) -> Text:
    """spades.md "Tournament rules": ``three_tricks`` (two sides only; a nil bidder's revoke fails the
    nil and gives no tricks), ``set`` (the side's contract is set and its nils fail), ``none``."""
    nils = any_nil_on(rules)
    if rules.revoke_penalty == "three_tricks":
        template = (
            _(
                "A revoke (not following suit when able) costs the revoking side %(tricks)d of the tricks "
                "counted toward its bid, given to the other side; a nil bidder's revoke fails the nil instead."
            )
            if nils
            else _(
                "A revoke (not following suit when able) costs the revoking side %(tricks)d of the tricks "
                "counted toward its bid, given to the other side."
            )
        )
        return text(template, tricks=REVOKE_TRICKS)
    if rules.revoke_penalty == "set":
        if nils:
            return text(
                _(
                    "A side with a revoke (not following suit when able) is set: its contract scores as set "
                    "whatever it took, and each of its nils fails."
                )
            )
        return text(
            _(
                "A side with a revoke (not following suit when able) is set: its contract scores as set "
                "whatever it took."
            )
        )
    return text(
        _("A revoke costs nothing: the score stands as played, and the fouls a recorded play proves are only listed.")
    )


@_sentence("hand_limit")
def _hand_limit(rules: SpadesRules) -> Text:
    """spades.md "Tournament rules" (Limits): misdeals are not hands; at the limit the highest total
    wins, tied: one more hand, until one side is ahead."""
    if rules.hand_limit == 0:
        return text(_("No hand limit."))
    if rules.hand_limit == 1:
        return text(
            _(
                "The game ends after %(hands)d hand (misdeals not counted) if no side has won before: "
                "the highest total wins; tied: one more hand."
            ),
            hands=1,
        )
    return text(
        _(
            "The game ends after %(hands)d hands (misdeals not counted) if no side has won before: "
            "the highest total wins; tied: one more hand."
        ),
        hands=rules.hand_limit,
    )


@_sentence("time_limit")
def _time_limit(rules: SpadesRules) -> Text:
    """spades.md "Tournament rules" (Limits): the hand in play when time is called is the last."""
    if rules.time_limit == 0:
        return text(_("No time limit."))
    template = (
        _("After %(minutes)d minute, time is called: the hand in play is the last (tied: one more hand).")
        if rules.time_limit == 1
        else _("After %(minutes)d minutes, time is called: the hand in play is the last (tied: one more hand).")
    )
    return text(template, minutes=rules.time_limit)


@_sentence("sets_to_lose")
def _sets_to_lose(rules: SpadesRules) -> Text:
    """spades.md "Tournament rules": sets counted over the whole game (``set_twice_loses`` counts them in a row)."""
    if rules.sets_to_lose == 0:
        return text(_("A side does not lose the game by how often it was set in all."))
    if rules.sets_to_lose == 1:
        return text(_("A side set even once in the game loses it."))
    return text(_("A side set %(count)d times in the game, in all, loses it."), count=rules.sets_to_lose)
