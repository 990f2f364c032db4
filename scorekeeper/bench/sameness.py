"""Issue 26: the proof that a storage redesign changed nothing a user sees.

Random Spades games under random house rules and random Mü games are scored by ``manage.py score``
and imported into the app as a browser does it (django.test ``Client``: the import form's preview,
then its confirm), and every page a user sees of the game is asked for over HTTP. Each output is
normalised (below) and hashed; ``--out`` gets one line per game, so the files of two trees diff::

    python -m scorekeeper.bench.sameness --out FILE [--spades 3000 --mu 1000 --seed 26] [--jobs 2]

``--part i/n`` runs every n-th game only (from the i-th), ``--jobs n`` runs the n parts in n
processes and merges their lines; ``--only INDEX`` (repeatable) runs those games alone, and
``--dump DIR`` writes every normalised output there, to read a difference. A line is the game's
index, its kind, its rows and whether it is over, then ``name=sha256`` of: ``input`` (the record
imported), ``score`` (what ``manage.py score FILE`` prints), ``preview`` (the import preview),
``list`` (the games list after the import), ``sheet`` (the edit link's sheet), ``view`` (the view
link's sheet, another browser, in German), ``opened`` (the sheet with the explanation of a row drawn
at random open, ``?hand=N``), ``explain`` (that row's explanation, ``rows/N/``, as htmx asks for it),
``edit`` (that row's edit page, as the opened sheet links it), ``csv``, ``print``, ``record`` (the
JSON download), ``history`` (the change history) and ``rules`` (the house rules page); ``-`` for a
page not reached (a game with no rows, a row with no edit link, every page after a failed import). A
page's hash covers its status, ``Content-Type``, ``Content-Disposition``, ``Location`` and body.

Games (``random_games``): each is drawn from its own generator, seeded by ``--seed``, its kind and
its number, so a game is the same whatever the part or the other counts: Spades under random house
rules (every preset, random keys changed, partnerships, cut-throat and solo, misdeals, every kind of
nil, blind bids, 10 for 200, no trump, bemo, the play of the cards), Mü with 3 to 6 players (every
level, Eklats, all passed), finished and not. A draw ``manage.py score`` refuses (house rules that do
not go together, ...) is drawn again from the same generator and counted as skipped.

Normalised (what differs from run to run, or with the order the games run in), everything else
is compared byte for byte:

- the game's link keys: its edit and view keys -> ``EDIT-KEY``, ``VIEW-KEY``;
- CSRF tokens (``csrfmiddlewaretoken`` fields, the ``X-CSRFToken`` of ``hx-headers``) -> ``CSRF``,
  and the fresh write key of each entry form (``name="write_key"``) -> ``WRITE-KEY``;
- database ids in addresses (``/players/<id>/``, ``/vs/<id>/``, ``/history/<id>/``) -> ``ID``:
  they count the rows of the process's database, so they depend on the games that ran before;
- timestamps and dates (when the game was imported): ISO (``2026-11-27T07:25:33.975662+01:00``
  -> ``TIME``, ``2026-11-27`` also in the download file names -> ``DATE``) and the dates Django
  writes in English and German (``Nov. 27, 2026``, ``11/27/2026``, ``27. November 2026``,
  ``27.11.2026``, with a time after a short date) -> ``DATE``;
- the static files' hashed names (``css/app.5575f061f762.css`` -> ``css/app.css``) and the static
  version the service worker is registered under (``/sw.js?v=0ec6992a3f70`` -> ``/sw.js?v=STATIC``).

Kept as they are: the game's version (``v=`` of the live poll), which counts the writes to that
game alone and so is the same in every run, and every number, name and text of the game.
Nothing real is touched: the module sets Django up itself (``scorekeeper.settings``) on a throwaway
SQLite database per process (``common.throwaway_server_database``, in ``/dev/shm`` where there is
one), whatever ``DATABASE_URL`` says, with a fixed throwaway secret key unless one is set; the
throttles are lifted for the run.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from scorekeeper.bench.random_games import KINDS, draw

#: The months as Django writes dates, in English and German.
MONTHS = (
    r"Jan\.|Feb\.|March|April|May|June|July|Aug\.|Sept\.|Oct\.|Nov\.|Dec\.|Januar|Februar|März|Mai|Juni|Juli|"
    r"August|September|Oktober|November|Dezember"
)
#: The outputs asked of the app for each game, in the order of the line (the module's docstring).
OUTPUTS = tuple("preview list sheet view opened explain edit csv print record history rules".split())
#: What differs per run, and what it is replaced by (the module's docstring).
PATTERNS = (
    (re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]+"'), r'\1CSRF"'),
    (re.compile(r'("X-CSRFToken": ")[^"]+"'), r'\1CSRF"'),
    (re.compile(r'(name="write_key" value=")[^"]+"'), r'\1WRITE-KEY"'),
    (re.compile(r"/(players|vs|history)/\d+/"), r"/\1/ID/"),
    (re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?([+-]\d\d:?\d\d|Z)?"), "TIME"),
    (re.compile(r"\d{4}-\d\d-\d\d"), "DATE"),
    (re.compile(rf"\b(\d{{1,2}}\. )?({MONTHS}) (\d{{1,2}}, )?\d{{4}}"), "DATE"),
    (re.compile(r"\b\d{1,2}[/.]\d{1,2}[/.]\d{4}(,? \d{1,2}:\d\d( [ap]\.m\.)?)?"), "DATE"),
    (re.compile(r"(/static/[^\"' ]+?)\.[0-9a-f]{12}(\.[A-Za-z0-9]+)"), r"\1\2"),
    (re.compile(r"(/sw\.js\?v=)[0-9a-f]+"), r"\1STATIC"),
)


def score_text(text: str, folder: Path) -> str:
    """What ``manage.py score FILE`` prints for the record ``text``."""
    from django.core.management import call_command

    path = folder / "record.json"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    call_command("score", str(path), stdout=out)
    return out.getvalue()


def normalised(response: Any, keys: dict[str, str]) -> bytes:
    """A response as compared: status, the headers a user sees the effect of, and the body, with
    what differs per run replaced (see the module's docstring)."""
    head = [str(response.status_code)]
    head += [
        f"{name}: {response.headers.get(name, '')}" for name in ("Content-Type", "Content-Disposition", "Location")
    ]
    text = "\n".join(head) + "\n\n" + response.content.decode("utf-8", "replace")
    for key, name in keys.items():
        text = text.replace(key, name)
    for pattern, replacement in PATTERNS:
        text = pattern.sub(replacement, text)
    return text.encode("utf-8")


def visit(text: str, row: int | None, seen: Counter[str]) -> dict[str, bytes | None]:
    """Import the record ``text`` as a browser does (the file's preview, then its confirm), then ask
    for every page of the game (``row``: the row opened): each of ``OUTPUTS``, normalised; ``None``
    for a page not reached (no edit link for that row; every page after an import that failed)."""
    from django.test import Client
    from django.urls import reverse

    owner = Client(raise_request_exception=False)  # a server error is an answer to compare, not a crash
    upload = io.BytesIO(text.encode())
    upload.name = "game.json"
    got: dict[str, Any] = dict.fromkeys(OUTPUTS)
    got["preview"] = owner.post(reverse("games:import"), {"file": upload})
    confirmed = owner.post(reverse("games:import"), {"records": text, "confirm": "new"})  # the preview's form
    got["list"] = owner.get(reverse("games:list"))
    found = set(re.findall(r'href="/games/([A-Za-z0-9_-]{24})/', got["list"].content.decode()))
    if confirmed.status_code != 302 or len(found) != 1:
        seen["import failed"] += 1
        return {name: None if response is None else normalised(response, {}) for name, response in got.items()}
    edit = found.pop()
    share = owner.get(reverse("games:share", args=[edit])).content.decode()
    views = set(re.findall(r"/games/([A-Za-z0-9_-]{24})/", share)) - {edit}
    keys = {edit: "EDIT-KEY", **dict.fromkeys(views, "VIEW-KEY")}
    got["sheet"] = owner.get(reverse("games:detail", args=[edit]))
    if views:  # another browser, in German
        viewer = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="de")
        got["view"] = viewer.get(reverse("games:detail", args=[views.pop()]))
    if row:
        got["opened"] = owner.get(reverse("games:detail", args=[edit]), {"hand": row})
        got["explain"] = owner.get(reverse("games:explain", args=[edit, row]), HTTP_HX_REQUEST="true")  # as hx-get
        link = re.search(rf'href="(/games/{edit}/[a-z_-]+/{row}/)"', got["opened"].content.decode())
        got["edit"] = owner.get(link.group(1)) if link else None
    for name, url in (("csv", "csv"), ("print", "print"), ("record", "record"), ("history", "changes")):
        got[name] = owner.get(reverse(f"games:{url}", args=[edit]))
    got["rules"] = owner.get(reverse("games:rulebook", args=[edit]))
    return {name: None if response is None else normalised(response, keys) for name, response in got.items()}


