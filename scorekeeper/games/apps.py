"""The games app: models, services and views around the rules engine."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Score sheets for Spades (and, later, Mü)."""

    name = "scorekeeper.games"
    default_auto_field = "django.db.models.BigAutoField"
