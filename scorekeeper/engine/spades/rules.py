"""The Spades house rules: the rule set, its key groups and value labels; building one from a record.

:class:`SpadesRules` is declared over :mod:`.keys_scoring` and :mod:`.keys_bidding`;
the presets are in :mod:`.presets`. Every name other code imports stays importable
from here (see ``__all__``).

Source: ``docs/rules/spades.md`` ("Rule keys", "Presets"), itself drawn from
Pagat, Spades (002, the main reference), its German translation on Pagat (000), the
rules page of a Spades app (003) and a German rule sheet (004). The first value of
each key is the standard (002's main description). Key names are part of the game
record format.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..errors import RecordError
from ..rules import HashedOnce, KeyValue, key_specs, rule_key, rules_from_record, rules_to_record
from ..source import PAGAT, TOURNAMENTS, Cite, published, row
from ..text import Text
from ..text import gettext_noop as _
from .keys_bidding import BiddingKeys
from .keys_scoring import YES_NO
from .presets import PRESET_INFO, PRESETS

__all__ = [
    "BLIND_NIL",
    "DOUBLE_NIL",
    "GROUPS",
    "KEYS",
    "NIL",
    "PRESETS",
    "PRESET_INFO",
    "VALUE_LABELS",
    "SpadesRules",
    "key_row",
    "spades_rules",
    "spades_rules_record",
]

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
        "tournament": _("Tournament"),
    }
)


@dataclass(frozen=True, slots=True)
class SpadesRules(BiddingKeys):
    """The house rules of one Spades game (``docs/rules/spades.md``, "Rule keys").

    Build one from a game record's ``rules`` object with :func:`spades_rules`;
    the defaults are the ``standard`` preset. The keys are declared in
    :class:`~.keys_scoring.ScoringKeys` (players and cards, winning, nil, bags and
    sets), :class:`~.keys_bidding.BiddingKeys` (bidding, blind and special bids)
    and here (play of the cards), in the order of the game record.
    """

    # Play of the cards (used by the referee; no effect on the score)
    spades_lead: str = rule_key(
        "broken",
        choices=("broken", "any_time", "after_three_tricks"),
        group="play",
        label=_("Leading spades"),
        help=_("Spades may be led once broken (or with only spades left), any time, or from the fourth trick."),
        source=(row("spades_lead"), Cite(PAGAT, "Variations in the play")),
    )
    first_lead: str = rule_key(
        "dealer_left_no_spade",
        choices=("dealer_left_no_spade", "dealer_any", "lowest_club", "two_of_clubs"),
        group="play",
        label=_("First lead"),
        help=_("Who leads to the first trick and what may be led."),
        source=(row("first_lead"), Cite(PAGAT, "Variations in the play")),
    )
    rake_em_and_shake_em: bool = rule_key(
        False,
        choices=YES_NO,
        group="play",
        label=_("Rake 'em and shake 'em"),
        help=_("When the big joker is led, everyone plays their highest spade."),
        source=(row("rake_em_and_shake_em"), Cite(PAGAT, "Variations in the play")),
    )
    misdeal: str = rule_key(
        "none",
        choices=("none", "no_spades", "one_spade", "seven_card_suit", "no_face_cards"),
        group="play",
        label=_("Misdeal"),
        help=_("Which hands may call a misdeal: the cards are thrown in, no score, the same dealer deals again."),
        source=(row("misdeal"), Cite(PAGAT, "Misdeal")),
    )

    # Tournament rules (spades.md "Tournament rules"): every key off by default
    revoke_penalty: str = rule_key(
        "none",
        choices=("none", "three_tricks", "set"),
        group="tournament",
        label=_("Revoke penalty"),
        help=_("What a revoke (not following suit when able) costs: nothing, 3 tricks to the other side, or the hand."),
        source=(row("revoke_penalty"), Cite(TOURNAMENTS, "Renege")),
    )
    hand_limit: int = rule_key(
        0,
        minimum=0,
        group="tournament",
        label=_("Hand limit"),
        help=_("The game ends after this many hands (misdeals not counted) if nobody has won before; 0: no limit."),
        source=(row("hand_limit"), Cite(TOURNAMENTS, "Match length")),
    )
    time_limit: int = rule_key(
        0,
        minimum=0,
        group="tournament",
        label=_("Time limit (minutes)"),
        help=_("When time is up, the hand in play is the last (tied: one more hand); 0: no limit."),
        source=(row("time_limit"), Cite(TOURNAMENTS, "Match length")),
    )
    sets_to_lose: int = rule_key(
        0,
        minimum=0,
        group="tournament",
        label=_("Sets in all that lose"),
        help=_("A side set this many times in the game loses it; 0: never."),
        source=(row("sets_to_lose"), Cite(TOURNAMENTS, "Sets")),
    )

    __hash__ = HashedOnce.__hash__  # hashed once (see there), not on every cached lookup

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

    #: Tricks in a hand: 13; 17 with three (18 with two jokers) or six players (002). Not a key:
    #: worked out once from ``players`` and ``deck`` (scoring asks for it several times per hand).
    tricks: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.revoke_penalty == "three_tricks" and self.players not in (4, 2):
            raise RecordError(
                Text(
                    _(
                        "House rule 'revoke_penalty' cannot be \"three_tricks\" at this table: the tricks go to "
                        "the other side, so it needs two sides (4 players in partnerships, or 2)."
                    )
                ),
                field="rules",
            )
        if self.players == 3:
            tricks = 18 if self.deck in ("jokers54",) else 17
        elif self.players == 6:
            tricks = 17
        else:
            tricks = 13
        object.__setattr__(self, "tricks", tricks)


KEYS = key_specs(SpadesRules)


def key_row(key: str, written_as: str = "") -> Cite:
    """The row of house rule ``key`` in spades.md ("spades.md: bemo"; ``written_as`` where the sources
    name it otherwise: "cutthroat3"), resting on the published texts of the key's own source
    (:attr:`KeySpec.source <..rules.KeySpec.source>`): a line citing the row alone is said as the key is."""
    return row(key, written_as, rests_on=published(KEYS[key].source))


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
VALUE_LABELS: Mapping[tuple[str, KeyValue], str] = MappingProxyType(
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
        ("max_team_bid", 18): _("no limit"),
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
        ("revoke_penalty", "none"): _("nothing (fouls are only listed)"),
        ("revoke_penalty", "three_tricks"): _("3 tricks to the other side"),
        ("revoke_penalty", "set"): _("the hand: the side is set"),
        ("hand_limit", 0): _("no limit"),
        ("time_limit", 0): _("no limit"),
        ("sets_to_lose", 0): _("never"),
    }
)
