"""Views: thin. Parse the form, call a service, render the page or its partial.

- :mod:`.pages`: home, new games, rematch, the record download and the rulebooks;
- :mod:`.sheet`: the score sheet, its live poll and undo, and what every write answers;
- :mod:`.spades`, :mod:`.mu`: entering and correcting hands and deals;
- :mod:`.referee`: the referee;
- :mod:`.sharing`: links, QR codes, the phone's name and the change history;
- :mod:`.history`: the games list, exports, import, players and statistics;
- :mod:`.accounts`: signing up.

Every view that touches a game takes the game's link key from the address and
asks :func:`scorekeeper.games.access.game_for` what the link allows.
"""

from .accounts import signup
from .history import (
    game_csv,
    game_print,
    games_import,
    games_list,
    player_detail,
    player_merge,
    player_rename,
    player_versus,
    players_list,
)
from .mu import mu_auction, mu_auction_preview, mu_deal_edit, mu_points, mu_points_preview
from .pages import game_new, game_record_download, game_rematch, game_rulebook, health, home, mu_new, preset_rulebook
from .referee import referee
from .sharing import change_revert, device_rename, game_history, game_links, game_share
from .sheet import game_detail, game_live, hand_undo
from .spades import (
    hand_bid_offers,
    hand_bids,
    hand_edit,
    hand_misdeal,
    hand_tricks,
    hand_tricks_rest,
    hand_what_if,
)

__all__ = [
    "game_csv",
    "game_print",
    "games_import",
    "games_list",
    "player_detail",
    "player_merge",
    "player_rename",
    "player_versus",
    "players_list",
    "change_revert",
    "device_rename",
    "game_detail",
    "game_history",
    "game_links",
    "game_live",
    "game_new",
    "game_record_download",
    "game_rematch",
    "game_rulebook",
    "game_share",
    "hand_bid_offers",
    "hand_bids",
    "hand_edit",
    "hand_misdeal",
    "hand_tricks",
    "hand_tricks_rest",
    "hand_undo",
    "hand_what_if",
    "health",
    "home",
    "mu_auction",
    "mu_auction_preview",
    "mu_deal_edit",
    "mu_new",
    "mu_points",
    "mu_points_preview",
    "preset_rulebook",
    "referee",
    "signup",
]
