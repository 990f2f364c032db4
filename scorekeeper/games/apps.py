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
    """After ``migrate``: rate the finished games of a database that has none rated yet (one upgraded
    from before the ratings), with the models as they now are. Two quick queries otherwise."""
    from django.db import transaction

    from .models import Game, RatingStep
    from .ratings import ratings_rebuild

    if RatingStep.objects.using(using).exists() or not Game.objects.using(using).filter(finished=True).exists():
        return
    with transaction.atomic(using=using):
        ratings_rebuild()
