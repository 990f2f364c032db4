"""The games app: models, services and views around the rules engine."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Score sheets for Spades and Mü."""

    name = "scorekeeper.games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Connect the app's signal receivers."""
        from . import access  # noqa: F401  (connects the sign-in receiver that claims a browser's games)
