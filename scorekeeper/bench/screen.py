"""A hand at the table, as a phone sees it (issue 25): Spades hands played in Debian's Chromium (headless,
Playwright) against gunicorn, at 375x812, 360x640 and 320x640. Per hand: the taps it takes (each bid,
Save, each player's tricks but the last, Save) and how many of them were off screen when they were
needed (outside the viewport, or under the sticky totals): goal 0. Then the totals and bags must be
in view after every save.

The same measure as ``tests/browser/test_one_screen.py``, reported beside the bytes of ``wire`` and
``taps``: before each tap the target's box is inside the viewport and ``document.elementFromPoint``
at its centre is the target itself."""

from __future__ import annotations

import concurrent.futures
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper.bench.common import Output, server_env, verdict
from scorekeeper.bench.server import gunicorn, import_games

SIZES = ((375, 812), (360, 640), (320, 640))
PLAYERS = ("Ann", "Bob", "Cat", "Dan")
#: The hands played: each seat's bid, then each seat's tricks but the last bidder's (the rest).
HANDS = (
    ({1: "4", 2: "3", 3: "4", 0: "2"}, {1: 4, 2: 3, 3: 4}),
    ({2: "3", 3: "3", 0: "3", 1: "nil"}, {2: 3, 3: 3, 0: 7}),
    ({3: "5", 0: "3", 1: "2", 2: "2"}, {3: 5, 0: 3, 1: 2}),
)
GOAL_OFF_SCREEN = 0
#: Inside the viewport and not covered (by the sticky totals): what a finger can tap without scrolling.
ON_SCREEN = """(element) => {
  const box = element.getBoundingClientRect();
  const inside = box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
  if (box.width === 0 || !inside) return false;
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return !!top && (element === top || element.contains(top));
}"""


@dataclass(frozen=True)
class Played:
    """One size's hands: taps per hand, those off screen when needed, and saves leaving a total off screen."""

    taps: int
    off_screen: int
    totals_hidden: int


def run(out: Output) -> None:
    """One line per phone size: taps per Spades hand, off-screen targets (goal 0), totals hidden after a save."""
    from playwright.sync_api import sync_playwright

    from scorekeeper.games.management.commands.make_icons import CHROMIUM, CHROMIUM_ARGS

    with tempfile.TemporaryDirectory() as folder:
        env = server_env(sqlite_file=Path(folder) / "bench.sqlite3")
        import_games(env, Path(folder), ())  # migrated, with no game
        with gunicorn(env) as base:

            def in_chromium() -> dict[tuple[int, int], Played]:
                with sync_playwright() as playwright:
                    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                    try:
                        return {size: play_hands(browser, base, size) for size in SIZES}
                    finally:
                        browser.close()

            # A thread of its own: Playwright's sync API refuses a thread whose event loop runs (a test's browser).
            with concurrent.futures.ThreadPoolExecutor(1) as pool:
                results = pool.submit(in_chromium).result()
    out.write(f"A Spades hand in Chromium, {len(HANDS)} hands at each size (goal: {GOAL_OFF_SCREEN} taps off screen):")
    for (width, height), played in results.items():
        met = played.off_screen <= GOAL_OFF_SCREEN and played.totals_hidden == 0
        out.write(
            f"  {width}x{height}: {played.taps / len(HANDS):.0f} taps a hand, {played.off_screen} off screen when "
            f"needed, totals hidden after {played.totals_hidden} of {2 * len(HANDS)} saves: {verdict(met)}"
        )


def play_hands(browser: Any, base: str, size: tuple[int, int]) -> Played:
    """Start a game at ``base`` in a phone of ``size`` and play :data:`HANDS`, counting as :class:`Played` says."""
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(15_000)
    taps = off_screen = totals_hidden = 0
    try:
        page.goto(base + "/games/new/")
        for seat, name in enumerate(PLAYERS):
            page.fill(f"#id_player_{seat}", name)
        page.get_by_role("button", name="Start game").click()
        for number, (bids, tricks) in enumerate(HANDS, start=1):
            targets = [f"label[for=bid-{seat}-{bid}]" for seat, bid in bids.items()] + ["#entry button[type=submit]"]
            for selector in targets:
                off_screen += not page.locator(selector).evaluate(ON_SCREEN)
                page.locator(selector).click()
                taps += 1
            page.get_by_role("heading", name=f"Hand {number}: tricks taken").wait_for()
            totals_hidden += not _totals_in_view(page)
            targets = [f"label[for=tricks-{seat}-{taken}]" for seat, taken in tricks.items()]
            for selector in [*targets, "#entry button[type=submit]"]:
                off_screen += not page.locator(selector).evaluate(ON_SCREEN)
                page.locator(selector).click()
                taps += 1
            page.get_by_role("heading", name=f"Hand {number + 1}: bids").wait_for()
            totals_hidden += not _totals_in_view(page)
    finally:
        context.close()
    return Played(taps=taps, off_screen=off_screen, totals_hidden=totals_hidden)


def _totals_in_view(page: Any) -> bool:
    return all(
        page.locator(f"#total-{side} {part}").evaluate(ON_SCREEN) for side in (0, 1) for part in (".total", ".bags")
    )
