"""The Spades app: its kind registers with the core when Django starts."""

from django.apps import AppConfig


class SpadesConfig(AppConfig):
    """Spades: forms, services, presenters and views of the Spades sheet."""

    name = "scorekeeper.spades"

    def ready(self) -> None:
        """Register Spades with the core's kinds (``scorekeeper.games.kinds``)."""
        from scorekeeper.games.kinds import register
        from scorekeeper.games.views.kinds import register_views

        from .kind import SPADES
        from .kind_views import SPADES_VIEWS

        register(SPADES)
        register_views(SPADES.name, SPADES_VIEWS)
