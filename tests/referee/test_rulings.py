"""Kept rulings are throttled per client, and a game keeps only its newest (issue 24).

A script kept 200 rulings in 5 s. Each ruling kept (asked for, or a whole trick judged)
spends the client's budget ``settings.THROTTLES["ruling"]``; over it nothing is kept: asked
for, the answer is 429 with the reason at the form; a whole trick is still judged, and the
page says it was not kept. A game keeps its newest ``MOST_RULINGS`` rulings.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games import services
from scorekeeper.games.models import Ruling
from scorekeeper.referee import services as referee_services

pytestmark = pytest.mark.django_db

KEEP = {"trick": "KH,AH", "keep": "1", "target": "trick"}
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def budget(settings):
    settings.THROTTLES = {**settings.THROTTLES, "ruling": "3/h"}


@pytest.fixture
def referee() -> str:
    game = services.game_create(players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={})
    return reverse("games:game_referee", args=[game.edit_key])


def test_kept_rulings_are_throttled_per_client(budget, referee):
    client = Client()
    assert [client.post(referee, KEEP).status_code for _ in range(3)] == [200] * 3
    refused = client.post(referee, KEEP)
    assert refused.status_code == 429
    page = refused.content.decode()
    assert "Too many kept rulings from this network for now. Try again in " in page
    assert '<span class="red-suit">A♥</span> wins' in page  # the question is still answered
    assert Ruling.objects.count() == 3

    htmx = client.post(referee, KEEP, **HTMX)  # said at the form (static/js/table.js reads the page's first line)
    assert htmx.status_code == 429 and "Too many kept rulings" in htmx.content.decode()
    german = client.post(referee, KEEP, HTTP_ACCEPT_LANGUAGE="de")
    assert "Zu viele festgehaltene Entscheidungen aus diesem Netz für den Moment." in german.content.decode()

    elsewhere = Client(REMOTE_ADDR="203.0.113.9")  # another client has its own budget
    assert elsewhere.post(referee, KEEP).status_code == 200
    assert Ruling.objects.count() == 4


def test_a_whole_trick_over_the_budget_is_judged_but_not_kept(budget, referee):
    client = Client()
    for _ in range(3):
        client.post(referee, KEEP)
    response = client.post(referee, {"trick": "KH,AH,2H", "add": "3S", "target": "trick"}, **HTMX)
    assert response.status_code == 200
    page = response.content.decode()
    assert "3♠ wins" in page
    assert "Not kept in this game's rulings: Too many kept rulings from this network for now." in page
    assert Ruling.objects.count() == 3


def test_asking_without_keeping_spends_nothing(budget, referee):
    client = Client()
    for _ in range(5):
        assert client.post(referee, {"trick": "KH", "add": "AH", "target": "trick"}).status_code == 200
    assert client.post(referee, KEEP).status_code == 200


def test_a_game_keeps_its_newest_rulings(monkeypatch):
    monkeypatch.setattr(referee_services, "MOST_RULINGS", 3)
    game = services.game_create(players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={})
    for number in range(5):
        referee_services.ruling_keep(game=game, question=f"q{number}", answer="a")
    assert list(game.rulings.values_list("question", flat=True)) == ["q4", "q3", "q2"]


def test_the_cap_on_rulings_is_larger_than_any_game_needs():
    assert referee_services.MOST_RULINGS >= 300
