"""``manage.py ratings FILE...`` (docs/ratings.md, "What python manage.py ratings FILE... prints"):
the ladder as JSON, players by ordinal, with exit status 0; a file that cannot be read or holds an
invalid record: one line on standard error naming the file, exit status 2, never a traceback."""

from __future__ import annotations

import json

import pytest
from openskill.models import PlackettLuce

from ..engine.test_ratings import spades
from .test_commands import assert_one_error_line, run_command, run_manage, write

ANN_AND_CAT_WIN = spades(["Ann", "Bob", "Cat", "Dan"], [5, 2, 5, 1], [5, 2, 5, 1])
BOB_AND_DAN_WIN = spades(["Ann", "Bob", "Cat", "Dan"], [1, 5, 2, 5], [1, 5, 2, 5])


def test_the_ladder_of_two_files_is_the_games_rated_in_order(tmp_path):
    first = write(tmp_path, json.dumps(ANN_AND_CAT_WIN), "one.json")
    second = write(tmp_path, json.dumps({"games": [BOB_AND_DAN_WIN, ANN_AND_CAT_WIN]}), "backup.json")
    status, out, err = run_command("ratings", str(first), str(second))
    assert (status, err) == (0, "")
    players = json.loads(out)["players"]
    model = PlackettLuce()
    ann, bob, cat, dan = (model.rating() for _ in range(4))
    for ranks in ([1, 2], [2, 1], [1, 2]):
        [[ann, cat], [bob, dan]] = model.rate([[ann, cat], [bob, dan]], ranks=ranks)
    line = {player["name"]: player for player in players}
    assert (line["Ann"]["mu"], line["Ann"]["sigma"], line["Ann"]["games"]) == pytest.approx((ann.mu, ann.sigma, 3))
    assert line["Dan"]["ordinal"] == pytest.approx(dan.ordinal())
    assert [player["ordinal"] for player in players] == sorted((player["ordinal"] for player in players), reverse=True)
    assert set(players[0]) == {"name", "mu", "sigma", "ordinal", "games"}


@pytest.mark.parametrize(
    ("text", "message"),
    [("{", "not valid JSON"), ('{"format": "scorekeeper-game/1"}', ""), (json.dumps([ANN_AND_CAT_WIN, {}]), "Game 2:")],
)
def test_a_bad_file_is_one_line_and_exit_status_2(tmp_path, text, message):
    path = write(tmp_path, text)
    status, out, err = run_command("ratings", str(path))
    assert (status, out) == (2, "")
    assert_one_error_line(err, path, message)


def test_the_command_runs_as_manage_py_does(tmp_path):
    path = write(tmp_path, json.dumps(ANN_AND_CAT_WIN))
    done = run_manage("ratings", str(path))
    assert done.returncode == 0 and json.loads(done.stdout)["players"][0]["name"] in ("Ann", "Cat")
