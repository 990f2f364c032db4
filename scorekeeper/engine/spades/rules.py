"""The Spades house rules: every key, its values and the presets.

Source: ``shared/rules/spades.md`` ("Rule keys", "Presets"), itself drawn from the
seeds 002 (main reference), 000, 003 and 004. The first value of each key is the
standard (002's main description). Key names are part of the game record format.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..rules import key_specs, rule_key, rules_from_record, rules_to_record
from ..text import gettext_noop as _

#: Bid values besides whole numbers (game record: ``"nil"``, ``"blind_nil"``).
NIL = "nil"
BLIND_NIL = "blind_nil"

#: Groups of keys, in the order the new-game form shows them, with their titles.
GROUPS: Mapping[str, str] = MappingProxyType(
    {
        "winning": _("Winning"),
        "bidding": _("Bidding"),
        "nil": _("Nil and blind nil"),
        "bags": _("Bags and sets"),
    }
)


@dataclass(frozen=True, slots=True)
class SpadesRules:
    """The house rules of one Spades game (``shared/rules/spades.md``, "Rule keys").

    Build one from a game record's ``rules`` object with :func:`spades_rules`;
    the defaults are the ``standard`` preset.
    """

    preset: str = "standard"

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
        choices=(1, -1, 0),
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

    @property
    def bag_penalty_applies(self) -> bool:
        """Whether reaching the bag limit costs points (002: not at -1 per overtrick)."""
        return self.bag_limit > 0 and self.overtrick_value != -1


#: Preset name -> the keys it sets (``shared/rules/spades.md``, "Presets").
PRESETS: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {
        "standard": MappingProxyType({}),
        "nil_helps_partner": MappingProxyType(
            {"failed_nil_tricks": "help_partner", "win_on": "exceed", "blind_nil": False}
        ),
        "german_table": MappingProxyType({"blind_nil_pass": 3, "blind_nil_min_deficit": 0}),
    }
)

#: Preset name -> (title msgid, source).
PRESET_INFO: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "standard": (_("Standard"), "002 Scoring"),
        "nil_helps_partner": (_("Nil helps partner"), "003 Punktevergabe"),
        "german_table": (_("German table"), "004 Doppelter Nil"),
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


#: (key, value) -> label (msgid) for values that are words, for forms and the rulebook.
VALUE_LABELS: Mapping[tuple[str, Any], str] = MappingProxyType(
    {
        ("win_on", "reach"): _("on reaching the target"),
        ("win_on", "exceed"): _("only on going over the target"),
        ("failed_nil_tricks", "bags"): _("count as bags"),
        ("failed_nil_tricks", "help_partner"): _("count toward the partner's bid"),
        ("failed_nil_tricks", "neither"): _("count for nothing"),
        ("set_penalty", "bid"): _("10 for each trick bid"),
        ("set_penalty", "shortfall"): _("10 for each missing trick"),
        ("blind_nil_min_deficit", 0): _("any time"),
    }
)
