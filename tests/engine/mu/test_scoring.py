"""Mü scoring, step by step, with every worked example of the rulebook.

Source: docs/rules/mu.md §4 "Chef, Eklat, Vize", §5 "Trumps", §6 "Chef team and
team target", §8 "Scoring", §9 "Score sheet and game end"; Mü & mehr rulebook (001), Beispiel 3, 6-9.
Seats in the rulebook's examples: Anna 0, Beate 1, Conny 2, Dagmar 3, Emma 4.
"""

from __future__ import annotations

import pytest

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.mu.game import Eklat, Played
from scorekeeper.engine.mu.scoring import verify_deal

from .helpers import ANNA, BEATE, CONNY, DAGMAR, EMMA, FIVE, eklat, game, played, score

FOUR = ("Ann", "Bob", "Cat", "Dan")
THREE = ("Ann", "Bob", "Cat")


def texts(hand) -> list[str]:
    return [line.render() for line in hand.lines]


# §4 Eklat --------------------------------------------------------------------------------


def test_eklat_plus_5_per_card_to_the_tied_minus_10_to_the_last_seed_beispiel_3():
    """Beispiel 3: Anna, Conny and Dagmar tie at 3 cards, Dagmar laid last:
    "hätte Dagmar -30 Punkte, Anna und Conny hätten je +15, Beate und Emma keine Punkte"."""
    sheet = score(eklat(3, (ANNA, CONNY, DAGMAR), DAGMAR))
    # Anna 5 x 3 = +15, Beate 0, Conny 5 x 3 = +15, Dagmar -10 x 3 = -30, Emma 0
    assert sheet.hands[0].points == (15, 0, 15, -30, 0)
    assert sheet.totals == (15, 0, 15, -30, 0)
    assert texts(sheet.hands[0]) == [
        "Anna: Eklat, tied on 3 cards: 5 × 3 = +15 (mu.md §4 Eklat)",
        "Conny: Eklat, tied on 3 cards: 5 × 3 = +15 (mu.md §4 Eklat)",
        "Dagmar: Eklat, laid last on 3 cards: -10 × 3 = -30 (mu.md §4 Eklat)",
    ]


def test_eklat_no_card_points_are_scored_the_deal_is_not_played_mu_4():
    """§4: "the deal ends at once, no play": nobody scores card points or a team result."""
    sheet = score(eklat(2, (BEATE, EMMA), BEATE))
    # Beate laid last: -10 x 2 = -20; Emma +5 x 2 = +10
    assert sheet.hands[0].points == (0, -20, 0, 0, 10)
    assert {line.rule for line in sheet.hands[0].lines} == {"eklat"}


def test_all_pass_in_the_first_round_is_an_eklat_without_points_mu_4_seed_passen_alle():
    """Seed §4: "Passen alle in der ersten Runde, so ist dies ein Eklat, bei dem keiner Punkte erhält"."""
    sheet = score(Eklat())
    assert sheet.hands[0].points == (0, 0, 0, 0, 0)
    assert sheet.totals == (0, 0, 0, 0, 0)
    assert texts(sheet.hands[0]) == ["Eklat: everyone passed in the first round, no points (mu.md §4 Eklat)"]


# §6 Team target --------------------------------------------------------------------------


def test_team_needs_33_with_5_players_at_level_4_made_with_exactly_33_seed_beispiel_6():
    """Beispiel 6: 5 players, Dagmar laid 4 cards: "Ihr Team braucht 33 Punkte"; met with "at least" (§6)."""
    sheet = score(played(DAGMAR, 4, (13, 10, 10, 20, 7), partner=ANNA, vize=CONNY, vize_trump=7))
    # Dagmar 20 + Anna 13 = 33 >= 33: made, green (a colour) at level 4: +40 each
    assert sheet.hands[0].points == (13 + 40, 10, 10, 20 + 40, 7)
    assert "Chef team Dagmar & Anna: 33 card points, needed 33 at level 4: made (mu.md §8.2)" in texts(sheet.hands[0])


