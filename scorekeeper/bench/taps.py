"""What a tap costs, at hand 10 and at hand 200, served by gunicorn (2 workers) on loopback with a
fresh SQLite file (issue 13, "Every tap costs the same at hand 3 and at hand 300"). Goals: saving
bids, saving tricks, correcting an old hand and the live poll after another phone's change each
answer with at most 8 KB on the wire, and take the same server time in a 10-hand and a 200-hand
game (200-hand time at most 1.5 times the 10-hand time).

Each kind is measured as ``wire`` measures (``measure_kind``: medians of runs after a warm-up),
by a phone that says what its sheet shows (the ``v`` and ``rows`` of its ``#live``), as the page
does. A run leaves the game as it found it: what it wrote is undone after (not counted)."""

from __future__ import annotations

import re
import secrets
import tempfile
from collections.abc import Callable
from pathlib import Path

from scorekeeper.bench.common import Output, server_env, verdict
from scorekeeper.bench.server import gunicorn, import_games
from scorekeeper.bench.wire import KB, RUNS, Kind, Measured, Transfer, WirePhone, measure_kind

LENGTHS = (10, 200)
GOAL_BYTES = 8 * KB
GOAL_RATIO = 1.5


def shown(answer: Transfer, before: dict[str, str]) -> dict[str, str]:
    """What the phone's sheet shows after ``answer``: the ``v`` and ``rows`` of the ``#live`` it
    brought, or ``before`` when it brought none (a 204)."""
    found = dict(re.findall(r'name="(v|rows)" value="([0-9]+)"', answer.text)) if answer.status != 204 else {}
    return found or before


class TapPhone(WirePhone):
    """A phone with a sheet open: it keeps what its sheet shows and sends it with every write."""

    def __init__(self, base: str, game_url: str) -> None:
        super().__init__(base)
        self.game_url = game_url
        self.seen = shown(self.get(game_url), {})

    def tap(self, action: str, data: dict[str, str]) -> Transfer:
        """POST ``data`` to the game's ``action`` address with what the sheet shows and a new
        write key, as a phone's form sends them (``games.views.once``)."""
        write = {"write_key": secrets.token_urlsafe(16)}
        answer = self.post(f"{self.game_url}{action}", {**data, **self.seen, **write})
        self.seen = shown(answer, self.seen)
        return answer

    def poll(self) -> Transfer:
        """The live poll, with the version and rows the sheet shows."""
        query = f"v={self.seen.get('v', '')}&rows={self.seen.get('rows', '')}"
        answer = self.get(f"{self.game_url}live/?{query}", htmx=True)
        self.seen = shown(answer, self.seen)
        return answer

    def next_number(self) -> str:
        return self.seen["rows"]


def bids(number: str) -> dict[str, str]:
    return {"number": number, **{f"bid_{seat}": "3" for seat in range(4)}}


def tricks(number: str) -> dict[str, str]:
    return {"number": number, "tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3"}


def save_bids(phone: TapPhone) -> list[Transfer]:
    """Bids of the next hand (counted), then undone."""
    answer = phone.tap("bids/", bids(phone.next_number()))
    phone.tap("undo/", {})
    return [answer]


def save_tricks(phone: TapPhone) -> list[Transfer]:
    """Bids of the next hand, then its tricks (counted), then the hand undone."""
    number = phone.next_number()
    phone.tap("bids/", bids(number))
    answer = phone.tap("tricks/", tricks(number))
    phone.tap("undo/", {})
    return [answer]


def correct(phone: TapPhone, number: int) -> list[Transfer]:
    """Hand ``number`` (``0``: the last) opened for correcting in its row, then saved as it is
    (counted): the rows from that hand on come back."""
    number = number or int(phone.seen["rows"])
    form = phone.get(f"{phone.game_url}hands/{number}/", htmx=True).text
    data = dict(re.findall(r'<input type="radio" name="(\w+)" id="[^"]*" value="([^"]*)" checked', form))
    data["shown"] = re.search(r'name="shown" value="([^"]*)"', form).group(1)  # type: ignore[union-attr]
    return [phone.tap(f"hands/{number}/", data)]


def correct_last_hand(phone: TapPhone) -> list[Transfer]:
    return correct(phone, 0)


def correct_hand_2(phone: TapPhone) -> list[Transfer]:
    return correct(phone, 2)


def poll_after_a_change(phone: TapPhone) -> list[Transfer]:
    """Another phone saves a hand; this phone's next poll (counted) brings it; then it is undone."""
    other = TapPhone(phone.base, phone.game_url)
    number = other.next_number()
    other.tap("bids/", bids(number))
    other.tap("tricks/", tricks(number))
    answer = phone.poll()
    other.tap("undo/", {})
    phone.poll()
    return [answer]


TAPS = (
    ("save bids", save_bids),
    ("save tricks", save_tricks),
    ("correct the last hand in its row", correct_last_hand),
    ("live poll after another phone's save", poll_after_a_change),
)
#: Measured without the goals: every row from hand 2 on changes its running total, so all of
#: them are sent (and nothing before hand 2).
WORST = ("correct hand 2 in its row (every later row sent)", correct_hand_2)


def run(out: Output) -> None:
    """One line per kind of tap: bytes on the wire and server time at 10 and 200 hands, the ratio."""
    with tempfile.TemporaryDirectory() as folder:
        env = server_env(sqlite_file=Path(folder) / "bench.sqlite3")
        games = import_games(env, Path(folder), LENGTHS)
        with gunicorn(env) as base:
            results = {
                (label, length): measure_tap(base, games[length], tap)
                for label, tap in (*TAPS, WORST)
                for length in LENGTHS
            }
    out.write(
        f"A tap at hand 10 and at hand 200 (gunicorn, 2 workers, loopback; medians of {RUNS} runs; "
        f"goals: at most {GOAL_BYTES // KB} KB on the wire, 200-hand time at most {GOAL_RATIO}× the 10-hand):"
    )
    for label, _tap in (*TAPS, WORST):
        short, long = results[label, 10], results[label, 200]
        ratio = long.ms / short.ms
        met = max(short.wire_bytes, long.wire_bytes) <= GOAL_BYTES and ratio <= GOAL_RATIO
        out.write(
            f"  {label}: {short.wire_bytes:,} / {long.wire_bytes:,} bytes on the wire "
            f"({short.body_bytes:,} / {long.body_bytes:,} decoded), server {short.ms:.1f} / {long.ms:.1f} ms, "
            f"ratio {ratio:.2f}" + ("" if label == WORST[0] else f": {verdict(met)}")
        )


def measure_tap(base: str, game_url: str, tap: Callable[[TapPhone], list[Transfer]]) -> Measured:
    """``measure_kind`` of a tap, every run by one phone with the game's sheet open."""
    phone = TapPhone(base, game_url)

    def one_run(_phone: WirePhone, _url: str) -> list[Transfer]:
        return tap(phone)

    return measure_kind(base, Kind("tap", 0, GOAL_BYTES, one_run), game_url)
