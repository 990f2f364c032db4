"""Standings, the next round and the champion of an event (docs/event-record.md, "Standings", "The
next round", "What python manage.py event FILE prints"), worked out by hand from real games."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.events.next_round import progress, score_event, score_event_json
from scorekeeper.engine.events.record import parse_event
from scorekeeper.engine.events.standings import standings

from .test_record import (
    ACES,
    BOTH_SET,
    FIRST_SEAT_CHEF,
    FIRST_WINS,
    JACKS,
    KINGS,
    QUEENS,
    ROUND_1,
    SECOND_SEAT_CHEF,
    SECOND_WINS,
    SECOND_WINS_BY_101,
    mu_event,
    mu_table,
    team_table,
    teams_event,
)

FIELDS = ("entrant", "rank", "played", "wins", "losses", "byes", "points_for", "points_against", "differential")

#: Round 2 of the teams event: Kings beat Aces 101 to -40; Queens forfeit to Jacks.
ROUND_2 = {"tables": [team_table(ACES, KINGS, SECOND_WINS_BY_101), team_table(JACKS, QUEENS, forfeit=QUEENS)]}


def rows(data: dict[str, Any]) -> list[tuple[int, ...]]:
    """The standings as (entrant, rank, played, wins, losses, byes, for, against, differential), in rank order."""
    return [tuple(line[field] for field in FIELDS) for line in score_event(data)["standings"]]


def test_a_team_event_by_hand():
    """Round 1: Aces 100 v Queens -40, Jacks -40 v Kings 100. Round 2: Aces -40 v Kings 101, Queens forfeit
    to Jacks (a win, no points; they have met). Ranked by wins, then differential, then points for."""
    output = score_event(teams_event(ROUND_1, ROUND_2))
    assert rows(teams_event(ROUND_1, ROUND_2)) == [
        (KINGS, 1, 2, 2, 0, 0, 201, -80, 281),
        (ACES, 2, 2, 1, 1, 0, 60, 61, -1),
        (JACKS, 3, 2, 1, 1, 0, -40, 100, -140),
        (QUEENS, 4, 2, 0, 2, 0, -40, 100, -140),
    ]
    assert output["standings"][0]["name"] == "Kings"
    assert list(output["standings"][0]) == ["entrant", "name", *FIELDS[1:]]
    assert (output["round"], output["complete"], output["champion"]) == (2, True, None)
    # Round robin: the two pairs that have not met (the forfeit's teams have) are the last round.
    assert output["next_round"] == {"tables": [{"entrants": [ACES, JACKS]}, {"entrants": [KINGS, QUEENS]}], "bye": []}


def test_the_round_robin_ends_when_every_pair_has_met_and_ranked_1_alone_is_champion():
    round_3 = {"tables": [team_table(ACES, JACKS, FIRST_WINS), team_table(KINGS, QUEENS, FIRST_WINS)]}
    output = score_event(teams_event(ROUND_1, ROUND_2, round_3))
    assert [(line["entrant"], line["rank"], line["wins"]) for line in output["standings"]] == [
        (KINGS, 1, 3),
        (ACES, 2, 2),
        (JACKS, 3, 1),
        (QUEENS, 4, 0),
    ]
    assert (output["round"], output["complete"], output["next_round"], output["champion"]) == (3, True, None, KINGS)


def test_equals_share_a_rank_the_next_skips_and_they_are_listed_in_entrant_order():
    """Aces and Kings: 1 win, +140, 100 points each (rank 1, 1); Jacks and Queens: 0, -140, -40 (3, 3)."""
    assert rows(teams_event(ROUND_1)) == [
        (ACES, 1, 1, 1, 0, 0, 100, -40, 140),
        (KINGS, 1, 1, 1, 0, 0, 100, -40, 140),
        (JACKS, 3, 1, 0, 1, 0, -40, 100, -140),
        (QUEENS, 3, 1, 0, 1, 0, -40, 100, -140),
    ]


def test_ranked_by_points_then_wins_then_differential():
    """Round 1 as before; round 2 Aces v Kings still playing (-80 each: no result), Queens forfeit to
    Jacks. By points: Aces and Kings 100 (1 win, +140: equal), Jacks -40 with a win above Queens -40."""
    round_2 = {"tables": [team_table(ACES, KINGS, BOTH_SET), team_table(JACKS, QUEENS, forfeit=QUEENS)]}
    data = teams_event(ROUND_1, round_2, rank_by="points")
    assert rows(data) == [
        (ACES, 1, 1, 1, 0, 0, 100, -40, 140),
        (KINGS, 1, 1, 1, 0, 0, 100, -40, 140),
        (JACKS, 3, 2, 1, 1, 0, -40, 100, -140),
        (QUEENS, 4, 2, 0, 2, 0, -40, 100, -140),
    ]
    output = score_event(data)
    # The last round is not complete: no next round yet.
    assert (output["round"], output["complete"], output["next_round"], output["champion"]) == (2, False, None, None)


def test_nothing_played_every_entrant_equal_and_round_1_paired():
    output = score_event(teams_event())
    assert [(line["entrant"], line["rank"], line["played"]) for line in output["standings"]] == [
        (0, 1, 0),
        (1, 1, 0),
        (2, 1, 0),
        (3, 1, 0),
    ]
    assert (output["round"], output["complete"]) == (0, True)
    assert output["next_round"] is not None and len(output["next_round"]["tables"]) == 2


def test_swiss_byes_count_as_wins_without_points():
    """Three teams, Swiss: round 1 the last seed has the bye, 1 v 2. Kings' bye is a win with no game
    and no points; round 2 the bye goes to the lowest ranked team without one (Jacks)."""
    data = teams_event(
        {"tables": [team_table(ACES, JACKS, FIRST_WINS)], "bye": [KINGS]},
        pairing="swiss",
        rounds=2,
        entrants=teams_event()["entrants"][:3],
    )
    assert rows(data) == [
        (ACES, 1, 1, 1, 0, 0, 100, -40, 140),
        (KINGS, 2, 0, 1, 0, 1, 0, 0, 0),
        (JACKS, 3, 1, 0, 1, 0, -40, 100, -140),
    ]
    assert score_event(data)["next_round"] == {"tables": [{"entrants": [ACES, KINGS]}], "bye": [JACKS]}
    first = score_event({**data, "played": []})
    assert first["next_round"] == {"tables": [{"entrants": [ACES, JACKS]}], "bye": [KINGS]}


def test_swiss_is_over_after_its_rounds():
    data = teams_event(ROUND_1, pairing="swiss", rounds=1)
    output = score_event(data)
    assert (output["next_round"], output["champion"]) == (None, None)  # Aces and Kings share rank 1
    assert progress(parse_event(data)).over


def test_a_withdrawn_team_is_paired_no_more_its_results_stand():
    data = teams_event(ROUND_1, withdrawn=[QUEENS], pairing="swiss", rounds=3)
    output = score_event(data)
    assert [line["entrant"] for line in output["standings"]][-1] == QUEENS
    next_round = output["next_round"]
    assert next_round["bye"] and QUEENS not in next_round["bye"]
    assert all(QUEENS not in table["entrants"] for table in next_round["tables"])


# --- individual ------------------------------------------------------------------------------------------------------

#: Round 1: Anna 40 Beate 10 Conny 6 (Anna wins); Dagmar 40 Emma 10 Frieda 6 (Dagmar wins).
MU_ROUND_1 = {"tables": [mu_table([0, 1, 2], FIRST_SEAT_CHEF), mu_table([3, 4, 5], FIRST_SEAT_CHEF)]}
#: Round 2: Emma forfeits to Anna and Conny; Dagmar 10, Beate 40, Frieda 6 (Beate wins).
MU_ROUND_2 = {"tables": [mu_table([0, 4, 2], forfeit=4), mu_table([3, 1, 5], SECOND_SEAT_CHEF)]}


def test_an_individual_mu_event_by_hand():
    """Each player's own total for, the best other total at the table against; ranked by points
    (Mü's default), then wins, then differential. Beate (10 v 40, then 40 v 10) and Dagmar (40 v 10,
    then 10 v 40) are equal on all three: they share rank 1, and so there is no champion."""
    data = mu_event(MU_ROUND_1, MU_ROUND_2)
    assert rows(data) == [
        (1, 1, 2, 1, 1, 0, 50, 50, 0),
        (3, 1, 2, 1, 1, 0, 50, 50, 0),
        (0, 3, 2, 2, 0, 0, 40, 10, 30),
        (5, 4, 2, 0, 2, 0, 12, 80, -68),
        (4, 5, 2, 0, 2, 0, 10, 40, -30),
        (2, 6, 2, 1, 1, 0, 6, 40, -34),
    ]
    output = score_event(data)
    # Two rounds planned, both complete: over; rank 1 is shared, so no champion.
    assert (output["round"], output["complete"], output["next_round"], output["champion"]) == (2, True, None, None)


def test_an_individual_mu_event_ranked_by_wins_has_its_champion():
    data = mu_event(MU_ROUND_1, MU_ROUND_2, rank_by="wins")
    assert [row[:2] for row in rows(data)] == [(0, 1), (1, 2), (3, 2), (2, 4), (4, 5), (5, 6)]
    assert score_event(data)["champion"] == 0


def test_individual_mu_ties_share_ranks():
    """After round 1, Anna and Dagmar (40, 1 win, +30), Beate and Emma, Conny and Frieda are equal."""
    assert [row[:2] for row in rows(mu_event(MU_ROUND_1))] == [(0, 1), (3, 1), (1, 3), (4, 3), (2, 5), (5, 5)]


def test_the_rotation_pairs_the_next_round_in_tables_of_the_preferred_size():
    output = score_event(mu_event(MU_ROUND_1))
    tables = output["next_round"]["tables"]
    assert sorted(len(table["entrants"]) for table in tables) == [3, 3] and output["next_round"]["bye"] == []
    seated = [entrant for table in tables for entrant in table["entrants"]]
    assert sorted(seated) == list(range(6))


def test_individual_spades_sitting_out_is_a_bye_a_win():
    players = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    game = {
        "format": "scorekeeper-game/1",
        "game": "spades",
        "players": players[:4],
        "dealer": 0,
        "rules": {"preset": "standard", "target": 100},
        "hands": [FIRST_WINS],
    }
    data = {
        "format": "scorekeeper-event/1",
        "game": "spades",
        "rules": {"preset": "standard", "target": 100},
        "style": "individual",
        "pairing": "rotation",
        "rounds": 3,
        "entrants": [{"name": name} for name in players],
        "played": [{"tables": [{"entrants": [0, 1, 2, 3], "game": game}], "bye": [4]}],
    }
    assert rows(data) == [
        (0, 1, 1, 1, 0, 0, 100, -40, 140),
        (2, 1, 1, 1, 0, 0, 100, -40, 140),
        (4, 3, 0, 1, 0, 1, 0, 0, 0),
        (1, 4, 1, 0, 1, 0, -40, 100, -140),
        (3, 4, 1, 0, 1, 0, -40, 100, -140),
    ]
    next_round = score_event(data)["next_round"]
    assert len(next_round["tables"]) == 1 and len(next_round["bye"]) == 1 and 4 not in next_round["bye"]


# --- elimination -----------------------------------------------------------------------------------------------------


def test_single_elimination_by_the_bracket_champion_and_ranks_by_round_reached():
    """Four teams: 1 v 4 and 2 v 3, then the final. Ranks: the champion 1, the final's loser 2, the
    semi-finals' losers 3 (shared), whatever their points."""
    data = teams_event(pairing="single_elimination")
    assert score_event(data)["next_round"] == {
        "tables": [{"entrants": [ACES, QUEENS]}, {"entrants": [JACKS, KINGS]}],
        "bye": [],
    }
    data["played"] = [ROUND_1]
    assert score_event(data)["next_round"] == {"tables": [{"entrants": [ACES, KINGS]}], "bye": []}
    data["played"].append({"tables": [team_table(ACES, KINGS, SECOND_WINS)]})
    output = score_event(data)
    assert [(line["entrant"], line["rank"]) for line in output["standings"]] == [
        (KINGS, 1),
        (ACES, 2),
        (JACKS, 3),
        (QUEENS, 3),
    ]
    assert (output["round"], output["complete"], output["next_round"], output["champion"]) == (2, True, None, KINGS)


