"""Views of the shared core: thin. Parse the form, call a service, render the page or its partial.

- :mod:`.pages`: home, health, the web app manifest, rematch, the record download, a game's house rules
  (its kind's page) and the rules reference;
- :mod:`.sheet`: the sheet's live poll, undo, and what every write answers (each kind's
  sheet page is its own: ``scorekeeper.spades.views``, ``scorekeeper.mu.views``);
- :mod:`.sharing`: links, QR codes and the phone's name;
- :mod:`.changes`: the game's change history and undoing a change;
- :mod:`.games`: the games list, CSV and printed sheet, import;
- :mod:`.players`: players and statistics;
- :mod:`.ladder`: the rating ladder;
- :mod:`.offline`: the service worker, served from the site's root;
- :mod:`.accounts`: signing up and out.

Every view that touches a game takes the game's link key from the address and
asks :func:`scorekeeper.games.access.game_for` what the link allows. Views never
query the database themselves: they go through ``access``, the presenters and the services.
"""

from .accounts import sign_out, signup
from .changes import change_revert, game_changes
from .games import game_csv, game_print, games_import, games_list
from .ladder import ladder, ladder_link, ladder_shared
from .offline import service_worker
from .pages import game_record_download, game_rematch, game_rulebook, health, home, rules_reference, web_manifest
from .players import player_detail, player_merge, player_rename, player_versus, players_list
from .sharing import device_rename, game_links, game_share
from .sheet import game_detail, game_live, row_explain
from .writes import row_undo, time_call

__all__ = [
    "change_revert",
    "device_rename",
    "game_changes",
    "game_csv",
    "game_detail",
    "game_links",
    "game_live",
    "row_explain",
    "rules_reference",
    "game_print",
    "game_record_download",
    "game_rematch",
    "game_rulebook",
    "game_share",
    "games_import",
    "games_list",
    "row_undo",
    "health",
    "home",
    "ladder",
    "ladder_link",
    "ladder_shared",
    "player_detail",
    "player_merge",
    "player_rename",
    "player_versus",
    "players_list",
    "service_worker",
    "sign_out",
    "signup",
    "time_call",
    "web_manifest",
]
