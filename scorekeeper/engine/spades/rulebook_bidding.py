"""The rulebook's sentences for the bidding and the blind bids (groups ``bidding``, ``blind``).

Source: ``docs/rules/spades.md`` ("Rule keys"); see :mod:`.rulebook` for how the sentences are built.
"""

from __future__ import annotations

from ..text import Text
from ..text import gettext_noop as _
from .rulebook_common import Sentence, blind_nil_on, nil_on, registrar, round_the_table, text
from .rules import SpadesRules

#: Key -> the function that states it, for the keys of this module's groups.
SENTENCES: dict[str, Sentence] = {}
_sentence = registrar(SENTENCES)


# Bidding ------------------------------------------------------------------------------------------


@_sentence("zero_is_nil")
def _zero_is_nil(rules: SpadesRules) -> Text:
    if not rules.zero_is_nil:
        return text(_("A bid of %(bid)d is a plain bid of no tricks, not a nil."), bid=0)
    if not round_the_table(rules):
        return text(
            _(
                "A bid of %(bid)d means nil only in round-the-table bidding; "
                "a side's agreed bid of %(bid)d is a plain bid."
            ),
            bid=0,
        )
    if not rules.nil:
        return text(
            _("A bid of %(bid)d would mean nil, which is not played, so every player bids at least %(least)d."),
            bid=0,
            least=1,
        )
    return text(_("A bid of %(bid)d always means nil."), bid=0)


@_sentence("bidding")
def _bidding(rules: SpadesRules) -> Text:
    if round_the_table(rules):
        if rules.partnerships:
            return text(_("Players bid one at a time round the table; partners' bids add up to their side's bid."))
        return text(_("Players bid one at a time round the table, each for themselves."))
    if rules.partnerships:
        return text(_("Each side agrees on one bid after open discussion; there are no nil bids."))
    return text(_("Each player bids a number of tricks for themselves; there are no nil bids."))


@_sentence("first_bidder")
def _first_bidder(rules: SpadesRules) -> Text:
    if rules.partnerships and not round_the_table(rules):
        if rules.first_bidder == "dealer_left":
            return text(_("The dealer's opponents agree on their bid first."))
        return text(_("The dealer's side agrees on its bid first."))
    if rules.first_bidder == "dealer_left":
        return text(_("The player on the dealer's left bids first, then the bidding goes clockwise."))
    return text(_("The dealer bids first, then the bidding goes clockwise."))


def _side_limits_apply(rules: SpadesRules) -> bool:
    """Whether a side's bid is more than one player's bid (partners, or an agreed side bid)."""
    return rules.partnerships or not round_the_table(rules)


@_sentence("min_team_bid")
def _min_team_bid(rules: SpadesRules) -> Text:
    if rules.min_team_bid == 0:
        return text(_("There is no smallest bid for a side."))
    if not _side_limits_apply(rules):
        return text(
            _("Every player bids alone, so the smallest bid for a side (%(tricks)d) does not apply."),
            tricks=rules.min_team_bid,
        )
    return text(_("A side must bid at least %(tricks)d tricks in all."), tricks=rules.min_team_bid)


@_sentence("max_team_bid")
def _max_team_bid(rules: SpadesRules) -> Text:
    if rules.max_team_bid >= rules.tricks:
        return text(_("A side may bid up to all %(tricks)d tricks."), tricks=rules.tricks)
    return text(_("A side may bid at most %(most)d tricks in all."), most=rules.max_team_bid)


@_sentence("nil_partner_min_bid")
def _nil_partner_min_bid(rules: SpadesRules) -> Text:
    least = rules.nil_partner_min_bid
    if least == 0:
        return text(_("The partner of a nil bidder may bid any number."))
    if not rules.partnerships:
        return text(
            _("Without partners, the smallest bid for a nil bidder's partner (%(tricks)d) does not apply."),
            tricks=least,
        )
    if not (nil_on(rules) or blind_nil_on(rules)):
        return text(
            _("Nil is not played, so the smallest bid for a nil bidder's partner (%(tricks)d) does not apply."),
            tricks=least,
        )
    return text(_("The partner of a nil bidder must bid at least %(tricks)d."), tricks=least)


