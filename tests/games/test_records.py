"""Game records in and out through the core (``games.services.game_import``,
``games.records.game_export``; docs/game-record.md): a round trip, the spec's example, and
refused records store nothing."""

from __future__ import annotations

import pytest

from scorekeeper.engine.errors import RuleError
from scorekeeper.games import services
from scorekeeper.games.models import Game, Hand
from scorekeeper.games.records import game_export
from scorekeeper.spades import services as spades_services
from scorekeeper.spades.presenters import spades_page

from .factories import BIG_HAND, new_game, play, record, sheet_url

pytestmark = pytest.mark.django_db


def totals(game: Game) -> tuple[int, ...]:
    """The game's totals now, as the sheet shows them."""
    return spades_page(Game.objects.get(pk=game.pk)).sheet.totals


def test_game_import_round_trip():
    game = new_game(dealer=2, rules={"preset": "nil_helps_partner", "bag_limit": 5})
    play(game, *BIG_HAND)
    play(game, ["nil", 3, 5, 3], [1, 3, 6, 3])
    play(game, [4, "nil", 4, 3], [4, 0, 5, 4])
    exported = game_export(game)
    assert len(exported["hands"]) == 3

    imported = services.game_import(record=exported)

    assert imported.pk != game.pk
    assert game_export(Game.objects.get(pk=imported.pk)) == exported
    assert totals(imported) == totals(game)
    assert Hand.objects.filter(game=imported).count() == 3


def test_game_import_of_a_record_from_the_spec():
    data = record(
        hands=[{"bids": [4, "nil", 3, 2], "tricks": [6, 1, 4, 2]}],
        rules={"preset": "standard", "target": 300},
    )

    game = services.game_import(record=data)

    assert game_export(game) == data
    # Ann & Cat bid 7 took 10: +70 +3 bags; Bob & Dan: nil by Bob failed -100 +1 bag, Dan's 2 made +20.
    assert totals(game) == (73, -79)


def test_game_export_leaves_out_the_hand_in_play():
    game = new_game()
    play(game, *BIG_HAND)
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])

    assert game_export(game) == record(hands=[{"bids": BIG_HAND[0], "tricks": BIG_HAND[1]}])


@pytest.mark.parametrize(
    "data",
    [
        record(hands=[{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 4]}]),  # tricks add up to 14
        record(hands=[{"bids": [3, "blind_nil", 3, 3], "tricks": [4, 0, 5, 4]}]),  # blind nil at 0-0
        record(
            hands=[{"bids": [5, 2, 5, 2], "tricks": [5, 1, 5, 2]}] * 2, rules={"preset": "standard", "target": 100}
        ),  # a hand after the game was won
        record(hands=[{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "moon": True}]),  # unknown field
        record(format="scorekeeper-game/2"),
        record(players=["Ann", "Bob", "Cat"]),
        "not a record",
    ],
    ids=["tricks-14", "blind-nil-0-0", "after-game-won", "unknown-field", "format", "players", "not-an-object"],
)
def test_game_import_invalid_record_stores_nothing(data):
    with pytest.raises(RuleError):
        services.game_import(record=data)

    assert Game.objects.count() == 0
    assert Hand.objects.count() == 0


def test_a_record_with_plays_imports_shows_and_exports_them_issue_16(client):
    """The play is kept with the hand (Spades) and the deal (Mü), and written back on export."""
    from ..engine.test_replay import REVOKE, legal_play, mu_deal

    spades_record = record(
        hands=[
            {"bids": [3, 3, 3, 3], "play": legal_play(5).record()},
            {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3], "play": REVOKE},
        ]
    )
    mu_record = mu_deal(REVOKE_MU, points=[20, 20, 10, 10])
    for data in (spades_record, mu_record):
        game = services.game_import(record=data)
        assert client.get(sheet_url(game)).status_code == 200
        exported = game_export(Game.objects.get(pk=game.pk))
        assert [hand.get("play") for hand in exported["hands"]] == [hand.get("play") for hand in data["hands"]]


REVOKE_MU = {
    "leader": 0,
    "tricks": [["red 3", "green 2", "green 3", "green 4"], ["red 4", "blue 5", "yellow 0", "yellow 2"]],
}
