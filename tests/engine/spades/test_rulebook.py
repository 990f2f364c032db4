"""The Spades rulebook: one sentence per house rule key, built from the rule values."""

from __future__ import annotations

import ast
import dataclasses
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.errors import RecordError
from scorekeeper.engine.spades import rulebook as rulebook_module
from scorekeeper.engine.spades import (
    rulebook_bags,
    rulebook_bidding,
    rulebook_nil,
    rulebook_special,
    rulebook_tournament,
)
from scorekeeper.engine.spades.rulebook import RuleSentence, rulebook
from scorekeeper.engine.spades.rules import GROUPS, KEYS, PRESETS, SpadesRules, spades_rules
from scorekeeper.engine.text import Text

#: The modules that hold the sentences (the rulebook is split by group to keep each module short).
MODULES = (rulebook_module, rulebook_bidding, rulebook_nil, rulebook_special, rulebook_bags, rulebook_tournament)
SOURCES = tuple(Path(module.__file__) for module in MODULES)

#: Values to try for the keys that take a number (a couple each, within the key's bounds).
NUMBERS: dict[str, tuple[Any, ...]] = {
    "target": (500, 300, 1000),
    "lose_at": (None, -500, -1000),
    "bag_limit": (10, 0, 5),
    "bag_penalty": (100, 0, 50),
    "min_team_bid": (0, 4, 5),
    "max_team_bid": (18, 10, 12),
    "nil_partner_min_bid": (0, 4, 5),
    "max_bags": (None, 2, 3),
    "hand_limit": (0, 8, 1),
    "time_limit": (0, 40, 1),
    "sets_to_lose": (0, 3, 1),
}


def values(key: str) -> tuple[Any, ...]:
    spec = KEYS[key]
    if spec.choices is None:
        return NUMBERS[key]
    return (None, *spec.choices) if spec.optional else spec.choices


def sentences(rules: SpadesRules) -> dict[str, RuleSentence]:
    return {sentence.key: sentence for _group, group_sentences in rulebook(rules) for sentence in group_sentences}


def preset(name: str) -> SpadesRules:
    return spades_rules({"preset": name})


def replaced(base: SpadesRules, **changes: Any) -> SpadesRules | None:
    """``base`` with ``changes``, or ``None`` for a combination the rules refuse (``revoke_penalty``
    ``three_tricks`` needs two sides: spades.md "Tournament rules")."""
    try:
        return dataclasses.replace(base, **changes)
    except RecordError:
        return None


#: Features that are off in every preset, turned on, so their sub-keys are stated as in force too.
FEATURES_ON = ({"double_nil": True}, {"moon": True}, {"blind_bids": True, "no_trump_bids": True})


def variants() -> Iterator[SpadesRules]:
    """Every preset (and the standard with extra features on), with each key set to each of its test values."""
    bases = [preset(name) for name in PRESETS] + [dataclasses.replace(SpadesRules(), **on) for on in FEATURES_ON]
    for base in bases:
        yield base
        for key in KEYS:
            for value in values(key):
                if (rules := replaced(base, **{key: value})) is not None:
                    yield rules


def test_every_number_key_has_test_values_within_its_bounds():
    for key, spec in KEYS.items():
        if spec.choices is None:
            for value in NUMBERS[key]:
                assert spec.check(key, value) == value


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_key_appears_exactly_once_in_group_and_declaration_order(name):
    book = rulebook(preset(name))
    keys = [sentence.key for _group, group_sentences in book for sentence in group_sentences]
    assert Counter(keys) == Counter(list(KEYS))
    assert [group for group, _sentences in book] == [
        group for group in GROUPS if any(s.group == group for s in KEYS.values())
    ]
    for group, group_sentences in book:
        assert [s.key for s in group_sentences] == [key for key, spec in KEYS.items() if spec.group == group]
        for sentence in group_sentences:
            assert sentence.group == group == KEYS[sentence.key].group
            assert sentence.source == KEYS[sentence.key].source


def test_every_sentence_renders_as_one_plain_sentence():
    for rules in variants():
        for sentence in sentences(rules).values():
            text = sentence.text.render()  # no KeyError, no missing or surplus format
            assert text.endswith(".") and "%(" not in text, (sentence.key, text)
            assert text[0].isupper() or text[0].isdigit(), text
            # Numbers and translatable texts only: no English fragment glued into a template.
            assert all(type(p) is int or isinstance(p, Text) for p in sentence.text.params.values()), sentence


@pytest.mark.parametrize("key", list(KEYS))
def test_the_sentence_changes_with_the_value(key):
    standard = SpadesRules()
    said = {value: sentences(dataclasses.replace(standard, **{key: value}))[key].text.render() for value in values(key)}
    assert len(set(said.values())) == len(said), said
    assert sentences(standard)[key].text.render() == said[getattr(standard, key)]


