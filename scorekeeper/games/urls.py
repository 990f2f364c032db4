"""URLs of the games app. A game's address is its random UUID."""

from django.urls import path

from . import views

app_name = "games"
urlpatterns = [
    path("", views.home, name="home"),
    path("health/", views.health, name="health"),
    path("games/new/", views.game_new, name="new"),
    path("games/new/mu/", views.mu_new, name="mu_new"),
    path("games/<uuid:game_id>/deal/auction/", views.mu_auction, name="mu_auction"),
    path("games/<uuid:game_id>/deal/preview/", views.mu_auction_preview, name="mu_preview"),
    path("games/<uuid:game_id>/deal/points/", views.mu_points, name="mu_points"),
    path("games/<uuid:game_id>/deal/points/count/", views.mu_points_preview, name="mu_count"),
    path("games/<uuid:game_id>/deals/<int:number>/", views.mu_deal_edit, name="mu_deal_edit"),
    path("games/<uuid:game_id>/", views.game_detail, name="detail"),
    path("games/<uuid:game_id>/live/", views.game_live, name="live"),
    path("games/<uuid:game_id>/bids/", views.hand_bids, name="bids"),
    path("games/<uuid:game_id>/bids/offers/", views.hand_bid_offers, name="bid_offers"),
    path("games/<uuid:game_id>/misdeal/", views.hand_misdeal, name="misdeal"),
    path("games/<uuid:game_id>/tricks/", views.hand_tricks, name="tricks"),
    path("games/<uuid:game_id>/tricks/rest/", views.hand_tricks_rest, name="tricks_rest"),
    path("games/<uuid:game_id>/undo/", views.hand_undo, name="undo"),
    path("games/<uuid:game_id>/hands/<int:number>/", views.hand_edit, name="hand_edit"),
    path("games/<uuid:game_id>/hands/<int:number>/what-if/", views.hand_what_if, name="what_if"),
    path("games/<uuid:game_id>/rematch/", views.game_rematch, name="rematch"),
    path("games/<uuid:game_id>/rules/", views.game_rulebook, name="rulebook"),
    path("rules/<slug:preset>/", views.preset_rulebook, name="preset_rulebook"),
    path("referee/", views.referee, name="referee"),
    path("games/<uuid:game_id>/referee/", views.referee, name="game_referee"),
    path("games/<uuid:game_id>/record.json", views.game_record_download, name="record"),
]
