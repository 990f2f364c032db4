"""Mü as the shared views see it (:class:`scorekeeper.games.views.kinds.KindViews`): its sheet and
house-rules pages, from this package's views."""

from __future__ import annotations

from scorekeeper.games.views.kinds import KindViews

from .presenters import mu_page
from .views import mu_rulebook, mu_sheet_response

MU_VIEWS = KindViews(
    sheet_template="mu/sheet.html",
    sheet_page=mu_page,
    rulebook_response=mu_rulebook,
    sheet_response=mu_sheet_response,
)
