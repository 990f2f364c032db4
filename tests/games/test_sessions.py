"""A reader cannot fill the session table (issue 24).

Opening a game's link remembers it in the browser's session, for its list of games. A script
that drops its cookies made one session row a request, each kept for a year: 200 in 3.6 s.
Now a browser without a session gets one on opening a link only within its client's budget
(``settings.THROTTLES["session"]``), a session that holds nothing but opened links is kept
30 days after its last change (``games.sessions``), and expired sessions are deleted as new
ones are made.
"""

from __future__ import annotations

import datetime

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper.games import sessions

from .factories import new_game, new_game_data, sheet_url

pytestmark = pytest.mark.django_db

DAY = 24 * 60 * 60


def budget() -> int:
    return int(settings.THROTTLES["session"].split("/")[0])


def view_url(game) -> str:
    return reverse("games:detail", args=[game.view_key])


def expires_in_days(client: Client) -> float:
    expire_date = Session.objects.get(session_key=client.session.session_key).expire_date
    return (expire_date - timezone.now()).total_seconds() / DAY


def test_cookie_less_reads_of_a_game_leave_a_bounded_number_of_sessions():
    game = new_game()
    for _ in range(50):
        assert Client().get(sheet_url(game)).status_code == 200
        assert Client().get(view_url(game)).status_code == 200  # over the budget the sheet still answers
    assert Session.objects.count() == budget() < 100


def test_a_browser_that_opens_a_view_link_finds_the_game_in_its_list():
    game = new_game()
    for _ in range(budget()):
        Client().get(view_url(game))  # this network's budget of new sessions is spent
    phone = Client(REMOTE_ADDR="198.51.100.4")
    assert phone.get(view_url(game)).status_code == 200
    assert view_url(game) in phone.get(reverse("games:home")).content.decode()
    assert view_url(game) in phone.get(reverse("games:list")).content.decode()


def test_a_browser_with_a_session_remembers_links_over_its_networks_budget():
    first, second = new_game(), new_game()
    phone = Client()
    phone.get(view_url(first))
    for _ in range(budget()):
        Client().get(view_url(first))
    phone.get(view_url(second))
    page = phone.get(reverse("games:list")).content.decode()
    assert view_url(first) in page and view_url(second) in page


def test_a_session_of_opened_links_only_is_kept_a_month_and_one_that_started_a_game_a_year():
    game = new_game()
    reader = Client()
    reader.get(view_url(game))
    assert 29.9 < expires_in_days(reader) <= 30
    assert reader.cookies[settings.SESSION_COOKIE_NAME]["max-age"] == 30 * DAY

    reader.post(reverse("games:new"), new_game_data())
    assert 364.9 < expires_in_days(reader) <= 365
    assert reader.cookies[settings.SESSION_COOKIE_NAME]["max-age"] == 365 * DAY


def test_signing_in_keeps_the_session_a_year():
    User.objects.create_user("ann", password="table-cards-77")
    reader = Client()
    reader.get(view_url(new_game()))
    assert reader.post(reverse("login"), {"username": "ann", "password": "table-cards-77"}).status_code == 302
    assert 364.9 < expires_in_days(reader) <= 365


def test_expired_sessions_are_deleted_as_new_ones_are_made_at_most_hourly():
    game = new_game()
    gone = timezone.now() - datetime.timedelta(seconds=1)
    Session.objects.create(session_key="x" * 32, session_data="", expire_date=gone)
    Client().get(view_url(game))
    assert not Session.objects.filter(session_key="x" * 32).exists()

    Session.objects.create(session_key="y" * 32, session_data="", expire_date=gone)
    Client().get(view_url(game))
    assert Session.objects.filter(session_key="y" * 32).exists()  # pruned already this hour
    cache.delete(sessions.PRUNED)
    Client().get(view_url(game))
    assert not Session.objects.filter(session_key="y" * 32).exists()


def test_cookie_less_phone_names_leave_a_bounded_number_of_sessions():
    """A phone's name is kept in its session: naming phones without cookies must not fill the table either."""
    statuses = [Client().post(reverse("games:device"), {"name": f"Phone {n}"}).status_code for n in range(30)]
    assert statuses == [302] * budget() + [429] * (30 - budget())
    assert Session.objects.count() == budget()
    refused = Client().post(reverse("games:device"), {"name": "One more"})
    assert "Too many new visitors from this network for now." in refused.content.decode()
    assert Session.objects.count() == budget()


def test_a_phone_with_a_session_is_named_whatever_the_budget():
    phone = Client()
    phone.get(sheet_url(new_game()))  # its session, within the budget
    for _ in range(budget()):
        Client().post(reverse("games:device"), {"name": "Script"})
    assert phone.post(reverse("games:device"), {"name": "Ann's phone"}).status_code == 302
    assert phone.session["device_name"] == "Ann's phone"