@_sentence("no_bid_of_one")
def _no_bid_of_one(rules: SpadesRules) -> Text:
    if not rules.no_bid_of_one:
        return text(_("A bid of %(bid)d is allowed."), bid=1)
    if not round_the_table(rules):
        return text(_("The ban on bids of %(bid)d is for round-the-table bidding, so it does not apply here."), bid=1)
    return text(_("Nobody may bid %(bid)d."), bid=1)


@_sentence("bids_may_total_13")
def _bids_may_total_13(rules: SpadesRules) -> Text:
    if rules.bids_may_total_13:
        return text(_("The bids may add up to %(tricks)d, the tricks in a hand."), tricks=rules.tricks)
    return text(
        _("The bids must not add up to %(tricks)d, the tricks in a hand, so someone must fail."), tricks=rules.tricks
    )


@_sentence("first_hand_bids_itself")
def _first_hand_bids_itself(rules: SpadesRules) -> Text:
    if rules.first_hand_bids_itself:
        return text(
            _("The first hand is played without bidding: each side scores %(points)d per trick it takes."), points=10
        )
    return text(_("Every hand is bid, the first one too."))


# Blind bids ---------------------------------------------------------------------------------------


@_sentence("blind_bids")
def _blind_bids(rules: SpadesRules) -> Text:
    if not rules.blind_bids:
        return text(_("No blind bids."))
    if rules.partnerships:
        return text(_("A side may bid blind, before either partner looks at their cards."))
    return text(_("A player may bid blind, before looking at their cards."))


@_sentence("blind_min")
def _blind_min(rules: SpadesRules) -> Text:
    if not rules.blind_bids:
        return text(
            _("Blind bids are off, so the smallest blind bid (%(tricks)d) does not apply."), tricks=rules.blind_min
        )
    return text(_("A blind bid is for at least %(tricks)d tricks."), tricks=rules.blind_min)


@_sentence("blind_made")
def _blind_made(rules: SpadesRules) -> Text:
    exact = rules.blind_made == "exact"
    if not rules.blind_bids:
        template = (
            _("Blind bids are off, so the rule that a blind bid needs exactly the tricks bid does not apply.")
            if exact
            else _("Blind bids are off, so the rule that a blind bid needs at least the tricks bid does not apply.")
        )
        return text(template)
    template = (
        _("A blind bid scores double, %(points)d per trick bid, but only with exactly the tricks bid.")
        if exact
        else _("A blind bid scores double, %(points)d per trick bid, with at least the tricks bid.")
    )
    return text(template, points=20)


@_sentence("blind_failed")
def _blind_failed(rules: SpadesRules) -> Text:
    double = rules.blind_failed == "double"
    if not rules.blind_bids:
        template = (
            _("Blind bids are off, so the double loss for a failed blind bid does not apply.")
            if double
            else _("Blind bids are off, so the single loss for a failed blind bid does not apply.")
        )
        return text(template)
    if double:
        return text(_("A failed blind bid loses double: %(points)d per trick bid."), points=20)
    return text(_("A failed blind bid loses only %(points)d per trick bid, like a plain bid."), points=10)


@_sentence("blind_min_deficit")
def _blind_min_deficit(rules: SpadesRules) -> Text:
    deficit = rules.blind_min_deficit
    if not rules.blind_bids:
        return text(
            _("Blind bids are off, so the rule on how far behind a side must be (%(points)d points) does not apply."),
            points=deficit,
        )
    if deficit == 0:
        return text(_("A side may bid blind at any time, whatever the scores."))
    return text(_("A side may bid blind only when at least %(points)d points behind."), points=deficit)
