"""``manage.py ratings FILE...``: the ladder of the players of game records, backups and event records.

Contract: ``docs/ratings.md`` ("What python manage.py ratings FILE... prints"). Exit 0 with the
JSON on standard output, players by ordinal, highest first; for a file that cannot be read or
holds an invalid record, one line on standard error naming the file, and exit status 2.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.ratings import file_matches, ladder, ladder_output

from ._record import fail, read_record, without_cycle_collection


class Command(BaseCommand):
    help = "Rate the players of game records, backups and event records (JSON files) and print the ladder as JSON."
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE", help="game records, backups or event records")

    def handle(self, *args: Any, **options: Any) -> None:
        matches = []
        with without_cycle_collection():
            for path in options["files"]:
                record = read_record(self, path)
                try:
                    matches += file_matches(record)
                except RuleError as error:
                    fail(self, f"{path}: {error}")
        self.stdout.write(ladder_output(ladder(matches)))
