"""One true sheet (issue 6): real parallel requests against a live server.

Several phones save the same hand at the same moment: exactly one hand is stored,
every other phone is told another phone was faster (409 for htmx), and nobody gets
a server error. Runs on SQLite and, with ``DATABASE_URL``, on PostgreSQL.
"""

from __future__ import annotations

import http.cookiejar
import re
import threading
import urllib.error
import urllib.parse
import urllib.request

import pytest

from scorekeeper.games import services
from scorekeeper.games.models import Game, Hand

PHONES = 8


class Phone:
    """A browser-like client with its own cookies and CSRF token."""

    def __init__(self, base: str, game: Game) -> None:
        self.base = base
        self.game = game
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        page = self.opener.open(base + game.get_absolute_url(), timeout=30).read().decode()
        self.token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)

    def post(self, path: str, data: dict[str, str]) -> int:
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": self.token, **data}).encode()
        request = urllib.request.Request(
            self.base + path, data=body, headers={"HX-Request": "true", "Referer": self.base + "/"}
        )
        try:
            return self.opener.open(request, timeout=60).status
        except urllib.error.HTTPError as error:
            return error.code


def race(phones: list[Phone], path: str, data: dict[str, str]) -> list[int]:
    """Every phone posts ``data`` to ``path`` at once; their status codes."""
    start = threading.Barrier(len(phones))
    statuses: list[int] = [0] * len(phones)

    def run(index: int) -> None:
        start.wait()
        statuses[index] = phones[index].post(path, data)

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(phones))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return statuses


@pytest.fixture
def game(transactional_db) -> Game:
    return services.game_create(players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"})


def test_phones_saving_the_same_bids_at_once_store_one_hand(live_server, game: Game) -> None:
    phones = [Phone(live_server.url, game) for _ in range(PHONES)]
    bids = {"number": "0", **{f"bid_{seat}": "3" for seat in range(4)}}

    statuses = race(phones, f"/games/{game.pk}/bids/", bids)

    assert sorted(statuses) == [200] + [409] * (PHONES - 1), statuses
    assert Hand.objects.filter(game=game).count() == 1


def test_phones_saving_the_same_tricks_at_once_score_the_hand_once(live_server, game: Game) -> None:
    services.hand_bids_save(game=game, bids=[3, 3, 3, 3], number=0)
    phones = [Phone(live_server.url, game) for _ in range(PHONES)]
    tricks = {"number": "0", "tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3"}

    statuses = race(phones, f"/games/{game.pk}/tricks/", tricks)

    assert sorted(statuses) == [200] + [409] * (PHONES - 1), statuses
    hand = Hand.objects.get(game=game)
    assert hand.tricks is not None and sum(hand.tricks) == 13
