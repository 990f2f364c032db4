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


def test_scoring_prints_a_goal_line_for_spades_mu_and_the_score_command():
    out = io.StringIO()
    call_command("bench", only="scoring", stdout=out)
    spades, mu, command = out.getvalue().splitlines()
    met = r"(met|MISSED)"
    assert re.fullmatch(
        rf"Scoring a 1,000-hand game: [0-9.]+ ms \(best of 20\), [0-9.]+ µs per hand; goal under 20 µs: {met}", spades
    )
    assert re.fullmatch(
        rf"Scoring a 400-deal Mü game: [0-9.]+ ms \(best of 20\), [0-9.]+ µs per deal; goal under 20 µs: {met}", mu
    )
    assert re.fullmatch(
        r"manage.py score of a 2,001-hand record: [0-9.]+ ms, of a 1-hand record: [0-9.]+ ms \(best of 9\), "
        rf"-?[0-9.]+ µs per hand more; goal at most 20 µs: {met}",
        command,
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
