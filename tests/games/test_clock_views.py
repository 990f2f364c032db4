"""The clock through the views (issue 27.4): the header on every phone, "Call time" through the edit
link only, the phones' automatic call (the server decides by its own clock), the saves that call time
first when it is up, undo, a Mü game the same, German, and the sheet's queries unchanged."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from scorekeeper.games import services
from scorekeeper.games.kinds import game_rows
from scorekeeper.games.models import Change, Game, Row
from scorekeeper.mu import services as mu_services
from scorekeeper.spades import services as spades_services

from .factories import BIG_HAND, HTMX, SET_HAND, new_game, play, sheet_url, snapshot, url

pytestmark = pytest.mark.django_db

TIMED = {"preset": "standard", "time_limit": 40}
CALL = "Call time"
UP = "Time: this hand is the last (tied: one more hand)"
CALLED = "Time was called: this hand is the last"


def started(game: Game, minutes_ago: float) -> Game:
    Game.objects.filter(pk=game.pk).update(clock_started=timezone.now() - timedelta(minutes=minutes_ago))
    game.refresh_from_db()
    return game


def marks(game: Game) -> list[int]:
    return [row.number for row in game_rows(game) if row.record.get("time_called")]


def version(game: Game) -> int:
    return Game.objects.get(pk=game.pk).version


def live_values(game: Game) -> dict[str, str]:
    """What the page's ``#live`` sends with a write (``hx-include="#live"``): the version it shows."""
    return {"v": str(version(game)), "rows": str(len(game_rows(game))), "stage": ""}


def in_play(minutes_ago: float = 0, **rules: object) -> Game:
    """A timed game: one hand played, the next one's bids saved."""
    game = new_game(rules={**TIMED, **rules})
    play(game, *SET_HAND)
    spades_services.hand_bids_save(game=game, bids=BIG_HAND[0])
    return started(game, minutes_ago)


def test_the_header_says_the_time_from_the_first_bid_then_the_time_left_on_every_phone(client) -> None:
    game = new_game(rules=TIMED)
    page = client.get(sheet_url(game)).content.decode()
    assert 'to 500 · <span class="limit">40 min from the first bid</span>' in page
    assert CALL not in page and 'id="clock"' not in page
    play(game, *SET_HAND)
    started(game, 27.5)
    for link in (game.edit_key, game.view_key):
        page = client.get(reverse("games:detail", args=[link])).content.decode()
        clock = re.search(r'<span id="clock" class="limit" role="timer" aria-live="off" data-left="(\d+)"', page)
        assert clock and 740 <= int(clock.group(1)) <= 750  # by the server's clock
        assert "13 min left</span>" in page and f'data-up="{UP}"' in page
        assert (CALL in page) == (link == game.edit_key)  # the button, and the automatic call, only to edit
        assert ('id="time-up"' in page) == (link == game.edit_key)


def test_a_game_without_a_time_limit_shows_no_clock_and_refuses_a_call(client) -> None:
    game = new_game()
    play(game, *SET_HAND)
    page = client.get(sheet_url(game)).content.decode()
    assert CALL not in page and 'class="limit"' not in page
    before = snapshot(Game, Row, Change)
    response = client.post(url("time_call", game), {**live_values(game)}, **HTMX)
    assert response.status_code == 422
    assert "This game has no time limit: there is no time to call." in response.content.decode()
    assert snapshot(Game, Row, Change) == before


def test_the_view_link_cannot_call_time(client) -> None:
    game = in_play(41)
    before = snapshot(Game, Row, Change)
    for data in ({}, {"automatic": "1"}):
        response = client.post(reverse("games:time_call", args=[game.view_key]), data, **HTMX)
        assert response.status_code == 403
    assert snapshot(Game, Row, Change) == before


def test_call_time_marks_the_hand_in_play_and_every_phone_sees_it(client) -> None:
    game = in_play(5)
    shown = live_values(game)
    response = client.post(url("time_call", game), {**shown, "write_key": "k" * 22}, **HTMX)
    assert response.status_code == 200
    assert marks(game) == [1]
    content = response.content.decode()
    assert CALLED in content and 'id="live"' in content and CALL not in content
    assert "sheet-changed" in response.headers["HX-Trigger"]
    # Another phone's poll sees the new version; the call is in the history, as "Hand 2 · Time called".
    poll = client.get(url("live", game), {"v": shown["v"]}, **HTMX)
    assert poll.status_code == 200 and CALLED in poll.content.decode()
    history = client.get(url("changes", game)).content.decode()
    assert "<b>Hand 2</b> · Time called" in history
    # The same call sent again is stored once.
    assert client.post(url("time_call", game), {**shown, "write_key": "k" * 22}, **HTMX).status_code == 200
    assert Change.objects.filter(game=game, action="time").count() == 1


def test_call_time_without_javascript_redirects_to_the_sheet(client) -> None:
    game = in_play(5)
    response = client.post(url("time_call", game))
    assert response.status_code == 302 and response.url == f"{sheet_url(game)}#standings"
    assert marks(game) == [1]
    assert CALLED in client.get(sheet_url(game)).content.decode()


def test_the_automatic_call_before_the_deadline_changes_nothing(client) -> None:
    game = in_play(39)
    before = snapshot(Game, Row, Change)
    response = client.post(url("time_call", game), {**live_values(game), "automatic": "1"}, **HTMX)
    assert response.status_code == 200
    assert snapshot(Game, Row, Change) == before


