"""``manage.py score FILE``: print the scored sheet of a game record as JSON.

Contract: ``docs/game-record.md`` ("What python manage.py score FILE
prints"). Exit 0 with the JSON on standard output; for an invalid record, one
line on standard error naming the hand and the rule, and exit status 2.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.record import score_record_json

from ._record import fail, read_record, without_cycle_collection


class Command(BaseCommand):
    help = "Score a game record (JSON file, or - for standard input) and print the sheet as JSON."
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the game record (docs/game-record.md)")

    def handle(self, *args: Any, **options: Any) -> None:
        with without_cycle_collection():
            record = read_record(self, options["file"])
            try:
                output = score_record_json(record)
            except RuleError as error:
                fail(self, f"{options['file']}: {error}")
        self.stdout.write(output)
