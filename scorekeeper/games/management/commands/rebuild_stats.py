"""``manage.py rebuild_stats``: rebuild the statistics' read model of every game from its hands.

Games stored before players were people get their seats (names matched within
each owner's group); every game's figures are computed again. Run it once after
upgrading such a database, or after changing how a figure is counted.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from scorekeeper.games.services import game_stats_rebuild


class Command(BaseCommand):
    help = "Rebuild every game's seats and statistics from its hands."

    def handle(self, *args: Any, **options: Any) -> None:
        count = game_stats_rebuild()
        self.stdout.write(f"Rebuilt the statistics of {count} games.")
