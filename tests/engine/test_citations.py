"""Rule sources as a player says them (issue 15): ``scorekeeper.engine.citations``; the sources are
values (issue 26.5: ``scorekeeper.engine.source``), and only words kept in the database are read back."""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Mapping

import pytest

import scorekeeper.engine
from scorekeeper.engine.citations import citation, read
from scorekeeper.engine.mu.rules import KEYS as MU_KEYS
from scorekeeper.engine.mu.sources import CHEF, TEAM
from scorekeeper.engine.source import PAGAT, RECORD_FORMAT, Cite, mu_md, row, written
from scorekeeper.engine.spades.play import PLAY
from scorekeeper.engine.spades.rules import KEYS as SPADES_KEYS
from scorekeeper.engine.spades.rules import key_row
from scorekeeper.engine.spades.sources import CONTRACT, VARIATIONS


def engine_sources() -> set[tuple[Cite, ...]]:
    """Every source the engine's modules hold at their top (constants, tables, each key's), whole."""
    found: set[tuple[Cite, ...]] = set()

    def collect(value: object, depth: int = 0) -> None:
        if isinstance(value, tuple) and value and all(isinstance(item, Cite) for item in value):
            found.add(value)
        elif depth < 3 and isinstance(value, tuple | list):
            for item in value:
                collect(item, depth + 1)
        elif depth < 3 and isinstance(value, Mapping):
            for item in value.values():
                collect(item, depth + 1)
        elif hasattr(value, "source") and not isinstance(value, type):
            collect(value.source, depth + 1)

    engine = scorekeeper.engine
    for module in pkgutil.walk_packages(engine.__path__, f"{engine.__name__}."):
        for value in vars(importlib.import_module(module.name)).values():
            collect(value)
    return found


CASES = [
    (
        (row("set_penalty"), Cite(PAGAT, "Variations in the scoring")),
        "spades.md: set_penalty; 002 Variations in the scoring",
        "Pagat: Spades, Variations in the scoring",
        "key:set_penalty",
    ),
    ((mu_md("8", note="bonus table"),), "mu.md §8 bonus table", "Mü rulebook §8", "(8.)"),
    ((mu_md("8.2", note="lost game"),), "mu.md §8.2 lost game", "Mü rulebook §8.2", "(8.)"),
    ((mu_md("1", "6"),), "mu.md §1, §6", "Mü rulebook §1, §6", "(1.)"),
    # spades.md's standard scoring rests on 002 Scoring
    (CONTRACT, "spades.md: Standard scoring 1", "Pagat: Spades, Scoring", "Standard scoring"),
    ((key_row("bemo"),), "spades.md: bemo", "Pagat: Spades, Bemo", "key:bemo"),  # said through the key's own source
    (
        (key_row("cutthroat_bonus", "cutthroat3"),),
        "spades.md: cutthroat3",
        "Pagat: Spades, Spades for Three Players, Variation - bonus scores",
        "key:cutthroat_bonus",
    ),
    (VARIATIONS, "002 Variations in the scoring", "Pagat: Spades, Variations in the scoring", "Sources"),
    (
        SPADES_KEYS["blind_made"].source,
        "spades.md: blind_made; 000 Blinde 6, 002 Blind 6",
        "Pagat (German): Spades, Blinde 6; Pagat: Spades, Blind 6",
        "key:blind_made",
    ),
    (PLAY, "002 Play; 004 Gameplay", "Pagat: Spades, Play; “Wie man Spades spielt”, Gameplay", "Sources"),
    (RECORD_FORMAT, "game-record.md", "Scorekeeper game record format", ""),
]


@pytest.mark.parametrize(("source", "exact", "said", "place"), CASES)
def test_a_source_is_said_as_a_player_says_it_with_its_place_in_the_reference(source, exact, said, place):
    cited = citation(source)
    assert cited.said == said
    assert cited.section == place
    assert cited.exact == written(source) == exact


@pytest.mark.parametrize(("source", "exact", "said", "place"), CASES)
def test_a_source_kept_as_words_is_said_as_the_source_it_was(source, exact, said, place):
    """A ruling keeps its source as words (``Ruling.source``): read back, they are said alike."""
    assert citation(exact) == citation(source)
    assert written(read(exact)) == exact


def test_every_source_of_the_engine_kept_as_words_is_read_back_as_it_was():
    sources = engine_sources()
    assert len(sources) > 100
    for source in sources:
        assert written(read(written(source))) == written(source)
        assert citation(written(source)) == citation(source), written(source)


def test_words_a_ruling_kept_before_are_said_as_then():
    """Rulings kept a source the engine no longer writes ("002 Play"), or words naming no text at all."""
    assert citation("002 Play").said == "Pagat: Spades, Play"
    assert citation("README: The game record").said == "README: The game record"
    assert (citation("").said, citation("").file) == ("", "spades")


def test_pagat_is_linked_by_its_address():
    assert citation(SPADES_KEYS["bemo"].source).published == (
        ("Pagat: Spades", "https://www.pagat.com/auctionwhist/spades.html"),
    )
    assert citation(CHEF).published == ()


def test_citations_are_said_in_the_players_language():
    german = {"Pagat: Spades": "Pagat: Spades", "Mü rulebook %(sections)s": "Mü-Regelheft %(sections)s"}
    assert citation(TEAM, german.get).said == "Mü-Regelheft §8.2"


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
