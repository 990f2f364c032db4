"""A hand at the table, as a phone sees it (issue 25): Spades hands and six-player Mü deals played in
Debian's Chromium (headless, Playwright) against gunicorn, at 375x812, 360x640 and 320x640. Per hand:
the taps it takes (Spades: each bid, Save, each player's tricks but the last, Save; Mü: each player's
laid cards, the Vize's and the Chef's trump, the partner, Save, then each card-points field but the
dealer's, Save) and how many of them were off screen when they were needed (outside the viewport, or
under the sticky totals): goal 0. Then every total (and Spades' bags) must be in view after every save.

The same measure as ``tests/browser/test_one_screen.py`` and ``test_mu_one_screen.py``, reported beside
the bytes of ``wire`` and ``taps``: before each tap the target's box is inside the viewport and
``document.elementFromPoint`` at its centre is the target itself."""

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
#: Mü: six players, Anna deals; each deal's laid cards (seat order), trumps and partner, then card points
#: from the dealer's left (the dealer gets the rest). Emma is Chef at level 4, Beate Vize.
MU_PLAYERS = ("Anna", "Beate", "Conny", "Dagmar", "Emma", "Franziska")
MU_DEALS = (
    ((1, 2, 0, 1, 4, 0), ("vize-trump-red", "chef-trump-green", "partner-0"), (9, 8, 7, 6, 5)),
    ((0, 1, 2, 0, 4, 1), ("vize-trump-red", "chef-trump-green", "partner-1"), (5, 10, 7, 6, 9)),
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

            def in_chromium() -> dict[tuple[str, tuple[int, int]], Played]:
                with sync_playwright() as playwright:
                    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                    try:
                        return {
                            (game, size): play(browser, base, size)
                            for game, play in (("Spades", play_hands), ("Mü", play_deals))
                            for size in SIZES
                        }
                    finally:
                        browser.close()

            # A thread of its own: Playwright's sync API refuses a thread whose event loop runs (a test's browser).
            with concurrent.futures.ThreadPoolExecutor(1) as pool:
                results = pool.submit(in_chromium).result()
    out.write(
        f"A hand in Chromium: {len(HANDS)} Spades hands (4 players) and {len(MU_DEALS)} Mü deals (6 players) "
        f"at each size (goal: {GOAL_OFF_SCREEN} taps off screen):"
    )
    for (game, (width, height)), played in results.items():
        count = len(HANDS) if game == "Spades" else len(MU_DEALS)
        met = played.off_screen <= GOAL_OFF_SCREEN and played.totals_hidden == 0
        out.write(
            f"  {game} {width}x{height}: {played.taps / count:.0f} taps a {'hand' if game == 'Spades' else 'deal'}, "
            f"{played.off_screen} off screen when needed, totals hidden after {played.totals_hidden} of "
            f"{2 * count} saves: {verdict(met)}"
        )


class Phone:
    """A phone of one size at the table, counting as :class:`Played` says: every tap, those whose
    target was off screen when needed, and saves that left a total off screen."""

    def __init__(self, browser: Any, size: tuple[int, int]) -> None:
        width, height = size
        self.context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=2)
        self.page = self.context.new_page()
        self.page.set_default_timeout(15_000)
        self.taps = self.off_screen = self.totals_hidden = 0

    def tap(self, selector: str, answer: str | None = None) -> None:
        """Tap ``selector``, first noting whether it is on screen; with ``answer``, wait for the answer
        from an address ending in it, swapped in and settled."""
        target = self.page.locator(selector)
        self.off_screen += not target.evaluate(ON_SCREEN)
        self.taps += 1
        if answer is None:
            target.click()
            return
        with self.page.expect_response(lambda response: response.url.endswith(answer)):
            target.click()
        self.settled()

    def settled(self) -> None:
        """Wait until htmx has swapped in and settled what it asked for (and scrolled as it does)."""
        self.page.locator(".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added").first.wait_for(state="detached")

    def saved(self, heading: str, totals: list[str]) -> None:
        """After a save: wait for ``heading``, then note whether any of ``totals`` (selectors) is off screen."""
        self.page.get_by_role("heading", name=heading).wait_for()
        self.settled()
        self.totals_hidden += not all(self.page.locator(total).evaluate(ON_SCREEN) for total in totals)

    def played(self) -> Played:
        """What was counted; the phone is put away."""
        self.context.close()
        return Played(taps=self.taps, off_screen=self.off_screen, totals_hidden=self.totals_hidden)


def play_hands(browser: Any, base: str, size: tuple[int, int]) -> Played:
    """Start a game at ``base`` in a phone of ``size`` and play :data:`HANDS`, counting as :class:`Played` says."""
    phone = Phone(browser, size)
    page = phone.page
    totals = [f"#total-{side} {part}" for side in (0, 1) for part in (".total", ".bags")]
    try:
        page.goto(base + "/games/new/")
        for seat, name in enumerate(PLAYERS):
            page.fill(f"#id_player_{seat}", name)
        page.get_by_role("button", name="Start game").click()
        for number, (bids, tricks) in enumerate(HANDS, start=1):
            for seat, bid in bids.items():
                phone.tap(f"label[for=bid-{seat}-{bid}]")
            phone.tap("#entry button[type=submit]")
            phone.saved(f"Hand {number}: tricks taken", totals)
            for seat, taken in tricks.items():
                phone.tap(f"label[for=tricks-{seat}-{taken}]")
            phone.tap("#entry button[type=submit]")
            phone.saved(f"Hand {number + 1}: bids", totals)
    finally:
        played = phone.played()
    return played


def play_deals(browser: Any, base: str, size: tuple[int, int]) -> Played:
    """Start a six-player Mü game at ``base`` in a phone of ``size`` and play :data:`MU_DEALS`, counting as
    :class:`Played` says (a typed card-points field counts as one tap: the finger taps it, then types)."""
    phone = Phone(browser, size)
    page = phone.page
    totals = [f"#total-{seat} .total" for seat in range(len(MU_PLAYERS))]
    try:
        page.goto(base + "/games/new/mu/")
        for seat, name in enumerate(MU_PLAYERS):
            page.fill(f"#id_player_{seat}", name)
        page.locator("input[name=dealer][value='0']").check()
        page.get_by_role("button", name="Start game").click()
        for number, (laid, questions, points) in enumerate(MU_DEALS, start=1):
            page.get_by_role("heading", name=f"Deal {number}: the auction").wait_for()
            for target in [*(f"laid-{seat}-{cards}" for seat, cards in enumerate(laid)), *questions]:
                phone.tap(f"label[for={target}]", "/preview/")
            phone.tap("#entry button[type=submit]")
            phone.saved(f"Deal {number}: being played", totals)
            fields = page.locator("#entry input[type=number]").evaluate_all("(all) => all.map((f) => f.name)")
            for name, taken in zip(fields, points, strict=True):  # from the dealer's left, as asked
                phone.tap(f"input[name={name}]")
                page.keyboard.type(str(taken))
            phone.tap("#entry button[type=submit]")
            phone.saved(f"Deal {number + 1}: the auction", totals)
    finally:
        played = phone.played()
    return played
