"""The running-totals chart as the sheet draws it (``games.chart``, ``games/_chart.html``): the SVG itself."""

from __future__ import annotations

import re

import pytest

from .factories import BIG_HAND, SET_HAND, new_game, play, sheet_url

pytestmark = pytest.mark.django_db

#: How wide a line is drawn (``.chart .series`` in app.css): lines less far apart cover each other.
LINE_WIDTH = 2.5


def lines(page: str) -> list[list[tuple[int, int]]]:
    """Each side's line in the sheet's chart: its points (x, y), in side order."""
    found = re.findall(r'<polyline class="series series-\d" points="([^"]*)"/>', page)
    return [[tuple(map(int, point.split(","))) for point in points.split()] for points in found]


def test_two_sides_level_all_game_draw_two_lines_side_by_side(client) -> None:
    """Issue 25: sides with equal totals drew one line over the other, so the chart showed one side."""
    game = new_game()
    play(game, *SET_HAND)  # both sides set: -80 each
    play(game, *SET_HAND)

    first, second = lines(client.get(sheet_url(game)).content.decode())

    assert [x for x, _y in first] == [x for x, _y in second]
    assert all(abs(y1 - y2) >= LINE_WIDTH for (_x, y1), (_x, y2) in zip(first, second, strict=True))


def test_sides_apart_are_drawn_where_their_totals_are(client) -> None:
    game = new_game()
    play(game, *BIG_HAND)  # 100 and -40: apart, each at its own height
    page = client.get(sheet_url(game)).content.decode()

    (start_0, hand_0), (start_1, hand_1) = lines(page)

    grid = re.findall(r'y1="(\d+)" y2="\d+"/><text class="tick"[^>]*>(-?\d+)</text>', page)
    ticks = {int(label): int(y) for y, label in grid}
    assert hand_0[1] == ticks[100]
    assert abs(start_0[1] - start_1[1]) >= LINE_WIDTH  # both start at 0: side by side there
    assert hand_1[1] > ticks[0]
