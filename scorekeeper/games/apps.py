"""The games app: models, services and views around the rules engine."""

from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate


class GamesConfig(AppConfig):
    """Score sheets for Spades and Mü."""

    name = "scorekeeper.games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Connect the app's signal receivers."""
        from . import access  # noqa: F401  (connects the sign-in receiver that claims a browser's games)

        post_migrate.connect(_ratings_filled, sender=self)


def _ratings_filled(using: str, **kwargs: Any) -> None:
    """After ``migrate`` to the latest migrations: rate the finished games of a database that has
    none rated yet (one upgraded from before the ratings), with the models as they now are (never
    after a migrate to an older state, whose tables differ). Two quick queries otherwise."""
    from django.db import DEFAULT_DB_ALIAS, connections, transaction
    from django.db.migrations.executor import MigrationExecutor

    from .models import Game, RatingStep
    from .ratings import ratings_rebuild

    executor = MigrationExecutor(connections[using])
    if using != DEFAULT_DB_ALIAS or executor.migration_plan(executor.loader.graph.leaf_nodes()):
        return
    if RatingStep.objects.exists() or not Game.objects.filter(finished=True).exists():
        return
    with transaction.atomic():
        ratings_rebuild()
