"""``manage.py rebuild_ratings``: rebuild every player's rating history from the finished games
(``games.ratings``), after upgrading a database or to check the read model."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from scorekeeper.games.ratings import ratings_rebuild


class Command(BaseCommand):
    help = "Rebuild every player's ratings (OpenSkill) from the finished games, group by group."

    def handle(self, *args: Any, **options: Any) -> None:
        with transaction.atomic():
            steps = ratings_rebuild()
        self.stdout.write(f"Rebuilt the ratings: {steps} rating steps.")
