"""``manage.py game_links [--base URL]``: every game's edit and view link, newest first.

Games reached only through their links need a way back for whoever runs the
server: after upgrading from the time a game's address was its id, or when a
browser that started games without an account is lost.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.urls import reverse

from scorekeeper.games.models import Game


class Command(BaseCommand):
    help = "Print every game's edit and view link (newest first)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--base", default="", help="put this in front of each path, e.g. http://192.168.1.23:8000")

    def handle(self, *args: Any, base: str = "", **options: Any) -> None:
        base = base.rstrip("/")
        for game in Game.objects.order_by("-updated_at"):
            view = f"{base}{reverse('games:detail', args=[game.view_key])}" if game.view_key else "-"
            edit = f"{base}{reverse('games:detail', args=[game.edit_key])}"
            self.stdout.write(
                f"{game.updated_at:%Y-%m-%d}  {game.get_kind_display():<6}  {game}\n  edit {edit}\n  view {view}"
            )
