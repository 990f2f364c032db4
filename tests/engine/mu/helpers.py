"""Building Mü games for the engine tests, and the rulebook's tables written out literally.

The tables are copied cell by cell from docs/rules/mu.md §6 and §8, never computed
from the engine's formulas, so the tests check the engine against the rulebook.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.mu.game import Eklat, MuDeal, MuGame, Played
from scorekeeper.engine.mu.rules import mu_rules
from scorekeeper.engine.mu.scoring import score_mu
from scorekeeper.engine.sheet import Sheet

#: The rulebook's players (Beispiel 1-9), in seating order.
ANNA, BEATE, CONNY, DAGMAR, EMMA = range(5)
FIVE = ("Anna", "Beate", "Conny", "Dagmar", "Emma")

#: mu.md §6 "Chef team and team target": the team target by players, level 1 upwards ("-" cells left out).
TEAM_TARGETS: dict[int, tuple[int, ...]] = {
    3: (12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34),
    4: (30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58),
    5: (24, 27, 30, 33, 36, 39, 42, 45, 48, 51, 54, 57),
    6: (20, 24, 28, 32, 36, 40, 44, 48, 52, 56),
}

#: mu.md §6, last column "points in deal".
POINTS_IN_DEAL = {3: 36, 4: 60, 5: 60, 6: 60}

#: mu.md §8 "Bonus for a made game": levels 1, 2, 3, 4, 5, 6, 7+ by kind of Chef trump.
BONUS_TABLE: dict[str, tuple[int, ...]] = {
    "colour": (10, 20, 30, 40, 50, 60, 70),
    "digit_1_7": (20, 30, 40, 50, 60, 70, 80),
    "digit": (30, 40, 50, 60, 70, 80, 90),
    "none": (40, 50, 60, 70, 80, 90, 100),
}


def kind_of(trump: Any) -> str:
    """The bonus table's row (an oracle independent of ``tables.trump_kind``)."""
    if trump is None:
        return "none"
    if trump in (1, 7):
        return "digit_1_7"
    if isinstance(trump, int):
        return "digit"
    return "colour"


def rulebook_bonus(trump: Any, level: int) -> int:
    """The bonus the printed table gives: every level above 7 reads the "7+" column."""
    return BONUS_TABLE[kind_of(trump)][min(level, 7) - 1]


def rulebook_reached(players: int, team_points: int) -> int:
    """§8.2: the highest level whose target the team reached, 0 if not even level 1."""
    return max((level for level, target in enumerate(TEAM_TARGETS[players], 1) if team_points >= target), default=0)


def played(
    chef: int,
    level: int,
    points: tuple[int, ...],
    *,
    partner: int | None = None,
    vize: int | None = None,
    chef_trump: Any = "green",
    vize_trump: Any = None,
) -> Played:
    """A played deal; keyword arguments read like the table talk."""
    return Played(chef, level, vize, chef_trump, vize_trump, partner, tuple(points))


def game(*deals: MuDeal, players: tuple[str, ...] = FIVE, dealer: int = 0, **rules: Any) -> MuGame:
    """A Mü game of ``deals`` under ``rules`` (record keys)."""
    return MuGame(players=players, dealer=dealer, rules=mu_rules(rules), deals=tuple(deals))


def score(*deals: MuDeal, players: tuple[str, ...] = FIVE, **rules: Any) -> Sheet:
    """Score ``deals`` (see :func:`game`)."""
    return score_mu(game(*deals, players=players, **rules))


def eklat(level: int, tied: tuple[int, ...], last: int) -> Eklat:
    return Eklat(level, tuple(tied), last)