def game_line(
    index: int, kind: str, number: int, seed: int, folder: Path, seen: Counter[str]
) -> tuple[str, dict[str, bytes | None]]:
    """The output line of game ``index`` (number ``number`` of its kind), and its outputs by name."""
    text = draw(kind, seed, number, seen)
    score = score_text(text, folder)
    document = json.loads(score)
    rows = len(document["hands"])
    seen[f"{kind} {'finished' if document['finished'] else 'unfinished'}"] += 1
    outputs: dict[str, bytes | None] = {"input": text.encode(), "score": score.encode()}
    row = random.Random(f"{seed}/{kind}/{number}/row").randint(1, rows) if rows else None  # the row opened
    outputs.update(visit(text, row, seen))
    hashes = " ".join(f"{name}={'-' if value is None else hashlib.sha256(value).hexdigest()}"
                      for name, value in outputs.items())  # fmt: skip
    return f"{index} {kind} rows={rows} finished={int(document['finished'])} {hashes}", outputs


def games(spades: int, mu: int, part: tuple[int, int], only: list[int]) -> Iterator[tuple[int, str, int]]:
    """(index, kind, number of its kind) of each game this part runs: Spades first, then Mü."""
    first, parts = part
    for index in range(spades + mu):
        if index % parts == first - 1 and (not only or index in only):
            yield (index, "spades", index) if index < spades else (index, "mu", index - spades)


