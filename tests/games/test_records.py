"""Game records in and out through the core (``games.services.game_import``,
``games.records.game_export``; docs/game-record.md): a round trip, the spec's example, and
refused records store nothing; every write keeps the digest a preview finds a stored game by."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from django.urls import reverse

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.record import parse_record
from scorekeeper.games import changes, services
from scorekeeper.games.kinds import engine_of
from scorekeeper.games.models import Game, Row
from scorekeeper.games.records import canonical, game_export, import_marked, import_preview, record_digest
from scorekeeper.mu import services as mu_services
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
    assert Row.objects.filter(game=imported).count() == 3


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
    assert Row.objects.count() == 0


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


# --- a stored game found by its digest (issue 24) ---------------------------------------------------------------------

#: Both sides set (-80 each): a game of these to 100,000 never ends, so every mix of them is a game.
ENDLESS = {"preset": "standard", "target": 100000}


def set_hands(*taken: int) -> list[dict]:
    """Hands of four bids of 4 where the seat ``taken[i]`` takes the fourth trick over 3 each in hand i."""
    return [{"bids": [4, 4, 4, 4], "tricks": [4 if seat == four else 3 for seat in range(4)]} for four in taken]


def digest_now(game: Game) -> str:
    """The digest of ``game``'s played hands as stored now, computed afresh from its rows."""
    return record_digest(canonical(engine_of(Game.objects.get(pk=game.pk))))


def stored_digest(game: Game) -> str:
    return Game.objects.get(pk=game.pk).record_digest


def test_every_write_keeps_the_record_digest_of_the_played_hands():
    game = new_game()
    empty = stored_digest(game)
    assert len(empty) == 64 and empty == digest_now(game)
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])
    assert stored_digest(game) == empty  # a hand in play is not in the record
    spades_services.hand_tricks_save(game=game, tricks=[4, 3, 3, 3])
    played = stored_digest(game)
    assert played != empty and played == digest_now(game)
    spades_services.hand_update(game=game, number=0, bids=[3, 3, 3, 3], tricks=[3, 4, 3, 3])
    assert stored_digest(game) not in (empty, played) and stored_digest(game) == digest_now(game)
    changes.row_undo(game=game)
    assert stored_digest(game) == empty
    rematch = services.game_rematch(game=game)
    assert stored_digest(rematch) == digest_now(rematch)


def test_a_mu_game_and_an_import_keep_theirs_too():
    mu = services.game_create(players=["Anna", "Beate", "Conny", "Dagmar", "Emma"], dealer=0, rules={}, kind="mu")
    mu_services.deal_auction_save(game=mu, laid=[1, 1, 2, 4, 0], vize_trump=7, chef_trump="green", partner=0)
    mu_services.deal_points_save(game=mu, points=[9, 10, 14, 20, 7])
    assert stored_digest(mu) == digest_now(mu) == record_digest(canonical(parse_record(game_export(mu))))
    data = record(
        hands=[{"bids": [0, 3, 4, 3], "tricks": [0, 3, 5, 5]}], rules={"preset": "standard", "zero_is_nil": True}
    )
    imported = services.game_import(record=data)
    assert stored_digest(imported) == digest_now(imported)  # of the hands as stored (a bid of 0 stored as nil)


def test_a_preview_finds_the_stored_games_in_one_query_however_many_there_are(django_assert_num_queries, monkeypatch):
    """Issue 24: previewing a record cost a read and a scoring of every stored game with the same
    players, dealer and number of hands (2.3 s with 409 of them). Now one query finds the games
    whose digest is the record's, without reading a hand: as fast with 0 stored games as with 10,000."""
    mine = record(hands=set_hands(0, 0, 0), rules=ENDLESS)
    first = services.game_import(record=mine)
    for taken in [(a, b, c) for a in range(4) for b in range(4) for c in range(4) if a != b != c][:24]:
        services.game_import(record=record(hands=set_hands(*taken), rules=ENDLESS))  # the same shape, other hands
    again = services.game_import(record=mine)  # stored twice: the first is named
    new = record(hands=set_hands(3, 3, 3), rules=ENDLESS)
    items = import_preview(json.dumps([mine, new, dict(reversed(mine.items()))]), str)
    for reader in ("scorekeeper.games.kinds.engine_of", "scorekeeper.games.records.engine_of"):
        monkeypatch.setattr(reader, lambda *args: pytest.fail("a stored game was read and scored"))

    with django_assert_num_queries(1):
        marked = import_marked(items, Game.objects.all())

    assert [(item.stored and item.stored.pk, item.same_as) for item in marked] == [
        (first.pk, 0),
        (None, 0),
        (first.pk, 1),
    ]
    assert import_marked(items, Game.objects.exclude(pk=first.pk))[0].stored == again  # only the games passed in


def test_downloads_are_named_by_the_day_the_pages_show(client, settings):
    """Issue 25: a game started at 23:30 UTC on 1 March was started on 2 March at a table in Berlin
    (the site's time zone): its record and CSV are named by that day, the one its pages show."""
    settings.TIME_ZONE = "Europe/Berlin"
    game = new_game()
    Game.objects.filter(pk=game.pk).update(created_at=datetime(2026, 3, 1, 23, 30, tzinfo=UTC))

    for name, ext in (("record", "json"), ("csv", "csv")):
        response = client.get(reverse(f"games:{name}", args=[game.edit_key]))
        assert response["Content-Disposition"] == f'attachment; filename="spades-2026-03-02-ann-bob-cat-dan.{ext}"'
    assert "March 2, 2026" in client.get(reverse("games:print", args=[game.edit_key])).content.decode()
