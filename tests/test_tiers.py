"""The test tiers (issue 26.10): ``-m "not browser"`` leaves Chromium alone (every test in
``tests/browser/`` is marked by its folder, whatever its module's ``pytestmark`` says, and the
bench's screen test is marked too), and the Hypothesis profile named by ``HYPOTHESIS_PROFILE``
sets how many examples the property tests run (``tests/profiles.py``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def collected(*options: str) -> list[str]:
    """The test ids pytest collects with ``options``, from a fresh process."""
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *options],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return [line for line in run.stdout.splitlines() if "::" in line]


def test_not_browser_leaves_out_every_browser_test_and_the_bench_screen() -> None:
    left = collected("-m", "not browser", "tests/browser", "tests/games/test_bench.py")
    assert left, "the bench's other tests are kept"
    assert not [test for test in left if test.startswith("tests/browser/") or "test_screen_" in test], left


def test_a_module_marking_itself_for_the_database_is_still_a_browser_test() -> None:
    browser = collected("-m", "browser", "tests/browser/test_offline.py", "tests/browser/test_at_the_table.py")
    assert len(browser) > 20, browser


def test_the_fast_profile_runs_a_tenth_of_the_examples() -> None:
    code = "import os; from tests import profiles; print(profiles.examples(300), profiles.examples(25))"
    fast = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={"HYPOTHESIS_PROFILE": "fast", "PATH": ""},
        capture_output=True,
        text=True,
    )
    full = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={"PATH": ""}, capture_output=True, text=True)
    assert (fast.stdout.split(), full.stdout.split()) == (["30", "10"], ["300", "25"]), (fast.stderr, full.stderr)
