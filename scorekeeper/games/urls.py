"""URLs of the shared core: home, the web app manifest, the games list and import, players, a game's
sheet, live poll, sharing, change history, rematch, house rules and exports.

A game's address holds one of its link keys (``<key:key>``): the edit link or the
view link. The same paths serve both; each view asks what the key allows
(:mod:`scorekeeper.games.access`), and the writes refuse the view link. The kinds'
and the referee's URLs join these in one ``games`` namespace (``scorekeeper.urls``).
"""

from django.urls import path

from . import (
    converters,  # noqa: F401  (registers <key:key>)
    views,
)

urlpatterns = [
    path("", views.home, name="home"),
    path("health/", views.health, name="health"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("manifest.webmanifest", views.web_manifest, name="manifest"),
    path("device/", views.device_rename, name="device"),
    path("reference/<slug:name>/", views.rules_reference, name="reference"),
    path("games/", views.games_list, name="list"),
    path("games/import/", views.games_import, name="import"),
    path("players/", views.players_list, name="players"),
    path("players/ladder/", views.ladder, name="ladder"),
    path("players/ladder/link/", views.ladder_link, name="ladder_link"),
    path("ladder/<str:key>/", views.ladder_shared, name="ladder_shared"),
    path("players/<int:player_id>/", views.player_detail, name="player"),
    path("players/<int:player_id>/vs/<int:other_id>/", views.player_versus, name="versus"),
    path("players/<int:player_id>/rename/", views.player_rename, name="player_rename"),
    path("players/<int:player_id>/merge/", views.player_merge, name="player_merge"),
    path("games/<key:key>/", views.game_detail, name="detail"),
    path("games/<key:key>/live/", views.game_live, name="live"),
    path("games/<key:key>/rows/<int:number>/", views.row_explain, name="explain"),
    path("games/<key:key>/share/", views.game_share, name="share"),
    path("games/<key:key>/links/", views.game_links, name="links"),
    path("games/<key:key>/history/", views.game_changes, name="changes"),
    path("games/<key:key>/history/<int:change_id>/undo/", views.change_revert, name="revert"),
    path("games/<key:key>/undo/", views.row_undo, name="undo"),
    path("games/<key:key>/time/", views.time_call, name="time_call"),
    path("games/<key:key>/rematch/", views.game_rematch, name="rematch"),
    path("games/<key:key>/rules/", views.game_rulebook, name="rulebook"),
    path("games/<key:key>/record.json", views.game_record_download, name="record"),
    path("games/<key:key>/sheet.csv", views.game_csv, name="csv"),
    path("games/<key:key>/print/", views.game_print, name="print"),
]
