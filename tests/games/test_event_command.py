"""``manage.py event FILE`` (docs/event-record.md, "What python manage.py event FILE prints"): the
standings, the next round and the champion as JSON with exit status 0; an invalid record one line on
standard error naming the round and table, exit status 2, never a traceback."""

from __future__ import annotations

import io
import json
import sys

import pytest

from scorekeeper.engine.events.next_round import score_event, score_event_json

from ..engine.events.test_record import (
    ACES,
    FIRST_WINS,
    KINGS,
    QUEENS,
    ROUND_1,
    SECOND_WINS_BY_101,
    team_table,
    teams_event,
)
from .test_commands import assert_one_error_line, run_command, run_manage, write

VALID = teams_event(
    ROUND_1, {"tables": [team_table(ACES, KINGS, SECOND_WINS_BY_101), team_table(1, QUEENS, forfeit=QUEENS)]}
)

INVALID = {
    "bad-json": ('{"format": "scorekeeper-event/1", "played": [', "not valid JSON"),
    "not-an-object": ("[]", "An event record must be a JSON object."),
    "unknown-pairing": (json.dumps(teams_event(pairing="rotation")), "With style \"teams\", 'pairing' must be"),
    "team-of-three": (
        json.dumps(
            teams_event(
                entrants=[{"name": "Aces", "players": ["Ann", "Bob", "Cat"]}, {"name": "J", "players": ["D", "E"]}]
            )
        ),
        "Entrant 1: a team is two players",
    ),
    "two-tables": (
        json.dumps(teams_event({"tables": [team_table(ACES, QUEENS), team_table(1, 2), team_table(ACES, 2)]})),
        "In round 1, table 3: Aces sits at table 1 of this round already.",
    ),
    "players-not-the-entrants": (
        json.dumps(
            teams_event(
                ROUND_1,
                {"tables": [{"entrants": [ACES, KINGS], "game": {**team_table(ACES, QUEENS, FIRST_WINS)["game"]}}]},
            )
        ),
        "In round 2, table 1: The game's players must be the table's players in seat order: Ann, Eve, Bob, Fay.",
    ),
    "invalid-game": (
        json.dumps(teams_event({"tables": [team_table(ACES, QUEENS, {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 4]})]})),
        "In round 1, table 1: Hand 1: The tricks add up to 14, but a hand has 13 tricks.",
    ),
    "deep-nesting": ("[" * 1500 + "]" * 1500, "nested too deeply"),
    "huge-integer": (json.dumps(VALID)[:-1] + ', "x": ' + "9" * 5000 + "}", "a number too long"),
    "control-in-a-name": (
        json.dumps(
            teams_event(
                entrants=[{"name": "A\x07ces", "players": ["Ann", "Bob"]}, {"name": "J", "players": ["D", "E"]}]
            )
        ),
        "control characters",
    ),
}


def test_event_prints_the_spec_json(tmp_path):
    path = write(tmp_path, json.dumps(VALID), "event.json")

    status, stdout, stderr = run_command("event", str(path))

    assert (status, stderr) == (0, "")
    output = json.loads(stdout)
    assert output == score_event(VALID)
    assert stdout == score_event_json(VALID) + "\n"  # laid out, a standing a line
    assert list(output) == ["standings", "round", "complete", "next_round", "champion"]
    assert [(line["name"], line["rank"], line["wins"], line["differential"]) for line in output["standings"]] == [
        ("Kings", 1, 2, 281),
        ("Aces", 2, 1, -1),
        ("Jacks", 3, 1, -140),
        ("Queens", 4, 0, -140),
    ]
    assert (output["round"], output["complete"], output["champion"]) == (2, True, None)
    assert output["next_round"] == {"tables": [{"entrants": [0, 1]}, {"entrants": [2, 3]}], "bye": []}


def test_event_reads_standard_input(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(VALID)))

    status, stdout, _ = run_command("event", "-")

    assert status == 0
    assert json.loads(stdout) == score_event(VALID)


@pytest.mark.parametrize(("text", "message"), INVALID.values(), ids=INVALID.keys())
def test_event_invalid_record_exits_2_with_one_line(tmp_path, text, message):
    path = write(tmp_path, text, "event.json")

    status, stdout, stderr = run_command("event", str(path))

    assert (status, stdout) == (2, "")
    assert_one_error_line(stderr, path, message)


def test_event_missing_file_exits_2(tmp_path):
    path = tmp_path / "missing.json"

    status, stdout, stderr = run_command("event", str(path))

    assert (status, stdout) == (2, "")
    assert_one_error_line(stderr, path, "cannot read the file")


def test_event_subprocess_valid_and_invalid(tmp_path):
    """As a real process: the JSON and exit 0; one line, exit 2 and no traceback."""
    path = write(tmp_path, json.dumps(VALID), "event.json")
    result = run_manage("event", str(path))
    assert (result.returncode, result.stderr) == (0, ""), result.stderr
    assert json.loads(result.stdout) == score_event(VALID)

    text, message = INVALID["two-tables"]
    path = write(tmp_path, text, "bad.json")
    result = run_manage("event", str(path))
    assert (result.returncode, result.stdout) == (2, "")
    assert_one_error_line(result.stderr, path, message)
