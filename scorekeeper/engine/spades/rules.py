"""The Spades house rules: every key, its values and the presets.

Source: ``docs/rules/spades.md`` ("Rule keys", "Presets"), itself drawn from
Pagat, Spades (002, the main reference), its German translation on Pagat (000), the
rules page of a Spades app (003) and a German rule sheet (004). The first value of
each key is the standard (002's main description). Key names are part of the game record format.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..rules import key_specs, rule_key, rules_from_record, rules_to_record
from ..text import gettext_noop as _

#: Bid values besides whole numbers (game record: ``"nil"``, ``"blind_nil"``, ``"double_nil"``).
NIL = "nil"
BLIND_NIL = "blind_nil"
DOUBLE_NIL = "double_nil"

#: Groups of keys, in the order the new-game form and the rulebook show them, with their titles.
GROUPS: Mapping[str, str] = MappingProxyType(
    {
        "table": _("Players and cards"),
        "winning": _("Winning"),
        "bidding": _("Bidding"),
        "nil": _("Nil"),
        "blind": _("Blind bids"),
        "special": _("Special bids"),
        "bags": _("Bags and sets"),
        "play": _("Play of the cards"),
    }
)

YES_NO = (False, True)
NO_YES = (True, False)


@dataclass(frozen=True, slots=True)
class SpadesRules:
    """The house rules of one Spades game (``docs/rules/spades.md``, "Rule keys").

    Build one from a game record's ``rules`` object with :func:`spades_rules`;
    the defaults are the ``standard`` preset. Keys after ``set_penalty`` extend
    the catalogue where the texts leave a choice open (README "House rules").
    """

    preset: str = "standard"

    # Players and cards (002 "Spades for Six/Three/Two Players", "Solo Spades", card variants)
    players: int | str = rule_key(
        4,
        choices=(4, 3, 2, 6, "solo4"),
        group="table",
        label=_("Players"),
        help=_("4 in two partnerships; 3 cut-throat; 2; 6 in three partnerships; solo4: four without partners."),
        source="spades.md: players; 002 Spades for Six/Three/Two Players, Solo Spades",
    )
    deck: str = rule_key(
        "standard",
        choices=("standard", "jokers", "nyc", "deuces_high", "jokers54", "double"),
        group="table",
        label=_("Deck"),
        help=_("Which cards are used and which rank as top trumps (double: two packs, 102 cards, for six)."),
        source="spades.md: deck; 002 Barmore, New York City, Variation in the cards",
    )

    # Winning (002 "Scoring", 003)
    target: int = rule_key(
        500,
        group="winning",
        minimum=1,
        label=_("Target"),
        help=_("The first side to reach this score wins the game."),
        source="spades.md: Rule keys (target); 002 Scoring",
    )
    win_on: str = rule_key(
        "reach",
        choices=("reach", "exceed"),
        group="winning",
        label=_("Win when"),
        help=_("Whether a side wins on reaching the target or only on going over it."),
        source="spades.md: Rule keys (win_on); 002 Scoring, 003 Punktevergabe",
    )
    lose_at: int | None = rule_key(
        None,
        optional=True,
        maximum=-1,
        group="winning",
        label=_("Lose at or below"),
        help=_("A side whose score falls to this or lower loses the game (none: never)."),
        source="spades.md: Rule keys (lose_at); 002 Variations in the scoring",
    )

    # Bidding (002 "Bidding variations")
    zero_is_nil: bool = rule_key(
        True,
        choices=(True, False),
        group="bidding",
        label=_("A bid of 0 is nil"),
        help=_("A bid of zero tricks always means nil; otherwise 0 is a plain bid of no tricks."),
        source="spades.md: Rule keys (zero_is_nil); 002 Bidding variations",
    )

    # Nil and blind nil (002 "Nil / Blind Nil", 003, 004)
    nil: bool = rule_key(
        True,
        choices=(True, False),
        group="nil",
        label=_("Nil"),
        help=_("A player may bid to take no tricks at all, for a bonus or a penalty."),
        source="spades.md: Rule keys (nil); 002 Bidding",
    )
    nil_value: int = rule_key(
        100,
        choices=(100, 50),
        group="nil",
        label=_("Nil value"),
        help=_("Points for a made nil; a failed nil loses as much."),
        source="spades.md: Rule keys (nil_value); 002 Nil / Blind Nil",
    )
    blind_nil: bool = rule_key(
        True,
        choices=(True, False),
        group="nil",
        label=_("Blind nil"),
        help=_("A player may bid nil before looking at their cards, for double value."),
        source="spades.md: Rule keys (blind_nil); 002 Bidding",
    )
    blind_nil_value: int = rule_key(
        200,
        choices=(200, 100),
        group="nil",
        label=_("Blind nil value"),
        help=_("Points for a made blind nil."),
        source="spades.md: Rule keys (blind_nil_value); 002 Nil / Blind Nil",
    )
    blind_nil_penalty: int = rule_key(
        200,
        choices=(200, 100, 50),
        group="nil",
        label=_("Blind nil penalty"),
        help=_("Points lost for a failed blind nil."),
        source="spades.md: Rule keys (blind_nil_penalty); 002 Nil / Blind Nil",
    )
    blind_nil_min_deficit: int = rule_key(
        100,
        choices=(100, 0, 200),
        group="nil",
        label=_("Blind nil only when behind by"),
        help=_("Blind nil may only be bid by a side at least this many points behind (0: any time)."),
        source="spades.md: Rule keys (blind_nil_min_deficit); 002 Bidding, 004 Doppelter Nil",
    )
    blind_nil_pass: int = rule_key(
        2,
        choices=(2, 3, 1, 0),
        group="nil",
        label=_("Cards exchanged for blind nil"),
        help=_("How many cards the blind nil bidder and partner exchange before play (no effect on the score)."),
        source="spades.md: Rule keys (blind_nil_pass); 002 Bidding, 004 Doppelter Nil",
    )
    failed_nil_tricks: str = rule_key(
        "bags",
        choices=("bags", "help_partner", "neither"),
        group="nil",
        label=_("Tricks of a failed nil"),
        help=_("Whether a failed nil's tricks are bags, count toward the partner's bid, or count for nothing."),
        source="spades.md: Standard scoring 3; 002 Nil / Blind Nil, 003 Punktevergabe",
    )
    failed_nil_sets_partner: bool = rule_key(
        False,
        choices=(False, True),
        group="nil",
        label=_("A failed nil also loses the partner's bid"),
        help=_("When a nil fails, the partner's bid is lost as well."),
        source="spades.md: Rule keys (failed_nil_sets_partner); 002 Nil / Blind Nil",
    )

    # Bags and sets (002 "Scoring", "Variations in the scoring")
    overtrick_value: int = rule_key(
        1,
        choices=(1, -1, 0, -10),
        group="bags",
        label=_("Points per bag"),
        help=_("What each trick over the bid scores; at -1 there is no bag penalty."),
        source="spades.md: Rule keys (overtrick_value); 002 Variations in the scoring",
    )
    bag_limit: int = rule_key(
        10,
        minimum=0,
        maximum=100,
        group="bags",
        label=_("Bag limit"),
        help=_("Each time a side's bag count reaches this, the side pays the bag penalty (0: no penalty)."),
        source="spades.md: Standard scoring 4; 002 Scoring",
    )
    bag_penalty: int = rule_key(
        100,
        minimum=0,
        maximum=1000,
        group="bags",
        label=_("Bag penalty"),
        help=_("Points lost each time the bag limit is reached."),
        source="spades.md: Standard scoring 4; 002 Scoring",
    )
    set_penalty: str = rule_key(
        "bid",
        choices=("bid", "shortfall"),
        group="bags",
        label=_("Penalty for a set"),
        help=_("A side that misses its bid loses 10 per trick bid, or 10 per trick missing."),
        source="spades.md: Rule keys (set_penalty); 002 Variations in the scoring",
    )

    set_on_double_tricks: bool = rule_key(
        False,
        choices=YES_NO,
        group="bags",
        label=_("Double the bid is a set"),
        help=_("A side that takes at least twice its bid loses its bid."),
        source="spades.md: set_on_double_tricks; 002 Variations in the scoring",
    )
    max_bags: int | None = rule_key(
        None,
        optional=True,
        minimum=0,
        maximum=12,
        group="bags",
        label=_("Most bags allowed"),
        help=_("More bags than this in a hand is a set (NYC: 2); blind bids have no limit (none: no limit)."),
        source="spades.md: max_bags; 002 New York City rules",
    )
    bag_cancel_card: str | None = rule_key(
        None,
        optional=True,
        choices=("3S", "2S", "AS", "cut"),
        group="bags",
        label=_("Bag-cancelling card"),
        help=_("The side that takes this card cancels one bag that hand (cut: a card cut before each deal)."),
        source="spades.md: bag_cancel_card; 002 Variations in the scoring",
    )
    set_twice_loses: bool = rule_key(
        False,
        choices=YES_NO,
        group="winning",
        label=_("Set twice in a row loses"),
        help=_("A side set on consecutive hands loses the game at once."),
        source="spades.md: set_twice_loses; 002 New York City rules",
    )
    consecutive_sets_to_lose: int = rule_key(
        2,
        choices=(2, 3),
        group="winning",
        label=_("Sets in a row that lose"),
        help=_("With 'set twice in a row loses': how many consecutive sets lose (some groups: three)."),
        source="002 New York City rules (B.K. Redd)",
    )
    boston_wins: bool = rule_key(
        False,
        choices=YES_NO,
        group="winning",
        label=_("Bid 10, take 13 wins"),
        help=_("A side that bids 10 or more and takes every trick wins the game at once."),
        source="spades.md: boston_wins; 002 New York City rules",
    )

    # Bidding (002 "Variations in the bidding")
    bidding: str = rule_key(
        "individual",
        choices=("individual", "partnership"),
        group="bidding",
        label=_("Bidding"),
        help=_("Each player bids in turn, or each partnership agrees one bid."),
        source="spades.md: bidding; 002 Partnership Bidding",
    )
    first_bidder: str = rule_key(
        "dealer_left",
        choices=("dealer_left", "dealer"),
        group="bidding",
        label=_("First to bid"),
        help=_("Who bids first: the dealer's left-hand neighbour or the dealer."),
        source="spades.md: first_bidder; 002 Round-the-table bidding",
    )
    min_team_bid: int = rule_key(
        0,
        minimum=0,
        maximum=13,
        group="bidding",
        label=_("Smallest side bid"),
        help=_("A side must bid at least this many tricks in all (NYC: 4)."),
        source="spades.md: min_team_bid; 002 Partnership Bidding, New York City rules",
    )
    max_team_bid: int = rule_key(
        18,
        minimum=1,
        maximum=18,
        group="bidding",
        label=_("Largest side bid"),
        help=_("A side may bid at most this many tricks (NYC: 10)."),
        source="002 New York City rules",
    )
    nil_partner_min_bid: int = rule_key(
        0,
        minimum=0,
        maximum=13,
        group="bidding",
        label=_("Partner of a nil bids at least"),
        help=_("When a player bids nil, the partner must bid at least this many."),
        source="spades.md: nil_partner_min_bid; 002 Partnership Bidding",
    )
    no_bid_of_one: bool = rule_key(
        False,
        choices=YES_NO,
        group="bidding",
        label=_("No bid of one"),
        help=_("Nobody may bid exactly one trick."),
        source="spades.md: no_bid_of_one; 002 Round-the-table bidding",
    )
    bids_may_total_13: bool = rule_key(
        True,
        choices=NO_YES,
        group="bidding",
        label=_("Bids may add up to the tricks"),
        help=_("Whether all bids together may equal the number of tricks (off: someone must fail)."),
        source="spades.md: bids_may_total_13; 002 Partnership Bidding, Spades for Three Players",
    )
    first_hand_bids_itself: bool = rule_key(
        False,
        choices=YES_NO,
        group="bidding",
        label=_("The first hand bids itself"),
        help=_("No bidding in the first hand: every side scores 10 per trick taken."),
        source="spades.md: first_hand_bids_itself; 002 The hand that bids itself",
    )

    # Blind bids (002 "Blind 6", Barmore, New York City rules)
    blind_bids: bool = rule_key(
        False,
        choices=YES_NO,
        group="blind",
        label=_("Blind bids"),
        help=_("A side may bid a number of tricks before looking at its cards."),
        source="spades.md: blind_bids; 002 Blind 6, Barmore's rules",
    )
    blind_min: int = rule_key(
        6,
        choices=(6, 7),
        group="blind",
        label=_("Smallest blind bid"),
        help=_("The fewest tricks a blind bid may be for."),
        source="spades.md: blind_min; 002 Blind 6",
    )
    blind_made: str = rule_key(
        "exact",
        choices=("exact", "at_least"),
        group="blind",
        label=_("A blind bid is made with"),
        help=_("Exactly the tricks bid (20 per trick), or at least as many."),
        source="spades.md: blind_made; 000 Blinde 6, 002 Blind 6",
    )
    blind_failed: str = rule_key(
        "double",
        choices=("double", "single"),
        group="blind",
        label=_("A failed blind bid loses"),
        help=_("Double (as much as it would have won) or single (10 per trick bid)."),
        source="spades.md: blind_failed; 002 Blind 6, New York City rules",
    )
    blind_min_deficit: int = rule_key(
        0,
        choices=(0, 100, 200, 400),
        group="blind",
        label=_("Blind bids only when behind by"),
        help=_("A side may bid blind only when at least this many points behind (0: any time)."),
        source="spades.md: blind_min_deficit; 002 New York City rules",
    )

    # Special bids (002 "Special actions / bids")
    ten_for_two_hundred: bool | str = rule_key(
        False,
        choices=(False, "exact", "at_least"),
        group="special",
        label=_("10 for 200"),
        help=_("A side may bid 10 for 200: made with exactly 10 tricks, or with at least 10; otherwise -200."),
        source="spades.md: ten_for_two_hundred; 002 10 for 200",
    )
    ten_bid_is_ten_for_two_hundred: bool = rule_key(
        False,
        choices=YES_NO,
        group="special",
        label=_("Every bid of 10 is 10 for 200"),
        help=_("A side bid of 10 is always a 10-for-200 bid, without declaring it."),
        source="spades.md: ten_bid_is_ten_for_two_hundred; 002 10 for 200",
    )
    moon: bool = rule_key(
        False,
        choices=YES_NO,
        group="special",
        label=_("Moon"),
        help=_("A side bid of every trick (moon, Boston) wins 200 or loses 200 (500 when playing 10 for 200)."),
        source="spades.md: moon; 002 Moon or Boston",
    )
    moon_wins_game: bool = rule_key(
        False,
        choices=YES_NO,
        group="special",
        label=_("A made moon wins the game"),
        help=_("A side that bids and takes every trick wins the game at once."),
        source="spades.md: moon (moon_wins_game); 002 Moon or Boston",
    )
    blind_moon: bool = rule_key(
        False,
        choices=YES_NO,
        group="special",
        label=_("Blind moon"),
        help=_("A side may bid every trick blind: +400 or -400."),
        source="spades.md: blind_moon; 002 Blind Moon",
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
        source="spades.md: no_trump_bids; 002 No Trump",
    )
    double_nil: bool = rule_key(
        False,
        choices=YES_NO,
        group="special",
        label=_("Double nil"),
        help=_("Both partners bid nil as one bid: +500; if both take a trick the opponents get 100."),
        source="spades.md: double_nil; 002 Double Nil",
    )
    double_nil_penalty: int | str = rule_key(
        500,
        choices=(500, 250, "lose_game"),
        group="special",
        label=_("Failed double nil loses"),
        help=_("Points lost for a failed double nil, or the whole game."),
        source="spades.md: double_nil (double_nil_penalty); 002 Double Nil",
    )
    double_nil_min_deficit: int = rule_key(
        0,
        choices=(0, 100, 200, 400),
        group="special",
        label=_("Double nil only when behind by"),
        help=_("A side may bid double nil only when at least this many points behind (0: any time)."),
        source="spades.md: double_nil (double_nil_min_deficit); 002 Double Nil",
    )
    bemo: bool = rule_key(
        False,
        choices=YES_NO,
        group="special",
        label=_("Bemo"),
        help=_("A side may add little bemo (win the first 6 tricks, +-60) or big bemo (first 9, +-90)."),
        source="spades.md: bemo; 002 Bemo",
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
        source="spades.md: cutthroat3; 002 Spades for Three Players, Variation - bonus scores",
    )

    # Play of the cards (used by the referee; no effect on the score)
    spades_lead: str = rule_key(
        "broken",
        choices=("broken", "any_time", "after_three_tricks"),
        group="play",
        label=_("Leading spades"),
        help=_("Spades may be led once broken (or with only spades left), any time, or from the fourth trick."),
        source="spades.md: spades_lead; 002 Variations in the play",
    )
    first_lead: str = rule_key(
        "dealer_left_no_spade",
        choices=("dealer_left_no_spade", "dealer_any", "lowest_club", "two_of_clubs"),
        group="play",
        label=_("First lead"),
        help=_("Who leads to the first trick and what may be led."),
        source="spades.md: first_lead; 002 Variations in the play",
    )
    rake_em_and_shake_em: bool = rule_key(
        False,
        choices=YES_NO,
        group="play",
        label=_("Rake 'em and shake 'em"),
        help=_("When the big joker is led, everyone plays their highest spade."),
        source="spades.md: rake_em_and_shake_em; 002 Variations in the play",
    )
    misdeal: str = rule_key(
        "none",
        choices=("none", "no_spades", "one_spade", "seven_card_suit", "no_face_cards"),
        group="play",
        label=_("Misdeal"),
        help=_("Which hands may call a misdeal: the cards are thrown in, no score, the same dealer deals again."),
        source="spades.md: misdeal; 002 Misdeal",
    )

    @property
    def bag_penalty_applies(self) -> bool:
        """Whether reaching the bag limit costs points (002: not at -1 per overtrick)."""
        return self.bag_limit > 0 and self.overtrick_value >= 0

    @property
    def partnerships(self) -> bool:
        """Whether partners play together (4 or 6 players), else every player is a side."""
        return self.players in (4, 6)

    @property
    def seats(self) -> int:
        """How many players sit at the table."""
        return 4 if self.players == "solo4" else int(self.players)

    @property
    def tricks(self) -> int:
        """Tricks in a hand: 13; 17 with three (18 with two jokers) or six players (002)."""
        if self.players == 3:
            return 18 if self.deck in ("jokers54",) else 17
        if self.players == 6:
            return 17
        return 13


#: Preset name -> the keys it sets (``docs/rules/spades.md``, "Presets").
PRESETS: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {
        "standard": MappingProxyType({}),
        "nil_helps_partner": MappingProxyType(
            {"failed_nil_tricks": "help_partner", "win_on": "exceed", "blind_nil": False}
        ),
        "german_table": MappingProxyType({"blind_nil_pass": 3, "blind_nil_min_deficit": 0}),
        "barmore": MappingProxyType(
            {
                "deck": "jokers",
                "bidding": "partnership",
                "nil": False,
                "blind_nil": False,
                "blind_bids": True,
                "blind_min": 7,
                "blind_made": "at_least",
                "blind_failed": "double",
                "first_lead": "dealer_any",
                "spades_lead": "any_time",
            }
        ),
        "new_york": MappingProxyType(
            {
                "deck": "nyc",
                "bidding": "partnership",
                "min_team_bid": 4,
                "max_team_bid": 10,
                "nil": False,
                "blind_nil": False,
                "blind_bids": True,
                "blind_min": 6,
                "blind_min_deficit": 100,
                "blind_made": "at_least",
                "blind_failed": "single",
                "max_bags": 2,
                "overtrick_value": 0,
                "ten_for_two_hundred": "at_least",
                "ten_bid_is_ten_for_two_hundred": True,
                "boston_wins": True,
                "set_twice_loses": True,
                "spades_lead": "after_three_tricks",
                "first_hand_bids_itself": True,
            }
        ),
        "cutthroat3": MappingProxyType(
            {"players": 3, "nil": False, "blind_nil": False, "zero_is_nil": False, "overtrick_value": -10}
        ),
        "two_player": MappingProxyType({"players": 2}),
        "six_player": MappingProxyType({"players": 6, "deck": "double"}),
        "solo4": MappingProxyType({"players": "solo4"}),
    }
)

#: Preset name -> (title msgid, source).
PRESET_INFO: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "standard": (_("Standard"), "002 Scoring"),
        "nil_helps_partner": (_("Nil helps partner"), "003 Punktevergabe"),
        "german_table": (_("German table"), "004 Doppelter Nil"),
        "barmore": (_("Barmore (jokers, blind 7)"), "002 Dennis J Barmore's rules"),
        "new_york": (_("New York City"), "002 New York City rules"),
        "cutthroat3": (_("Cut-throat, three players"), "002 Spades for Three Players"),
        "two_player": (_("Two players"), "002 Spades for Two Players"),
        "six_player": (_("Six players"), "002 Spades for Six Players"),
        "solo4": (_("Solo, four players"), "002 Solo Spades"),
    }
)

KEYS = key_specs(SpadesRules)


def spades_rules(data: Mapping[str, Any] | None = None) -> SpadesRules:
    """Build :class:`SpadesRules` from a record's ``rules`` object (``None``: standard).

    Raises:
        RecordError: unknown preset, unknown key or a value the key does not allow.
    """
    return rules_from_record(SpadesRules, PRESETS, {} if data is None else data)


def spades_rules_record(rules: SpadesRules) -> dict[str, Any]:
    """The record's ``rules`` object for ``rules``: preset plus changed keys."""
    return rules_to_record(rules, PRESETS)


