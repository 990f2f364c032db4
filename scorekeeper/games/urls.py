"""URLs of the games app.

A game's address holds one of its link keys (``<key:key>``): the edit link or the
view link. The same paths serve both; each view asks what the key allows
(:mod:`scorekeeper.games.access`), and the writes refuse the view link.
"""

from django.urls import path, register_converter
from django.urls.converters import StringConverter

from . import views
from .models import KEY_PATTERN


class KeyConverter(StringConverter):
    """A game's link key: 24 URL-safe characters."""

    regex = KEY_PATTERN


register_converter(KeyConverter, "key")

app_name = "games"
urlpatterns = [
    path("", views.home, name="home"),
    path("health/", views.health, name="health"),
    path("device/", views.device_rename, name="device"),
    path("games/", views.games_list, name="list"),
    path("games/import/", views.games_import, name="import"),
    path("players/", views.players_list, name="players"),
    path("players/<int:player_id>/", views.player_detail, name="player"),
    path("players/<int:player_id>/vs/<int:other_id>/", views.player_versus, name="versus"),
    path("players/<int:player_id>/rename/", views.player_rename, name="player_rename"),
    path("players/<int:player_id>/merge/", views.player_merge, name="player_merge"),
    path("games/new/", views.game_new, name="new"),
    path("games/new/mu/", views.mu_new, name="mu_new"),
    path("games/<key:key>/", views.game_detail, name="detail"),
    path("games/<key:key>/live/", views.game_live, name="live"),
    path("games/<key:key>/share/", views.game_share, name="share"),
    path("games/<key:key>/links/", views.game_links, name="links"),
    path("games/<key:key>/history/", views.game_history, name="history"),
    path("games/<key:key>/history/<int:change_id>/undo/", views.change_revert, name="revert"),
    path("games/<key:key>/deal/auction/", views.mu_auction, name="mu_auction"),
    path("games/<key:key>/deal/preview/", views.mu_auction_preview, name="mu_preview"),
    path("games/<key:key>/deal/points/", views.mu_points, name="mu_points"),
    path("games/<key:key>/deal/points/count/", views.mu_points_preview, name="mu_count"),
    path("games/<key:key>/deals/<int:number>/", views.mu_deal_edit, name="mu_deal_edit"),
    path("games/<key:key>/bids/", views.hand_bids, name="bids"),
    path("games/<key:key>/bids/offers/", views.hand_bid_offers, name="bid_offers"),
    path("games/<key:key>/misdeal/", views.hand_misdeal, name="misdeal"),
    path("games/<key:key>/tricks/", views.hand_tricks, name="tricks"),
    path("games/<key:key>/tricks/rest/", views.hand_tricks_rest, name="tricks_rest"),
    path("games/<key:key>/undo/", views.hand_undo, name="undo"),
    path("games/<key:key>/hands/<int:number>/", views.hand_edit, name="hand_edit"),
    path("games/<key:key>/hands/<int:number>/what-if/", views.hand_what_if, name="what_if"),
    path("games/<key:key>/rematch/", views.game_rematch, name="rematch"),
    path("games/<key:key>/rules/", views.game_rulebook, name="rulebook"),
    path("rules/<slug:preset>/", views.preset_rulebook, name="preset_rulebook"),
    path("referee/", views.referee, name="referee"),
    path("games/<key:key>/referee/", views.referee, name="game_referee"),
    path("games/<key:key>/record.json", views.game_record_download, name="record"),
    path("games/<key:key>/sheet.csv", views.game_csv, name="csv"),
    path("games/<key:key>/print/", views.game_print, name="print"),
]
