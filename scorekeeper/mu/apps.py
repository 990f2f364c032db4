"""The Mü app: its kind registers with the core when Django starts."""

from django.apps import AppConfig


class MuConfig(AppConfig):
    """Mü: forms, services, presenters and views of the Mü sheet."""

    name = "scorekeeper.mu"

    def ready(self) -> None:
        """Register Mü with the core's kinds (``scorekeeper.games.kinds``)."""
        from scorekeeper.games.kinds import register
        from scorekeeper.games.views.kinds import register_views

        from .kind import MU
        from .kind_views import MU_VIEWS

        register(MU)
        register_views(MU.name, MU_VIEWS)
