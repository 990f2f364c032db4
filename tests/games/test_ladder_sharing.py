"""The ladder's view link, its pages and its name search (issue 29.1, 29.5): an account shares its
ladder read only, renews or turns the link off; a long ladder comes a page at a time, and a name
finds a player at their rank."""

from __future__ import annotations

import re
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scorekeeper.games.models import LadderLink, Player

from .test_ladder import LADDER, listed, rated

pytestmark = pytest.mark.django_db


@pytest.fixture
def user() -> User:
    return User.objects.create_user("host", password="ladder-29-cards")


@pytest.fixture
def client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def shared_address(page: str) -> str:
    return re.search(r'id="ladder-address" value="https?://[^/]+(/ladder/[^/"]+/)"', page).group(1)


def test_the_view_link_shows_the_accounts_ladder_to_a_stranger_read_only(client, user) -> None:
    rated(["Ann", "Bob", "Cat", "Dan"], user)
    other = User.objects.create_user("guest", password="ladder-29-other")
    rated(["Zoe", "Yan", "Xia", "Wes"], other)
    assert "Make a view link" in client.get(LADDER).content.decode()
    made = client.post(reverse("games:ladder_link"), {"action": "renew"})
    assert made.status_code == 302 and made.url == f"{LADDER}#ladder-link"
    page = client.get(LADDER).content.decode()
    address = shared_address(page)
    assert address == reverse("games:ladder_shared", args=[LadderLink.objects.get(owner=user).key])
    assert 'class="qr"' in page and "The ladder has a new view link" in page

    stranger = Client()
    response = stranger.get(address)
    assert response.status_code == 200
    assert [name for _r, name, *_ in listed(response)] == [name for _r, name, *_ in listed(client.get(LADDER))]
    shown = response.content.decode()
    assert "Zoe" not in shown and "/players/" not in shown  # no player's page, no other group
    assert 'id="ladder-link"' not in shown and reverse("games:ladder_link") not in shown  # nor the link's buttons
    assert listed(stranger.get(address, {"kind": "mu"})) == []  # the filters work on the link
    refreshed = re.search(r'<div id="ladder-lines" class="ladder-screen" ([^>]*)>', shown).group(1)
    assert f'hx-get="{address}"' in refreshed and 'hx-trigger="every 60s"' in refreshed  # a club's screen
    assert 'hx-trigger="every' not in client.get(LADDER).content.decode()  # the owner's own page stays still
    ann = Player.objects.get(owner=user, name="Ann")
    assert stranger.get(reverse("games:player", args=[ann.pk])).status_code == 404


def test_a_new_link_ends_the_old_one_and_turning_it_off_ends_it(client, user) -> None:
    rated(["Ann", "Bob", "Cat", "Dan"], user)
    client.post(reverse("games:ladder_link"), {"action": "renew"})
    old = shared_address(client.get(LADDER).content.decode())
    client.post(reverse("games:ladder_link"), {"action": "renew"})
    new = shared_address(client.get(LADDER).content.decode())
    assert new != old
    assert Client().get(old).status_code == 404 and Client().get(new).status_code == 200
    client.post(reverse("games:ladder_link"), {"action": "revoke"})
    assert Client().get(new).status_code == 404
    assert not LadderLink.objects.exists()
    assert "The ladder&#x27;s view link is off" in client.get(LADDER).content.decode()


def test_only_an_account_makes_a_link_and_only_by_post(client, user) -> None:
    stranger = Client()
    assert stranger.post(reverse("games:ladder_link"), {"action": "renew"}).status_code == 403
    assert "Sign in to share the ladder" in stranger.get(LADDER).content.decode()
    assert client.get(reverse("games:ladder_link")).status_code == 405
    assert client.post(reverse("games:ladder_link"), {"action": "publish"}).status_code == 400
    assert not LadderLink.objects.exists()
    assert Client().get(reverse("games:ladder_shared", args=["x" * 24])).status_code == 404


def test_a_long_ladder_comes_a_page_at_a_time_and_a_name_finds_a_player_at_their_rank(client, user) -> None:
    for table in range(3):
        rated([f"P{table * 4 + seat}" for seat in range(4)], user)
    everyone = listed(client.get(LADDER))
    assert len(everyone) == 12
    with mock.patch("scorekeeper.games.views.ladder.PER_PAGE", 5):
        first = client.get(LADDER)
        assert listed(first) == everyone[:5]
        page = first.content.decode()
        assert "Lines 1–5 of 12" in page and 'rel="next" href="?page=2"' in page and 'rel="prev"' not in page
        last = client.get(LADDER, {"page": 3, "kind": "spades"})
        assert listed(last) == everyone[10:]
        assert 'rel="prev" href="?page=2&amp;kind=spades"' in last.content.decode()
        assert listed(client.get(LADDER, {"page": "many"})) == everyone[:5]  # unreadable: the first page
    found = listed(client.get(LADDER, {"name": "p1"}))
    assert found == [line for line in everyone if line[1] in ("P1", "P10", "P11")]  # ranks of the whole ladder
    assert "No rated player has this name here." in client.get(LADDER, {"name": "Zed"}).content.decode()


def test_a_day_before_1900_is_dropped_as_unreadable(client, user) -> None:
    """Year 1 at midnight in Berlin is year 0 in UTC, which no database date holds: dropped, not a 500."""
    rated(["Ann", "Bob", "Cat", "Dan"], user)
    everyone = listed(client.get(LADDER))
    for day in ("0001-01-01", "1899-12-31"):
        response = client.get(LADDER, {"since": day, "until": day})
        assert response.status_code == 200 and listed(response) == everyone


def test_a_group_that_plays_only_mu_opens_on_its_mu_ladder(client, user) -> None:
    from .test_ladder import rated_mu

    rated_mu(["Uta", "Vic", "Wim", "Xen"], user)
    response = client.get(LADDER)
    assert {name for _r, name, *_ in listed(response)} == {"Uta", "Vic", "Wim", "Xen"}
    assert '<option value="mu" selected>' in response.content.decode()
    assert listed(client.get(LADDER, {"kind": "spades"})) == []  # asked for: Spades, empty
