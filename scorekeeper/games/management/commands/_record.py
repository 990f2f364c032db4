"""Reading a game record file for the management commands."""

from __future__ import annotations

import sys
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