def test_team_with_32_of_33_loses_by_one_level_seed_beispiel_6():
    sheet = score(played(DAGMAR, 4, (12, 10, 11, 20, 7), partner=ANNA, vize=CONNY, vize_trump=7))
    # 20 + 12 = 32 < 33; reached level 3 (30) -> d = 4 - 3 = 1: Dagmar -10, opponents +5
    assert sheet.hands[0].points == (12, 10 + 5, 11 + 5, 20 - 10, 7 + 5)


# §8 Scoring: made game -------------------------------------------------------------------


def test_made_level_4_with_a_colour_trump_40_each_for_chef_and_partner_seed_beispiel_7():
    """Beispiel 7: "auf Höhe 4 erfolgreich mit Farbtrumpf ... so wäre der Bonus jeweils 40 Punkte für sie und Anna"."""
    sheet = score(played(DAGMAR, 4, (14, 10, 9, 20, 7), partner=ANNA, vize=CONNY, chef_trump="green", vize_trump=7))
    # team 20 + 14 = 34 >= 33. Dagmar 20 + 40 = 60, Anna 14 + 40 = 54, the others their card points
    assert sheet.hands[0].points == (54, 10, 9, 60, 7)
    assert "Dagmar: bonus for level 4 with a colour as Chef trump, +40 (mu.md §8 bonus table)" in texts(sheet.hands[0])
    assert "Anna: bonus for level 4 with a colour as Chef trump, +40 (mu.md §8 bonus table)" in texts(sheet.hands[0])


def test_made_level_4_with_ones_as_trump_50_each_seed_beispiel_7():
    """Beispiel 7: "Mit Einern als Trumpf wäre der Bonus entsprechend 50 Punkte"."""
    sheet = score(played(DAGMAR, 4, (14, 10, 9, 20, 7), partner=ANNA, vize=CONNY, chef_trump=1, vize_trump=7))
    # Dagmar 20 + 50 = 70, Anna 14 + 50 = 64
    assert sheet.hands[0].points == (64, 10, 9, 70, 7)
    assert "Dagmar: bonus for level 4 with 1 or 7 as Chef trump, +50 (mu.md §8 bonus table)" in texts(sheet.hands[0])


@pytest.mark.parametrize(
    ("chef_trump", "bonus"),
    [("red", 40), (7, 50), (1, 50), (0, 60), (5, 60), (9, 60), (None, 70)],
)
def test_the_bonus_depends_on_the_kind_of_chef_trump_only_mu_8_bonus_table(chef_trump, bonus):
    """§8: "by the kind of *Chef* trump"; the Vize's trump (here 7) does not matter."""
    sheet = score(played(DAGMAR, 4, (14, 10, 9, 20, 7), partner=ANNA, vize=CONNY, chef_trump=chef_trump, vize_trump=7))
    assert sheet.hands[0].points == (14 + bonus, 10, 9, 20 + bonus, 7)


def test_chef_may_play_without_trump_even_with_no_vize_mu_5():
    """§5: "Only the Chef may choose no trump; then ... nothing if there is no Vize"."""
    sheet = score(played(DAGMAR, 4, (14, 10, 9, 20, 7), partner=ANNA, chef_trump=None))
    # no trump at level 4: 70 each
    assert sheet.hands[0].points == (84, 10, 9, 90, 7)


def test_levels_above_7_score_as_7_mu_8_bonus_table_7_plus():
    """§8: "a single '7+' column: levels above 7 score as level 7"."""
    deal = Played(0, 10, None, "red", None, 2, (30, 0, 20, 10))  # 4 players, level 10 needs 48; 30 + 20 = 50
    # a colour at 7+: 70 each. Ann 30 + 70, Cat 20 + 70
    assert score(deal, players=FOUR).hands[0].points == (100, 0, 90, 10)


def test_levels_above_7_keep_rising_with_the_house_option_mu_8_rising_capped_at_100():
    deal = Played(0, 10, None, "red", None, 2, (30, 0, 20, 10))
    # a colour at level 10, rising: 10 + 9 x 10 = 100 (the cap). Ann 30 + 100, Cat 20 + 100
    assert score(deal, players=FOUR, bonus_above_seven="rising").hands[0].points == (130, 0, 120, 10)


