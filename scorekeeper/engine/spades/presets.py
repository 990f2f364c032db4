"""The Spades presets: named sets of house rules, each the keys it changes from the standard.

Source: ``docs/rules/spades.md`` ("Presets"); each preset names the section of the
published text it follows (002 = Pagat, Spades; 003 = a Spades app's rules page;
004 = a German rule sheet).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..rules import KeyValue
from ..source import APP_RULES, PAGAT, RULE_PAGE, TOURNAMENTS, Cite, Source
from ..text import gettext_noop as _

#: Preset name -> the keys it sets (``docs/rules/spades.md``, "Presets").
PRESETS: Mapping[str, Mapping[str, KeyValue]] = MappingProxyType(
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
            {
                "players": 3,
                "nil": False,
                "blind_nil": False,
                "zero_is_nil": False,
                "overtrick_value": -10,
                "first_lead": "two_of_clubs",
            }
        ),
        "tournament": MappingProxyType(
            {"revoke_penalty": "three_tricks", "set_twice_loses": True, "sets_to_lose": 3, "time_limit": 40}
        ),
        "two_player": MappingProxyType({"players": 2}),
        "six_player": MappingProxyType({"players": 6, "deck": "double"}),
        "solo4": MappingProxyType({"players": "solo4"}),
    }
)

#: Preset name -> (title msgid, source).
PRESET_INFO: Mapping[str, tuple[str, Source]] = MappingProxyType(
    {
        "standard": (_("Standard"), (Cite(PAGAT, "Scoring"),)),
        "nil_helps_partner": (_("Nil helps partner"), (Cite(APP_RULES, "Punktevergabe"),)),
        "german_table": (_("German table"), (Cite(RULE_PAGE, "Doppelter Nil"),)),
        "barmore": (_("Barmore (jokers, blind 7)"), (Cite(PAGAT, "Dennis J Barmore's rules"),)),
        "new_york": (_("New York City"), (Cite(PAGAT, "New York City rules"),)),
        "cutthroat3": (_("Cut-throat, three players"), (Cite(PAGAT, "Spades for Three Players"),)),
        "tournament": (_("Tournament"), (Cite(TOURNAMENTS),)),
        "two_player": (_("Two players"), (Cite(PAGAT, "Spades for Two Players"),)),
        "six_player": (_("Six players"), (Cite(PAGAT, "Spades for Six Players"),)),
        "solo4": (_("Solo, four players"), (Cite(PAGAT, "Solo Spades"),)),
    }
)
