"""Helpers shared by the games tests: games built through the services (never the raw ORM), the
addresses and headers the views take, and what is stored, read back for comparing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import Model
from django.urls import reverse

from scorekeeper.games import services
from scorekeeper.games.kinds import game_rows
from scorekeeper.games.models import Game, Row
from scorekeeper.spades import services as spades_services
from scorekeeper.spades.setup import NewGameForm

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]

# A hand where side 0 (Ann & Cat) bids 10 and makes it exactly (+100) and side 1
# (Bob & Dan) bids 4 and takes 3 (set, -40): totals [100, -40] after it.
BIG_HAND = ([5, 2, 5, 2], [5, 1, 5, 2])
# Both sides set: bid 8 each, take 7 and 6: [-80, -80]. A game of these never ends.
SET_HAND = ([4, 4, 4, 4], [4, 3, 3, 3])
# Bob bids blind nil (and makes it): only legal while Bob & Dan are 100 or more behind, e.g. after BIG_HAND.
BLIND_NIL_HAND = ([4, "blind_nil", 4, 3], [4, 0, 5, 4])
#: The header htmx sends with its requests: the views answer with a partial.
HTMX = {"HTTP_HX_REQUEST": "true"}


def record(hands: Sequence[dict[str, Any]] = (), **top: Any) -> dict[str, Any]:
    """A valid game record (docs/game-record.md) with ``hands``."""
    data: dict[str, Any] = {
        "format": "scorekeeper-game/1",
        "game": "spades",
        "players": list(PLAYERS),
        "dealer": 0,
        "rules": {"preset": "standard"},
        "hands": [dict(hand) for hand in hands],
    }
    data.update(top)
    return data


def new_game(*, players: Sequence[str] = PLAYERS, dealer: int = 0, rules: dict[str, Any] | None = None) -> Game:
    return services.game_create(
        kind="spades", players=list(players), dealer=dealer, rules=rules or {"preset": "standard"}
    )


def play(game: Game, bids: Sequence[Any], tricks: Sequence[int]) -> None:
    """Play one whole hand through the services."""
    spades_services.hand_bids_save(game=game, bids=list(bids))
    spades_services.hand_tricks_save(game=game, tricks=list(tricks))


def game_with_hands(count: int, **kwargs: Any) -> Game:
    """A game of ``count`` played hands that is not over (every side is set each hand)."""
    game = new_game(**kwargs)
    for _ in range(count):
        play(game, *SET_HAND)
    return game


def new_game_data(preset: str = "standard", **changes: object) -> dict[str, str]:
    """What the new-game form posts: names, dealer, preset and every house rule as the browser sends it."""
    data: dict[str, str] = {f"player_{seat}": name for seat, name in enumerate(PLAYERS)}
    for name, value in NewGameForm.initial_for(preset).items():
        value = changes.pop(name, value)
        if value is False or value is None:
            continue  # an unticked checkbox and an empty number are not posted
        data[name] = "on" if value is True else str(value)
    data.update({name: str(value) for name, value in changes.items()})
    return data


def url(name: str, game: Game, *args: object) -> str:
    """The address ``games:<name>`` of ``game`` through its edit link, with ``args`` after the key."""
    return reverse(f"games:{name}", args=[game.edit_key, *args])


def sheet_url(game: Game) -> str:
    """The sheet's address through ``game``'s edit link (the app builds none outside a request)."""
    return url("detail", game)


def shown_row(game: Game, number: int) -> dict[str, str]:
    """What a correction's form of row ``number`` (1-based) of ``game`` posts to say which it was
    opened for (its fingerprint: a write that does not say is refused, issue 24)."""
    return {"shown": game_rows(game)[number - 1].fingerprint()}


def undo_form(game: Game) -> dict[str, str]:
    """What the undo button of ``game`` posts: the last row's number and fingerprint as shown."""
    rows = game_rows(game)
    return {"number": str(rows[-1].number), "shown": rows[-1].fingerprint()} if rows else {"number": "", "shown": ""}


def stored(game: Game) -> list[tuple[list, list | None]]:
    """The hands of ``game`` as stored: (bids, tricks) in order."""
    return [
        (hand.record.get("bids"), hand.record.get("tricks"))
        for hand in Row.objects.filter(game=game).order_by("number")
    ]


def snapshot(*models: type[Model]) -> tuple:
    """Every row of ``models``, in primary key order: compare two snapshots to prove nothing changed."""
    return tuple(tuple(model.objects.order_by("pk").values_list()) for model in models)
