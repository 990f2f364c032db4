"""URLs of Spades: a new game, entering and correcting hands, "what if" and a preset's rulebook
(in the ``games`` namespace, see ``scorekeeper.urls``; a game's house rules are the core's address,
``games:rulebook``, answered by :func:`.views.rules.game_rulebook`)."""

from django.urls import path

from scorekeeper.games import converters  # noqa: F401  (registers <key:key>)

from .views import rules, sheet

urlpatterns = [
    path("games/new/", rules.game_new, name="new"),
    path("games/<key:key>/bids/", sheet.hand_bids, name="bids"),
    path("games/<key:key>/bids/offers/", sheet.hand_bid_offers, name="bid_offers"),
    path("games/<key:key>/misdeal/", sheet.hand_misdeal, name="misdeal"),
    path("games/<key:key>/tricks/", sheet.hand_tricks, name="tricks"),
    path("games/<key:key>/tricks/rest/", sheet.hand_tricks_rest, name="tricks_rest"),
    path("games/<key:key>/hands/<int:number>/", sheet.hand_edit, name="hand_edit"),
    path("games/<key:key>/hands/<int:number>/what-if/", rules.hand_what_if, name="what_if"),
    path("rules/<slug:preset>/", rules.preset_rulebook, name="preset_rulebook"),
]
