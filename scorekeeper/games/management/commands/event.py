"""``manage.py event FILE``: print the standings, the next round and the champion of an event record.

Contract: ``docs/event-record.md`` ("What python manage.py event FILE prints"). Exit 0 with the
JSON on standard output; for an invalid record, one line on standard error naming the round and
table, and exit status 2.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.events.next_round import score_event_json

from ._record import fail, read_record, without_cycle_collection


class Command(BaseCommand):
    help = "Read an event record (JSON file, or - for standard input) and print its standings and next round as JSON."
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the event record (docs/event-record.md)")

    def handle(self, *args: Any, **options: Any) -> None:
        with without_cycle_collection():
            record = read_record(self, options["file"])
            try:
                output = score_event_json(record)
            except RuleError as error:
                fail(self, f"{options['file']}: {error}")
        self.stdout.write(output)
