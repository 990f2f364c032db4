"""A table's optional ``result`` (docs/event-record.md, "In Scorekeeper"): the organiser's result,
``{"points": [...]}``, a whole number per entrant in the table's order, partners equal. The side
with the most points wins (none on a tie at the top); each entrant gets its side's points, against it
the best other side's. It replaces the game's own result, never stands beside a forfeit, and every
refusal names the round and table ("In round r, table t: ...").
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scorekeeper.engine.events.next_round import score_event
from scorekeeper.engine.events.record import EventError, event_record, parse_event

from .test_record import (
    ACES,
    FIRST_WINS,
    JACKS,
    KINGS,
    QUEENS,
    ROUND_1,
    SPADES_RULES,
    mu_event,
    mu_table,
    spades_game,
    team_table,
    teams_event,
)

INDIVIDUALS = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def with_result(table: dict[str, Any], points: Any) -> dict[str, Any]:
    return {**table, "result": points if not isinstance(points, list) else {"points": points}}


def individual_event(*tables: dict[str, Any]) -> dict[str, Any]:
    """Individual Spades (4 seats, partners 0 + 2 and 1 + 3) of INDIVIDUALS, one round, Eve sitting out."""
    return {
        "format": "scorekeeper-event/1",
        "game": "spades",
        "rules": dict(SPADES_RULES),
        "style": "individual",
        "pairing": "rotation",
        "rounds": 2,
        "entrants": [{"name": name} for name in INDIVIDUALS],
        "played": [{"tables": list(tables), "bye": [4]}],
    }


def only_table(data: dict[str, Any], round: int = 0, number: int = 0) -> Any:
    return parse_event(data).played[round].tables[number]


# --- what it gives --------------------------------------------------------------------------------------------------


def test_teams_result_the_side_with_more_points_wins_against_the_other_sides_points():
    table = only_table(teams_event({"tables": [with_result(team_table(ACES, QUEENS), [120, 80])], "bye": []}))
    assert table.points == (120, 80)
    assert table.result is not None
    assert (table.result.winners, table.result.points_for, table.result.points_against) == (
        (ACES,),
        (120, 80),
        (80, 120),
    )
    assert table.result.set_by_organiser and not table.result.forfeit


def test_teams_result_replaces_the_games_own_result_and_keeps_the_game():
    """Aces won the game 100 to -40; the organiser says Queens won 90 to 50: the organiser's counts."""
    table = only_table(
        teams_event({"tables": [with_result(team_table(ACES, QUEENS, FIRST_WINS), [50, 90])], "bye": []})
    )
    assert table.game is not None and table.sheet is not None and table.sheet.winner == 0  # the game's own: Aces
    assert table.result is not None and table.result.winners == (QUEENS,)
    assert table.result.points_for == (50, 90)


def test_a_result_makes_a_table_not_over_count():
    """A table whose game is not over (or has no game) counts once the organiser sets its result."""
    data = teams_event({"tables": [team_table(ACES, QUEENS), with_result(team_table(JACKS, KINGS), [10, 0])]})
    event = parse_event(data)
    assert not event.played[0].complete
    data["played"][0]["tables"][0]["result"] = {"points": [0, 0]}
    assert parse_event(data).played[0].complete


def test_individual_spades_partners_share_their_sides_points_and_win():
    table = only_table(individual_event(with_result({"entrants": [0, 1, 2, 3]}, [100, 60, 100, 60])))
    assert table.result is not None
    assert table.result.winners == (0, 2)  # Ann and Cat, partners in seats 0 and 2
    assert table.result.points_for == (100, 60, 100, 60)
    assert table.result.points_against == (60, 100, 60, 100)


def test_individual_spades_partners_must_be_given_the_same_points():
    data = individual_event(with_result({"entrants": [0, 1, 2, 3]}, [100, 60, 90, 60]))
    with pytest.raises(EventError) as caught:
        parse_event(data)
    assert str(caught.value) == (
        "In round 1, table 1: Partners score together: give Cat the same points as their partner."
    )
    assert (caught.value.round, caught.value.table, caught.value.field) == (0, 0, "result")


def test_mu_each_player_is_a_side_the_most_points_wins_against_the_best_other():
    data = mu_event({"tables": [with_result(mu_table([0, 1, 2]), [30, 45, 10]), mu_table([3, 4, 5])], "bye": []})
    table = only_table(data)
    assert table.result is not None
    assert table.result.winners == (1,)
    assert table.result.points_for == (30, 45, 10)
    assert table.result.points_against == (45, 30, 45)


def test_a_tie_at_the_top_has_no_winner_and_no_loser():
    data = mu_event({"tables": [with_result(mu_table([0, 1, 2]), [30, 30, 10])], "bye": []})
    table = only_table(data)
    assert table.result is not None and table.result.winners == ()
    lines = {line["entrant"]: line for line in score_event(data)["standings"]}
    assert [(lines[seat]["wins"], lines[seat]["losses"]) for seat in (0, 1, 2)] == [(0, 0), (0, 0), (0, 0)]
    assert [lines[seat]["points_for"] for seat in (0, 1, 2)] == [30, 30, 10]