def run_part(args: argparse.Namespace) -> Counter[str]:
    """Run this part's games in a throwaway database, writing their lines to ``args.out``; what was seen."""
    from django.conf import settings
    from django.test import override_settings

    from scorekeeper.bench.common import throwaway_server_database

    seen: Counter[str] = Counter()
    with contextlib.ExitStack() as stack:
        memory = "/dev/shm" if os.path.isdir("/dev/shm") else None  # no disk writes to wait for
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="sameness-", dir=memory)))
        with contextlib.redirect_stdout(io.StringIO()):  # "Cache table ... already exists."
            stack.enter_context(throwaway_server_database(folder / "sameness.sqlite3"))
        stack.enter_context(override_settings(THROTTLES={name: "1000000/h" for name in settings.THROTTLES}))
        out = stack.enter_context(open(args.out, "w", encoding="utf-8"))
        for index, kind, number in games(args.spades, args.mu, args.part, args.only):
            line, outputs = game_line(index, kind, number, args.seed, folder, seen)
            out.write(line + "\n")
            seen[f"{kind} games"] += 1
            if args.dump:
                for name, value in outputs.items():
                    (Path(args.dump) / f"{index}-{kind}-{name}.txt").write_bytes(b"-" if value is None else value)
    return seen


def run_jobs(args: argparse.Namespace) -> Counter[str]:
    """Run ``args.jobs`` parts in as many processes, then merge their lines into ``args.out``, in order."""
    seen: Counter[str] = Counter()
    with tempfile.TemporaryDirectory(prefix="sameness-jobs-") as folder:
        commands = [
            [sys.executable, "-m", "scorekeeper.bench.sameness", "--out", f"{folder}/{part}.txt",
             "--summary", f"{folder}/{part}.json",
             "--spades", str(args.spades), "--mu", str(args.mu), "--seed", str(args.seed),
             "--part", f"{part}/{args.jobs}", *(f"--only={index}" for index in args.only),
             *([f"--dump={args.dump}"] if args.dump else [])]
            for part in range(1, args.jobs + 1)
        ]  # fmt: skip
        running = [subprocess.Popen(command) for command in commands]
        if any(process.wait() for process in running):
            raise SystemExit("a part failed")
        lines = []
        for part in range(1, args.jobs + 1):
            lines += Path(f"{folder}/{part}.txt").read_text(encoding="utf-8").splitlines()
            part_seen = Counter(json.loads(Path(f"{folder}/{part}.json").read_text()))
            seen["seconds"] = max(seen["seconds"], part_seen.pop("seconds"))
            seen.update(part_seen)
    lines.sort(key=lambda line: int(line.split(" ", 1)[0]))
    Path(args.out).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return seen


