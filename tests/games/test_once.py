"""A save sent twice is stored once (``games.views.once``; issue 14, "Exactly once").

Each test sends a save with a write key, then the very same request again, as a phone does
when the first answer was lost on the way back: the second is answered as the first was
(a success, never a conflict), and nothing is stored twice."""

from __future__ import annotations

import re
import threading

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse

from scorekeeper.games import access, changes, services
from scorekeeper.games.models import Change, Row
from scorekeeper.games.records import game_export

from .factories import BIG_HAND, HTMX, SET_HAND, game_with_hands, new_game, play, sheet_url, stored, url

pytestmark = pytest.mark.django_db

KEY = "k" * 21 + "1"  # a write key: 22 URL-safe characters
OTHER_KEY = "o" * 22


def sent_twice(client, address: str, data: dict[str, str], key: str = KEY, **headers: str):
    """POST ``data`` with the write ``key`` twice; both answers."""
    data = {**data, "write_key": key}
    return client.post(address, data, **headers), client.post(address, data, **headers)


def live(client, game) -> dict[str, str]:
    """The ``v`` and ``rows`` the sheet page shows (what an htmx save sends with ``#live``)."""
    page = client.get(sheet_url(game)).content.decode()
    return dict(re.findall(r'name="(v|rows)" value="([0-9]+)"', page))


def test_every_form_that_writes_carries_a_fresh_write_key(client):
    game = game_with_hands(1)
    page = client.get(sheet_url(game)).content.decode()
    keys = re.findall(r'name="write_key" value="([A-Za-z0-9_-]{22})"', page)
    assert len(keys) == 2 and len(set(keys)) == 2  # the bids form and the undo form
    again = re.findall(r'name="write_key" value="([^"]+)"', client.get(sheet_url(game)).content.decode())
    assert not set(keys) & set(again)  # each showing of a form, a key of its own


@pytest.mark.parametrize("htmx", [True, False])
def test_bids_sent_twice_are_stored_once_and_answered_as_saved(client, htmx):
    game = new_game()
    headers = HTMX if htmx else {}
    data = {**{f"bid_{seat}": "3" for seat in range(4)}, "number": "0", **(live(client, game) if htmx else {})}
    first, second = sent_twice(client, url("bids", game), data, **headers)
    assert first.status_code == second.status_code == (200 if htmx else 302)
    if htmx:
        assert first.headers["HX-Trigger"] == second.headers["HX-Trigger"]
        assert 'id="hand-1"' not in second.content.decode()  # a hand in play: bids shown in the entry form
        assert "another phone" not in second.content.decode()
    assert stored(game) == [([3, 3, 3, 3], None)]
    assert Change.objects.filter(game=game, write_key=KEY).count() == 1


def test_tricks_sent_twice_are_stored_once_even_after_the_hand_moved_on(client):
    game = new_game()
    spades_bids = {f"bid_{seat}": str(bid) for seat, bid in enumerate(BIG_HAND[0])}
    client.post(url("bids", game), {**spades_bids, "number": "0"})
    shown = live(client, game)
    data = {**{f"tricks_{seat}": str(t) for seat, t in enumerate(BIG_HAND[1])}, "number": "0", **shown}
    first, second = sent_twice(client, url("tricks", game), data, **HTMX)
    assert first.status_code == second.status_code == 200
    assert 'id="hand-1"' in second.content.decode()  # the row the save made, sent again
    assert "another phone" not in second.content.decode()
    assert stored(game) == [(BIG_HAND[0], BIG_HAND[1])]


def test_an_undo_sent_twice_deletes_one_hand(client):
    game = game_with_hands(3)
    last = Row.objects.get(game=game, number=2)
    data = {"number": "2", "shown": last.fingerprint(), **live(client, game)}
    first, second = sent_twice(client, url("undo", game), data, **HTMX)
    assert first.status_code == second.status_code == 200
    assert len(stored(game)) == 2


def test_a_correction_sent_twice_is_stored_once(client):
    game = game_with_hands(2)
    hand = Row.objects.get(game=game, number=0)
    data = {
        **{f"bid_{seat}": "4" for seat in range(4)},
        **{f"tricks_{seat}": str(t) for seat, t in enumerate([4, 4, 4, 1])},
        "shown": hand.fingerprint(),
    }
    first, second = sent_twice(client, url("hand_edit", game, 1), data)
    assert first.status_code == second.status_code == 302
    assert second.url == first.url
    assert stored(game)[0] == ([4, 4, 4, 4], [4, 4, 4, 1])
    assert Change.objects.filter(game=game, action="edit").count() == 1


def test_undoing_a_change_sent_twice_undoes_it_once(client):
    game = game_with_hands(2)
    change = Change.objects.filter(game=game, action="tricks").order_by("pk").last()
    first, second = sent_twice(client, url("revert", game, change.pk), {})
    assert first.status_code == second.status_code == 302
    assert Change.objects.filter(game=game, action="revert").count() == 1
    messages = {str(m) for m in second.wsgi_request._messages}
    assert messages == {"Change undone."}  # no refusal: the first answer's message, lost, and this one


