"""The bracket of an elimination event, drawn by the server (``scorekeeper/events/bracket.py``, from the
engine's ``bracket_layout``): every match a box with its two entrants' seeds and names (escaped), the
winner marked, empty slots "—" and byes; a double elimination's losers' bracket and grand final; and
for every size from 2 to 32 teams, played to the end, a well-formed SVG whose boxes never overlap."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ElementTree
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from scorekeeper.engine.events.bracket_layout import FINAL, LOSERS, NOBODY, UNKNOWN, WINNERS, bracket_layout
from scorekeeper.engine.events.event import Event
from scorekeeper.engine.events.next_round import progress
from scorekeeper.engine.events.record import parse_event
from scorekeeper.events.bracket import BOX_W, ROW_H, draw_bracket, event_rounds, fitted, place

from .factories import new_event, play, started, url

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def record(count: int, pairing: str, played: list[dict[str, Any]] | None = None, names: list[str] | None = None):
    """An elimination's event record of ``count`` teams (names ``Team 1``... unless given)."""
    names = names or [f"Team {number}" for number in range(1, count + 1)]
    return {
        "format": "scorekeeper-event/1",
        "name": "Cup",
        "game": "spades",
        "rules": {"preset": "standard", "hand_limit": 1},
        "style": "teams",
        "pairing": pairing,
        "entrants": [{"name": name, "players": [f"{name} A", f"{name} B"]} for name in names],
        "played": played or [],
    }


def played_out(data: dict[str, Any], seed: int, *, rounds: int | None = None) -> Event:
    """``data`` played round by round as the engine pairs it (each table's result set by the
    organiser, the winner drawn at random), to the champion or for ``rounds`` rounds."""
    draw = random.Random(seed)
    while True:
        event = parse_event(data)
        asked = progress(event).next_round
        if asked is None or (rounds is not None and len(data["played"]) >= rounds):
            return event
        tables = []
        for entrants in asked.tables:
            points = [300, 200] if draw.random() < 0.6 else [200, 300]
            tables.append({"entrants": list(entrants), "result": {"points": points}})
        data["played"].append({"tables": tables, "bye": list(asked.bye)})


def svg_of(event: Event) -> tuple[str, ElementTree.Element]:
    drawn = draw_bracket(event, progress(event).champion)
    return drawn, ElementTree.fromstring(drawn)


def boxes(tree: ElementTree.Element) -> list[ElementTree.Element]:
    return [rect for rect in tree.iter(f"{SVG}rect") if "bk-match" in rect.get("class", "").split()]


def texts(tree: ElementTree.Element, kind: str) -> list[str]:
    return ["".join(text.itertext()) for text in tree.iter(f"{SVG}text") if kind in text.get("class", "").split()]


def test_an_8_team_single_elimination_has_7_match_boxes_each_with_its_seeds_before_a_round():
    drawn, tree = svg_of(parse_event(record(8, "single_elimination")))
    assert tree.tag == f"{SVG}svg" and tree.get("role") == "img"
    assert tree.find(f"{SVG}title").text == "Bracket"
    assert len(boxes(tree)) == 7
    assert texts(tree, "bk-name")[:8] == [f"Team {seed}" for seed in (1, 8, 4, 5, 2, 7, 3, 6)]
    assert texts(tree, "bk-seed")[:8] == ["1", "8", "4", "5", "2", "7", "3", "6"]
    assert texts(tree, "bk-name")[8:14] == ["—"] * 6  # the later rounds' slots: not known yet
    assert [label for label in texts(tree, "bk-label")] == ["Quarter-finals", "Semi-finals", "Final", "Champion"]
    assert "style=" not in drawn  # the stylesheet's classes only (the Content-Security-Policy)


def test_names_are_escaped_and_appear_in_the_bracket_and_its_description():
    names = ['<b>&"', "Jacks", "Kings", "Queens"]
    data = record(4, "single_elimination", names=names)
    data["played"] = [{"tables": [{"entrants": [0, 3], "result": {"points": [300, 120]}},
                                  {"entrants": [1, 2], "result": {"points": [90, 250]}}], "bye": []}]  # fmt: skip
    drawn, tree = svg_of(parse_event(data))
    assert "<b>" not in drawn and "&lt;b&gt;&amp;&quot;" in drawn
    assert texts(tree, "bk-name")[:4] == ['<b>&"', "Queens", "Jacks", "Kings"]
    assert tree.find(f"{SVG}desc").text == '<b>&" beat Queens; Kings beat Jacks'


def test_the_winner_of_a_match_is_marked_the_loser_not_and_each_shows_its_points():
    data = record(4, "single_elimination")
    data["played"] = [{"tables": [{"entrants": [0, 3], "result": {"points": [120, 300]}},
                                  {"entrants": [1, 2], "result": {"points": [250, 90]}}], "bye": []}]  # fmt: skip
    _drawn, tree = svg_of(parse_event(data))
    won = [text for text in tree.iter(f"{SVG}text") if "won" in text.get("class", "").split()]
    assert ["".join(text.itertext()) for text in won] == ["Team 4", "300", "Team 2", "250"]
    lost = texts(tree, "lost")
    assert lost == ["Team 1", "120", "Team 3", "90"]
    assert len([rect for rect in tree.iter(f"{SVG}rect") if rect.get("class") == "bk-band"]) == 2
    final = texts(tree, "bk-name")[4:6]
    assert final == ["Team 4", "Team 2"]  # the final: known, not played
    assert [rect.get("class") for rect in boxes(tree)] == ["bk-match done", "bk-match done", "bk-match ready"]


