"""Spades as the shared views see it (:class:`scorekeeper.games.views.kinds.KindViews`): its sheet
and house-rules pages, from this package's views, and its parts of the referee (``.referee``)."""

from __future__ import annotations

from scorekeeper.games.views.kinds import KindViews, RefereeParts

from .presenters import spades_page
from .referee import SpadesDesk, replay_setup
from .views.rules import game_rulebook
from .views.sheet import sheet_response

SPADES_VIEWS = KindViews(
    sheet_template="spades/sheet.html",
    sheet_page=spades_page,
    rulebook_response=game_rulebook,
    sheet_response=sheet_response,
    referee=RefereeParts(desk=SpadesDesk.at, replay_setup=replay_setup),
)
