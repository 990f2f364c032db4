"""The running totals as a server-drawn SVG line chart (no JavaScript): one line per side."""

from __future__ import annotations

import math
from dataclasses import dataclass

from scorekeeper.engine.sheet import Sheet


@dataclass(frozen=True)
class ChartSeries:
    """One side's line in the running-totals chart: its name, SVG points and final total."""

    index: int
    name: str
    points: str
    total: int
    end: tuple[float, float]


@dataclass(frozen=True)
class Chart:
    """The running totals per side as a server-drawn SVG line chart (``viewBox`` units).

    ``y_ticks`` and ``x_ticks`` are (position, label) pairs; ``zero`` is the y of 0 points;
    ``summary`` says the final totals in words, for screen readers; ``axis`` names the x axis
    ("hand", or "deal" in Mü).
    """

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    series: tuple[ChartSeries, ...]
    y_ticks: tuple[tuple[float, int], ...]
    x_ticks: tuple[tuple[float, int], ...]
    zero: float
    summary: str
    axis: str = ""


def nice_step(span: float) -> int:
    """A round step (1, 2 or 5 × a power of ten) that cuts ``span`` into about four parts: the
    y axis ticks of the game chart and of a player's rating chart (``rating_chart``)."""
    raw = max(span / 4, 1)
    power = 10 ** math.floor(math.log10(raw))
    return next(step * power for step in (1, 2, 5, 10) if step * power >= raw)


#: How far apart (``viewBox`` units) the lines of sides with the same total are drawn: a little more
#: than a line is wide (``.chart .series``: 2.5), so each shows beside the other, not under it.
LINE_GAP = 3


def _apart(heights: list[list[int]]) -> list[list[int]]:
    """Each side's line (its y per point), with the sides that meet at a point (the same total, so
    the same y) spread :data:`LINE_GAP` apart around it there, in side order: two sides level for
    a whole game draw two lines side by side instead of one over the other."""
    spread = [list(line) for line in heights]
    for point in range(len(heights[0]) if heights else 0):
        meeting: dict[int, list[int]] = {}
        for side, line in enumerate(heights):
            meeting.setdefault(line[point], []).append(side)
        for height, sides in meeting.items():
            for rank, side in enumerate(sides):
                spread[side][point] = height + rank * LINE_GAP - (len(sides) - 1) * LINE_GAP // 2
    return spread


def running_chart(sheet: Sheet, axis: str) -> Chart | None:
    """The chart of ``sheet``'s running totals, one line per side from 0 before the first
    hand; ``None`` before any hand is played. ``axis``: what a row is called ("hand", "deal")."""
    if not sheet.hands:
        return None
    width, height, left, right, top, bottom = 340, 190, 44, 330, 10, 166
    totals = [(0,) * len(sheet.sides), *(hand.totals for hand in sheet.hands)]
    low = min(0, *(min(row) for row in totals))
    high = max(0, *(max(row) for row in totals))
    step = nice_step(high - low or 1)
    low, high = (low // step) * step, -((-high) // step) * step
    if high == low:
        high = low + step

    # Whole units: the chart is about as many CSS pixels wide as units, and every update
    # sends its line again (a point per hand), so each decimal would cost on the wire.
    def x(number: int) -> int:
        return round(left + (right - left) * number / (len(totals) - 1))

    def y(value: int) -> int:
        return round(bottom - (bottom - top) * (value - low) / (high - low))

    heights = _apart([[y(row[side]) for row in totals] for side in range(len(sheet.sides))])
    series = tuple(
        ChartSeries(
            index=side,
            name=name,
            points=" ".join(f"{x(number)},{height}" for number, height in enumerate(heights[side])),
            total=sheet.totals[side],
            end=(x(len(totals) - 1), heights[side][-1]),
        )
        for side, name in enumerate(sheet.sides)
    )
    every = max(1, round(len(sheet.hands) / 8))
    x_ticks = tuple((x(number), number) for number in range(1, len(totals)) if number % every == 0 or number == 1)
    return Chart(
        width=width,
        height=height,
        left=left,
        right=right,
        top=top,
        bottom=bottom,
        series=series,
        y_ticks=tuple((y(value), value) for value in range(low, high + 1, step)),
        x_ticks=x_ticks,
        zero=y(0),
        summary=", ".join(f"{name} {total}" for name, total in zip(sheet.sides, sheet.totals, strict=True)),
        axis=axis,
    )
