"""The rulebook's sentences for bags and sets (group ``bags``).

Source: ``docs/rules/spades.md`` ("Rule keys"); see :mod:`.rulebook` for how the sentences are built.
"""

from __future__ import annotations

from ..text import Text
from ..text import gettext_noop as _
from .rulebook_common import Sentence, registrar, text
from .rules import SpadesRules

#: Key -> the function that states it, for the keys of this module's groups.
SENTENCES: dict[str, Sentence] = {}
_sentence = registrar(SENTENCES)


# Bags and sets ------------------------------------------------------------------------------------


@_sentence("overtrick_value")
def _overtrick_value(rules: SpadesRules) -> Text:
    value = rules.overtrick_value
    if value < 0:
        return text(_("Each trick over the bid is a bag, worth %(points)+d, and bags carry no penalty."), points=value)
    if value == 0:
        if rules.bag_penalty_applies:
            return text(_("Each trick over the bid is a bag: it scores nothing but counts toward the bag limit."))
        return text(_("Tricks over the bid (bags) score nothing."))
    return text(_("Each trick over the bid is a bag, worth %(points)+d."), points=value)


@_sentence("bag_limit")
def _bag_limit(rules: SpadesRules) -> Text:
    if rules.bag_limit == 0:
        return text(_("There is no penalty for bags."))
    if not rules.bag_penalty_applies:
        return text(_("Bags already cost points, so the bag limit (%(count)d) does not apply."), count=rules.bag_limit)
    return text(
        _("Each time a side's bags reach %(count)d, it loses %(points)d points and its bag count drops by %(count)d."),
        count=rules.bag_limit,
        points=rules.bag_penalty,
    )


@_sentence("bag_penalty")
def _bag_penalty(rules: SpadesRules) -> Text:
    if not rules.bag_penalty_applies:
        return text(
            _("Bags carry no penalty, so the bag penalty (%(points)d) does not apply."), points=rules.bag_penalty
        )
    if rules.bag_penalty == 0:
        return text(_("Reaching the bag limit costs nothing."))
    return text(_("Reaching the bag limit costs %(points)d points."), points=rules.bag_penalty)


@_sentence("set_penalty")
def _set_penalty(rules: SpadesRules) -> Text:
    if rules.set_penalty == "shortfall":
        return text(
            _("A side that takes fewer tricks than it bid is set: it loses %(points)d per missing trick."), points=10
        )
    return text(_("A side that takes fewer tricks than it bid is set: it loses %(points)d per trick bid."), points=10)


@_sentence("set_on_double_tricks")
def _set_on_double_tricks(rules: SpadesRules) -> Text:
    if rules.set_on_double_tricks:
        return text(_("A side that takes at least twice its bid is set, as if it had missed."))
    return text(_("Taking twice the bid or more is not a set by itself."))


@_sentence("max_bags")
def _max_bags(rules: SpadesRules) -> Text:
    if rules.max_bags is None:
        return text(_("There is no limit on bags in a hand."))
    if rules.ten_for_two_hundred:
        return text(
            _(
                "A side that takes more than %(count)d bags in a hand is set "
                "(blind bids and %(bid)d for %(points)d have no such limit)."
            ),
            count=rules.max_bags,
            bid=10,
            points=200,
        )
    return text(
        _("A side that takes more than %(count)d bags in a hand is set (blind bids have no such limit)."),
        count=rules.max_bags,
    )


@_sentence("bag_cancel_card")
def _bag_cancel_card(rules: SpadesRules) -> Text:
    card = rules.bag_cancel_card
    if card is None:
        return text(_("No card cancels bags."))
    template = {
        "3S": _("The side that wins the 3 of spades cancels one of its bags from that hand."),
        "2S": _("The side that wins the 2 of spades cancels one of its bags from that hand."),
        "AS": _("The side that wins the ace of spades cancels one of its bags from that hand."),
        "cut": _("A card is cut before each deal; the side that wins it cancels one of its bags from that hand."),
    }[card]
    return text(template)