def test_with_3_players_the_chef_plays_alone_and_alone_gets_the_bonus_mu_6_mu_8():
    deal = Played(0, 5, None, 4, None, None, (20, 10, 6))  # level 5 with 3 players needs 20
    # another digit (4) at level 5: 70 for Ann only
    assert score(deal, players=THREE).hands[0].points == (20 + 70, 10, 6)


# §8 Scoring: lost game ---------------------------------------------------------------------


def test_lost_29_of_33_reached_level_2_difference_2_seed_beispiel_8():
    """Beispiel 8: Dagmar 20, Anna 9, "zusammen 29, so hätten sie nur Spielhöhe 2 statt 4 erfüllt und somit eine
    Differenz von 2. Das macht -20 für Dagmar, und je +10 für Beate, Conny und Emma. Keine Wertung für Dagmars
    Partnerin Anna." (Conny, the Vize, is an opponent.)"""
    sheet = score(played(DAGMAR, 4, (9, 10, 14, 20, 7), partner=ANNA, vize=CONNY, vize_trump=7))
    hand = sheet.hands[0]
    # card points + team: Anna 9 + 0, Beate 10 + 10, Conny 14 + 10, Dagmar 20 - 20, Emma 7 + 10
    assert hand.points == (9, 20, 24, 0, 17)
    team = {line.side: line.points for line in hand.lines if line.rule == "lost_game" and line.side is not None}
    assert team == {ANNA: 0, BEATE: 10, CONNY: 10, DAGMAR: -20, EMMA: 10}
    assert (
        "Chef team Dagmar & Anna: 29 card points, needed 33 at level 4: lost; reached level 2, difference 2"
        " (mu.md §8.2 lost game)"
    ) in texts(hand)
    assert "Anna (partner): no plus, no minus (mu.md §8.2 lost game)" in texts(hand)
    assert "Dagmar (Chef): -10 × 2 = -20 (mu.md §8.2 lost game)" in texts(hand)


def test_lost_with_23_not_even_level_1_difference_4_seed_beispiel_8():
    """Beispiel 8: "Hätten Dagmar und Anna gemeinsam nur 23 Stichpunkte, so hätten sie Differenz 4"."""
    sheet = score(played(DAGMAR, 4, (9, 13, 14, 14, 10), partner=ANNA, vize=CONNY, vize_trump=7))
    # 9 + 14 = 23 < 24 (level 1): reached 0, d = 4. Dagmar 14 - 40, opponents +20, Anna 9 + 0
    assert sheet.hands[0].points == (9, 33, 34, -26, 30)
    assert "reached level 0, difference 4" in texts(sheet.hands[0])[5]


def test_lost_with_3_players_both_opponents_get_5_per_level_mu_8_2():
    deal = Played(0, 6, None, "red", None, None, (17, 10, 9))  # level 6 with 3 players needs 22
    # 17 reaches level 3 (16; level 4 needs 18): d = 3. Ann 17 - 30, Bob 10 + 15, Cat 9 + 15
    assert score(deal, players=THREE).hands[0].points == (-13, 25, 24)


def test_lost_team_scoring_adds_to_the_card_points_never_replaces_them_mu_8_mu_9():
    """§9: "Individual and team points are written per player and added" (the partner keeps their card points)."""
    hand = score(played(DAGMAR, 4, (9, 10, 14, 20, 7), partner=ANNA, vize=CONNY, vize_trump=7)).hands[0]
    individual = [line.points for line in hand.lines if line.rule == "individual"]
    assert individual == [9, 10, 14, 20, 7]
    assert hand.points[ANNA] == 9  # partner: card points, no plus, no minus


def test_made_team_scoring_adds_to_the_card_points_mu_8_mu_9():
    hand = score(played(DAGMAR, 4, (14, 10, 9, 20, 7), partner=ANNA, vize=CONNY, vize_trump=7)).hands[0]
    assert [line.points for line in hand.lines if line.rule == "individual"] == [14, 10, 9, 20, 7]
    assert [line.points for line in hand.lines if line.rule == "bonus"] == [40, 40]
    assert hand.points == (14 + 40, 10, 9, 20 + 40, 7)


# §9 Score sheet (Beispiel 9) ---------------------------------------------------------------