def test_the_automatic_call_after_the_deadline_marks_the_hand_in_play_once(client) -> None:
    game = in_play(41)
    page = client.get(sheet_url(game)).content.decode()
    assert UP in page and 'id="clock"' not in page and 'id="time-up"' in page
    for _ in range(2):  # every phone asks: the first call marks, the next changes nothing
        response = client.post(url("time_call", game), {**live_values(game), "automatic": "1"}, **HTMX)
        assert response.status_code == 200
    assert marks(game) == [1]
    assert Change.objects.filter(game=game, action="time").count() == 1


def test_the_automatic_call_with_no_hand_in_play_marks_the_last_hand_played(client) -> None:
    game = new_game(rules=TIMED)
    play(game, *SET_HAND)
    play(game, *SET_HAND)
    started(game, 41)
    client.post(url("time_call", game), {**live_values(game), "automatic": "1"}, **HTMX)
    assert marks(game) == [1]
    page = client.get(sheet_url(game)).content.decode()
    assert "Tied: one more hand" in page and CALL not in page  # tied at -160: one more hand


def test_saving_the_tricks_after_the_deadline_marks_the_hand_first_with_no_phone_having_asked(client) -> None:
    game = in_play(41)
    data = {"tricks_2": "5", "tricks_3": "2", "tricks_0": "5", "number": "1", **live_values(game)}  # Bob deals: 1
    response = client.post(url("tricks", game), data, **HTMX)
    assert response.status_code == 200
    assert marks(game) == [1]
    assert [change.action for change in Change.objects.filter(game=game).order_by("id")][-2:] == ["time", "tricks"]
    assert Game.objects.get(pk=game.pk).finished  # Ann & Cat ahead after the hand time was called in


def test_saving_bids_after_the_deadline_with_no_hand_in_play_ends_the_game_at_the_last_hand(client) -> None:
    game = new_game(rules=TIMED)
    play(game, *BIG_HAND)
    started(game, 41)
    data = {"bid_1": "3", "bid_2": "3", "bid_3": "3", "bid_0": "3", "number": "1", **live_values(game)}
    response = client.post(url("bids", game), data, **HTMX)
    assert response.status_code == 422  # time was up before this hand started: the last one was the last
    assert "The game is over" in response.content.decode()
    assert marks(game) == [0] and len(game_rows(game)) == 1
    assert Game.objects.get(pk=game.pk).finished


def test_undo_of_the_call_in_the_history(client) -> None:
    game = in_play(5)
    client.post(url("time_call", game), live_values(game), **HTMX)
    change = Change.objects.get(game=game, action="time")
    response = client.post(url("revert", game, change.pk), **HTMX)
    assert response.status_code == 200 and "Time call undone" in response.content.decode()
    assert marks(game) == []
    assert CALL in client.get(sheet_url(game)).content.decode()


def test_the_undo_button_leaves_the_mark_of_an_earlier_hand(client) -> None:
    game = new_game(rules=TIMED)
    play(game, *SET_HAND)
    client.post(url("time_call", game), live_values(game), **HTMX)
    play(game, *SET_HAND)  # tied: one more hand
    rows = game_rows(game)
    client.post(url("undo", game), {"number": str(rows[-1].number), "shown": rows[-1].fingerprint()}, **HTMX)
    assert marks(game) == [0] and len(game_rows(game)) == 1


def test_a_mu_game_the_same(client) -> None:
    game = services.game_create(
        players=["Anna", "Beate", "Conny", "Dagmar"], dealer=0, rules={"preset": "standard", "time_limit": 30},
        kind="mu",
    )  # fmt: skip
    page = client.get(sheet_url(game)).content.decode()
    assert "30 min from the first bid" in page
    mu_services.deal_auction_save(game=game, laid=[2, 1, 0, 0], chef_trump="red", vize_trump=7, partner=2)
    started(game, 31)
    page = client.get(sheet_url(game)).content.decode()
    assert "Time: this deal is the last (tied: one more deal)" in page and CALL in page
    response = client.post(reverse("games:time_call", args=[game.view_key]), {"automatic": "1"}, **HTMX)
    assert response.status_code == 403 and marks(game) == []
    client.post(url("time_call", game), {**live_values(game), "automatic": "1"}, **HTMX)
    assert marks(game) == [0]
    assert "Time was called: this deal is the last" in client.get(sheet_url(game)).content.decode()
    client.post(url("mu_points", game), {"points_1": "20", "points_2": "10", "points_3": "0", "number": "0"})
    assert marks(game) == [0] and Game.objects.get(pk=game.pk).finished


def test_a_mu_deal_limit_counts_the_deals(client) -> None:
    game = services.game_create(
        players=["Anna", "Beate", "Conny"], dealer=0, rules={"preset": "standard", "hand_limit": 8}, kind="mu"
    )
    assert "Deal 1 of 8" in client.get(sheet_url(game)).content.decode()


def test_the_german_header(client) -> None:
    game = in_play(5, hand_limit=8)
    german = {"HTTP_ACCEPT_LANGUAGE": "de"}
    page = client.get(sheet_url(game), **german).content.decode()
    assert "Runde 2 von 8" in page and "noch 35 Min." in page and "Zeit ansagen" in page
    client.post(url("time_call", game), live_values(game), **HTMX)
    page = client.get(sheet_url(game), **german).content.decode()
    assert "Zeit angesagt: Diese Runde ist die letzte" in page


def test_the_sheet_of_a_timed_game_makes_the_same_queries_and_its_poll_one(client, django_assert_num_queries) -> None:
    game = in_play(41, hand_limit=8)
    client.get(sheet_url(game))
    with django_assert_num_queries(4):  # the game, the session, the rows, the rulings: as without a limit
        assert client.get(sheet_url(game)).status_code == 200
    shown = str(version(game))
    with django_assert_num_queries(1):
        assert client.get(url("live", game), {"v": shown}, **HTMX).status_code == 204
