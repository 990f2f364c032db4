"""URLs of the referee: on its own, or with a game's house rules (in the ``games`` namespace,
see ``scorekeeper.urls``)."""

from django.urls import path

from scorekeeper.games import converters  # noqa: F401  (registers <key:key>)

from . import views

urlpatterns = [
    path("referee/", views.referee, name="referee"),
    path("games/<key:key>/referee/", views.referee, name="game_referee"),
    path("referee/replay/", views.replay, name="replay"),
    path("games/<key:key>/replay/", views.replay, name="game_replay"),
]
