"""Helpers shared by the events tests: events made and played through the services (never the raw ORM),
tables played with real hands (one hand decides a game: ``hand_limit`` 1), and the addresses the
views take."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.urls import reverse

from scorekeeper.events import services
from scorekeeper.events.models import Event, EventTable
from scorekeeper.spades import services as spades_services

#: One hand decides a game (the best total after it wins).
ONE_HAND = {"preset": "standard", "hand_limit": 1}
TEAM_NAMES = [
    ("Aces", "Ann", "Bob"), ("Jacks", "Cat", "Dan"), ("Kings", "Eve", "Fay"), ("Queens", "Gus", "Hal"),
    ("Tens", "Ida", "Jon"), ("Nines", "Kim", "Lou"), ("Eights", "Max", "Ned"), ("Sevens", "Oda", "Pam"),
    ("Sixes", "Quin", "Rob"), ("Fives", "Sue", "Tom"), ("Fours", "Uma", "Vic"), ("Threes", "Wes", "Xia"),
    ("Twos", "Yul", "Zoe"), ("Jokers", "Abe", "Bea"), ("Hearts", "Cal", "Deb"), ("Clubs", "Eli", "Flo"),
]  # fmt: skip
PLAYER_NAMES = ["Anna", "Beate", "Conny", "Dagmar", "Emma", "Frieda", "Greta", "Hanna", "Ilse", "Jana", "Karla"]
#: Side 0 bids 10 and makes it (+100), side 1 bids 4 and takes 3 (-40).
SIDE_0_WINS = ([5, 2, 5, 2], [5, 1, 5, 2])
#: The other way round: side 1 +100, side 0 -40.
SIDE_1_WINS = ([2, 5, 2, 5], [1, 5, 2, 5])


def teams(count: int) -> list[dict[str, Any]]:
    """``count`` teams in seed order, as a new event takes them."""
    return [{"name": name, "players": [first, second]} for name, first, second in TEAM_NAMES[:count]]


def players(count: int) -> list[dict[str, Any]]:
    """``count`` individual players in seed order."""
    return [{"name": name} for name in PLAYER_NAMES[:count]]


def new_event(
    count: int = 4, *, pairing: str = "swiss", rounds: int | None = 3, rules: dict[str, Any] | None = None, **more: Any
) -> Event:
    """A teams event of ``count`` teams (Spades, one hand a game), made through the service."""
    return services.event_create(
        name="Friday Spades", kind="spades", rules=dict(rules or ONE_HAND), style="teams", pairing=pairing,
        entrants=teams(count), rounds=rounds if pairing in ("swiss", "rotation") else None, **more,
    )  # fmt: skip


def individual_event(count: int = 8, *, rounds: int = 3) -> Event:
    """An individual Spades event (4 seats, partners opposite) of ``count`` players, by rotation."""
    return services.event_create(
        name="Rotation night", kind="spades", rules=dict(ONE_HAND), style="individual", pairing="rotation",
        entrants=players(count), rounds=rounds,
    )  # fmt: skip


def started(event: Event) -> list[EventTable]:
    """Pair the next round and start it as paired."""
    services.event_draft(event=event)
    return services.event_round_start(event=event)


def play(table: EventTable, side: int = 0) -> None:
    """Play the one hand of ``table``'s game (a Spades game of 4) so that ``side`` wins it."""
    bids, tricks = SIDE_0_WINS if side == 0 else SIDE_1_WINS
    assert table.game is not None
    spades_services.hand_bids_save(game=table.game, bids=bids)
    spades_services.hand_tricks_save(game=table.game, tricks=tricks)


def play_round(event: Event, winners: Sequence[int] | None = None) -> list[EventTable]:
    """Pair, start and play a whole round; ``winners``: the side winning at each table (default side 0)."""
    tables = started(event)
    for at, table in enumerate(tables):
        play(table, winners[at] if winners else 0)
    return tables


def last_tables(event: Event) -> list[EventTable]:
    """The tables of the event's last round, in order, with their games."""
    last = event.played.count() - 1
    return list(EventTable.objects.filter(event=event, round=last).select_related("game").order_by("number"))


def url(name: str, key: str, *args: object) -> str:
    """The address ``events:<name>`` through the link ``key``, with ``args`` after it."""
    return reverse(f"events:{name}", args=[key, *args])
