"""Spades as the shared views see it (:class:`scorekeeper.games.views.kinds.KindViews`): its sheet
and house-rules pages, from this package's views."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.http import HttpResponse

from scorekeeper.games.models import Game
from scorekeeper.games.views.http import HtmxHttpRequest
from scorekeeper.games.views.kinds import Reply

from .presenters import SpadesPage, spades_page
from .views.rules import game_rulebook
from .views.sheet import sheet_response


class SpadesViews:
    """The Spades sheet and house-rules pages, as the shared views ask for them."""

    sheet_template = "spades/sheet.html"

    def sheet_page(self, game: Game) -> SpadesPage:
        """The game scored and laid out for its sheet (:func:`presenters.spades_page`)."""
        return spades_page(game)

    def rulebook_response(self, request: HtmxHttpRequest, game: Game) -> HttpResponse:
        """The game's rulebook page (:func:`.views.rules.game_rulebook`)."""
        return game_rulebook(request, game)

    def sheet_response(
        self,
        request: HtmxHttpRequest,
        game: Game,
        *,
        status: int = 200,
        reply: Reply | None = None,
        rows: Sequence[Any] | None = None,
    ) -> HttpResponse:
        """The Spades sheet page (or its partial for htmx)."""
        return sheet_response(request, game, status=status, reply=reply, rows=rows)
