"""The Mü tables: card points, hand sizes, every team target and every bonus.

Source: docs/rules/mu.md §1 "Cards", §6 "Chef team and team target", §8 "Bonus for
a made game" (Mü & mehr rulebook, 001: "1. Material", "6. Das Chefteam", "8. Wertung").
Expected values are the tables written out cell by cell (helpers.TEAM_TARGETS, ...),
never the engine's formulas.
"""

from __future__ import annotations

import pytest

from scorekeeper.engine.mu.tables import (
    COLOURS,
    DIGITS,
    HAND_SIZE,
    bonus,
    card_points,
    points_in_deal,
    reached_level,
    team_target,
    trump_kind,
)

from .helpers import BONUS_TABLE, POINTS_IN_DEAL, TEAM_TARGETS

# §1 Cards ------------------------------------------------------------------------------


def test_five_colours_of_twelve_cards_with_1_and_7_twice_mu_1():
    """§1: 5 colours x 12 cards, digits 0-9 with 1 and 7 twice (Mü & mehr rulebook: "1 & 7 sind doppelt vorhanden!")."""
    assert COLOURS == ("red", "blue", "green", "yellow", "black")
    assert DIGITS == (0, 1, 1, 2, 3, 4, 5, 6, 7, 7, 8, 9)
    assert len(COLOURS) * len(DIGITS) == 60


@pytest.mark.parametrize(
    ("digit", "points"),
    [(0, 1), (1, 0), (2, 1), (3, 1), (4, 1), (5, 1), (6, 2), (7, 2), (8, 1), (9, 0)],
)
def test_card_points_per_digit_mu_1(digit, points):
    """§1: 1 and 9 = 0, 6 and 7 = 2, all others (0, 2, 3, 4, 5, 8) = 1 triangle."""
    assert card_points(digit) == points


def test_a_colour_holds_12_card_points_mu_1():
    # 0:1 + 1:0 + 1:0 + 2:1 + 3:1 + 4:1 + 5:1 + 6:2 + 7:2 + 7:2 + 8:1 + 9:0 = 12
    assert sum(card_points(digit) for digit in DIGITS) == 12


def test_a_deal_holds_60_card_points_mu_1():
    # 5 colours x 12 = 60
    assert len(COLOURS) * sum(map(card_points, DIGITS)) == 60
    for players in (4, 5, 6):
        assert points_in_deal(players) == 60 == POINTS_IN_DEAL[players]


def test_with_3_players_two_colours_are_out_36_card_points_mu_1_seed_2_spielvorbereitung():
    """Seed "2. Spielvorbereitung": "Bei drei Spielern werden zwei Farben aussortiert"."""
    # 3 colours x 12 = 36
    assert (len(COLOURS) - 2) * sum(map(card_points, DIGITS)) == 36
    assert points_in_deal(3) == 36 == POINTS_IN_DEAL[3]


@pytest.mark.parametrize(("players", "cards"), [(3, 12), (4, 15), (5, 12), (6, 10)])
def test_hand_size_deals_every_card_mu_1(players, cards):
    """§1: 3 -> 12, 4 -> 15, 5 -> 12, 6 -> 10 cards; 36 cards with 3 players, 60 otherwise."""
    assert HAND_SIZE[players] == cards
    assert players * cards == (36 if players == 3 else 60)


# §6 Team target ------------------------------------------------------------------------

TARGET_CELLS = [
    (players, level, target) for players, row in TEAM_TARGETS.items() for level, target in enumerate(row, 1)
]


@pytest.mark.parametrize(("players", "level", "target"), TARGET_CELLS)
def test_every_team_target_cell_mu_6_table(players, level, target):
    assert team_target(players, level) == target


def test_the_team_target_table_has_one_cell_per_card_in_hand_mu_6_table():
    """§6: the table's "-" cells start right after the hand size (12, 15, 12, 10 cards)."""
    assert len(TARGET_CELLS) == 12 + 15 + 12 + 10
    assert {players: len(row) for players, row in TEAM_TARGETS.items()} == HAND_SIZE


BEYOND = [(players, level) for players in (3, 4, 5, 6) for level in (-1, 0, *range(HAND_SIZE[players] + 1, 17))]


@pytest.mark.parametrize(("players", "level"), BEYOND)
def test_no_team_target_at_level_0_or_beyond_the_hand_size_mu_6_table(players, level):
    """§6: a "-" cell (3 players level 13-15, 5 players 13-15, 6 players 11-15) is no target."""
    with pytest.raises(ValueError, match=f"no team target for level {level} with {players} players"):
        team_target(players, level)


