"""The Spades house rule keys of the score: players and cards, winning, nil, bags and sets.

The first part of :class:`~scorekeeper.engine.spades.rules.SpadesRules`. The keys
are declared over a chain of frozen dataclasses only to keep each module short:
``SpadesRules`` extends :class:`~.keys_bidding.BiddingKeys`, which extends
:class:`ScoringKeys`. A field's place in that chain is its place in the game
record's ``rules`` object and on the new-game form, so the order never changes.
Source: ``docs/rules/spades.md`` ("Rule keys"); each key names its own source.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import HashedOnce, rule_key
from ..source import APP_RULES, PAGAT, RULE_PAGE, Cite, row, step
from ..text import gettext_noop as _

#: Choices of a yes/no key, the standard first.
YES_NO = (False, True)
NO_YES = (True, False)


@dataclass(frozen=True, slots=True)
class ScoringKeys(HashedOnce):
    """The keys from ``players`` to ``boston_wins`` (a base of ``SpadesRules``; never built alone).

    Keys after ``set_penalty`` extend the catalogue where the texts leave a
    choice open (docs/house-rules.md "Keys this project adds").
    """

    preset: str = "standard"

    # Players and cards (002 "Spades for Six/Three/Two Players", "Solo Spades", card variants)
    players: int | str = rule_key(
        4,
        choices=(4, 3, 2, 6, "solo4"),
        group="table",
        label=_("Players"),
        help=_("4 in two partnerships; 3 cut-throat; 2; 6 in three partnerships; solo4: four without partners."),
        source=(row("players"), Cite(PAGAT, "Spades for Six/Three/Two Players, Solo Spades")),
    )
    deck: str = rule_key(
        "standard",
        choices=("standard", "jokers", "nyc", "deuces_high", "jokers54", "double"),
        group="table",
        label=_("Deck"),
        help=_("Which cards are used and which rank as top trumps (double: two packs, 102 cards, for six)."),
        source=(row("deck"), Cite(PAGAT, "Barmore, New York City, Variation in the cards")),
    )

    # Winning (002 "Scoring", 003)
    target: int = rule_key(
        500,
        group="winning",
        minimum=1,
        label=_("Target"),
        help=_("The first side to reach this score wins the game."),
        source=(row("target", "Rule keys (target)"), Cite(PAGAT, "Scoring")),
    )
    win_on: str = rule_key(
        "reach",
        choices=("reach", "exceed"),
        group="winning",
        label=_("Win when"),
        help=_("Whether a side wins on reaching the target or only on going over it."),
        source=(
            row("win_on", "Rule keys (win_on)"),
            Cite(PAGAT, "Scoring"),
            Cite(APP_RULES, "Punktevergabe", listed=True),
        ),
    )
    lose_at: int | None = rule_key(
        None,
        optional=True,
        maximum=-1,
        group="winning",
        label=_("Lose at or below"),
        help=_("A side whose score falls to this or lower loses the game (none: never)."),
        source=(row("lose_at", "Rule keys (lose_at)"), Cite(PAGAT, "Variations in the scoring")),
    )

    # Bidding (002 "Bidding variations")
    zero_is_nil: bool = rule_key(
        True,
        choices=(True, False),
        group="bidding",
        label=_("A bid of 0 is nil"),
        help=_("A bid of zero tricks always means nil; otherwise 0 is a plain bid of no tricks."),
        source=(row("zero_is_nil", "Rule keys (zero_is_nil)"), Cite(PAGAT, "Bidding variations")),
    )

    # Nil and blind nil (002 "Nil / Blind Nil", 003, 004)
    nil: bool = rule_key(
        True,
        choices=(True, False),
        group="nil",
        label=_("Nil"),
        help=_("A player may bid to take no tricks at all, for a bonus or a penalty."),
        source=(row("nil", "Rule keys (nil)"), Cite(PAGAT, "Bidding")),
    )
    nil_value: int = rule_key(
        100,
        choices=(100, 50),
        group="nil",
        label=_("Nil value"),
        help=_("Points for a made nil; a failed nil loses as much."),
        source=(row("nil_value", "Rule keys (nil_value)"), Cite(PAGAT, "Nil / Blind Nil")),
    )
    blind_nil: bool = rule_key(
        True,
        choices=(True, False),
        group="nil",
        label=_("Blind nil"),
        help=_("A player may bid nil before looking at their cards, for double value."),
        source=(row("blind_nil", "Rule keys (blind_nil)"), Cite(PAGAT, "Bidding")),
    )
    blind_nil_value: int = rule_key(
        200,
        choices=(200, 100),
        group="nil",
        label=_("Blind nil value"),
        help=_("Points for a made blind nil."),
        source=(row("blind_nil_value", "Rule keys (blind_nil_value)"), Cite(PAGAT, "Nil / Blind Nil")),
    )
    blind_nil_penalty: int = rule_key(
        200,
        choices=(200, 100, 50),
        group="nil",
        label=_("Blind nil penalty"),
        help=_("Points lost for a failed blind nil."),
        source=(row("blind_nil_penalty", "Rule keys (blind_nil_penalty)"), Cite(PAGAT, "Nil / Blind Nil")),
    )
    blind_nil_min_deficit: int = rule_key(
        100,
        choices=(100, 0, 200),
        group="nil",
        label=_("Blind nil only when behind by"),
        help=_("Blind nil may only be bid by a side at least this many points behind (0: any time)."),
        source=(
            row("blind_nil_min_deficit", "Rule keys (blind_nil_min_deficit)"),
            Cite(PAGAT, "Bidding"),
            Cite(RULE_PAGE, "Doppelter Nil", listed=True),
        ),
    )
    blind_nil_pass: int = rule_key(
        2,
        choices=(2, 3, 1, 0),
        group="nil",
        label=_("Cards exchanged for blind nil"),
        help=_("How many cards the blind nil bidder and partner exchange before play (no effect on the score)."),
        source=(
            row("blind_nil_pass", "Rule keys (blind_nil_pass)"),
            Cite(PAGAT, "Bidding"),
            Cite(RULE_PAGE, "Doppelter Nil", listed=True),
        ),
    )
    failed_nil_tricks: str = rule_key(
        "bags",
        choices=("bags", "help_partner", "neither"),
        group="nil",
        label=_("Tricks of a failed nil"),
        help=_("Whether a failed nil's tricks are bags, count toward the partner's bid, or count for nothing."),
        source=(step(3), Cite(PAGAT, "Nil / Blind Nil"), Cite(APP_RULES, "Punktevergabe", listed=True)),
    )
    failed_nil_sets_partner: bool = rule_key(
        False,
        choices=(False, True),
        group="nil",
        label=_("A failed nil also loses the partner's bid"),
        help=_("When a nil fails, the partner's bid is lost as well."),
        source=(row("failed_nil_sets_partner", "Rule keys (failed_nil_sets_partner)"), Cite(PAGAT, "Nil / Blind Nil")),
    )

    # Bags and sets (002 "Scoring", "Variations in the scoring")
    overtrick_value: int = rule_key(
        1,
        choices=(1, -1, 0, -10),
        group="bags",
        label=_("Points per bag"),
        help=_("What each trick over the bid scores; at -1 there is no bag penalty."),
        source=(row("overtrick_value", "Rule keys (overtrick_value)"), Cite(PAGAT, "Variations in the scoring")),
    )
    bag_limit: int = rule_key(
        10,
        minimum=0,
        maximum=100,
        group="bags",
        label=_("Bag limit"),
        help=_("Each time a side's bag count reaches this, the side pays the bag penalty (0: no penalty)."),
        source=(step(4), Cite(PAGAT, "Scoring")),
    )
    bag_penalty: int = rule_key(
        100,
        minimum=0,
        maximum=1000,
        group="bags",
        label=_("Bag penalty"),
        help=_("Points lost each time the bag limit is reached."),
        source=(step(4), Cite(PAGAT, "Scoring")),
    )
    set_penalty: str = rule_key(
        "bid",
        choices=("bid", "shortfall"),
        group="bags",
        label=_("Penalty for a set"),
        help=_("A side that misses its bid loses 10 per trick bid, or 10 per trick missing."),
        source=(row("set_penalty", "Rule keys (set_penalty)"), Cite(PAGAT, "Variations in the scoring")),
    )

    set_on_double_tricks: bool = rule_key(
        False,
        choices=YES_NO,
        group="bags",
        label=_("Double the bid is a set"),
        help=_("A side that takes at least twice its bid loses its bid."),
        source=(row("set_on_double_tricks"), Cite(PAGAT, "Variations in the scoring")),
    )
    max_bags: int | None = rule_key(
        None,
        optional=True,
        minimum=0,
        maximum=12,
        group="bags",
        label=_("Most bags allowed"),
        help=_("More bags than this in a hand is a set (NYC: 2); blind bids have no limit (none: no limit)."),
        source=(row("max_bags"), Cite(PAGAT, "New York City rules")),
    )
    bag_cancel_card: str | None = rule_key(
        None,
        optional=True,
        choices=("3S", "2S", "AS", "cut"),
        group="bags",
        label=_("Bag-cancelling card"),
        help=_("The side that takes this card cancels one bag that hand (cut: a card cut before each deal)."),
        source=(row("bag_cancel_card"), Cite(PAGAT, "Variations in the scoring")),
    )
    set_twice_loses: bool = rule_key(
        False,
        choices=YES_NO,
        group="winning",
        label=_("Set twice in a row loses"),
        help=_("A side set on consecutive hands loses the game at once."),
        source=(row("set_twice_loses"), Cite(PAGAT, "New York City rules")),
    )
    consecutive_sets_to_lose: int = rule_key(
        2,
        choices=(2, 3),
        group="winning",
        label=_("Sets in a row that lose"),
        help=_("With 'set twice in a row loses': how many consecutive sets lose (some groups: three)."),
        source=(Cite(PAGAT, "New York City rules (B.K. Redd)"),),
    )
    boston_wins: bool = rule_key(
        False,
        choices=YES_NO,
        group="winning",
        label=_("Bid 10, take 13 wins"),
        help=_("A side that bids 10 or more and takes every trick wins the game at once."),
        source=(row("boston_wins"), Cite(PAGAT, "New York City rules")),
    )