@pytest.mark.parametrize("name", [name for name in PRESETS if name != "standard"])
def test_the_sentence_changes_with_the_value_from_every_preset(name):
    base = preset(name)
    for key in KEYS:
        variants = {value: replaced(base, **{key: value}) for value in values(key)}
        said = {value: sentences(rules)[key].text.render() for value, rules in variants.items() if rules is not None}
        assert len(set(said.values())) == len(said), (key, said)


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("players", "4 players in two partnerships, partners sitting opposite; 13 tricks a hand."),
        (
            "target",
            "The first side to reach 500 points wins; if two sides reach it in the same hand, "
            "the higher score wins, and a tie plays another hand.",
        ),
        ("win_on", "Reaching exactly 500 is enough to win."),
        ("lose_at", "A side cannot lose by falling behind."),
        ("zero_is_nil", "A bid of 0 always means nil."),
        ("nil", "A player may bid nil: +100 if they take no trick, -100 if they take any."),
        (
            "blind_nil",
            "A player may bid blind nil, before looking at their cards: +200 if they take no trick, "
            "-200 if they take any.",
        ),
        ("blind_nil_min_deficit", "Blind nil may be bid only by a side at least 100 points behind."),
        ("blind_nil_pass", "After the bidding, a blind nil bidder and their partner exchange 2 cards face down."),
        (
            "failed_nil_tricks",
            "A failed nil's tricks do not count toward the partner's bid, but they do count as bags.",
        ),
        ("blind_bids", "No blind bids."),
        ("blind_min", "Blind bids are off, so the smallest blind bid (6) does not apply."),
        ("overtrick_value", "Each trick over the bid is a bag, worth +1."),
        ("bag_limit", "Each time a side's bags reach 10, it loses 100 points and its bag count drops by 10."),
        ("set_penalty", "A side that takes fewer tricks than it bid is set: it loses 10 per trick bid."),
        ("misdeal", "No misdeals: every hand dealt is played."),
    ],
)
def test_standard_sentences(key, expected):
    assert sentences(SpadesRules())[key].text.render() == expected


@pytest.mark.parametrize(
    ("changes", "key", "expected"),
    [
        (
            {"win_on": "exceed"},
            "target",
            "The first side to go over 500 points wins; if two sides go over it in the same hand, "
            "the higher score wins, and a tie plays another hand.",
        ),
        ({"lose_at": -500}, "lose_at", "A side at -500 or below loses the game."),
        ({"nil": False}, "nil", "Nil is not played."),
        ({"nil": False}, "nil_value", "Nil is not played, so its value (100) does not apply."),
        (
            {"blind_nil_min_deficit": 0},
            "blind_nil_min_deficit",
            "Blind nil may be bid at any time, whatever the scores.",
        ),
        ({"bag_limit": 0}, "bag_limit", "There is no penalty for bags."),
        ({"blind_bids": True, "blind_min": 7}, "blind_min", "A blind bid is for at least 7 tricks."),
        (
            {"players": 3},
            "target",
            "The first side to reach 500 points wins; if several sides reach it in the same "
            "hand, the highest score wins, and a tie plays another hand.",
        ),
        ({"players": 6}, "bids_may_total_13", "The bids may add up to 17, the tricks in a hand."),
        (
            {"ten_for_two_hundred": "exact", "moon": True},
            "moon",
            "A side may bid all 13 tricks (moon): +500 if it takes them all, -500 if not.",
        ),
        (
            {"double_nil": True, "double_nil_penalty": "lose_game"},
            "double_nil_penalty",
            "A failed double nil loses the game.",
        ),
        (
            {"double_nil": True, "double_nil_min_deficit": 400},
            "double_nil_min_deficit",
            "Double nil may be bid only by a side at least 400 points behind.",
        ),
        ({"moon": True, "moon_wins_game": True}, "moon_wins_game", "A made moon also wins the game at once."),
    ],
)
def test_sentences_follow_the_values(changes, key, expected):
    assert sentences(dataclasses.replace(SpadesRules(), **changes))[key].text.render() == expected


def test_lowest_club_sentence_says_its_holder_leads_it_002_variations_in_the_play():
    """spades.md ``first_lead: lowest_club``: the holder of the lowest club in play leads it (002:
    "if you want to be fussy then the holder of the 2 of clubs should lead")."""
    said = sentences(dataclasses.replace(SpadesRules(), first_lead="lowest_club"))["first_lead"].text.render()
    assert said == (
        "On the first trick everyone plays their lowest club (without clubs, a diamond or heart; no spades): "
        "the holder of the lowest club in play leads it, and the highest club wins."
    )