def test_score_sheet_example_eklat_then_a_made_game_with_sevens_then_lost_by_3_seed_beispiel_9():
    """Beispiel 9: "Die erste Runde endete in einem Eklat auf der Höhe 4. In der nächsten Runde gewinnt
    das Team ein Spiel auf Höhe 5 mit Tern als Trumpf. In der letzten Runde geht ein Spiel mit Rot ...
    Differenz 3 verloren."

    The OCR of the score sheet is too garbled for its exact numbers: who was tied,
    who was Chef and partner, and the card points cannot be read. "Tern" is most
    likely "7ern" (sevens; the sheet's trump column reads "...er"); "Einern" (ones)
    would give the same bonus row. Only the structure is certain: an Eklat at 4
    (tied +20, last -40), a made level 5 with 7s (+60 to Chef and partner), a
    lost level 4 with red, difference 3 (Chef -30, opponents +15, visible on the
    sheet as "15", partner 0). Players, seats and card points below are chosen;
    the sheet's "Saldo 20 20 0" fits Anna and Beate tied, Conny 0.
    """
    sheet = score(
        eklat(4, (ANNA, BEATE, DAGMAR), DAGMAR),
        played(CONNY, 5, (9, 10, 22, 5, 14), partner=EMMA, vize=ANNA, chef_trump=7, vize_trump="red"),
        played(DAGMAR, 4, (9, 10, 16, 15, 10), partner=BEATE, vize=EMMA, chef_trump="red", vize_trump=0),
    )
    first, second, third = sheet.hands
    # Eklat at 4: tied +5 x 4 = +20, Dagmar (last) -10 x 4 = -40
    assert first.points == (20, 20, 0, -40, 0)
    # Level 5 needs 36: Conny 22 + Emma 14 = 36, made; 7 as trump at level 5: +60 each
    assert second.points == (9, 10, 22 + 60, 5, 14 + 60)
    # Level 4 needs 33: Dagmar 15 + Beate 10 = 25 reaches level 1 (24): d = 3.
    # Dagmar 15 - 30, Beate 10 + 0, opponents +15
    assert third.points == (9 + 15, 10, 16 + 15, 15 - 30, 10 + 15)
    assert "reached level 1, difference 3" in texts(third)[5]
    # Saldo after each round: the running sums
    assert first.totals == (20, 20, 0, -40, 0)
    assert second.totals == (29, 30, 82, -35, 74)
    assert third.totals == (53, 40, 113, -50, 99)
    assert sheet.totals == third.totals
    assert not sheet.finished and sheet.winner is None


@pytest.mark.parametrize("digit", [7, 1])
def test_tern_read_as_sevens_or_ones_gives_the_same_bonus_seed_beispiel_9(digit):
    """Beispiel 9's "Tern": sevens ("7ern") or ones ("Einern") share the row "digit 1 or 7": 60 at level 5."""
    hand = score(played(CONNY, 5, (9, 10, 22, 5, 14), partner=EMMA, vize=ANNA, chef_trump=digit, vize_trump=2)).hands[0]
    assert [line.points for line in hand.lines if line.rule == "bonus"] == [60, 60]


# §9 Game end ---------------------------------------------------------------------------

FIFTY_EACH_TO_ANN_AND_BOB = eklat(10, (0, 1, 2), 2)  # 4 players: Ann +50, Bob +50, Cat -100


def test_exactly_the_agreed_total_is_not_over_it_mu_9_exceeded():
    """§9: "Play until a player has **exceeded** an agreed total (200 ...)"."""
    sheet = score(*[eklat(10, (0, 1), 1)] * 4, players=FOUR)  # Ann 4 x 50 = 200
    assert sheet.totals == (200, -400, 0, 0)
    assert not sheet.finished and sheet.winner is None and sheet.end is None


def test_going_over_the_agreed_total_ends_the_game_highest_total_wins_mu_9():
    sheet = score(*[eklat(10, (0, 1), 1)] * 4, eklat(1, (0, 1), 1), players=FOUR)  # Ann 200 + 5 = 205
    assert sheet.totals == (205, -410, 0, 0)
    assert sheet.finished and sheet.winner == 0
    assert sheet.end is not None and sheet.end.side == 0
    assert texts(sheet.hands[-1])[-1] == "Ann wins the game with 205 (mu.md §9)"


