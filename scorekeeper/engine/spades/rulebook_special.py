"""The rulebook's sentences for the special bids: 10 for 200, moon, no trump, double nil, bemo, bonuses.

Source: ``docs/rules/spades.md`` ("Rule keys"); see :mod:`.rulebook` for how the sentences are built.
"""

from __future__ import annotations

from ..text import Text
from ..text import gettext_noop as _
from .rulebook_common import Sentence, double_nil_on, registrar, round_the_table, text
from .rules import SpadesRules

#: Key -> the function that states it, for the keys of this module's groups.
SENTENCES: dict[str, Sentence] = {}
_sentence = registrar(SENTENCES)


# Special bids -------------------------------------------------------------------------------------


@_sentence("ten_for_two_hundred")
def _ten_for_two_hundred(rules: SpadesRules) -> Text:
    value = rules.ten_for_two_hundred
    if not value:
        return text(_("%(bid)d for %(points)d is not played."), bid=10, points=200)
    template = (
        _("A side may bid %(bid)d for %(points)d: +%(points)d with exactly %(bid)d tricks, -%(points)d otherwise.")
        if value == "exact"
        else _(
            "A side may bid %(bid)d for %(points)d: +%(points)d with %(bid)d tricks or more, -%(points)d with fewer."
        )
    )
    return text(template, bid=10, points=200)


@_sentence("ten_bid_is_ten_for_two_hundred")
def _ten_bid_is_ten_for_two_hundred(rules: SpadesRules) -> Text:
    if not rules.ten_for_two_hundred:
        if rules.ten_bid_is_ten_for_two_hundred:
            return text(
                _("%(bid)d for %(points)d is not played, so a side bid of %(bid)d stays a plain bid."),
                bid=10,
                points=200,
            )
        return text(_("A side bid of %(bid)d is a plain bid."), bid=10)
    if rules.ten_bid_is_ten_for_two_hundred:
        return text(_("Every side bid of %(bid)d is %(bid)d for %(points)d, declared or not."), bid=10, points=200)
    return text(_("A side bid of %(bid)d is %(bid)d for %(points)d only when declared so."), bid=10, points=200)


@_sentence("moon")
def _moon(rules: SpadesRules) -> Text:
    if not rules.moon:
        return text(
            _("There is no moon: a bid of all %(tricks)d tricks scores like any other bid."), tricks=rules.tricks
        )
    return text(
        _("A side may bid all %(tricks)d tricks (moon): +%(points)d if it takes them all, -%(points)d if not."),
        tricks=rules.tricks,
        points=500 if rules.ten_for_two_hundred else 200,
    )


@_sentence("moon_wins_game")
def _moon_wins_game(rules: SpadesRules) -> Text:
    if not rules.moon_wins_game:
        return text(_("A made moon does not win the game by itself."))
    if not (rules.moon or rules.blind_moon):
        return text(_("Moon is not played, so the rule that a made moon wins the game does not apply."))
    return text(_("A made moon also wins the game at once."))


@_sentence("blind_moon")
def _blind_moon(rules: SpadesRules) -> Text:
    if not rules.blind_moon:
        return text(_("Blind moon is not played."))
    return text(
        _(
            "A side may bid all %(tricks)d tricks before looking at its cards (blind moon): "
            "+%(points)d if it takes them all, -%(points)d if not."
        ),
        tricks=rules.tricks,
        points=400,
    )


@_sentence("no_trump_bids")
def _no_trump_bids(rules: SpadesRules) -> Text:
    if not rules.no_trump_bids:
        return text(_("No-trump bids are not played."))
    if rules.blind_bids:
        return text(
            _(
                "A side may bid no trump, promising to win no trick by trumping with a spade: "
                "it scores and loses double, or triple when bid blind."
            )
        )
    return text(
        _("A side may bid no trump, promising to win no trick by trumping with a spade: it scores and loses double.")
    )


@_sentence("double_nil")
def _double_nil(rules: SpadesRules) -> Text:
    if not rules.double_nil:
        return text(_("Double nil is not played."))
    if not rules.partnerships:
        return text(_("Double nil needs partners, so it is not played at this table."))
    if not round_the_table(rules):
        return text(_("Double nil is allowed, but with partnership bidding nobody can bid it."))
    return text(
        _(
            "Both partners may bid nil together (double nil): +%(points)d if neither takes a trick; "
            "if both take one, the opponents get %(bonus)d."
        ),
        points=500,
        bonus=100,
    )


@_sentence("double_nil_penalty")
def _double_nil_penalty(rules: SpadesRules) -> Text:
    penalty = rules.double_nil_penalty  # a number of points, or "lose_game"
    if not double_nil_on(rules):
        if isinstance(penalty, str):
            return text(_("Double nil is not played, so the rule that a failed one loses the game does not apply."))
        return text(_("Double nil is not played, so its penalty (%(points)d) does not apply."), points=penalty)
    if isinstance(penalty, str):
        return text(_("A failed double nil loses the game."))
    return text(_("A failed double nil loses %(points)d points."), points=penalty)


@_sentence("double_nil_min_deficit")
def _double_nil_min_deficit(rules: SpadesRules) -> Text:
    deficit = rules.double_nil_min_deficit
    if not double_nil_on(rules):
        return text(
            _(
                "Double nil is not played, so the rule on how far behind a side must be "
                "(%(points)d points) does not apply."
            ),
            points=deficit,
        )
    if deficit == 0:
        return text(_("Double nil may be bid at any time, whatever the scores."))
    return text(_("Double nil may be bid only by a side at least %(points)d points behind."), points=deficit)


@_sentence("bemo")
def _bemo(rules: SpadesRules) -> Text:
    if not rules.bemo:
        return text(_("Bemo is not played."))
    return text(
        _(
            "A side may add little bemo (the first %(little)d tricks: %(little_points)d won or lost) "
            "or big bemo (the first %(big)d tricks: %(big_points)d won or lost)."
        ),
        little=6,
        little_points=60,
        big=9,
        big_points=90,
    )


@_sentence("cutthroat_bonus")
def _cutthroat_bonus(rules: SpadesRules) -> Text:
    if not rules.cutthroat_bonus:
        return text(_("There are no bonus scores for exact bets or high spades."))
    template = (
        _(
            "Bonus scores: a bet of %(two)d, %(one)d or %(zero)d made exactly scores %(two_points)d, "
            "%(one_points)d or %(zero_points)d; a made bet gets %(per_trick)d more per trick bid over %(six)d; "
            "an exact bet gets %(per_trick)d more per last trick won in a row with a spade of %(nine)d or higher; "
            "a blind bet doubles the hand's points."
        )
        if rules.blind_bids
        else _(
            "Bonus scores: a bet of %(two)d, %(one)d or %(zero)d made exactly scores %(two_points)d, "
            "%(one_points)d or %(zero_points)d; a made bet gets %(per_trick)d more per trick bid over %(six)d; "
            "an exact bet gets %(per_trick)d more per last trick won in a row with a spade of %(nine)d or higher."
        )
    )
    return text(
        template,
        two=2,
        one=1,
        zero=0,
        two_points=40,
        one_points=60,
        zero_points=100,
        per_trick=10,
        six=6,
        nine=9,
    )
