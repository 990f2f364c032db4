"""A player's rating history (issue 29) as a server-drawn SVG line chart (no JavaScript): the
ordinal (``mu - 3 * sigma``, what the ladder ranks by) after each game rated, one chart per kind
of game the player has ratings in. Reads only (``standings``), like the running totals' ``chart``."""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.db.models import Q

from scorekeeper.engine.ratings import ordinal

from .chart import nice_step
from .models import Game, Player
from .standings import rating_history

#: Up to this many games a dot marks each (beyond, the line alone: a regular's 1,500 dots would be 100 KB).
DOTTED_UP_TO = 100


@dataclass(frozen=True)
class RatingChart:
    """One kind's rating history in ``viewBox`` units: ``points`` the polyline's, ``dots`` a point per
    game; ``y_ticks`` and ``x_ticks`` (position, label) pairs; ``zero`` the y of a rating of 0;
    ``first`` and ``last`` the ratings after the first and the last game, for the description."""

    kind: str
    label: str
    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    points: str
    dots: tuple[tuple[int, int], ...]
    y_ticks: tuple[tuple[int, int], ...]
    x_ticks: tuple[tuple[int, int], ...]
    zero: int
    first: float
    last: float

    @property
    def games(self) -> int:
        """The games rated: a point each."""
        return len(self.dots)

    @property
    def dotted(self) -> bool:
        """Whether each game is drawn as a dot (up to :data:`DOTTED_UP_TO` games)."""
        return self.games <= DOTTED_UP_TO


def ordinal_chart(kind: str, label: str, ordinals: list[float]) -> RatingChart | None:
    """The chart of ``ordinals`` (one per game, oldest first); ``None`` without any."""
    if not ordinals:
        return None
    width, height, left, right, top, bottom = 340, 150, 36, 330, 10, 126
    low, high = min(0.0, *ordinals), max(0.0, *ordinals)
    step = nice_step(high - low or 1)
    low_tick, high_tick = math.floor(low / step) * step, math.ceil(high / step) * step
    if high_tick == low_tick:
        high_tick = low_tick + step
    last = len(ordinals) - 1

    def x(number: int) -> int:  # whole units: a point per game goes over the wire
        return round(left + (right - left) * number / max(last, 1))

    def y(value: float) -> int:
        return round(bottom - (bottom - top) * (value - low_tick) / (high_tick - low_tick))

    dots = tuple((x(number), y(value)) for number, value in enumerate(ordinals))
    every = max(1, round(len(ordinals) / 8))
    return RatingChart(
        kind=kind,
        label=label,
        width=width,
        height=height,
        left=left,
        right=right,
        top=top,
        bottom=bottom,
        points=" ".join(f"{dot_x},{dot_y}" for dot_x, dot_y in dots),
        dots=dots,
        y_ticks=tuple((y(value), value) for value in range(low_tick, high_tick + 1, step)),
        x_ticks=tuple((x(n - 1), n) for n in range(1, len(ordinals) + 1) if n % every == 0 or n == 1),
        zero=y(0),
        first=ordinals[0],
        last=ordinals[-1],
    )


def rating_charts(player: Player, games: Q) -> list[RatingChart]:
    """``player``'s rating chart in each kind of game they have ratings in, in the order of the
    kinds' choices: their rating after each of ``games`` (a condition on a step's game, as the
    rest of the player's page counts: ``access.game_reach(request, "game__")``). A query per kind
    of game, whatever the number of games."""
    charts = []
    for kind, label in Game.Kind.choices:
        history = rating_history(player, kind, games)
        chart = ordinal_chart(kind, str(label), [ordinal(mu, sigma) for _, mu, sigma in history])
        if chart is not None:
            charts.append(chart)
    return charts


__all__ = ["RatingChart", "ordinal_chart", "rating_charts"]
