"""Reading a game record file for the management commands."""

from __future__ import annotations

import contextlib
import gc
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

from django.core.management.base import BaseCommand

from scorekeeper.engine.errors import RecordError
from scorekeeper.engine.record import load_json


def fail(command: BaseCommand, message: str) -> NoReturn:
    """Print ``message`` as one line on standard error and exit with status 2."""
    command.stderr.write(" ".join(message.split()))
    sys.exit(2)


def read_record(command: BaseCommand, path: str) -> Any:
    """Decode the JSON in ``path`` (``-`` for standard input); exit 2 if it cannot be read
    or holds what no record can (``engine.record.load_json``: deep nesting, huge numbers,
    broken text)."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        fail(command, f"{path}: cannot read the file: {error}")
    try:
        return load_json(text)
    except RecordError as error:
        fail(command, f"{path}: {error}")


@contextlib.contextmanager
def without_cycle_collection() -> Iterator[None]:
    """Python's collector of reference cycles off for the block (as it was after).

    A command reads a record, scores it and ends: what it makes lives until then and holds
    no cycles, and the collector, run again and again as the sheet grows, would only walk
    the whole record and sheet each time (about a tenth of scoring a long game).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