@pytest.mark.parametrize(
    ("changes", "key", "expected"),
    [
        (
            {},
            "revoke_penalty",
            "A revoke costs nothing: the score stands as played, and the fouls a recorded play proves are only listed.",
        ),
        (
            {"revoke_penalty": "three_tricks"},
            "revoke_penalty",
            "A revoke (not following suit when able) costs the revoking side 3 of the tricks counted toward its "
            "bid, given to the other side; a nil bidder's revoke fails the nil instead.",
        ),
        (
            {"revoke_penalty": "three_tricks", "players": 2},
            "revoke_penalty",
            "A revoke (not following suit when able) costs the revoking side 3 of the tricks counted toward its "
            "bid, given to the other side; a nil bidder's revoke fails the nil instead.",
        ),
        (
            {"revoke_penalty": "three_tricks", "bidding": "partnership"},  # nobody can bid nil
            "revoke_penalty",
            "A revoke (not following suit when able) costs the revoking side 3 of the tricks counted toward its "
            "bid, given to the other side.",
        ),
        (
            {"revoke_penalty": "set"},
            "revoke_penalty",
            "A side with a revoke (not following suit when able) is set: its contract scores as set whatever it "
            "took, and each of its nils fails.",
        ),
        (
            {"revoke_penalty": "set", "players": 3},
            "revoke_penalty",
            "A side with a revoke (not following suit when able) is set: its contract scores as set whatever it "
            "took, and each of its nils fails.",
        ),
        (
            {"revoke_penalty": "set", "nil": False, "blind_nil": False},
            "revoke_penalty",
            "A side with a revoke (not following suit when able) is set: its contract scores as set whatever it took.",
        ),
        ({}, "hand_limit", "No hand limit."),
        (
            {"hand_limit": 8},
            "hand_limit",
            "The game ends after 8 hands (misdeals not counted) if no side has won before: the highest total wins; "
            "tied: one more hand.",
        ),
        (
            {"hand_limit": 1},
            "hand_limit",
            "The game ends after 1 hand (misdeals not counted) if no side has won before: the highest total wins; "
            "tied: one more hand.",
        ),
        ({}, "time_limit", "No time limit."),
        (
            {"time_limit": 40},
            "time_limit",
            "After 40 minutes, time is called: the hand in play is the last (tied: one more hand).",
        ),
        (
            {"time_limit": 1},
            "time_limit",
            "After 1 minute, time is called: the hand in play is the last (tied: one more hand).",
        ),
        ({}, "sets_to_lose", "A side does not lose the game by how often it was set in all."),
        ({"sets_to_lose": 3}, "sets_to_lose", "A side set 3 times in the game, in all, loses it."),
        ({"sets_to_lose": 1}, "sets_to_lose", "A side set even once in the game loses it."),
    ],
)
def test_tournament_sentences_state_each_value(changes, key, expected):
    """spades.md "Tournament rules" (005): each key's sentence for each of its values."""
    assert sentences(dataclasses.replace(SpadesRules(), **changes))[key].text.render() == expected


def test_the_tournament_preset_states_its_rules():
    """Preset ``tournament`` (005): a revoke costs 3 tricks, set twice in a row or 3 times in all loses, 40 minutes."""
    said = {key: sentence.text.render() for key, sentence in sentences(preset("tournament")).items()}
    assert said["revoke_penalty"].startswith("A revoke (not following suit when able) costs the revoking side 3 ")
    assert said["sets_to_lose"] == "A side set 3 times in the game, in all, loses it."
    assert said["set_twice_loses"] == "A side that is set hand after hand loses the game at once, whatever the scores."
    assert said["time_limit"].startswith("After 40 minutes, time is called")
    assert said["hand_limit"] == "No hand limit."
    assert [group for group, _sentences in rulebook(preset("tournament"))][-1] == "tournament"


@pytest.mark.parametrize("players", [3, 6, "solo4"])
def test_three_tricks_needs_two_sides(players):
    """spades.md "Tournament rules": ``three_tricks`` is for two sides only (the tricks go to the other side)."""
    with pytest.raises(RecordError, match="two sides"):
        spades_rules({"players": players, "revoke_penalty": "three_tricks"})


def noop_templates() -> set[str]:
    """Every string given to ``_()`` in the modules; fail on a call that is not one literal string."""
    templates = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_":
                assert len(node.args) == 1 and not node.keywords, ast.unparse(node)
                assert isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str), ast.unparse(node)
                templates.add(node.args[0].value)
    return templates


def test_every_template_is_a_literal_marked_for_extraction():
    for path in SOURCES:
        source = path.read_text()
        assert "from ..text import gettext_noop as _" in source
    marked = noop_templates()
    used = {sentence.text.template for rules in variants() for sentence in sentences(rules).values()}
    assert used == marked  # and none is dead


def test_the_module_does_not_import_django():
    for path in SOURCES:
        assert "django" not in path.read_text().lower()
    code = (
        "import sys, scorekeeper.engine.spades.rulebook as r; "
        "r.rulebook(r.SpadesRules()); "
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
