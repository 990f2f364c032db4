"""Mü as the shared views see it (:class:`scorekeeper.games.views.kinds.KindViews`): its sheet and
house-rules pages, from this package's views."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.http import HttpResponse

from scorekeeper.games.models import Game
from scorekeeper.games.views.http import HtmxHttpRequest
from scorekeeper.games.views.kinds import Reply

from .presenters import MuPage, mu_page
from .views import mu_rulebook, mu_sheet_response


class MuViews:
    """The Mü sheet and house-rules pages, as the shared views ask for them."""

    sheet_template = "mu/sheet.html"

    def sheet_page(self, game: Game) -> MuPage:
        """The game scored and laid out for its sheet (:func:`presenters.mu_page`)."""
        return mu_page(game)

    def rulebook_response(self, request: HtmxHttpRequest, game: Game) -> HttpResponse:
        """The game's house rules page (:func:`.views.mu_rulebook`)."""
        return mu_rulebook(request, game)

    def sheet_response(
        self,
        request: HtmxHttpRequest,
        game: Game,
        *,
        status: int = 200,
        reply: Reply | None = None,
        rows: Sequence[Any] | None = None,
    ) -> HttpResponse:
        """The Mü sheet page (or its partial for htmx)."""
        return mu_sheet_response(request, game, status=status, reply=reply, rows=rows)
