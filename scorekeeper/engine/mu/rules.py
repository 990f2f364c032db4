"""The Mü house rules: the agreed total and the one reading the sources differ on.

Source: ``docs/game-record.md`` (Mü keys: ``target``, default 200) and
``docs/rules/mu.md`` §8 (the bonus table's "7+" column) and §9 (game end).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..rules import KeyValue, key_specs, rule_key, rules_from_record, rules_to_record
from ..source import GAME_RECORD, MU_MD, TOURNAMENTS, Cite, Source, mu_md, row
from ..text import gettext_noop as _

GROUPS: Mapping[str, str] = MappingProxyType(
    {"winning": _("Winning"), "bonus": _("Bonus"), "tournament": _("Tournament")}
)


@dataclass(frozen=True, slots=True)
class MuRules:
    """The house rules of one Mü game; build one with :func:`mu_rules`."""

    preset: str = "standard"
    target: int = rule_key(
        200,
        minimum=1,
        maximum=10000,
        group="winning",
        label=_("Agreed total"),
        help=_("Play until a player has gone over this total; then the highest total wins."),
        source=(mu_md("9"), Cite(GAME_RECORD, note="(Mü keys: target)")),
    )
    bonus_above_seven: str = rule_key(
        "flat",
        choices=("flat", "rising"),
        group="bonus",
        label=_("Bonus above level 7"),
        help=_("The rulebook scores every level above 7 as level 7; some tables let it rise to 100."),
        source=(mu_md("8", note="(bonus table, 7+ column)"),),
    )
    # Match limits (mu.md "Match limits": as spades.md's rows of the same keys): off by default
    hand_limit: int = rule_key(
        0,
        minimum=0,
        group="tournament",
        label=_("Deal limit"),
        help=_("The game ends after this many deals (an Eklat is a deal) if nobody has won before; 0: no limit."),
        source=(row("hand_limit"), Cite(TOURNAMENTS, "Match length")),
    )
    time_limit: int = rule_key(
        0,
        minimum=0,
        group="tournament",
        label=_("Time limit (minutes)"),
        help=_("When time is up, the deal in play is the last (tied: one more deal); 0: no limit."),
        source=(row("time_limit"), Cite(TOURNAMENTS, "Match length")),
    )


PRESETS: Mapping[str, Mapping[str, KeyValue]] = MappingProxyType({"standard": MappingProxyType({})})
PRESET_INFO: Mapping[str, tuple[str, Source]] = MappingProxyType({"standard": (_("Rulebook"), (Cite(MU_MD),))})
KEYS = key_specs(MuRules)


def mu_rules(data: Mapping[str, Any] | None = None) -> MuRules:
    """Build :class:`MuRules` from a record's ``rules`` object (``None``: the rulebook's).

    Raises:
        RecordError: unknown preset, key or value.
    """
    return rules_from_record(MuRules, PRESETS, {} if data is None else data)


def mu_rules_record(rules: MuRules) -> dict[str, Any]:
    """The record's ``rules`` object: the preset plus every key that differs from it."""
    return rules_to_record(rules, PRESETS)