def test_the_agreed_total_is_a_house_rule_mu_9_game_record_target():
    assert not score(*[eklat(10, (0, 1), 1)] * 2, players=FOUR, target=100).finished  # 100 is not over 100
    sheet = score(*[eklat(10, (0, 1), 1)] * 3, players=FOUR, target=100)  # 150 > 100
    assert sheet.finished and sheet.winner == 0


def test_the_highest_total_wins_when_two_go_over_together_mu_9():
    """§9: "then the player with the most points wins"."""
    start = [FIFTY_EACH_TO_ANN_AND_BOB] * 3 + [eklat(8, (0, 2), 2), eklat(9, (1, 3), 3)]
    # Ann 150 + 40 = 190, Bob 150 + 45 = 195: nobody over 200
    assert not score(*start, players=FOUR).finished
    sheet = score(*start, eklat(3, (0, 1, 2), 2), players=FOUR)
    # +15 each: Ann 205 and Bob 210 are both over; Bob has the most
    assert sheet.totals[:2] == (205, 210)
    assert sheet.finished and sheet.winner == 1
    assert texts(sheet.hands[-1])[-1] == "Bob wins the game with 210 (mu.md §9)"


def test_a_tie_for_the_highest_total_over_the_agreed_total_plays_another_deal_mu_9():
    sheet = score(*[FIFTY_EACH_TO_ANN_AND_BOB] * 5, players=FOUR)
    # Ann 250, Bob 250, both over 200 and tied
    assert sheet.totals == (250, 250, -500, 0)
    assert not sheet.finished and sheet.winner is None
    assert texts(sheet.hands[-1])[-1] == "Ann / Bob are tied at 250: play another deal (mu.md §9)"
    after = score(*[FIFTY_EACH_TO_ANN_AND_BOB] * 5, eklat(1, (0, 1), 1), players=FOUR)
    # Ann 250 + 5 = 255, Bob 250 - 10 = 240
    assert after.finished and after.winner == 0
    assert after.totals == (255, 240, -500, 0)


def test_a_deal_after_the_game_ended_is_an_error_naming_the_deal_mu_9():
    deals = [*[eklat(10, (0, 1), 1)] * 4, eklat(1, (0, 1), 1)]  # Ann wins with 205 after deal 5
    with pytest.raises(RuleError) as caught:
        score(*deals, Eklat(), players=FOUR)
    assert caught.value.hand == 5
    assert str(caught.value) == (
        "Deal 6: The game was already over after deal 5 (Ann won); no deal can follow it. (mu.md §9)"
    )


def test_the_dealers_left_neighbour_deals_next_mu_9():
    """§9: "The dealer's left neighbour deals next" (game-record.md: "the deal passes to the left (next seat)")."""
    mu = game(dealer=DAGMAR)
    # Dagmar 3, Emma 4, Anna 0, Beate 1, ...
    assert [mu.dealer_of(deal) for deal in range(7)] == [DAGMAR, EMMA, ANNA, BEATE, CONNY, DAGMAR, EMMA]


# Invalid deals -------------------------------------------------------------------------

BEISPIEL_8 = {"partner": ANNA, "vize": CONNY, "vize_trump": 7}  # Conny is Vize, Anna the partner


def refused(deal, players=FIVE) -> RuleError:
    """The error ``verify_deal`` raises; also checks that scoring tags it with the deal."""
    with pytest.raises(RuleError) as direct:
        verify_deal(game(players=players), deal)
    with pytest.raises(RuleError) as scored:
        score(Eklat(), deal, players=players)
    assert scored.value.hand == 1 and str(scored.value).startswith("Deal 2: ")
    assert scored.value.field == direct.value.field
    return direct.value


def test_card_points_must_add_up_to_60_mu_1():
    error = refused(played(DAGMAR, 4, (9, 10, 14, 20, 8), **BEISPIEL_8))
    assert error.field == "points"
    assert str(error) == "The card points add up to 61, but a deal has 60. (mu.md §1)"


