"""URLs of events (the ``events`` namespace): the list, a new event, import, and an event's pages
through one of its two link keys (``<key:key>``: the organiser's or the standings link)."""

from django.urls import path

from scorekeeper.games import converters  # noqa: F401  (registers <key:key>)

from . import views

app_name = "events"

urlpatterns = [
    path("events/", views.events_list, name="list"),
    path("events/new/", views.event_new, name="new"),
    path("events/import/", views.event_import, name="import"),
    path("events/<key:key>/", views.event_detail, name="detail"),
    path("events/<key:key>/wall/", views.event_wall, name="wall"),
    path("events/<key:key>/live/", views.event_live, name="live"),
    path("events/<key:key>/event.json", views.event_export, name="export"),
    path("events/<key:key>/standings.csv", views.event_csv, name="csv"),
    path("events/<key:key>/pair/", views.round_pair, name="pair"),
    path("events/<key:key>/swap/", views.round_swap, name="swap"),
    path("events/<key:key>/start/", views.round_start, name="start"),
    path("events/<key:key>/cards/", views.round_cards, name="cards"),
    path("events/<key:key>/rounds/<int:round>/tables/<int:number>/forfeit/", views.table_forfeit, name="forfeit"),
    path("events/<key:key>/rounds/<int:round>/tables/<int:number>/result/", views.table_result, name="result"),
    path("events/<key:key>/entrants/", views.entrant_add, name="entrant_add"),
    path("events/<key:key>/entrants/seed/", views.entrants_seed, name="seed"),
    path("events/<key:key>/entrants/<int:entrant>/withdraw/", views.entrant_withdraw, name="withdraw"),
]
