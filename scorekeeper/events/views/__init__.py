"""The event's pages: organising (new event, the dashboard, rounds, table cards) and the standings
(the standings link's page and the wall)."""

from .pages import event_csv, event_detail, event_export, event_import, event_live, event_new, event_wall, events_list
from .rounds import (
    entrant_add,
    entrant_withdraw,
    entrants_seed,
    round_cards,
    round_pair,
    round_start,
    round_swap,
    table_forfeit,
    table_result,
)

__all__ = [
    "entrant_add",
    "entrant_withdraw",
    "entrants_seed",
    "event_csv",
    "event_detail",
    "event_export",
    "event_import",
    "event_live",
    "event_new",
    "event_wall",
    "events_list",
    "round_cards",
    "round_pair",
    "round_start",
    "round_swap",
    "table_forfeit",
    "table_result",
]
