"""``manage.py bench``: the command runs the parts of ``scorekeeper.bench`` it is asked for,
prints the scoring goal line, and the bench keeps the size rules (no module over 400 lines,
no function over 60). The slow parts are not run here: ``make bench`` runs them."""

from __future__ import annotations

import ast
import io
import re
from pathlib import Path

import pytest
from django.core.management import call_command

from scorekeeper import bench
from scorekeeper.games.management.commands import bench as command


@pytest.mark.parametrize(("only", "parts"), [(None, list(bench.PARTS)), ("looking_back", ["looking_back"])])
def test_the_command_runs_the_chosen_parts_in_order(monkeypatch, only, parts):
    ran = []
    monkeypatch.setattr(command, "run", lambda name, out: ran.append(name))
    call_command("bench", only=only)
    assert ran == parts


def test_scoring_prints_one_goal_line():
    out = io.StringIO()
    call_command("bench", only="scoring", stdout=out)
    assert re.fullmatch(
        r"Scoring a 1,000-hand game: [0-9.]+ ms \(best of 20\), [0-9.]+ µs per hand; goal under 20 µs: (met|MISSED)\n",
        out.getvalue(),
    )


def test_an_unknown_part_is_refused():
    with pytest.raises(ValueError, match="no bench part 'speed'"):
        bench.run("speed", io.StringIO())


def test_the_bench_keeps_the_size_rules():
    files = [*Path(bench.__file__).parent.glob("*.py"), Path(command.__file__)]
    for file in files:
        text = file.read_text()
        assert len(text.splitlines()) <= 400, file.name
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno - node.lineno + 1 <= 60, f"{file.name}: {node.name}"
