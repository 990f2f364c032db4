"""Scoring speed (issue 13, "Every tap costs the same at hand 3 and at hand 300"), and checking a play (issue 16).

Goals: scoring a 1,000-hand Spades game under 20 µs per hand; a 400-deal Mü game under
20 µs per deal; ``manage.py score`` of a 2,001-hand record at most 20 µs per hand more
than of a 1-hand record (the command reads, checks, scores and prints).
"""

from __future__ import annotations

import io
import json
import tempfile
import timeit
from collections.abc import Callable
from pathlib import Path

from django.core.management import call_command

from scorekeeper.bench.common import NEVER_ENDS, Output, game_record, random_deals, random_hands, random_play, verdict
from scorekeeper.engine.mu.game import MuGame
from scorekeeper.engine.mu.rules import mu_rules
from scorekeeper.engine.mu.scoring import score_mu
from scorekeeper.engine.record import scored_forget
from scorekeeper.engine.spades.game import SpadesGame
from scorekeeper.engine.spades.replay import spades_replay
from scorekeeper.engine.spades.rules import spades_rules
from scorekeeper.engine.spades.scoring import score_spades

GOAL_US_PER_HAND = 20.0
GOAL_US_PER_DEAL = 20.0
GOAL_US_PER_PRINTED_HAND = 20.0
GOAL_MS_PER_REPLAY = 1.0
#: Deals in the Mü game: its highest total stays under the largest agreed total (10,000).
MU_DEALS = 400


def run(out: Output) -> None:
    """Four lines: Spades, Mü, the ``score`` command and a hand's play, each with its goal."""
    _spades(out)
    _mu(out)
    _score_command(out)
    _replay(out)


def _replay(out: Output) -> None:
    """The best of 200 times to check and replay a whole 13-trick hand (issue 16: under 1 ms)."""
    rules = spades_rules({"preset": "standard"})
    play = random_play(3, rules)
    runs = 200
    best = _best(lambda: spades_replay(rules, play, dealer=0, names=("Ann", "Bob", "Cat", "Dan")), runs) * 1000
    out.write(
        f"Checking the play of a 13-trick hand (leaders, winners, fouls): {best:.3f} ms (best of {runs}); "
        f"goal under {GOAL_MS_PER_REPLAY:g} ms: {verdict(best < GOAL_MS_PER_REPLAY)}"
    )


def _best(call: Callable[[], object], runs: int) -> float:
    """The best of ``runs`` times (seconds) of ``call``, after one run to warm up."""
    call()
    return min(timeit.repeat(call, number=1, repeat=runs))


def _spades(out: Output) -> None:
    """The best of 20 times (ms) to score a 1,000-hand Spades game, and µs per hand."""
    game = SpadesGame(("Ann", "Bob", "Cat", "Dan"), 0, spades_rules(NEVER_ENDS), tuple(random_hands(1000)))
    runs = 20
    best = _best(lambda: _first_scoring(game), runs)
    per_hand = best / 1000 * 1e6
    out.write(
        f"Scoring a 1,000-hand game: {best * 1000:.2f} ms (best of {runs}), "
        f"{per_hand:.1f} µs per hand; goal under {GOAL_US_PER_HAND:.0f} µs: {verdict(per_hand < GOAL_US_PER_HAND)}"
    )


def _first_scoring(game: SpadesGame) -> None:
    """Score ``game`` with nothing remembered from a run before (``record.scored_forget``)."""
    scored_forget()
    score_spades(game)


def _mu(out: Output) -> None:
    """The best of 20 times (ms) to score a 400-deal Mü game of five, and µs per deal."""
    players = ("Anna", "Beate", "Conny", "Dagmar", "Emma")
    game = MuGame(players, 0, mu_rules({"target": 10000}), tuple(random_deals(MU_DEALS, len(players))))
    runs = 20
    best = _best(lambda: score_mu(game), runs)
    per_deal = best / MU_DEALS * 1e6
    out.write(
        f"Scoring a {MU_DEALS}-deal Mü game: {best * 1000:.2f} ms (best of {runs}), {per_deal:.1f} µs per deal; "
        f"goal under {GOAL_US_PER_DEAL:.0f} µs: {verdict(per_deal < GOAL_US_PER_DEAL)}"
    )


def _score_command(out: Output) -> None:
    """``manage.py score`` of a 1-hand and a 2,001-hand record (best of 25 each, in this process,
    the two taken in turn so that a slow spell of a shared machine slows both): what each hand
    more costs, in µs."""
    runs = 25
    with tempfile.TemporaryDirectory() as folder:
        commands = [_score_call(Path(folder) / f"record-{length}.json", length) for length in (1, 2001)]
        for command in commands:
            command()  # warm up
        times: list[list[float]] = [[], []]
        for _ in range(runs):
            for command, taken in zip(commands, times, strict=True):
                taken.extend(timeit.repeat(command, number=1, repeat=1))
    short, long = min(times[0]), min(times[1])
    extra = (long - short) / 2000 * 1e6
    out.write(
        f"manage.py score of a 2,001-hand record: {long * 1000:.1f} ms, of a 1-hand record: "
        f"{short * 1000:.2f} ms (best of {runs}, taken in turn), {extra:.1f} µs per hand more; "
        f"goal at most {GOAL_US_PER_PRINTED_HAND:.0f} µs: {verdict(extra <= GOAL_US_PER_PRINTED_HAND)}"
    )


def _score_call(path: Path, length: int) -> Callable[[], None]:
    """``manage.py score`` of a ``length``-hand record (:func:`~scorekeeper.bench.common.game_record`)
    written to ``path``, as a call to time."""
    path.write_text(json.dumps(game_record(length)), encoding="utf-8")

    def score() -> None:
        scored_forget()  # as in a command of its own: nothing remembered from the run before
        call_command("score", str(path), stdout=io.StringIO())

    return score
