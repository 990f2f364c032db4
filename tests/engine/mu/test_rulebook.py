"""The Mü rulebook page: one sentence per house rule key, built from the rule values
(``engine.mu.rulebook``; mu.md §8, §9 and "Match limits")."""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.engine.mu.rulebook import rulebook
from scorekeeper.engine.mu.rules import GROUPS, KEYS, MuRules, mu_rules


def said(rules: MuRules) -> dict[str, str]:
    return {sentence.key: sentence.text.render() for _group, sentences in rulebook(rules) for sentence in sentences}


def test_every_key_is_stated_once_in_its_group():
    book = rulebook(MuRules())
    assert [group for group, _sentences in book] == list(GROUPS)  # winning, bonus, tournament
    for group, sentences in book:
        assert [sentence.key for sentence in sentences] == [key for key, spec in KEYS.items() if spec.group == group]
        for sentence in sentences:
            assert sentence.source == KEYS[sentence.key].source


@pytest.mark.parametrize(
    ("changes", "key", "expected"),
    [
        ({}, "hand_limit", "No deal limit."),
        (
            {"hand_limit": 12},
            "hand_limit",
            "The game ends after 12 deals (an Eklat is a deal) if nobody has won before: the highest total wins; "
            "tied at the top: one more deal.",
        ),
        (
            {"hand_limit": 1},
            "hand_limit",
            "The game ends after 1 deal (an Eklat is a deal) if nobody has won before: the highest total wins; "
            "tied at the top: one more deal.",
        ),
        ({}, "time_limit", "No time limit."),
        (
            {"time_limit": 60},
            "time_limit",
            "After 60 minutes, time is called: the deal in play is the last (tied at the top: one more deal).",
        ),
        (
            {"time_limit": 1},
            "time_limit",
            "After 1 minute, time is called: the deal in play is the last (tied at the top: one more deal).",
        ),
    ],
)
def test_match_limit_sentences_state_each_value(changes, key, expected):
    """mu.md "Match limits": ``hand_limit`` counts deals (an Eklat is one), ``time_limit`` minutes; 0: none."""
    assert said(dataclasses.replace(MuRules(), **changes))[key] == expected


@pytest.mark.parametrize(
    ("key", "values"),
    [
        ("target", (200, 300)),
        ("bonus_above_seven", ("flat", "rising")),
        ("hand_limit", (0, 1, 12)),
        ("time_limit", (0, 1, 60)),
    ],
)
def test_the_sentence_changes_with_the_value(key, values):
    stated = {value: said(mu_rules({key: value}))[key] for value in values}
    assert len(set(stated.values())) == len(values), stated
    for text in stated.values():
        assert text[0].isupper() and text.endswith(".") and "%(" not in text