def test_a_mu_auction_and_points_sent_twice_are_stored_once(client):
    game = services.game_create(
        players=["Anna", "Beate", "Conny", "Dagmar", "Emma"], dealer=0, rules={"preset": "standard"}, kind="mu"
    )
    auction = {
        **{f"laid_{seat}": str(n) for seat, n in enumerate((1, 1, 2, 4, 0))},
        **{"vize_trump": "7", "chef_trump": '"green"', "partner": "0", "number": "0"},
    }
    first, second = sent_twice(client, reverse("games:mu_auction", args=[game.edit_key]), auction)
    assert first.status_code == second.status_code == 302
    points = {"points_1": "10", "points_2": "14", "points_3": "20", "points_4": "7", "number": "0"}
    first, second = sent_twice(client, reverse("games:mu_points", args=[game.edit_key]), points, OTHER_KEY)
    assert first.status_code == 302 and second.status_code == 302
    assert Row.objects.filter(game=game).count() == 1
    assert game_export(game)["hands"][0]["points"] == [9, 10, 14, 20, 7]


def test_a_save_with_another_key_after_another_phone_is_a_conflict(client):
    game = new_game()
    play(game, *SET_HAND)
    data = {**{f"bid_{seat}": "3" for seat in range(4)}, "number": "0", "write_key": OTHER_KEY}
    response = client.post(url("bids", game), data, **HTMX)
    assert response.status_code == 409  # hand 1 was saved by another phone: the existing conflict
    assert len(stored(game)) == 1


def test_a_key_stored_while_the_view_ran_is_answered_as_saved(client, monkeypatch):
    """Should a repeat ever pass the early look (here made to find nothing), the database
    refuses its key a second time: answered as saved, not a server error."""
    game = new_game()
    play(game, *SET_HAND)
    first = Change.objects.filter(game=game).order_by("pk").last()
    first.write_key = KEY
    first.save()
    looks = iter([False, True])
    monkeypatch.setattr(access, "write_stored", lambda **_: next(looks))
    data = {**{f"bid_{seat}": "3" for seat in range(4)}, "number": "1", "write_key": KEY}
    response = client.post(url("bids", game), data, **HTMX)
    assert response.status_code == 200  # not a server error: the unique key held
    assert len(stored(game)) == 1  # the bids were not stored under the same key again


@pytest.mark.django_db(transaction=True)
def test_a_form_sent_twice_at_once_without_javascript_is_stored_once_without_a_conflict(client, monkeypatch):
    """A double tap on a plain form: the second post arrives while the first is being stored.
    It waits for the first (the game is locked), then is answered as saved: no warning that
    another phone changed the hand. On PostgreSQL it would otherwise be checked against the
    hand as it was, and refused as stale."""
    game = new_game()
    client.get(sheet_url(game))  # the session both posts share, as one browser's do
    stored_first, release = threading.Event(), threading.Event()
    record = changes.change_record

    def slow_record(*args, **kwargs):
        change = record(*args, **kwargs)
        if not stored_first.is_set():
            stored_first.set()
            release.wait(10)  # the first save, stored but not yet committed
        return change

    monkeypatch.setattr(changes, "change_record", slow_record)
    data = {**{f"bid_{seat}": "3" for seat in range(4)}, "number": "0", "write_key": KEY}
    answers = {}

    def post(name: str) -> None:
        try:
            browser = Client()
            browser.cookies = client.cookies
            answers[name] = browser.post(url("bids", game), data)
        finally:
            connections.close_all()

    first = threading.Thread(target=post, args=("first",))
    first.start()
    assert stored_first.wait(10)
    second = threading.Thread(target=post, args=("second",))
    second.start()
    second.join(0.5)  # the repeat reaches the server and waits
    release.set()
    first.join(10)
    second.join(10)
    assert answers["first"].status_code == answers["second"].status_code == 302
    assert answers["second"].url == answers["first"].url
    assert not [str(m) for m in answers["second"].wsgi_request._messages]  # no "changed from another phone"
    assert stored(game) == [([3, 3, 3, 3], None)]
    assert Change.objects.filter(game=game).count() == 1


def test_a_write_key_that_is_no_key_is_ignored(client):
    game = new_game()
    data = {**{f"bid_{seat}": "3" for seat in range(4)}, "number": "0", "write_key": "<script>"}
    assert client.post(url("bids", game), data).status_code == 302
    assert Change.objects.get(game=game).write_key is None


def test_a_view_link_never_finds_a_stored_key(client):
    game = new_game()
    client.post(url("bids", game), {**{f"bid_{seat}": "3" for seat in range(4)}, "number": "0", "write_key": KEY})
    assert access.write_stored(key=game.edit_key, write_key=KEY)
    assert not access.write_stored(key=game.view_key, write_key=KEY)