def test_single_elimination_missing_seeds_are_byes_for_the_top_seeds():
    data = teams_event(pairing="single_elimination", entrants=teams_event()["entrants"][:3])
    assert score_event(data)["next_round"] == {"tables": [{"entrants": [JACKS, KINGS]}], "bye": [ACES]}


def test_a_withdrawn_teams_opponent_goes_through_by_a_bye():
    """Queens withdrew before the semi-final: Aces are given the bye (a walkover), the bracket goes on."""
    data = teams_event(pairing="single_elimination", withdrawn=[QUEENS])
    assert score_event(data)["next_round"] == {"tables": [{"entrants": [JACKS, KINGS]}], "bye": [ACES]}
    data["played"] = [{"tables": [team_table(JACKS, KINGS, FIRST_WINS)], "bye": [ACES]}]
    assert score_event(data)["next_round"] == {"tables": [{"entrants": [ACES, JACKS]}], "bye": []}


def test_double_elimination_the_bracket_reset():
    """Two teams: the first final, won by the losers' bracket's team (Jacks), is followed by a second."""
    data = teams_event(pairing="double_elimination", entrants=teams_event()["entrants"][:2])
    data["played"] = [{"tables": [team_table(ACES, JACKS, FIRST_WINS)]}]
    assert score_event(data)["next_round"] == {"tables": [{"entrants": [ACES, JACKS]}], "bye": []}
    data["played"].append({"tables": [team_table(ACES, JACKS, SECOND_WINS)]})
    output = score_event(data)
    assert (output["next_round"], output["champion"]) == ({"tables": [{"entrants": [ACES, JACKS]}], "bye": []}, None)
    data["played"].append({"tables": [team_table(ACES, JACKS, SECOND_WINS)]})
    output = score_event(data)
    assert (output["next_round"], output["champion"]) == (None, JACKS)
    assert [(line["entrant"], line["rank"], line["wins"], line["losses"]) for line in output["standings"]] == [
        (JACKS, 1, 2, 1),
        (ACES, 2, 1, 2),
    ]


