"""The Spades rule keys and presets (docs/rules/spades.md "Rule keys", "Presets")."""

from __future__ import annotations

import dataclasses
import re

import pytest

from scorekeeper.engine.errors import RecordError
from scorekeeper.engine.source import written
from scorekeeper.engine.spades.rules import KEYS, PRESETS, SpadesRules, spades_rules, spades_rules_record

ISSUE_2_KEYS = {
    "target",
    "win_on",
    "lose_at",
    "zero_is_nil",
    "nil",
    "nil_value",
    "blind_nil",
    "blind_nil_value",
    "blind_nil_penalty",
    "blind_nil_min_deficit",
    "failed_nil_tricks",
    "failed_nil_sets_partner",
    "overtrick_value",
    "bag_limit",
    "bag_penalty",
    "set_penalty",
}


def test_every_key_of_standard_scoring_is_supported_with_its_spec_default():
    assert ISSUE_2_KEYS <= set(KEYS)
    standard = SpadesRules()
    expected = {
        "target": 500,
        "win_on": "reach",
        "lose_at": None,
        "zero_is_nil": True,
        "nil": True,
        "nil_value": 100,
        "blind_nil": True,
        "blind_nil_value": 200,
        "blind_nil_penalty": 200,
        "blind_nil_min_deficit": 100,
        "failed_nil_tricks": "bags",
        "failed_nil_sets_partner": False,
        "overtrick_value": 1,
        "bag_limit": 10,
        "bag_penalty": 100,
        "set_penalty": "bid",
    }
    assert {name: getattr(standard, name) for name in expected} == expected


@pytest.mark.parametrize("name", sorted(KEYS))
def test_every_key_explains_itself_and_names_its_source(name):
    spec = KEYS[name]
    assert spec.label and spec.help.endswith(")") or spec.help.endswith(".")
    assert re.search(r"spades\.md|\b00[0-4]\b", written(spec.source))  # the catalogue or a published source (000-004)


#: What spades.md "Presets" says each preset sets, written out from the text (not from PRESETS).
SPADES_MD_PRESETS = {
    "standard": {},
    "nil_helps_partner": {"failed_nil_tricks": "help_partner", "win_on": "exceed", "blind_nil": False},
    "german_table": {"blind_nil_pass": 3, "blind_nil_min_deficit": 0},
    "barmore": {
        "deck": "jokers",
        "bidding": "partnership",
        "nil": False,
        "blind_nil": False,
        "blind_bids": True,
        "blind_min": 7,
        "blind_made": "at_least",
        "first_lead": "dealer_any",
        "spades_lead": "any_time",
        # blind_failed=double is the standard value: named, but no change.
    },
    "new_york": {
        "deck": "nyc",
        "bidding": "partnership",
        "min_team_bid": 4,
        "max_team_bid": 10,
        "nil": False,
        "blind_nil": False,
        "blind_bids": True,
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
    },
    "cutthroat3": {
        "players": 3,
        "nil": False,
        "blind_nil": False,
        "zero_is_nil": False,
        "overtrick_value": -10,
        "first_lead": "two_of_clubs",
    },
    # 005 ("Tournament rules"): 3 tricks a revoke, set twice in a row or 3 times in all loses, 40 minutes.
    "tournament": {"revoke_penalty": "three_tricks", "set_twice_loses": True, "sets_to_lose": 3, "time_limit": 40},
    "two_player": {"players": 2},
    "six_player": {"players": 6, "deck": "double"},
    "solo4": {"players": "solo4"},
}


@pytest.mark.parametrize("preset", sorted(SPADES_MD_PRESETS))
def test_presets_differ_from_standard_only_in_the_keys_they_name(preset):
    rules = spades_rules({"preset": preset})
    standard = SpadesRules()
    differing = {name: getattr(rules, name) for name in KEYS if getattr(rules, name) != getattr(standard, name)}
    assert differing == SPADES_MD_PRESETS[preset]


def test_every_preset_of_spades_md_exists():
    assert set(PRESETS) == set(SPADES_MD_PRESETS)


def test_a_record_key_overrides_the_preset():
    rules = spades_rules({"preset": "nil_helps_partner", "blind_nil": True, "target": 300})
    assert rules.blind_nil is True and rules.target == 300 and rules.win_on == "exceed"


def test_rules_record_keeps_only_what_differs_from_the_preset():
    rules = spades_rules({"preset": "german_table", "target": 300, "blind_nil_pass": 3})
    assert spades_rules_record(rules) == {"preset": "german_table", "target": 300}
    assert spades_rules(spades_rules_record(rules)) == rules


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"preset": "poker"}, 'Unknown preset "poker"'),
        ({"sandbags": 10}, "Unknown house rule 'sandbags'."),
        ({"target": "500"}, "House rule 'target' must be a whole number, not '500'."),
        ({"target": 0}, "House rule 'target' must be between 1 and"),
        ({"nil": 1}, "House rule 'nil' cannot be 1; allowed: true, false."),
        ({"nil_value": 75}, "House rule 'nil_value' cannot be 75; allowed: 100, 50."),
        ({"win_on": "first"}, "House rule 'win_on' cannot be \"first\""),
        ({"lose_at": 100}, "House rule 'lose_at' must be between"),
        ({"bag_limit": None}, "House rule 'bag_limit' must be a whole number"),
        ([], "'rules' must be an object."),
    ],
)
def test_unknown_keys_and_values_are_clear_errors_never_ignored(data, message):
    with pytest.raises(RecordError) as caught:
        spades_rules(data)
    assert message in str(caught.value)
    assert caught.value.field == "rules"


def test_lose_at_accepts_none_and_negative_numbers():
    assert spades_rules({"lose_at": None}).lose_at is None
    assert spades_rules({"lose_at": -500}).lose_at == -500


def test_rules_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        SpadesRules().target = 1  # type: ignore[misc]