def summary(seen: Counter[str], seconds: float) -> str:
    """What a run prints: the games, the draws skipped, the time, and what the games covered."""

    def skipped(kind: str) -> int:
        return sum(count for name, count in seen.items() if name.startswith(f"{kind} skipped"))

    lines = [
        f"{seen['spades games'] + seen['mu games']} games ({seen['spades games']} Spades, {seen['mu games']} Mü); "
        f"skipped (drawn again): {skipped('spades')} Spades, {skipped('mu')} Mü; "
        f"imports failed: {seen['import failed']}; {seconds:.0f} s"
        + (f" (the slowest part {seen['seconds']} s)" if seen["seconds"] else "")
    ]
    for kind in KINDS:
        covered = sorted(
            ((name, count) for name, count in seen.items() if name.startswith(f"{kind} ")),
            key=lambda item: re.sub(r"\d+", lambda digits: digits.group().zfill(4), item[0]),  # level 2 before 10
        )
        lines.append(f"{kind}: " + ", ".join(f"{name.removeprefix(kind + ' ')} {count}" for name, count in covered))
    return "\n".join(lines)


def start_django() -> None:
    """Django set up for a throwaway run: the project's settings, SQLite whatever ``DATABASE_URL``
    says (the throwaway database replaces it), no debug, a fixed secret key unless one is set."""
    import django

    for name in ("DATABASE_URL", "DJANGO_DEBUG", "DJANGO_ALLOWED_HOSTS"):
        os.environ.pop(name, None)
    os.environ["DJANGO_DB_PATH"] = str(Path(tempfile.gettempdir()) / "sameness-unused.sqlite3")
    os.environ.setdefault("DJANGO_SECRET_KEY", "sameness-" + "x" * 50)
    os.environ.setdefault("DJANGO_LOG_LEVEL", "ERROR")  # not a line per 404 of a row a game lacks
    os.environ["DJANGO_SETTINGS_MODULE"] = "scorekeeper.settings"
    django.setup()


def main(argv: list[str] | None = None) -> None:
    """Read the arguments, run the games (in ``--jobs`` processes, or this part here), print the summary."""
    parser = argparse.ArgumentParser(prog="python -m scorekeeper.bench.sameness", description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, help="the file of one line per game")
    parser.add_argument("--spades", type=int, default=3000)
    parser.add_argument("--mu", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--part", default="1/1", help="i/n: every n-th game, from the i-th (1-based)")
    parser.add_argument("--jobs", type=int, default=1, help="run the parts in this many processes")
    parser.add_argument("--only", type=int, action="append", default=[], help="run only this game index")
    parser.add_argument("--dump", help="write each normalised output to this folder")
    parser.add_argument("--summary", help=argparse.SUPPRESS)  # where a part of --jobs writes what it saw
    args = parser.parse_args(argv)
    args.part = tuple(int(number) for number in args.part.split("/"))
    if args.dump:
        Path(args.dump).mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    if args.jobs > 1:
        seen = run_jobs(args)
    else:
        start_django()
        seen = run_part(args)
    if args.summary:  # a part of --jobs: its parent prints
        Path(args.summary).write_text(json.dumps({**seen, "seconds": round(time.perf_counter() - started)}))
    else:
        print(summary(seen, time.perf_counter() - started))


if __name__ == "__main__":
    main()