def test_standings_are_every_entrant_in_rank_order():
    event = parse_event(teams_event(ROUND_1, ROUND_2))
    lines = standings(event)
    assert sorted(line.entrant for line in lines) == [0, 1, 2, 3]
    assert [line.rank for line in lines] == sorted(line.rank for line in lines)


# --- the printed document ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [teams_event(ROUND_1, ROUND_2), mu_event(MU_ROUND_1), teams_event(pairing="single_elimination")],
    ids=["teams", "mu", "bracket"],
)
def test_the_json_text_is_the_document_laid_out_a_standing_a_line(data):
    text = score_event_json(data)
    assert json.loads(text) == score_event(data)
    lines = text.splitlines()
    assert lines[0] == "{" and lines[1] == '  "standings": [' and lines[-1] == "}"
    assert [line.split(":")[0].strip() for line in lines[-5:-1]] == [
        '"round"',
        '"complete"',
        '"next_round"',
        '"champion"',
    ]
    assert sum(line.startswith('    {"entrant": ') for line in lines) == len(data["entrants"])
    assert list(json.loads(text)) == ["standings", "round", "complete", "next_round", "champion"]


def test_a_table_the_rotation_cannot_seat_is_an_error_not_a_crash():
    """Six-player Spades tables: the rotation seats 2 to 4 a Spades table, so the next round cannot be paired."""
    data = mu_event(game="spades", rules={"preset": "six_player", "target": 100})
    del data["table_size"]
    with pytest.raises(RuleError, match=r"^The next round cannot be paired: a Spades table seats 2, 3 or 4 players"):
        score_event(data)
