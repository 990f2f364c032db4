"""The Mü tables: cards, hand sizes, the team target and the bonus (``mu.md`` §1, §6, §8).

Every function is a pure lookup; the tables are the Mü & mehr rulebook's (§6, §8),
transcribed cell by cell in ``docs/rules/mu.md``.
"""

from __future__ import annotations

from functools import cache

from ..text import gettext_noop

#: The five colours (§1; the cards show red, blue, green, yellow and black).
COLOURS = ("red", "blue", "green", "yellow", "black")

#: Colour names as players read them (msgids).
COLOUR_NAMES = {
    "red": gettext_noop("red"),
    "blue": gettext_noop("blue"),
    "green": gettext_noop("green"),
    "yellow": gettext_noop("yellow"),
    "black": gettext_noop("black"),
}

#: The digits of one colour: 0-9 with 1 and 7 twice (§1).
DIGITS = (0, 1, 1, 2, 3, 4, 5, 6, 7, 7, 8, 9)

#: Cards each player holds, by number of players (§1: 3 -> 12, 4 -> 15, 5 -> 12, 6 -> 10).
HAND_SIZE = {3: 12, 4: 15, 5: 12, 6: 10}

#: The team target for level 1 and the step per level, by players (§6: 10 + 2 x level, ...).
TARGET_BASE = {3: (10, 2), 4: (28, 2), 5: (21, 3), 6: (16, 4)}


def card_points(digit: int) -> int:
    """Card points (triangles) of a card: 1 and 9 -> 0, 6 and 7 -> 2, others 1 (§1)."""
    if digit in (1, 9):
        return 0
    if digit in (6, 7):
        return 2
    return 1


def points_in_deal(players: int) -> int:
    """Card points in a deal: 60, or 36 with 3 players (two colours out) (§1)."""
    return 36 if players == 3 else 60


def team_target(players: int, level: int) -> int:
    """Card points the Chef team needs at ``level`` with ``players`` players (§6 table).

    Raises:
        ValueError: no such cell (level 0 or above the hand size).
    """
    if not 1 <= level <= HAND_SIZE[players]:
        raise ValueError(f"no team target for level {level} with {players} players")
    base, step = TARGET_BASE[players]
    return base + step * level


@cache
def reached_level(players: int, team_points: int) -> int:
    """The highest level whose target ``team_points`` reach, or 0 if not even level 1 (§8.2).
    Remembered: a pure lookup in the §6 table that a game makes again and again."""
    reached = 0
    for level in range(1, HAND_SIZE[players] + 1):
        if team_points >= team_target(players, level):
            reached = level
    return reached


def trump_kind(trump: str | int | None) -> str:
    """The bonus table's row for a Chef trump: ``"colour"``, ``"digit_1_7"``, ``"digit"`` or ``"none"``."""
    if trump is None:
        return "none"
    if isinstance(trump, str):
        return "colour"
    return "digit_1_7" if trump in (1, 7) else "digit"


#: Bonus at level 1 by kind of Chef trump; +10 per level up to the "7+" column (§8 table).
BONUS_BASE = {"colour": 10, "digit_1_7": 20, "digit": 30, "none": 40}


@cache
def bonus(trump: str | int | None, level: int, above_seven: str = "flat") -> int:
    """The bonus for a made game, for the Chef and for the partner each (§8 bonus table; a
    lookup, remembered).

    Args:
        trump: the Chef trump (a colour name, a digit, or ``None`` for no trump).
        level: the Chef's level (cards laid).
        above_seven: ``"flat"`` (the rulebook's single "7+" column: levels above 7
            score as 7) or ``"rising"`` (a house option: +10 per level, at most 100).
    """
    base = BONUS_BASE[trump_kind(trump)]
    if above_seven == "rising":
        return min(base + 10 * (level - 1), 100)
    return base + 10 * (min(level, 7) - 1)


def cards_points(cards: list[tuple[str, int]] | tuple[tuple[str, int], ...]) -> int:
    """The card points (triangles) of the cards a player took, from (colour, digit index) pairs (§1)."""
    return sum(card_points(DIGITS[index]) for _colour, index in cards)
