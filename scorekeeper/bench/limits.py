"""The limits (issue 11) served by gunicorn. Goals: the largest allowed game (``MAX_ROWS``
hands) has its sheet, print page and CSV served in under a second, and a sheet GET while
another connection holds a write transaction answers in under 500 ms."""

from __future__ import annotations

import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from django.db import connection
from django.urls import reverse

from scorekeeper.bench.common import Output, game_record, median_ms, throwaway_server_database, verdict
from scorekeeper.bench.server import Phone, gunicorn

GOAL_LARGEST_MS = 1000
SERVED_RUNS = 5
WRITE_SECONDS = 3.0
SHORT_GAME = 20
GOAL_READ_DURING_WRITE_MS = 500


def run(out: Output) -> None:
    """The largest allowed game (``MAX_ROWS`` hands) served by gunicorn: round trips of its
    sheet, print page and CSV; and a returning phone's sheet GET while another connection
    holds a write transaction on a game of ``SHORT_GAME`` hands (reads take no transaction, so it
    must not wait; a short game, so that the time is the wait, not the rendering of a long sheet)."""
    from scorekeeper.games.models import MAX_ROWS
    from scorekeeper.games.services import game_import

    vendor = connection.vendor
    with tempfile.TemporaryDirectory() as folder, throwaway_server_database(Path(folder) / "bench.sqlite3") as env:
        game = game_import(record=game_record(MAX_ROWS))
        short = game_import(record=game_record(SHORT_GAME))
        sheet = reverse("games:detail", args=[game.edit_key])
        short_sheet = reverse("games:detail", args=[short.edit_key])
        pages = {
            "sheet page (GET /games/<key>/)": sheet,
            "print page (GET /games/<key>/print/)": reverse("games:print", args=[game.edit_key]),
            "CSV (GET /games/<key>/sheet.csv)": reverse("games:csv", args=[game.edit_key]),
        }
        with gunicorn(env) as base:
            phone = Phone(base, sheet)  # the phone's first visit writes its session
            times = {label: _median_ms(phone, path) for label, path in pages.items()}
            phone = Phone(base, short_sheet)
            alone_ms = _median_ms(phone, short_sheet)
            read_ms, save_ms = _sheet_read_during_write(phone, short)
    out.write(
        f"Largest allowed game ({MAX_ROWS} hands) served by gunicorn (2 workers, {vendor}), "
        f"round trip (median of {SERVED_RUNS} after one warm-up):"
    )
    for label, ms in times.items():
        out.write(f"  {label:<42}{ms:>8.1f} ms; goal under {GOAL_LARGEST_MS} ms: {verdict(ms < GOAL_LARGEST_MS)}")
    out.write(
        f"Sheet read during a long write ({vendor}): another connection holds a write transaction on a "
        f"{SHORT_GAME}-hand game for {WRITE_SECONDS:.0f} s; a returning phone's sheet GET took {read_ms:.1f} ms "
        f"({alone_ms:.1f} ms without the write; a save posted meanwhile waited {save_ms:,.0f} ms); "
        f"goal under {GOAL_READ_DURING_WRITE_MS} ms: {verdict(read_ms < GOAL_READ_DURING_WRITE_MS)}"
    )


def _median_ms(phone: Phone, path: str) -> float:
    """Median round trip in ms of ``SERVED_RUNS`` GETs of ``path`` by ``phone``, after one warm-up."""
    phone.get(path)
    return median_ms(lambda: phone.get(path), SERVED_RUNS)


def _sheet_read_during_write(phone: Phone, game: Any) -> tuple[float, float]:
    """While another connection holds a write transaction on ``game``'s row for ``WRITE_SECONDS``
    (an UPDATE of its version, then a rollback): ms of ``phone``'s sheet GET, and ms a save
    posted after it waited for the lock (it shows the lock is real; its stale hand number stores nothing)."""
    held = threading.Event()
    failed: list[BaseException] = []
    holder = threading.Thread(target=_hold_write, args=(game, held, failed))
    holder.start()
    held.wait()
    started = time.perf_counter()
    phone.get(reverse("games:detail", args=[game.edit_key]))
    read = time.perf_counter() - started
    started = time.perf_counter()
    phone.post(
        reverse("games:detail", args=[game.edit_key]) + "bids/",
        {"number": "0", "bid_0": "3", "bid_1": "3", "bid_2": "3", "bid_3": "3"},
    )
    save = time.perf_counter() - started
    holder.join()
    if failed:
        raise RuntimeError("the long write failed") from failed[0]
    return read * 1000, save * 1000


def _hold_write(game: Any, held: threading.Event, failed: list[BaseException]) -> None:
    """On a connection of its own: UPDATE ``game``'s version, set ``held``, keep the transaction
    open for ``WRITE_SECONDS``, roll back. An error goes into ``failed`` for the main thread to
    report, and sets ``held`` too, so that the main thread does not wait forever."""
    from django.db import connections

    writer = connections.create_connection("default")
    try:
        writer.set_autocommit(False)
        meta = type(game)._meta
        table, key = writer.ops.quote_name(meta.db_table), writer.ops.quote_name(meta.pk.column)
        with writer.cursor() as cursor:
            cursor.execute(
                f"UPDATE {table} SET version = version + 1 WHERE {key} = %s",
                [meta.pk.get_db_prep_value(game.pk, writer)],
            )
        held.set()
        time.sleep(WRITE_SECONDS)
        writer.rollback()
    except BaseException as error:  # the main thread reports it
        failed.append(error)
    finally:
        held.set()
        writer.close()
