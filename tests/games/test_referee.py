"""The referee page: tap cards, read who wins and what may be played, keep rulings (issue: the referee)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorekeeper.games import services
from scorekeeper.games.models import Ruling

pytestmark = pytest.mark.django_db


def big(page: str) -> list[str]:
    return re.findall(r'<p class="big">(.*?)</p>', page)


def test_standalone_referee_judges_a_spades_trick_tap_by_tap(client):
    url = reverse("games:referee")
    assert client.get(url).status_code == 200
    page = client.post(url, {"trick": "KH", "add": "AH", "target": "trick"}, HTTP_HX_REQUEST="true").content.decode()
    assert page.strip().startswith('<form id="referee"')
    assert big(page) == ["A♥ wins: no spade was played, and it is the highest card of the suit led, hearts."]
    page = client.post(url, {"trick": "KH,AH", "add": "2S", "target": "trick"}).content.decode()
    assert big(page) == ["2♠ wins: a spade was played, and it is the highest spade."]


def test_barmore_jokers_are_offered_and_the_big_joker_wins_002_barmore(client):
    url = reverse("games:referee")
    page = client.post(url, {"preset": "barmore", "trick": "AS,LJ", "add": "BJ", "target": "trick"}).content.decode()
    assert 'value="BJ"' in page and 'value="2C"' not in page  # the 2 of clubs is out of the Barmore deck
    assert big(page) == ["Big joker wins: a spade was played, and it is the highest spade."]


def test_which_cards_may_be_played_and_why_not(client):
    url = reverse("games:referee")
    page = client.post(url, {"trick": "KH", "hand": "AS,4H", "target": "hand", "trick_number": "3"}).content.decode()
    assert "May be played:</b> 4♥" in page
    assert "A♠</b>: hearts were led and there is one in the hand: follow suit." in page


def test_mu_referee_with_double_trumps_mu_7(client):
    url = reverse("games:referee")
    data = {
        "kind": "mu",
        "trick": "blue 3,green 7",
        "add": "green 7",
        "target": "trick",
        "chef_trump": '"green"',
        "vize_trump": "7",
    }
    page = client.post(url, data).content.decode()
    assert big(page) == ["green 7 wins: of two equal cards the one played first is higher."]


def test_a_games_referee_uses_its_rules_and_keeps_rulings(client):
    game = services.game_create(players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "new_york"})
    url = reverse("games:game_referee", args=[game.pk])
    page = client.post(url, {"trick": "KD", "add": "2D", "target": "trick"}).content.decode()
    assert big(page) == ["2♦ wins: a spade was played, and it is the highest spade."]  # NYC: 2D is a spade
    client.post(url, {"trick": "KD,2D", "keep": "1", "target": "trick"})
    ruling = Ruling.objects.get(game=game)
    assert ruling.question == "Trick: K♦, 2♦" and ruling.answer.startswith("2♦ wins")
    assert "Trick: K♦, 2♦" in client.get(url).content.decode()


def test_cards_not_in_the_deck_and_repeats_are_ignored(client):
    url = reverse("games:referee")
    page = client.post(url, {"trick": "KH,XX", "add": "KH", "target": "trick"}).content.decode()
    assert re.search(r'name="trick" value="KH"', page)  # the unknown card is dropped, the repeat not added
