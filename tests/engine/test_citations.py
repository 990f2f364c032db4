"""Rule sources as a player says them (issue 15): ``scorekeeper.engine.citations``."""

from __future__ import annotations

import re

import pytest

from scorekeeper.engine.citations import citation
from scorekeeper.engine.mu.rules import KEYS as MU_KEYS
from scorekeeper.engine.spades.rules import KEYS as SPADES_KEYS
from scorekeeper.engine.spades.sources import CONTRACT, VARIATIONS


@pytest.mark.parametrize(
    ("source", "said", "place"),
    [
        (
            "spades.md: set_penalty; 002 Variations in the scoring",
            "Pagat: Spades, Variations in the scoring",
            "key:set_penalty",
        ),
        ("mu.md §8 bonus table", "Mü rulebook §8", "(8.)"),
        ("mu.md §8.2 lost game", "Mü rulebook §8.2", "(8.)"),
        ("mu.md §1, §6", "Mü rulebook §1, §6", "(1.)"),
        (CONTRACT, "Pagat: Spades, Scoring", "Standard scoring"),  # spades.md's standard scoring rests on 002 Scoring
        ("spades.md: bemo", "Pagat: Spades, Bemo", "key:bemo"),  # said through the key's own source
        (
            "spades.md: cutthroat3",
            "Pagat: Spades, Spades for Three Players, Variation - bonus scores",
            "key:cutthroat_bonus",
        ),
        (VARIATIONS, "Pagat: Spades, Variations in the scoring", "Sources"),
        (
            "spades.md: blind_made; 000 Blinde 6, 002 Blind 6",
            "Pagat (German): Spades, Blinde 6; Pagat: Spades, Blind 6",
            "key:blind_made",
        ),
        ("002 Play; 004 Gameplay", "Pagat: Spades, Play; “Wie man Spades spielt”, Gameplay", "Sources"),
        ("game-record.md", "Scorekeeper game record format", ""),
    ],
)
def test_a_source_is_said_as_a_player_says_it_with_its_place_in_the_reference(source, said, place):
    cited = citation(source)
    assert cited.said == said
    assert cited.section == place
    assert cited.exact == source


def test_pagat_is_linked_by_its_address():
    assert citation("spades.md: bemo; 002 Bemo").published == (
        ("Pagat: Spades", "https://www.pagat.com/auctionwhist/spades.html"),
    )
    assert citation("mu.md §4").published == ()


def test_citations_are_said_in_the_players_language():
    german = {"Pagat: Spades": "Pagat: Spades", "Mü rulebook %(sections)s": "Mü-Regelheft %(sections)s"}
    assert citation("mu.md §8.2", german.get).said == "Mü-Regelheft §8.2"


@pytest.mark.parametrize("source", sorted({spec.source for spec in (*SPADES_KEYS.values(), *MU_KEYS.values())}))
def test_no_house_rule_is_cited_by_file_name_or_short_key(source):
    said = citation(source).said
    assert not re.search(r"\b00\d\b|\.md\b", said), said


def test_a_record_field_error_cites_the_game_record_format_not_a_readme_section():
    """The record's optional hand fields cited "README: The game record", said as written and linked
    nowhere (and the README no longer has that section): now the record format's extensions."""
    from scorekeeper.engine.spades.declarations import RECORD

    cited = citation(RECORD)
    assert (cited.said, cited.file, cited.section) == ("Scorekeeper game record format", "game-record", "")