#: (key, value) -> label (msgid) for values that are words, for forms and the "what if" menu.
VALUE_LABELS: Mapping[tuple[str, Any], str] = MappingProxyType(
    {
        ("players", 4): _("4, two partnerships"),
        ("players", 3): _("3, cut-throat"),
        ("players", 2): _("2"),
        ("players", 6): _("6, three partnerships"),
        ("players", "solo4"): _("4, each for themselves"),
        ("deck", "standard"): _("standard 52 cards"),
        ("deck", "jokers"): _("jokers (Barmore)"),
        ("deck", "nyc"): _("jokers and 2 of diamonds (New York)"),
        ("deck", "deuces_high"): _("twos high"),
        ("deck", "jokers54"): _("54 cards with jokers"),
        ("deck", "double"): _("two packs, 102 cards"),
        ("win_on", "reach"): _("on reaching the target"),
        ("win_on", "exceed"): _("only on going over the target"),
        ("bidding", "individual"): _("each player in turn"),
        ("bidding", "partnership"): _("each partnership agrees a bid"),
        ("first_bidder", "dealer_left"): _("the dealer's left"),
        ("first_bidder", "dealer"): _("the dealer"),
        ("failed_nil_tricks", "bags"): _("count as bags"),
        ("failed_nil_tricks", "help_partner"): _("count toward the partner's bid"),
        ("failed_nil_tricks", "neither"): _("count for nothing"),
        ("blind_nil_min_deficit", 0): _("any time"),
        ("blind_min_deficit", 0): _("any time"),
        ("double_nil_min_deficit", 0): _("any time"),
        ("blind_made", "exact"): _("exactly the tricks bid"),
        ("blind_made", "at_least"): _("at least the tricks bid"),
        ("blind_failed", "double"): _("double"),
        ("blind_failed", "single"): _("single"),
        ("ten_for_two_hundred", False): _("not played"),
        ("ten_for_two_hundred", "exact"): _("exactly 10 tricks"),
        ("ten_for_two_hundred", "at_least"): _("at least 10 tricks"),
        ("double_nil_penalty", "lose_game"): _("the game"),
        ("set_penalty", "bid"): _("10 for each trick bid"),
        ("set_penalty", "shortfall"): _("10 for each missing trick"),
        ("bag_cancel_card", "3S"): _("3 of spades"),
        ("bag_cancel_card", "2S"): _("2 of spades"),
        ("bag_cancel_card", "AS"): _("ace of spades"),
        ("bag_cancel_card", "cut"): _("a card cut before each deal"),
        ("spades_lead", "broken"): _("once broken"),
        ("spades_lead", "any_time"): _("any time"),
        ("spades_lead", "after_three_tricks"): _("from the fourth trick"),
        ("first_lead", "dealer_left_no_spade"): _("dealer's left, no spade"),
        ("first_lead", "dealer_any"): _("the dealer, any card"),
        ("first_lead", "lowest_club"): _("everyone plays their lowest club"),
        ("first_lead", "two_of_clubs"): _("the 2 of clubs"),
        ("misdeal", "none"): _("never"),
        ("misdeal", "no_spades"): _("no spades"),
        ("misdeal", "one_spade"): _("one spade or none"),
        ("misdeal", "seven_card_suit"): _("a suit of seven or more"),
        ("misdeal", "no_face_cards"): _("no face cards"),
    }
)
