"""``manage.py import_game FILE``: store a game record as a game and print its address."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.urls import reverse

from scorekeeper.engine.errors import RuleError
from scorekeeper.games.services import game_import

from ._record import fail, read_record


class Command(BaseCommand):
    help = "Store a game record (docs/game-record.md) as a new game."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the game record (JSON file, or - for standard input)")

    def handle(self, *args: Any, **options: Any) -> None:
        record = read_record(self, options["file"])
        try:
            game = game_import(record=record)
        except RuleError as error:
            fail(self, f"{options['file']}: {error}")
        address = reverse("games:detail", args=[game.edit_key])  # the command's user holds every link
        self.stdout.write(f"Imported {len(record['hands'])} hands as {address}")
