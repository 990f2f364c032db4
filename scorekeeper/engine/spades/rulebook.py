"""The Spades rulebook: one plain sentence per house rule key, stating the rule in force.

The sentences are built from the rule *values* of a :class:`SpadesRules`, never
written per preset, so every combination of keys reads correctly. Each sentence
is a :class:`~scorekeeper.engine.text.Text` (an English template with numbers as
parameters), rendered later in the player's language. Templates are chosen by
value, never glued together from English fragments.

This module states the keys of the groups ``table``, ``winning`` and ``play``;
:mod:`.rulebook_bidding` (bidding, blind bids), :mod:`.rulebook_nil`,
:mod:`.rulebook_special`, :mod:`.rulebook_bags` and :mod:`.rulebook_tournament` state the
others, with the shared conditions of :mod:`.rulebook_common`.

Sources: ``docs/rules/spades.md`` ("Standard scoring, exactly", "Rule keys") and
the sections of the published texts (000-004, listed there) named in each key's
:attr:`KeySpec.source`; the wording follows what :mod:`.scoring` and
:mod:`.bidding` actually do with each value.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..rules import RuleSentence, rulebook_of
from ..text import Text
from ..text import gettext_noop as _
from .rulebook_bags import SENTENCES as BAGS
from .rulebook_bidding import SENTENCES as BIDDING
from .rulebook_common import Sentence, registrar, sides, text
from .rulebook_nil import SENTENCES as NIL
from .rulebook_special import SENTENCES as SPECIAL
from .rulebook_tournament import SENTENCES as TOURNAMENT
from .rules import GROUPS, SpadesRules

#: Decks that have the two jokers (rake 'em and shake 'em needs the big joker).
JOKER_DECKS = ("jokers", "nyc", "jokers54")

#: Cards in each deck (002 "Players and Cards", Barmore, New York City, "Variation in the cards", Six Players).
DECK_CARDS = {"standard": 52, "jokers": 52, "nyc": 52, "deuces_high": 52, "jokers54": 54, "double": 102}


def rulebook(rules: SpadesRules) -> tuple[tuple[str, tuple[RuleSentence, ...]], ...]:
    """The rulebook for ``rules``: groups in :data:`GROUPS` order, each with its keys' sentences.

    Returns:
        ``((group, (sentence, ...)), ...)``: every key of :data:`~.rules.KEYS` exactly once,
        in declaration order within its group; groups without keys are left out.
    """
    return rulebook_of(rules, GROUPS, _SENTENCES)


#: Key -> the function that states it, for the keys stated in this module (the table, winning, play).
_OWN: dict[str, Sentence] = {}
_sentence = registrar(_OWN)


# Players and cards --------------------------------------------------------------------------------


@_sentence("players")
def _players(rules: SpadesRules) -> Text:
    template = {
        4: _("%(seats)d players in two partnerships, partners sitting opposite; %(tricks)d tricks a hand."),
        3: _("%(seats)d players, each playing alone (cut-throat); %(tricks)d tricks a hand."),
        2: _("%(seats)d players, each playing alone; each draws a hand of %(tricks)d cards from the stock."),
        6: _("%(seats)d players in three partnerships, partners sitting opposite; %(tricks)d tricks a hand."),
        "solo4": _(
            "%(seats)d players without partners; each must beat the highest card in the trick if they can, "
            "with a spade if need be; %(tricks)d tricks a hand."
        ),
    }[rules.players]
    return text(template, seats=rules.seats, tricks=rules.tricks)


@_sentence("deck")
def _deck(rules: SpadesRules) -> Text:
    template = {
        "standard": _("A standard pack of %(cards)d cards, aces high; spades are always trumps."),
        "jokers": _(
            "%(cards)d cards: two jokers in, the 2 of clubs and 2 of hearts out; the top trumps are the big joker, "
            "the little joker, then the 2 of spades."
        ),
        "nyc": _(
            "%(cards)d cards: two jokers in, the 2 of clubs and 2 of hearts out; the top trumps are the big joker, "
            "the little joker, the 2 of diamonds, then the 2 of spades."
        ),
        "deuces_high": _(
            "A standard pack of %(cards)d cards; the twos agreed at the table count as spades and rank above the ace."
        ),
        "jokers54": _(
            "%(cards)d cards: the standard pack and two jokers, which are the top trumps "
            "(big joker, then little joker)."
        ),
        "double": _(
            "Two packs mixed, two low cards out: %(cards)d cards; of two identical cards in a trick, "
            "the second beats the first."
        ),
    }[rules.deck]
    return text(template, cards=DECK_CARDS[rules.deck])


# Winning ------------------------------------------------------------------------------------------


@_sentence("target")
def _target(rules: SpadesRules) -> Text:
    if sides(rules) == 2:
        template = (
            _(
                "The first side to reach %(points)d points wins; if two sides reach it in the same hand, "
                "the higher score wins, and a tie plays another hand."
            )
            if rules.win_on == "reach"
            else _(
                "The first side to go over %(points)d points wins; if two sides go over it in the same hand, "
                "the higher score wins, and a tie plays another hand."
            )
        )
    else:
        template = (
            _(
                "The first side to reach %(points)d points wins; if several sides reach it in the same hand, "
                "the highest score wins, and a tie plays another hand."
            )
            if rules.win_on == "reach"
            else _(
                "The first side to go over %(points)d points wins; if several sides go over it in the same hand, "
                "the highest score wins, and a tie plays another hand."
            )
        )
    return text(template, points=rules.target)


@_sentence("win_on")
def _win_on(rules: SpadesRules) -> Text:
    if rules.win_on == "reach":
        return text(_("Reaching exactly %(points)d is enough to win."), points=rules.target)
    return text(_("Exactly %(points)d is not enough to win: a side must go over it."), points=rules.target)


@_sentence("lose_at")
def _lose_at(rules: SpadesRules) -> Text:
    if rules.lose_at is None:
        return text(_("A side cannot lose by falling behind."))
    return text(_("A side at %(points)d or below loses the game."), points=rules.lose_at)


@_sentence("set_twice_loses")
def _set_twice_loses(rules: SpadesRules) -> Text:
    if rules.set_twice_loses:
        return text(_("A side that is set hand after hand loses the game at once, whatever the scores."))
    return text(_("Being set hand after hand does not lose the game by itself."))


@_sentence("consecutive_sets_to_lose")
def _consecutive_sets_to_lose(rules: SpadesRules) -> Text:
    if rules.set_twice_loses:
        return text(
            _("It takes %(count)d sets in a row to lose the game this way."), count=rules.consecutive_sets_to_lose
        )
    return text(
        _("Losing by sets in a row is off, so the number of sets (%(count)d) does not apply."),
        count=rules.consecutive_sets_to_lose,
    )


@_sentence("boston_wins")
def _boston_wins(rules: SpadesRules) -> Text:
    if rules.boston_wins:
        return text(
            _("A side that bids %(bid)d or more and takes all %(tricks)d tricks (a Boston) wins the game at once."),
            bid=10,
            tricks=rules.tricks,
        )
    return text(_("Taking all %(tricks)d tricks (a Boston) does not win the game by itself."), tricks=rules.tricks)


# Play of the cards --------------------------------------------------------------------------------


@_sentence("spades_lead")
def _spades_lead(rules: SpadesRules) -> Text:
    if rules.spades_lead == "any_time":
        return text(_("Spades may be led at any time."))
    if rules.spades_lead == "after_three_tricks":
        return text(
            _("Spades may not be led in the first %(count)d tricks unless broken; after that, anything may be led."),
            count=3,
        )
    return text(
        _("Spades may not be led until one has been played on another suit, unless the leader has only spades.")
    )


@_sentence("first_lead")
def _first_lead(rules: SpadesRules) -> Text:
    template = {
        "dealer_left_no_spade": _("The player on the dealer's left leads first, any card but a spade."),
        "dealer_any": _("The dealer leads first, any card."),
        "lowest_club": _(
            "On the first trick everyone plays their lowest club (without clubs, a diamond or heart; "
            "no spades): the holder of the lowest club in play leads it, and the highest club wins."
        ),
        "two_of_clubs": _("The holder of the 2 of clubs (or the lowest club in play) leads it to the first trick."),
    }[rules.first_lead]
    return text(template)


@_sentence("rake_em_and_shake_em")
def _rake_em_and_shake_em(rules: SpadesRules) -> Text:
    if not rules.rake_em_and_shake_em:
        return text(_("Rake 'em and shake 'em is not played."))
    if rules.deck not in JOKER_DECKS:
        return text(_("Rake 'em and shake 'em needs the jokers, so it does not apply with this deck."))
    return text(_("Rake 'em and shake 'em: when the big joker is led, every other player plays their highest spade."))


@_sentence("misdeal")
def _misdeal(rules: SpadesRules) -> Text:
    if rules.misdeal == "seven_card_suit":
        return text(
            _(
                "A player dealt %(count)d or more cards of one suit may call a misdeal: the cards are thrown in, "
                "no score, and the same dealer deals again."
            ),
            count=7,
        )
    template = {
        "none": _("No misdeals: every hand dealt is played."),
        "no_spades": _(
            "A player dealt no spades may call a misdeal: the cards are thrown in, no score, "
            "and the same dealer deals again."
        ),
        "one_spade": _(
            "A player dealt no spades or a single spade may call a misdeal: the cards are thrown in, no score, "
            "and the same dealer deals again."
        ),
        "no_face_cards": _(
            "A player dealt no face cards (king, queen, jack) may call a misdeal: the cards are thrown in, "
            "no score, and the same dealer deals again."
        ),
    }[rules.misdeal]
    return text(template)


#: Key -> the function that states it, for every key (:func:`rulebook` looks each key up here).
_SENTENCES: Mapping[str, Sentence] = MappingProxyType({**_OWN, **BIDDING, **NIL, **SPECIAL, **BAGS, **TOURNAMENT})