def test_a_tie_below_the_top_still_has_a_winner():
    table = only_table(mu_event({"tables": [with_result(mu_table([0, 1, 2]), [50, 10, 10])], "bye": []}))
    assert table.result is not None and table.result.winners == (0,)


def test_the_standings_count_the_organisers_result_as_a_game_played():
    data = teams_event({"tables": [with_result(team_table(ACES, QUEENS), [120, 80]), team_table(JACKS, KINGS)]})
    data["played"][0]["tables"][1]["forfeit"] = JACKS
    lines = {line["entrant"]: line for line in score_event(data)["standings"]}
    assert {key: lines[ACES][key] for key in ("played", "wins", "losses", "points_for", "points_against")} == {
        "played": 1,
        "wins": 1,
        "losses": 0,
        "points_for": 120,
        "points_against": 80,
    }
    assert (lines[QUEENS]["losses"], lines[QUEENS]["differential"]) == (1, -40)


# --- refused ---------------------------------------------------------------------------------------------------------


def _refusal(data: dict[str, Any]) -> EventError:
    with pytest.raises(EventError) as caught:
        parse_event(data)
    return caught.value


SHAPE = "'result' must be {\"points\": [...]}, a whole number for each of the table's 2 entrants."


@pytest.mark.parametrize(
    "result",
    [
        pytest.param({"points": [120]}, id="too-few"),
        pytest.param({"points": [120, 80, 0]}, id="too-many"),
        pytest.param({"points": [120, "80"]}, id="text"),
        pytest.param({"points": [120, 80.5]}, id="fraction"),
        pytest.param({"points": [True, False]}, id="booleans"),
        pytest.param({"points": [120, None]}, id="null"),
        pytest.param({"points": [100_001, 0]}, id="too-large"),
        pytest.param({"points": [120, 80], "winner": 0}, id="unknown-key"),
        pytest.param({"score": [120, 80]}, id="other-key"),
        pytest.param([120, 80], id="a-bare-list"),
        pytest.param("120-80", id="text-result"),
    ],
)
def test_a_result_of_the_wrong_shape_is_refused_at_its_round_and_table(result: Any):
    table = {**team_table(JACKS, KINGS), "result": result}
    error = _refusal(teams_event(ROUND_1, {"tables": [team_table(ACES, QUEENS), table]}))
    assert str(error) == f"In round 2, table 2: {SHAPE}"
    assert (error.round, error.table, error.field) == (1, 1, "result")


def test_a_result_beside_a_forfeit_is_refused():
    table = with_result(team_table(ACES, QUEENS, forfeit=QUEENS), [0, 100])
    error = _refusal(teams_event({"tables": [table, team_table(JACKS, KINGS)]}))
    assert str(error) == "In round 1, table 1: A table has a forfeit or a result, not both."


def test_a_mu_result_of_the_wrong_length_names_the_tables_count():
    data = mu_event({"tables": [mu_table([0, 1, 2]), with_result(mu_table([3, 4, 5]), [1, 2])], "bye": []})
    assert str(_refusal(data)) == (
        "In round 1, table 2: 'result' must be {\"points\": [...]}, a whole number for each of the table's 3 entrants."
    )


def test_a_null_result_is_no_result():
    """``result`` is optional: ``null`` is no result, as if absent."""
    data = teams_event({"tables": [{**team_table(ACES, QUEENS, FIRST_WINS), "result": None}], "bye": []})
    table = only_table(data)
    assert table.points is None and table.result is not None and not table.result.set_by_organiser


# --- written back ----------------------------------------------------------------------------------------------------


def test_a_result_round_trips_through_the_event_record():
    data = teams_event(
        ROUND_1,
        {"tables": [with_result(team_table(ACES, KINGS, FIRST_WINS), [70, 90]), team_table(JACKS, QUEENS)]},
    )
    data["played"][1]["tables"][1]["forfeit"] = QUEENS
    written = event_record(parse_event(data))
    assert written["played"][1]["tables"][0]["result"] == {"points": [70, 90]}
    assert "result" not in written["played"][1]["tables"][1]
    assert "result" not in written["played"][0]["tables"][0]
    assert parse_event(copy.deepcopy(written)) == parse_event(data)


def test_an_individual_result_round_trips_with_its_game():
    game = spades_game(INDIVIDUALS[:4], FIRST_WINS)
    data = individual_event(with_result({"entrants": [0, 1, 2, 3], "game": game}, [10, 20, 10, 20]))
    written = event_record(parse_event(data))
    assert written["played"][0]["tables"][0] == {
        "entrants": [0, 1, 2, 3],
        "game": game,
        "result": {"points": [10, 20, 10, 20]},
    }
