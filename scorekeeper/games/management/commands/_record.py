"""Reading a game record file for the management commands."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NoReturn

from django.core.management.base import BaseCommand


def fail(command: BaseCommand, message: str) -> NoReturn:
    """Print ``message`` as one line on standard error and exit with status 2."""
    command.stderr.write(" ".join(message.split()))
    sys.exit(2)


def read_record(command: BaseCommand, path: str) -> Any:
    """Decode the JSON in ``path`` (``-`` for standard input); exit 2 if it cannot be read."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        fail(command, f"{path}: cannot read the file: {error}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        fail(command, f"{path}: not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}")
