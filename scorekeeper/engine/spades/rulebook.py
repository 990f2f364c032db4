"""The Spades rulebook: one plain sentence per house rule key, stating the rule in force.

The sentences are built from the rule *values* of a :class:`SpadesRules`, never
written per preset, so every combination of keys reads correctly. Each sentence
is a :class:`~scorekeeper.engine.text.Text` (an English template with numbers as
parameters), rendered later in the player's language. Templates are chosen by
value, never glued together from English fragments.

Sources: ``docs/rules/spades.md`` ("Standard scoring, exactly", "Rule keys") and
the sections of the published texts (000-004, listed there) named in each key's
:attr:`KeySpec.source`; the wording follows
what :mod:`.scoring` and :mod:`.bidding` actually do with each value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..text import Text
from ..text import gettext_noop as _
from .rules import GROUPS, KEYS, SpadesRules

#: Decks that have the two jokers (rake 'em and shake 'em needs the big joker).
JOKER_DECKS = ("jokers", "nyc", "jokers54")

#: Cards in each deck (002 "Players and Cards", Barmore, New York City, "Variation in the cards", Six Players).
DECK_CARDS = {"standard": 52, "jokers": 52, "nyc": 52, "deuces_high": 52, "jokers54": 54, "double": 102}


@dataclass(frozen=True, slots=True)
class RuleSentence:
    """The rule in force for one house rule key, as one sentence.

    Attributes:
        key: the house rule key (the page's anchor is ``"rule-<key>"``; explanation
            lines link to it through :attr:`Line.rule <scorekeeper.engine.sheet.Line.rule>`).
        group: the key's group (:attr:`KeySpec.group`).
        text: one plain sentence stating the rule for the key's current value.
        source: where the rule is written (:attr:`KeySpec.source`).
    """

    key: str
    group: str
    text: Text
    source: str


def rulebook(rules: SpadesRules) -> tuple[tuple[str, tuple[RuleSentence, ...]], ...]:
    """The rulebook for ``rules``: groups in :data:`GROUPS` order, each with its keys' sentences.

    Returns:
        ``((group, (sentence, ...)), ...)``: every key of :data:`KEYS` exactly once,
        in declaration order within its group; groups without keys are left out.
    """
    book = []
    for group in GROUPS:
        sentences = tuple(
            RuleSentence(key, spec.group, _SENTENCES[key](rules), spec.source)
            for key, spec in KEYS.items()
            if spec.group == group
        )
        if sentences:
            book.append((group, sentences))
    return tuple(book)


_SENTENCES: dict[str, Callable[[SpadesRules], Text]] = {}


def _sentence(key: str) -> Callable[[Callable[[SpadesRules], Text]], Callable[[SpadesRules], Text]]:
    """Register the function that states key ``key``."""

    def register(function: Callable[[SpadesRules], Text]) -> Callable[[SpadesRules], Text]:
        _SENTENCES[key] = function
        return function

    return register


def _text(template: str, **params: int | Text) -> Text:
    return Text(template, params)


def _sides(rules: SpadesRules) -> int:
    """How many sides play: partnerships of two, or every player alone."""
    return rules.seats // 2 if rules.partnerships else rules.seats


def _round_the_table(rules: SpadesRules) -> bool:
    """Whether players bid one by one (only then can anybody bid a nil of any kind)."""
    return rules.bidding == "individual"


def _nil_on(rules: SpadesRules) -> bool:
    return rules.nil and _round_the_table(rules)


def _blind_nil_on(rules: SpadesRules) -> bool:
    return rules.blind_nil and _round_the_table(rules)


def _double_nil_on(rules: SpadesRules) -> bool:
    return rules.double_nil and rules.partnerships and _round_the_table(rules)


def _any_nil_on(rules: SpadesRules) -> bool:
    return _nil_on(rules) or _blind_nil_on(rules) or _double_nil_on(rules)


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
    return _text(template, seats=rules.seats, tricks=rules.tricks)


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
    return _text(template, cards=DECK_CARDS[rules.deck])


# Winning ------------------------------------------------------------------------------------------


@_sentence("target")
def _target(rules: SpadesRules) -> Text:
    if _sides(rules) == 2:
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
    return _text(template, points=rules.target)


@_sentence("win_on")
def _win_on(rules: SpadesRules) -> Text:
    if rules.win_on == "reach":
        return _text(_("Reaching exactly %(points)d is enough to win."), points=rules.target)
    return _text(_("Exactly %(points)d is not enough to win: a side must go over it."), points=rules.target)


@_sentence("lose_at")
def _lose_at(rules: SpadesRules) -> Text:
    if rules.lose_at is None:
        return _text(_("A side cannot lose by falling behind."))
    return _text(_("A side at %(points)d or below loses the game."), points=rules.lose_at)


@_sentence("set_twice_loses")
def _set_twice_loses(rules: SpadesRules) -> Text:
    if rules.set_twice_loses:
        return _text(_("A side that is set hand after hand loses the game at once, whatever the scores."))
    return _text(_("Being set hand after hand does not lose the game by itself."))


@_sentence("consecutive_sets_to_lose")
def _consecutive_sets_to_lose(rules: SpadesRules) -> Text:
    if rules.set_twice_loses:
        return _text(
            _("It takes %(count)d sets in a row to lose the game this way."), count=rules.consecutive_sets_to_lose
        )
    return _text(
        _("Losing by sets in a row is off, so the number of sets (%(count)d) does not apply."),
        count=rules.consecutive_sets_to_lose,
    )


@_sentence("boston_wins")
def _boston_wins(rules: SpadesRules) -> Text:
    if rules.boston_wins:
        return _text(
            _("A side that bids %(bid)d or more and takes all %(tricks)d tricks (a Boston) wins the game at once."),
            bid=10,
            tricks=rules.tricks,
        )
    return _text(_("Taking all %(tricks)d tricks (a Boston) does not win the game by itself."), tricks=rules.tricks)


# Bidding ------------------------------------------------------------------------------------------


@_sentence("zero_is_nil")
def _zero_is_nil(rules: SpadesRules) -> Text:
    if not rules.zero_is_nil:
        return _text(_("A bid of %(bid)d is a plain bid of no tricks, not a nil."), bid=0)
    if not _round_the_table(rules):
        return _text(
            _(
                "A bid of %(bid)d means nil only in round-the-table bidding; "
                "a side's agreed bid of %(bid)d is a plain bid."
            ),
            bid=0,
        )
    if not rules.nil:
        return _text(
            _("A bid of %(bid)d would mean nil, which is not played, so every player bids at least %(least)d."),
            bid=0,
            least=1,
        )
    return _text(_("A bid of %(bid)d always means nil."), bid=0)


@_sentence("bidding")
def _bidding(rules: SpadesRules) -> Text:
    if _round_the_table(rules):
        if rules.partnerships:
            return _text(_("Players bid one at a time round the table; partners' bids add up to their side's bid."))
        return _text(_("Players bid one at a time round the table, each for themselves."))
    if rules.partnerships:
        return _text(_("Each side agrees on one bid after open discussion; there are no nil bids."))
    return _text(_("Each player bids a number of tricks for themselves; there are no nil bids."))


@_sentence("first_bidder")
def _first_bidder(rules: SpadesRules) -> Text:
    if rules.partnerships and not _round_the_table(rules):
        if rules.first_bidder == "dealer_left":
            return _text(_("The dealer's opponents agree on their bid first."))
        return _text(_("The dealer's side agrees on its bid first."))
    if rules.first_bidder == "dealer_left":
        return _text(_("The player on the dealer's left bids first, then the bidding goes clockwise."))
    return _text(_("The dealer bids first, then the bidding goes clockwise."))


def _side_limits_apply(rules: SpadesRules) -> bool:
    """Whether a side's bid is more than one player's bid (partners, or an agreed side bid)."""
    return rules.partnerships or not _round_the_table(rules)


@_sentence("min_team_bid")
def _min_team_bid(rules: SpadesRules) -> Text:
    if rules.min_team_bid == 0:
        return _text(_("There is no smallest bid for a side."))
    if not _side_limits_apply(rules):
        return _text(
            _("Every player bids alone, so the smallest bid for a side (%(tricks)d) does not apply."),
            tricks=rules.min_team_bid,
        )
    return _text(_("A side must bid at least %(tricks)d tricks in all."), tricks=rules.min_team_bid)


@_sentence("max_team_bid")
def _max_team_bid(rules: SpadesRules) -> Text:
    if rules.max_team_bid >= rules.tricks:
        return _text(_("A side may bid up to all %(tricks)d tricks."), tricks=rules.tricks)
    return _text(_("A side may bid at most %(most)d tricks in all."), most=rules.max_team_bid)


@_sentence("nil_partner_min_bid")
def _nil_partner_min_bid(rules: SpadesRules) -> Text:
    least = rules.nil_partner_min_bid
    if least == 0:
        return _text(_("The partner of a nil bidder may bid any number."))
    if not rules.partnerships:
        return _text(
            _("Without partners, the smallest bid for a nil bidder's partner (%(tricks)d) does not apply."),
            tricks=least,
        )
    if not (_nil_on(rules) or _blind_nil_on(rules)):
        return _text(
            _("Nil is not played, so the smallest bid for a nil bidder's partner (%(tricks)d) does not apply."),
            tricks=least,
        )
    return _text(_("The partner of a nil bidder must bid at least %(tricks)d."), tricks=least)


@_sentence("no_bid_of_one")
def _no_bid_of_one(rules: SpadesRules) -> Text:
    if not rules.no_bid_of_one:
        return _text(_("A bid of %(bid)d is allowed."), bid=1)
    if not _round_the_table(rules):
        return _text(_("The ban on bids of %(bid)d is for round-the-table bidding, so it does not apply here."), bid=1)
    return _text(_("Nobody may bid %(bid)d."), bid=1)


@_sentence("bids_may_total_13")
def _bids_may_total_13(rules: SpadesRules) -> Text:
    if rules.bids_may_total_13:
        return _text(_("The bids may add up to %(tricks)d, the tricks in a hand."), tricks=rules.tricks)
    return _text(
        _("The bids must not add up to %(tricks)d, the tricks in a hand, so someone must fail."), tricks=rules.tricks
    )


@_sentence("first_hand_bids_itself")
def _first_hand_bids_itself(rules: SpadesRules) -> Text:
    if rules.first_hand_bids_itself:
        return _text(
            _("The first hand is played without bidding: each side scores %(points)d per trick it takes."), points=10
        )
    return _text(_("Every hand is bid, the first one too."))


# Nil ----------------------------------------------------------------------------------------------


@_sentence("nil")
def _nil(rules: SpadesRules) -> Text:
    if not rules.nil:
        return _text(_("Nil is not played."))
    if not _round_the_table(rules):
        return _text(_("Nil is allowed, but with partnership bidding nobody can bid it."))
    return _text(
        _("A player may bid nil: +%(points)d if they take no trick, -%(points)d if they take any."),
        points=rules.nil_value,
    )


@_sentence("nil_value")
def _nil_value(rules: SpadesRules) -> Text:
    if not _nil_on(rules):
        return _text(_("Nil is not played, so its value (%(points)d) does not apply."), points=rules.nil_value)
    if rules.partnerships:
        return _text(
            _("A nil wins or loses %(points)d points on its own, apart from the partner's bid."),
            points=rules.nil_value,
        )
    return _text(_("A nil wins or loses %(points)d points."), points=rules.nil_value)


@_sentence("blind_nil")
def _blind_nil(rules: SpadesRules) -> Text:
    if not rules.blind_nil:
        return _text(_("Blind nil is not played."))
    if not _round_the_table(rules):
        return _text(_("Blind nil is allowed, but with partnership bidding nobody can bid it."))
    return _text(
        _(
            "A player may bid blind nil, before looking at their cards: +%(points)d if they take no trick, "
            "-%(penalty)d if they take any."
        ),
        points=rules.blind_nil_value,
        penalty=rules.blind_nil_penalty,
    )


@_sentence("blind_nil_value")
def _blind_nil_value(rules: SpadesRules) -> Text:
    if not _blind_nil_on(rules):
        return _text(
            _("Blind nil is not played, so its value (%(points)d) does not apply."), points=rules.blind_nil_value
        )
    return _text(_("A made blind nil scores %(points)d points."), points=rules.blind_nil_value)


@_sentence("blind_nil_penalty")
def _blind_nil_penalty(rules: SpadesRules) -> Text:
    if not _blind_nil_on(rules):
        return _text(
            _("Blind nil is not played, so its penalty (%(points)d) does not apply."), points=rules.blind_nil_penalty
        )
    return _text(_("A failed blind nil loses %(points)d points."), points=rules.blind_nil_penalty)


@_sentence("blind_nil_min_deficit")
def _blind_nil_min_deficit(rules: SpadesRules) -> Text:
    deficit = rules.blind_nil_min_deficit
    if not _blind_nil_on(rules):
        return _text(
            _(
                "Blind nil is not played, so the rule on how far behind a side must be "
                "(%(points)d points) does not apply."
            ),
            points=deficit,
        )
    if deficit == 0:
        return _text(_("Blind nil may be bid at any time, whatever the scores."))
    return _text(_("Blind nil may be bid only by a side at least %(points)d points behind."), points=deficit)


@_sentence("blind_nil_pass")
def _blind_nil_pass(rules: SpadesRules) -> Text:
    count = rules.blind_nil_pass
    if not _blind_nil_on(rules):
        return _text(
            _("Blind nil is not played, so the exchange of cards for it (%(count)d cards) does not apply."), count=count
        )
    if not rules.partnerships:
        return _text(
            _("Without partners, the exchange of cards for blind nil (%(count)d cards) does not apply."), count=count
        )
    if count == 0:
        return _text(_("A blind nil bidder exchanges no cards with their partner."))
    return _text(
        _("After the bidding, a blind nil bidder and their partner exchange %(count)d cards face down."), count=count
    )


@_sentence("failed_nil_tricks")
def _failed_nil_tricks(rules: SpadesRules) -> Text:
    value = rules.failed_nil_tricks
    if not _any_nil_on(rules):
        template = {
            "bags": _("Nil is not played, so the rule that a failed nil's tricks count as bags does not apply."),
            "help_partner": _(
                "Nil is not played, so the rule that a failed nil's tricks help the partner's bid does not apply."
            ),
            "neither": _("Nil is not played, so the rule that a failed nil's tricks count for nothing does not apply."),
        }[value]
        return _text(template)
    if not rules.partnerships:
        if value == "neither":
            return _text(_("A failed nil's tricks count for nothing, not even as bags."))
        if value == "help_partner":
            return _text(_("A failed nil's tricks would help a partner's bid; without partners they count as bags."))
        return _text(_("A failed nil's tricks count as bags."))
    if value == "neither":
        return _text(_("A failed nil's tricks count for nothing: not toward the partner's bid, and not as bags."))
    if value == "help_partner":
        return _text(_("A failed nil's tricks count toward the partner's bid; any beyond it are bags."))
    return _text(_("A failed nil's tricks do not count toward the partner's bid, but they do count as bags."))


@_sentence("failed_nil_sets_partner")
def _failed_nil_sets_partner(rules: SpadesRules) -> Text:
    if not rules.failed_nil_sets_partner:
        return _text(_("A failed nil does not cost the partner's bid."))
    if not rules.partnerships:
        return _text(_("Without partners, the rule that a failed nil sets the partner does not apply."))
    if not _any_nil_on(rules):
        return _text(_("Nil is not played, so the rule that a failed nil sets the partner does not apply."))
    return _text(_("When a nil fails, the partner's bid is lost too, even if the partner made it."))


# Blind bids ---------------------------------------------------------------------------------------


@_sentence("blind_bids")
def _blind_bids(rules: SpadesRules) -> Text:
    if not rules.blind_bids:
        return _text(_("No blind bids."))
    if rules.partnerships:
        return _text(_("A side may bid blind, before either partner looks at their cards."))
    return _text(_("A player may bid blind, before looking at their cards."))


@_sentence("blind_min")
def _blind_min(rules: SpadesRules) -> Text:
    if not rules.blind_bids:
        return _text(
            _("Blind bids are off, so the smallest blind bid (%(tricks)d) does not apply."), tricks=rules.blind_min
        )
    return _text(_("A blind bid is for at least %(tricks)d tricks."), tricks=rules.blind_min)


@_sentence("blind_made")
def _blind_made(rules: SpadesRules) -> Text:
    exact = rules.blind_made == "exact"
    if not rules.blind_bids:
        template = (
            _("Blind bids are off, so the rule that a blind bid needs exactly the tricks bid does not apply.")
            if exact
            else _("Blind bids are off, so the rule that a blind bid needs at least the tricks bid does not apply.")
        )
        return _text(template)
    template = (
        _("A blind bid scores double, %(points)d per trick bid, but only with exactly the tricks bid.")
        if exact
        else _("A blind bid scores double, %(points)d per trick bid, with at least the tricks bid.")
    )
    return _text(template, points=20)


@_sentence("blind_failed")
def _blind_failed(rules: SpadesRules) -> Text:
    double = rules.blind_failed == "double"
    if not rules.blind_bids:
        template = (
            _("Blind bids are off, so the double loss for a failed blind bid does not apply.")
            if double
            else _("Blind bids are off, so the single loss for a failed blind bid does not apply.")
        )
        return _text(template)
    if double:
        return _text(_("A failed blind bid loses double: %(points)d per trick bid."), points=20)
    return _text(_("A failed blind bid loses only %(points)d per trick bid, like a plain bid."), points=10)


@_sentence("blind_min_deficit")
def _blind_min_deficit(rules: SpadesRules) -> Text:
    deficit = rules.blind_min_deficit
    if not rules.blind_bids:
        return _text(
            _("Blind bids are off, so the rule on how far behind a side must be (%(points)d points) does not apply."),
            points=deficit,
        )
    if deficit == 0:
        return _text(_("A side may bid blind at any time, whatever the scores."))
    return _text(_("A side may bid blind only when at least %(points)d points behind."), points=deficit)


# Special bids -------------------------------------------------------------------------------------


@_sentence("ten_for_two_hundred")
def _ten_for_two_hundred(rules: SpadesRules) -> Text:
    value = rules.ten_for_two_hundred
    if not value:
        return _text(_("%(bid)d for %(points)d is not played."), bid=10, points=200)
    template = (
        _("A side may bid %(bid)d for %(points)d: +%(points)d with exactly %(bid)d tricks, -%(points)d otherwise.")
        if value == "exact"
        else _(
            "A side may bid %(bid)d for %(points)d: +%(points)d with %(bid)d tricks or more, -%(points)d with fewer."
        )
    )
    return _text(template, bid=10, points=200)


@_sentence("ten_bid_is_ten_for_two_hundred")
def _ten_bid_is_ten_for_two_hundred(rules: SpadesRules) -> Text:
    if not rules.ten_for_two_hundred:
        if rules.ten_bid_is_ten_for_two_hundred:
            return _text(
                _("%(bid)d for %(points)d is not played, so a side bid of %(bid)d stays a plain bid."),
                bid=10,
                points=200,
            )
        return _text(_("A side bid of %(bid)d is a plain bid."), bid=10)
    if rules.ten_bid_is_ten_for_two_hundred:
        return _text(_("Every side bid of %(bid)d is %(bid)d for %(points)d, declared or not."), bid=10, points=200)
    return _text(_("A side bid of %(bid)d is %(bid)d for %(points)d only when declared so."), bid=10, points=200)


@_sentence("moon")
def _moon(rules: SpadesRules) -> Text:
    if not rules.moon:
        return _text(
            _("There is no moon: a bid of all %(tricks)d tricks scores like any other bid."), tricks=rules.tricks
        )
    return _text(
        _("A side may bid all %(tricks)d tricks (moon): +%(points)d if it takes them all, -%(points)d if not."),
        tricks=rules.tricks,
        points=500 if rules.ten_for_two_hundred else 200,
    )


@_sentence("moon_wins_game")
def _moon_wins_game(rules: SpadesRules) -> Text:
    if not rules.moon_wins_game:
        return _text(_("A made moon does not win the game by itself."))
    if not (rules.moon or rules.blind_moon):
        return _text(_("Moon is not played, so the rule that a made moon wins the game does not apply."))
    return _text(_("A made moon also wins the game at once."))


@_sentence("blind_moon")
def _blind_moon(rules: SpadesRules) -> Text:
    if not rules.blind_moon:
        return _text(_("Blind moon is not played."))
    return _text(
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
        return _text(_("No-trump bids are not played."))
    if rules.blind_bids:
        return _text(
            _(
                "A side may bid no trump, promising to win no trick by trumping with a spade: "
                "it scores and loses double, or triple when bid blind."
            )
        )
    return _text(
        _("A side may bid no trump, promising to win no trick by trumping with a spade: it scores and loses double.")
    )


@_sentence("double_nil")
def _double_nil(rules: SpadesRules) -> Text:
    if not rules.double_nil:
        return _text(_("Double nil is not played."))
    if not rules.partnerships:
        return _text(_("Double nil needs partners, so it is not played at this table."))
    if not _round_the_table(rules):
        return _text(_("Double nil is allowed, but with partnership bidding nobody can bid it."))
    return _text(
        _(
            "Both partners may bid nil together (double nil): +%(points)d if neither takes a trick; "
            "if both take one, the opponents get %(bonus)d."
        ),
        points=500,
        bonus=100,
    )


@_sentence("double_nil_penalty")
def _double_nil_penalty(rules: SpadesRules) -> Text:
    penalty = rules.double_nil_penalty
    if not _double_nil_on(rules):
        if penalty == "lose_game":
            return _text(_("Double nil is not played, so the rule that a failed one loses the game does not apply."))
        return _text(_("Double nil is not played, so its penalty (%(points)d) does not apply."), points=penalty)
    if penalty == "lose_game":
        return _text(_("A failed double nil loses the game."))
    return _text(_("A failed double nil loses %(points)d points."), points=penalty)


@_sentence("double_nil_min_deficit")
def _double_nil_min_deficit(rules: SpadesRules) -> Text:
    deficit = rules.double_nil_min_deficit
    if not _double_nil_on(rules):
        return _text(
            _(
                "Double nil is not played, so the rule on how far behind a side must be "
                "(%(points)d points) does not apply."
            ),
            points=deficit,
        )
    if deficit == 0:
        return _text(_("Double nil may be bid at any time, whatever the scores."))
    return _text(_("Double nil may be bid only by a side at least %(points)d points behind."), points=deficit)


@_sentence("bemo")
def _bemo(rules: SpadesRules) -> Text:
    if not rules.bemo:
        return _text(_("Bemo is not played."))
    return _text(
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
        return _text(_("There are no bonus scores for exact bets or high spades."))
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
    return _text(
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


# Bags and sets ------------------------------------------------------------------------------------


@_sentence("overtrick_value")
def _overtrick_value(rules: SpadesRules) -> Text:
    value = rules.overtrick_value
    if value < 0:
        return _text(_("Each trick over the bid is a bag, worth %(points)+d, and bags carry no penalty."), points=value)
    if value == 0:
        if rules.bag_penalty_applies:
            return _text(_("Each trick over the bid is a bag: it scores nothing but counts toward the bag limit."))
        return _text(_("Tricks over the bid (bags) score nothing."))
    return _text(_("Each trick over the bid is a bag, worth %(points)+d."), points=value)


@_sentence("bag_limit")
def _bag_limit(rules: SpadesRules) -> Text:
    if rules.bag_limit == 0:
        return _text(_("There is no penalty for bags."))
    if not rules.bag_penalty_applies:
        return _text(_("Bags already cost points, so the bag limit (%(count)d) does not apply."), count=rules.bag_limit)
    return _text(
        _("Each time a side's bags reach %(count)d, it loses %(points)d points and its bag count drops by %(count)d."),
        count=rules.bag_limit,
        points=rules.bag_penalty,
    )


@_sentence("bag_penalty")
def _bag_penalty(rules: SpadesRules) -> Text:
    if not rules.bag_penalty_applies:
        return _text(
            _("Bags carry no penalty, so the bag penalty (%(points)d) does not apply."), points=rules.bag_penalty
        )
    if rules.bag_penalty == 0:
        return _text(_("Reaching the bag limit costs nothing."))
    return _text(_("Reaching the bag limit costs %(points)d points."), points=rules.bag_penalty)


@_sentence("set_penalty")
def _set_penalty(rules: SpadesRules) -> Text:
    if rules.set_penalty == "shortfall":
        return _text(
            _("A side that takes fewer tricks than it bid is set: it loses %(points)d per missing trick."), points=10
        )
    return _text(_("A side that takes fewer tricks than it bid is set: it loses %(points)d per trick bid."), points=10)


@_sentence("set_on_double_tricks")
def _set_on_double_tricks(rules: SpadesRules) -> Text:
    if rules.set_on_double_tricks:
        return _text(_("A side that takes at least twice its bid is set, as if it had missed."))
    return _text(_("Taking twice the bid or more is not a set by itself."))


@_sentence("max_bags")
def _max_bags(rules: SpadesRules) -> Text:
    if rules.max_bags is None:
        return _text(_("There is no limit on bags in a hand."))
    if rules.ten_for_two_hundred:
        return _text(
            _(
                "A side that takes more than %(count)d bags in a hand is set "
                "(blind bids and %(bid)d for %(points)d have no such limit)."
            ),
            count=rules.max_bags,
            bid=10,
            points=200,
        )
    return _text(
        _("A side that takes more than %(count)d bags in a hand is set (blind bids have no such limit)."),
        count=rules.max_bags,
    )


@_sentence("bag_cancel_card")
def _bag_cancel_card(rules: SpadesRules) -> Text:
    card = rules.bag_cancel_card
    if card is None:
        return _text(_("No card cancels bags."))
    template = {
        "3S": _("The side that wins the 3 of spades cancels one of its bags from that hand."),
        "2S": _("The side that wins the 2 of spades cancels one of its bags from that hand."),
        "AS": _("The side that wins the ace of spades cancels one of its bags from that hand."),
        "cut": _("A card is cut before each deal; the side that wins it cancels one of its bags from that hand."),
    }[card]
    return _text(template)


# Play of the cards --------------------------------------------------------------------------------


@_sentence("spades_lead")
def _spades_lead(rules: SpadesRules) -> Text:
    if rules.spades_lead == "any_time":
        return _text(_("Spades may be led at any time."))
    if rules.spades_lead == "after_three_tricks":
        return _text(
            _("Spades may not be led in the first %(count)d tricks unless broken; after that, anything may be led."),
            count=3,
        )
    return _text(
        _("Spades may not be led until one has been played on another suit, unless the leader has only spades.")
    )


@_sentence("first_lead")
def _first_lead(rules: SpadesRules) -> Text:
    template = {
        "dealer_left_no_spade": _("The player on the dealer's left leads first, any card but a spade."),
        "dealer_any": _("The dealer leads first, any card."),
        "lowest_club": _(
            "On the first trick everyone plays their lowest club (without clubs, a diamond or heart; "
            "no spades), and the highest club wins."
        ),
        "two_of_clubs": _("The holder of the 2 of clubs (or the lowest club in play) leads it to the first trick."),
    }[rules.first_lead]
    return _text(template)


@_sentence("rake_em_and_shake_em")
def _rake_em_and_shake_em(rules: SpadesRules) -> Text:
    if not rules.rake_em_and_shake_em:
        return _text(_("Rake 'em and shake 'em is not played."))
    if rules.deck not in JOKER_DECKS:
        return _text(_("Rake 'em and shake 'em needs the jokers, so it does not apply with this deck."))
    return _text(_("Rake 'em and shake 'em: when the big joker is led, every other player plays their highest spade."))


@_sentence("misdeal")
def _misdeal(rules: SpadesRules) -> Text:
    if rules.misdeal == "seven_card_suit":
        return _text(
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
    return _text(template)