def test_the_champion_is_named_once_the_final_is_decided():
    event = played_out(record(4, "single_elimination"), seed=1)
    champion = progress(event).champion
    assert champion is not None
    _drawn, tree = svg_of(event)
    assert texts(tree, "bk-champion-name") == [event.entrants[champion].name]
    assert tree.find(f"{SVG}desc").text.endswith(f"Champion: {event.entrants[champion].name}")


def test_a_missing_seed_is_a_bye_for_the_top_seed():
    _drawn, tree = svg_of(parse_event(record(5, "single_elimination")))
    assert texts(tree, "bk-name")[:8] == ["Team 1", "bye", "Team 4", "Team 5", "Team 2", "bye", "Team 3", "bye"]


def test_a_double_elimination_has_a_winners_and_a_losers_bracket_and_a_grand_final():
    event = played_out(record(8, "double_elimination"), seed=3, rounds=4)
    drawn, tree = svg_of(event)
    titles = texts(tree, "bk-title")
    assert titles == ["Winners' bracket", "Losers' bracket"]
    assert "bracket-double" in tree.get("class")
    labels = texts(tree, "bk-label")
    assert {"Winners' final", "Losers' final", "Grand final", "Champion"} <= set(labels)
    assert "Reset" not in labels  # only once the losers' bracket's team wins the grand final
    assert len(boxes(tree)) == 7 + 6 + 1


def test_the_reset_is_drawn_once_the_losers_brackets_team_wins_the_grand_final():
    for seed in range(40):
        event = played_out(record(4, "double_elimination"), seed=seed)
        matches = bracket_layout(4, *_results(event), double=True)
        if matches[-1].sides[0] >= 0:  # the reset was played
            break
    else:
        pytest.fail("no reset in 40 draws")
    _drawn, tree = svg_of(event)
    assert "Reset" in texts(tree, "bk-label")
    assert len(boxes(tree)) == 3 + 2 + 2


def _results(event: Event):
    from scorekeeper.engine.events.elimination import elimination_results

    return elimination_results(event.played), [round_.bye for round_ in event.played]


@pytest.mark.parametrize("pairing", ["single_elimination", "double_elimination"])
@pytest.mark.parametrize("count", range(2, 33))
def test_every_size_from_2_to_32_draws_every_match_once_without_overlaps(count: int, pairing: str):
    double = pairing == "double_elimination"
    size = 1 << (count - 1).bit_length()
    for rounds in (0, 2, None):
        event = played_out(record(count, pairing), seed=count, rounds=rounds)
        drawn, tree = svg_of(event)
        matches = bracket_layout(count, *_results(event), double=double)
        reset = double and matches[-1].sides[0] >= 0
        expected = (size - 1) + (size - 2 + 1 + reset if double else 0)
        assert len(boxes(tree)) == expected, (count, pairing, rounds)
        _, _, width, height = map(int, tree.get("viewBox").split())
        placed, _winners, _losers = place(matches)
        frames = sorted((box.y, box.x) for box in placed)
        for at, (y, x) in enumerate(frames):
            assert 0 <= x and x + BOX_W <= width and 0 <= y and y + 2 * ROW_H <= height
            for other_y, other_x in frames[at + 1 :]:
                assert abs(other_x - x) >= BOX_W or abs(other_y - y) >= 2 * ROW_H, (count, pairing, x, y)
        sections = {match.section for match in matches}
        assert sections == (
            {WINNERS, LOSERS, FINAL} if double and count > 2 else {WINNERS, FINAL} if double else {WINNERS}
        )
        if rounds is None:
            assert progress(event).champion is not None
            assert texts(tree, "bk-champion-name") != ["—"]


def test_the_layout_says_who_sits_in_each_slot_and_the_rounds_are_the_events():
    matches = bracket_layout(6, [], [], double=True)
    assert matches[0].sides == (0, NOBODY)  # seed 1 against the missing seed 8: a bye
    assert matches[1].sides == (3, 4) and matches[1].ready
    assert matches[4].sides == (UNKNOWN, UNKNOWN)
    rounds = event_rounds(matches)
    assert [rounds[index] for index, match in enumerate(matches) if match.section == FINAL] == [6, 7]


def test_a_long_name_is_cut_and_squeezed_to_fit_its_box():
    assert fitted("Aces", 150) == ("Aces", None)
    shown, squeeze = fitted("The Unbelievable Bag Collectors of the North", 150)
    assert shown.endswith("…") and len(shown) < 44 and squeeze == 150


@pytest.mark.django_db
def test_the_standings_page_and_the_wall_show_the_bracket_of_an_elimination(client: Client):
    event = new_event(4, pairing="single_elimination")
    tables = started(event)
    play(tables[0], side=1)
    for name in ("detail", "wall"):
        page = client.get(url(name, event.view_key)).content.decode()
        svg = re.search(r"<svg [^>]*class=\"bracket-svg.*?</svg>", page, re.S)
        assert svg is not None, name
        tree = ElementTree.fromstring(svg.group(0))
        assert len(boxes(tree)) == 3
        assert "Queens" in texts(tree, "won") and "Aces" in texts(tree, "lost")


@pytest.mark.django_db
def test_a_swiss_event_has_no_bracket(client: Client):
    event = new_event(4, pairing="swiss")
    assert "bracket-svg" not in client.get(url("detail", event.view_key)).content.decode()
