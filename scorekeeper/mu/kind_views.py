"""Mü as the shared views see it (:class:`scorekeeper.games.views.kinds.KindViews`): its sheet and
house-rules pages, from this package's views, and its parts of the referee (``.referee``)."""

from __future__ import annotations

from scorekeeper.games.views.kinds import KindViews, RefereeParts

from .presenters import mu_page
from .referee import MuDesk, replay_setup
from .views import mu_rulebook, mu_sheet_response

MU_VIEWS = KindViews(
    sheet_template="mu/sheet.html",
    sheet_page=mu_page,
    rulebook_response=mu_rulebook,
    sheet_response=mu_sheet_response,
    referee=RefereeParts(desk=MuDesk.at, replay_setup=replay_setup),
)
