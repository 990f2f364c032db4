"""URLs of Mü: a new game, the auction, the card points and corrections (in the ``games``
namespace, see ``scorekeeper.urls``)."""

from django.urls import path

from scorekeeper.games import converters  # noqa: F401  (registers <key:key>)

from . import views

urlpatterns = [
    path("games/new/mu/", views.mu_new, name="mu_new"),
    path("games/<key:key>/deal/auction/", views.mu_auction, name="mu_auction"),
    path("games/<key:key>/deal/preview/", views.mu_auction_preview, name="mu_preview"),
    path("games/<key:key>/deal/points/", views.mu_points, name="mu_points"),
    path("games/<key:key>/deal/points/count/", views.mu_points_preview, name="mu_count"),
    path("games/<key:key>/deal/points/rest/", views.mu_points_rest, name="mu_rest"),
    path("games/<key:key>/deals/<int:number>/", views.mu_deal_edit, name="mu_deal_edit"),
]