def test_card_points_must_add_up_to_36_with_3_players_mu_1():
    error = refused(Played(0, 2, None, "red", None, None, (30, 20, 10)), players=THREE)
    assert error.field == "points"
    assert str(error) == "The card points add up to 60, but a deal has 36. (mu.md §1)"


def test_card_points_one_per_player_never_negative_game_record():
    error = refused(played(DAGMAR, 4, (9, 10, 14, 27), **BEISPIEL_8))
    assert error.field == "points"
    assert "Enter the card points of each of the 5 players." in str(error)
    assert refused(played(DAGMAR, 4, (16, 10, 14, 27, -7), **BEISPIEL_8)).field == "points"


def test_the_chef_may_never_pick_the_vize_as_partner_mu_6():
    """§6 / Mü & mehr rulebook §6: "Der Chef darf den Vize nie zu seinem Partner machen"."""
    error = refused(played(DAGMAR, 4, (9, 10, 14, 20, 7), partner=CONNY, vize=CONNY, vize_trump=7))
    assert error.field == "partner"
    assert str(error) == "The Chef may never pick the Vize as partner. (mu.md §6)"


def test_the_chef_cannot_be_their_own_partner_mu_6():
    error = refused(played(DAGMAR, 4, (9, 10, 14, 20, 7), partner=DAGMAR, vize=CONNY, vize_trump=7))
    assert error.field == "partner"
    assert str(error) == "The Chef cannot be their own partner. (mu.md §6)"


def test_with_4_or_more_players_the_chef_picks_a_partner_mu_6():
    error = refused(played(DAGMAR, 4, (9, 10, 14, 20, 7), vize=CONNY, vize_trump=7))
    assert error.field == "partner"
    assert str(error) == "With more than 3 players the Chef picks a partner. (mu.md §6)"


def test_with_3_players_no_partner_mu_6():
    error = refused(Played(0, 2, None, "red", None, 1, (12, 12, 12)), players=THREE)
    assert error.field == "partner"
    assert str(error) == "With 3 players the Chef plays alone: no partner. (mu.md §6)"


def test_with_3_players_no_vize_mu_4():
    """§4: "There is also no Vize with 3 players"."""
    error = refused(Played(0, 2, 1, "red", 5, None, (12, 12, 12)), players=THREE)
    assert error.field == "vize"
    assert str(error) == "With 3 players there is no Vize. (mu.md §4)"


def test_no_vize_when_the_chef_laid_the_only_card_level_1_mu_4_seed_sonderfall():
    """Seed §4: "keinen Vize ... in dem Sonderfall, daß der Chef als einziger eine Karte aufgedeckt hat"."""
    with pytest.raises(RuleError) as caught:
        verify_deal(game(), played(DAGMAR, 1, (9, 10, 14, 20, 7), partner=ANNA, vize=CONNY, vize_trump=7))
    assert caught.value.field == "vize"


def test_the_chef_is_not_the_vize_mu_4():
    error = refused(played(DAGMAR, 4, (9, 10, 14, 20, 7), partner=ANNA, vize=DAGMAR, vize_trump=7))
    assert error.field == "vize"
    assert str(error) == "The Chef cannot also be the Vize. (mu.md §4)"


@pytest.mark.parametrize(
    ("players", "level", "most"),
    [(THREE, 13, 12), (FOUR, 16, 15), (("A", "B", "C", "D", "E"), 13, 12), (("A", "B", "C", "D", "E", "F"), 11, 10)],
)
def test_the_level_is_at_most_the_hand_size_mu_1_mu_6(players, level, most):
    count = len(players)
    points = (36, 0, 0) if count == 3 else (60,) + (0,) * (count - 1)
    deal = Played(0, level, None, "red", None, None if count == 3 else 1, points)
    error = refused(deal, players=players)
    assert error.field == "level"
    assert str(error) == f"The Chef's level is from 1 to {most} cards with {count} players. (mu.md §1, §6)"


@pytest.mark.parametrize("level", [0, -1])
def test_the_level_is_at_least_1_mu_6(level):
    error = refused(played(DAGMAR, level, (9, 10, 14, 20, 7), **BEISPIEL_8))
    assert error.field == "level"
    assert str(error) == "The Chef's level is from 1 to 12 cards with 5 players. (mu.md §1, §6)"