def test_rulebook_example_5_players_4_cards_need_33_seed_beispiel_6():
    """Beispiel 6: "Dagmar hatte ... vier Karten aufgedeckt. Sie spielen zu fünft. Ihr Team braucht 33 Punkte"."""
    assert team_target(5, 4) == 33


# §8.2 Reached level (lost game) --------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "team_points", "reached"),
    [
        (5, 29, 2),  # Beispiel 8: 29 >= 27 (level 2), < 30 (level 3)
        (5, 23, 0),  # Beispiel 8: 23 < 24 (level 1): "nicht einmal die Punkte für eine Karte" -> 0
        (5, 24, 1),
        (5, 60, 12),
        (3, 0, 0),
        (3, 11, 0),
        (3, 12, 1),
        (3, 35, 12),
        (3, 36, 12),
        (4, 29, 0),
        (4, 30, 1),
        (4, 57, 14),
        (4, 58, 15),
        (6, 19, 0),
        (6, 20, 1),
        (6, 59, 10),
    ],
)
def test_reached_level_including_0_mu_8_2(players, team_points, reached):
    assert reached_level(players, team_points) == reached


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_reached_level_for_every_possible_team_score_mu_8_2(players):
    """§8.2: the highest level whose target the points reach, else 0 (all 0..60 points)."""
    row = TEAM_TARGETS[players]
    for team_points in range(POINTS_IN_DEAL[players] + 1):
        expected = sum(1 for target in row if team_points >= target)  # targets rise, so a count is the level
        assert reached_level(players, team_points) == expected, team_points


# §8 Bonus ------------------------------------------------------------------------------

TRUMPS = [
    *((colour, "colour") for colour in ("red", "blue", "green", "yellow", "black")),
    (1, "digit_1_7"),
    (7, "digit_1_7"),
    *((digit, "digit") for digit in (0, 2, 3, 4, 5, 6, 8, 9)),
    (None, "none"),
]


@pytest.mark.parametrize(("trump", "kind"), TRUMPS)
def test_trump_kind_picks_the_bonus_row_mu_8_bonus_table(trump, kind):
    """§8: rows "a colour", "digit 1 or 7", "another digit (0, 2-6, 8, 9)", "no trump"."""
    assert trump_kind(trump) == kind


@pytest.mark.parametrize(("trump", "kind"), TRUMPS)
@pytest.mark.parametrize("level", range(1, 16))
def test_bonus_for_every_trump_and_level_with_the_flat_7_plus_column_mu_8_bonus_table(trump, kind, level):
    """§8: "a single '7+' column: levels above 7 score as level 7" (the default house rule)."""
    expected = BONUS_TABLE[kind][min(level, 7) - 1]
    assert bonus(trump, level) == expected
    assert bonus(trump, level, above_seven="flat") == expected


#: The "rising" house reading (mu.md §8: "keeps rising and caps at 100"), levels 1-15, written out.
RISING: dict[str, tuple[int, ...]] = {
    "colour": (10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 100, 100, 100, 100, 100),
    "digit_1_7": (20, 30, 40, 50, 60, 70, 80, 90, 100, 100, 100, 100, 100, 100, 100),
    "digit": (30, 40, 50, 60, 70, 80, 90, 100, 100, 100, 100, 100, 100, 100, 100),
    "none": (40, 50, 60, 70, 80, 90, 100, 100, 100, 100, 100, 100, 100, 100, 100),
}


@pytest.mark.parametrize(("trump", "kind"), TRUMPS)
@pytest.mark.parametrize("level", range(1, 16))
def test_bonus_for_every_trump_and_level_rising_capped_at_100_mu_8_house_option(trump, kind, level):
    assert bonus(trump, level, above_seven="rising") == RISING[kind][level - 1]


def test_rising_and_flat_agree_up_to_level_7_mu_8_bonus_table():
    for kind, row in BONUS_TABLE.items():
        assert RISING[kind][:7] == row


def test_rulebook_example_level_4_colour_40_ones_50_seed_beispiel_7():
    """Beispiel 7: "auf Höhe 4 erfolgreich mit Farbtrumpf ... 40 Punkte ... Mit Einern als Trumpf ... 50"."""
    assert bonus("green", 4) == 40
    assert bonus(1, 4) == 50
