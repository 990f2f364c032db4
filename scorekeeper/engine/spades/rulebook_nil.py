"""The rulebook's sentences for nil and blind nil (group ``nil``).

Source: ``docs/rules/spades.md`` ("Rule keys"); see :mod:`.rulebook` for how the sentences are built.
"""

from __future__ import annotations

from ..text import Text
from ..text import gettext_noop as _
from .rulebook_common import Sentence, any_nil_on, blind_nil_on, nil_on, registrar, round_the_table, text
from .rules import SpadesRules

#: Key -> the function that states it, for the keys of this module's groups.
SENTENCES: dict[str, Sentence] = {}
_sentence = registrar(SENTENCES)


# Nil ----------------------------------------------------------------------------------------------


@_sentence("nil")
def _nil(rules: SpadesRules) -> Text:
    if not rules.nil:
        return text(_("Nil is not played."))
    if not round_the_table(rules):
        return text(_("Nil is allowed, but with partnership bidding nobody can bid it."))
    return text(
        _("A player may bid nil: +%(points)d if they take no trick, -%(points)d if they take any."),
        points=rules.nil_value,
    )


@_sentence("nil_value")
def _nil_value(rules: SpadesRules) -> Text:
    if not nil_on(rules):
        return text(_("Nil is not played, so its value (%(points)d) does not apply."), points=rules.nil_value)
    if rules.partnerships:
        return text(
            _("A nil wins or loses %(points)d points on its own, apart from the partner's bid."),
            points=rules.nil_value,
        )
    return text(_("A nil wins or loses %(points)d points."), points=rules.nil_value)


@_sentence("blind_nil")
def _blind_nil(rules: SpadesRules) -> Text:
    if not rules.blind_nil:
        return text(_("Blind nil is not played."))
    if not round_the_table(rules):
        return text(_("Blind nil is allowed, but with partnership bidding nobody can bid it."))
    return text(
        _(
            "A player may bid blind nil, before looking at their cards: +%(points)d if they take no trick, "
            "-%(penalty)d if they take any."
        ),
        points=rules.blind_nil_value,
        penalty=rules.blind_nil_penalty,
    )


@_sentence("blind_nil_value")
def _blind_nil_value(rules: SpadesRules) -> Text:
    if not blind_nil_on(rules):
        return text(
            _("Blind nil is not played, so its value (%(points)d) does not apply."), points=rules.blind_nil_value
        )
    return text(_("A made blind nil scores %(points)d points."), points=rules.blind_nil_value)


@_sentence("blind_nil_penalty")
def _blind_nil_penalty(rules: SpadesRules) -> Text:
    if not blind_nil_on(rules):
        return text(
            _("Blind nil is not played, so its penalty (%(points)d) does not apply."), points=rules.blind_nil_penalty
        )
    return text(_("A failed blind nil loses %(points)d points."), points=rules.blind_nil_penalty)


@_sentence("blind_nil_min_deficit")
def _blind_nil_min_deficit(rules: SpadesRules) -> Text:
    deficit = rules.blind_nil_min_deficit
    if not blind_nil_on(rules):
        return text(
            _(
                "Blind nil is not played, so the rule on how far behind a side must be "
                "(%(points)d points) does not apply."
            ),
            points=deficit,
        )
    if deficit == 0:
        return text(_("Blind nil may be bid at any time, whatever the scores."))
    return text(_("Blind nil may be bid only by a side at least %(points)d points behind."), points=deficit)


@_sentence("blind_nil_pass")
def _blind_nil_pass(rules: SpadesRules) -> Text:
    count = rules.blind_nil_pass
    if not blind_nil_on(rules):
        return text(
            _("Blind nil is not played, so the exchange of cards for it (%(count)d cards) does not apply."), count=count
        )
    if not rules.partnerships:
        return text(
            _("Without partners, the exchange of cards for blind nil (%(count)d cards) does not apply."), count=count
        )
    if count == 0:
        return text(_("A blind nil bidder exchanges no cards with their partner."))
    return text(
        _("After the bidding, a blind nil bidder and their partner exchange %(count)d cards face down."), count=count
    )


@_sentence("failed_nil_tricks")
def _failed_nil_tricks(rules: SpadesRules) -> Text:
    value = rules.failed_nil_tricks
    if not any_nil_on(rules):
        template = {
            "bags": _("Nil is not played, so the rule that a failed nil's tricks count as bags does not apply."),
            "help_partner": _(
                "Nil is not played, so the rule that a failed nil's tricks help the partner's bid does not apply."
            ),
            "neither": _("Nil is not played, so the rule that a failed nil's tricks count for nothing does not apply."),
        }[value]
        return text(template)
    if not rules.partnerships:
        if value == "neither":
            return text(_("A failed nil's tricks count for nothing, not even as bags."))
        if value == "help_partner":
            return text(_("A failed nil's tricks would help a partner's bid; without partners they count as bags."))
        return text(_("A failed nil's tricks count as bags."))
    if value == "neither":
        return text(_("A failed nil's tricks count for nothing: not toward the partner's bid, and not as bags."))
    if value == "help_partner":
        return text(_("A failed nil's tricks count toward the partner's bid; any beyond it are bags."))
    return text(_("A failed nil's tricks do not count toward the partner's bid, but they do count as bags."))


@_sentence("failed_nil_sets_partner")
def _failed_nil_sets_partner(rules: SpadesRules) -> Text:
    if not rules.failed_nil_sets_partner:
        return text(_("A failed nil does not cost the partner's bid."))
    if not rules.partnerships:
        return text(_("Without partners, the rule that a failed nil sets the partner does not apply."))
    if not any_nil_on(rules):
        return text(_("Nil is not played, so the rule that a failed nil sets the partner does not apply."))
    return text(_("When a nil fails, the partner's bid is lost too, even if the partner made it."))
