"""The Spades house rule keys of the bidding: bidding, blind bids and special bids.

The second part of :class:`~scorekeeper.engine.spades.rules.SpadesRules` (see
:mod:`.keys_scoring` for why the keys are declared over a chain of classes; the
order of the fields is the order of the game record's keys). Source:
``docs/rules/spades.md`` ("Rule keys"); each key names its own source.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import rule_key
from ..source import PAGAT, PAGAT_DE, Cite, row
from ..text import gettext_noop as _
from .keys_scoring import NO_YES, YES_NO, ScoringKeys


@dataclass(frozen=True, slots=True)
class BiddingKeys(ScoringKeys):
    """The keys from ``bidding`` to ``cutthroat_bonus`` (a base of ``SpadesRules``; never built alone)."""

    # Bidding (002 "Variations in the bidding")
    bidding: str = rule_key(
        "individual",
        choices=("individual", "partnership"),
        group="bidding",
        label=_("Bidding"),
        help=_("Each player bids in turn, or each partnership agrees one bid."),
        source=(row("bidding"), Cite(PAGAT, "Partnership Bidding")),
    )
    first_bidder: str = rule_key(
        "dealer_left",
        choices=("dealer_left", "dealer"),
        group="bidding",
        label=_("First to bid"),
        help=_("Who bids first: the dealer's left-hand neighbour or the dealer."),
        source=(row("first_bidder"), Cite(PAGAT, "Round-the-table bidding")),
    )
    min_team_bid: int = rule_key(
        0,
        minimum=0,
        maximum=13,
        group="bidding",
        label=_("Smallest side bid"),
        help=_("A side must bid at least this many tricks in all (NYC: 4)."),
        source=(row("min_team_bid"), Cite(PAGAT, "Partnership Bidding, New York City rules")),
    )
    max_team_bid: int = rule_key(
        18,
        minimum=1,
        maximum=18,
        group="bidding",
        label=_("Largest side bid"),
        help=_("A side may bid at most this many tricks (NYC: 10)."),
        source=(Cite(PAGAT, "New York City rules"),),
    )
    nil_partner_min_bid: int = rule_key(
        0,
        minimum=0,
        maximum=13,
        group="bidding",
        label=_("Partner of a nil bids at least"),
        help=_("When a player bids nil, the partner must bid at least this many."),
        source=(row("nil_partner_min_bid"), Cite(PAGAT, "Partnership Bidding")),
    )
    no_bid_of_one: bool = rule_key(
        False,
        choices=YES_NO,
        group="bidding",
        label=_("No bid of one"),
        help=_("Nobody may bid exactly one trick."),
        source=(row("no_bid_of_one"), Cite(PAGAT, "Round-the-table bidding")),
    )
    bids_may_total_13: bool = rule_key(
        True,
        choices=NO_YES,
        group="bidding",
        label=_("Bids may add up to the tricks"),
        help=_("Whether all bids together may equal the number of tricks (off: someone must fail)."),
        source=(row("bids_may_total_13"), Cite(PAGAT, "Partnership Bidding, Spades for Three Players")),
    )
    first_hand_bids_itself: bool = rule_key(
        False,
        choices=YES_NO,
        group="bidding",
        label=_("The first hand bids itself"),
        help=_("No bidding in the first hand: every side scores 10 per trick taken."),
        source=(row("first_hand_bids_itself"), Cite(PAGAT, "The hand that bids itself")),
    )

    # Blind bids (002 "Blind 6", Barmore, New York City rules)
    blind_bids: bool = rule_key(
        False,
        choices=YES_NO,
        group="blind",
        label=_("Blind bids"),
        help=_("A side may bid a number of tricks before looking at its cards."),
        source=(row("blind_bids"), Cite(PAGAT, "Blind 6, Barmore's rules")),
    )
    blind_min: int = rule_key(
        6,
        choices=(6, 7),
        group="blind",
        label=_("Smallest blind bid"),
        help=_("The fewest tricks a blind bid may be for."),
        source=(row("blind_min"), Cite(PAGAT, "Blind 6")),
    )
    blind_made: str = rule_key(
        "exact",
        choices=("exact", "at_least"),
        group="blind",
        label=_("A blind bid is made with"),
        help=_("Exactly the tricks bid (20 per trick), or at least as many."),
        source=(row("blind_made"), Cite(PAGAT_DE, "Blinde 6"), Cite(PAGAT, "Blind 6", listed=True)),
    )
    blind_failed: str = rule_key(
        "double",
        choices=("double", "single"),
        group="blind",
        label=_("A failed blind bid loses"),
        help=_("Double (as much as it would have won) or single (10 per trick bid)."),
        source=(row("blind_failed"), Cite(PAGAT, "Blind 6, New York City rules")),
    )
    blind_min_deficit: int = rule_key(
        0,
        choices=(0, 100, 200, 400),
        group="blind",
        label=_("Blind bids only when behind by"),
        help=_("A side may bid blind only when at least this many points behind (0: any time)."),
        source=(row("blind_min_deficit"), Cite(PAGAT, "New York City rules")),
    )

    # Special bids (002 "Special actions / bids")
    ten_for_two_hundred: bool | str = rule_key(
        False,
        choices=(False, "exact", "at_least"),
        group="special",
        label=_("10 for 200"),
        help=_("A side may bid 10 for 200: made with exactly 10 tricks, or with at least 10; otherwise -200."),
        source=(row("ten_for_two_hundred"), Cite(PAGAT, "10 for 200")),
    )
    ten_bid_is_ten_for_two_hundred: bool = rule_key(
        False,
        choices=YES_NO,
        group="special",
        label=_("Every bid of 10 is 10 for 200"),
        help=_("A side bid of 10 is always a 10-for-200 bid, without declaring it."),
        source=(row("ten_bid_is_ten_for_two_hundred"), Cite(PAGAT, "10 for 200")),
    )
    moon: bool = rule_key(
        False,
        choices=YES_NO,
        group="special",
        label=_("Moon"),
        help=_("A side bid of every trick (moon, Boston) wins 200 or loses 200 (500 when playing 10 for 200)."),
        source=(row("moon"), Cite(PAGAT, "Moon or Boston")),
    )
    moon_wins_game: bool = rule_key(
        False,
        choices=YES_NO,
        group="special",
        label=_("A made moon wins the game"),
        help=_("A side that bids and takes every trick wins the game at once."),
        source=(row("moon", "moon (moon_wins_game)"), Cite(PAGAT, "Moon or Boston")),
    )
    blind_moon: bool = rule_key(
        False,
        choices=YES_NO,
        group="special",
        label=_("Blind moon"),
        help=_("A side may bid every trick blind: +400 or -400."),
        source=(row("blind_moon"), Cite(PAGAT, "Blind Moon")),
    )
    no_trump_bids: bool = rule_key(
        False,
        choices=YES_NO,
        group="special",
        label=_("No-trump bids"),
        help=_(
            "A side may bid no trump (no tricks won with spades unless led): double value and penalty; "
            "blind no trump triple."
        ),
        source=(row("no_trump_bids"), Cite(PAGAT, "No Trump")),
    )
    double_nil: bool = rule_key(
        False,
        choices=YES_NO,
        group="special",
        label=_("Double nil"),
        help=_("Both partners bid nil as one bid: +500; if both take a trick the opponents get 100."),
        source=(row("double_nil"), Cite(PAGAT, "Double Nil")),
    )
    double_nil_penalty: int | str = rule_key(
        500,
        choices=(500, 250, "lose_game"),
        group="special",
        label=_("Failed double nil loses"),
        help=_("Points lost for a failed double nil, or the whole game."),
        source=(row("double_nil", "double_nil (double_nil_penalty)"), Cite(PAGAT, "Double Nil")),
    )
    double_nil_min_deficit: int = rule_key(
        0,
        choices=(0, 100, 200, 400),
        group="special",
        label=_("Double nil only when behind by"),
        help=_("A side may bid double nil only when at least this many points behind (0: any time)."),
        source=(row("double_nil", "double_nil (double_nil_min_deficit)"), Cite(PAGAT, "Double Nil")),
    )
    bemo: bool = rule_key(
        False,
        choices=YES_NO,
        group="special",
        label=_("Bemo"),
        help=_("A side may add little bemo (win the first 6 tricks, +-60) or big bemo (first 9, +-90)."),
        source=(row("bemo"), Cite(PAGAT, "Bemo")),
    )
    cutthroat_bonus: bool = rule_key(
        False,
        choices=YES_NO,
        group="special",
        label=_("Cut-throat bonus scores"),
        help=_(
            "Szu Kay Wong's bonuses: exact 2 scores 40, exact 1 60, exact 0 100, +10 per trick bid over 6, "
            "+10 per last trick won with a high spade, blind doubles."
        ),
        source=(
            row("cutthroat_bonus", "cutthroat3"),
            Cite(PAGAT, "Spades for Three Players, Variation - bonus scores"),
        ),
    )