def test_the_vize_must_choose_a_trump_only_the_chef_may_play_without_mu_5():
    """§5: "Only the Chef may choose no trump"."""
    error = refused(played(DAGMAR, 4, (9, 10, 14, 20, 7), partner=ANNA, vize=CONNY, vize_trump=None))
    assert error.field == "vize_trump"
    assert str(error) == "Only the Chef may choose no trump. (mu.md §5)"


def test_no_vize_trump_without_a_vize_mu_5():
    error = refused(played(DAGMAR, 4, (9, 10, 14, 20, 7), partner=ANNA, vize_trump="red"))
    assert error.field == "vize_trump"
    assert str(error) == "Without a Vize there is no Vize trump. (mu.md §5)"


TRUMP_ERROR = "A trump is a colour (red, blue, green, yellow, black) or a digit from 0 to 9. (mu.md §5)"


@pytest.mark.parametrize("trump", ["purple", "Red", "", "7", 10, -1, True, 7.0, [7]])
def test_a_chef_trump_is_a_colour_or_a_digit_0_to_9_mu_5(trump):
    error = refused(played(DAGMAR, 4, (9, 10, 14, 20, 7), chef_trump=trump, **BEISPIEL_8))
    assert error.field == "chef_trump"
    assert str(error) == TRUMP_ERROR


@pytest.mark.parametrize("trump", ["purple", 10, -1, False, 3.0])
def test_a_vize_trump_is_a_colour_or_a_digit_0_to_9_mu_5(trump):
    error = refused(played(DAGMAR, 4, (9, 10, 14, 20, 7), partner=ANNA, vize=CONNY, vize_trump=trump))
    assert error.field == "vize_trump"
    assert str(error) == TRUMP_ERROR


@pytest.mark.parametrize("name", ["chef", "vize", "partner"])
@pytest.mark.parametrize("seat", [5, -1, True])
def test_seats_are_0_to_the_last_seat_game_record(name, seat):
    values = {"chef": DAGMAR, "vize": CONNY, "partner": ANNA, name: seat}
    deal = Played(values["chef"], 4, values["vize"], "green", 7, values["partner"], (9, 10, 14, 20, 7))
    error = refused(deal)
    assert error.field == name
    assert str(error) == f"'{name}' must be a seat from 0 to 4. (game-record.md)"


@pytest.mark.parametrize(
    "deal",
    [
        Eklat(3, (DAGMAR,), DAGMAR),  # one player alone with the most is a Chef, not an Eklat
        Eklat(3, (), None),
        Eklat(3, (DAGMAR, DAGMAR), DAGMAR),  # not two different players
        Eklat(3, (DAGMAR, 5), DAGMAR),  # no such seat
    ],
)
def test_an_eklat_needs_two_or_more_tied_players_mu_4(deal):
    """§4: "Eklat when no single player has the most"."""
    error = refused(deal)
    assert error.field == "eklat"
    assert str(error) == "An Eklat needs two or more different tied players. (mu.md §4 Eklat)"


def test_the_player_who_laid_last_is_one_of_the_tied_mu_4():
    error = refused(Eklat(3, (ANNA, CONNY), DAGMAR))
    assert error.field == "eklat"
    assert str(error) == "The player who laid last must be one of the tied players. (mu.md §4 Eklat)"
    assert refused(Eklat(3, (ANNA, CONNY), None)).field == "eklat"


@pytest.mark.parametrize("level", [0, 13])
def test_an_eklat_level_is_1_to_the_hand_size_mu_4(level):
    error = refused(Eklat(level, (ANNA, CONNY), ANNA))
    assert error.field == "eklat"
    assert str(error) == "An Eklat's level is from 1 to 12 cards. (mu.md §4 Eklat)"


def test_an_eklat_where_everyone_passed_has_no_tied_players_mu_4():
    error = refused(Eklat(None, (ANNA, CONNY), ANNA))
    assert error.field == "eklat"
    assert str(error) == "An Eklat where everyone passed has no tied players. (mu.md §4 Eklat)"
