"""Kept rulings are throttled per client, and a game keeps only its newest (issue 24); they are kept
as data and read in the reader's language (issue 26.6).

A script kept 200 rulings in 5 s. Each ruling kept (asked for, or a whole trick judged)
spends the client's budget ``settings.THROTTLES["ruling"]``; over it nothing is kept: asked
for, the answer is 429 with the reason at the form; a whole trick is still judged, and the
page says it was not kept. A game keeps its newest ``MOST_RULINGS`` rulings.

A ruling is kept as its cards and the engine's texts, untranslated (``games.rulings``), so a
ruling kept from a German phone reads English on an English one; rulings kept before keep
the words they were kept with.
"""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scorekeeper.engine.spades.rules import spades_rules
from scorekeeper.games import services
from scorekeeper.games.models import Game, Ruling
from scorekeeper.games.presenters import game_rulings
from scorekeeper.games.rulings import RulingFacts, ruling_words
from scorekeeper.referee import answers
from scorekeeper.referee import services as referee_services

from ..games.factories import sheet_url

pytestmark = pytest.mark.django_db

KEEP = {"trick": "KH,AH", "keep": "1", "target": "trick"}
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def budget(settings):
    settings.THROTTLES = {**settings.THROTTLES, "ruling": "3/h"}


@pytest.fixture
def referee() -> str:
    game = services.game_create(kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={})
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
    game = services.game_create(kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={})
    for number in range(2, 7):
        referee_services.ruling_keep(game=game, facts=RulingFacts(trick=(f"{number}S",)))
    assert [ruling.facts["trick"] for ruling in game.rulings.all()] == [["6S"], ["5S"], ["4S"]]
    assert [ruling.question for ruling in game_rulings(game)] == ["Trick: 6♠", "Trick: 5♠", "Trick: 4♠"]


def test_the_cap_on_rulings_is_larger_than_any_game_needs():
    assert referee_services.MOST_RULINGS >= 300


def phone(language: str) -> Client:
    """A phone whose pages are in ``language`` (the language buttons' cookie)."""
    client = Client()
    client.cookies["django_language"] = language
    return client


def words(page: str) -> str:
    """``page`` as read: red cards not marked (``<span class="red-suit">``), names not isolated (``<bdi>``)."""
    return re.sub(r'<span class="red-suit">([^<]*)</span>|</?bdi>', r"\1", page)


SPADES_TRICK = {"trick": "QH,AH", "keep": "1", "target": "trick"}
SPADES_HAND = {"trick": "KH", "hand": "AS,QH", "target": "hand", "trick_number": "3", "keep": "1"}
CITED = "(Pagat: Spades, Play; “Wie man Spades spielt”, Gameplay)"


def test_a_ruling_kept_from_a_german_phone_reads_english_on_an_english_phone(referee):
    german = phone("de")
    trick_page = words(german.post(referee, SPADES_TRICK).content.decode())
    hand_page = words(german.post(referee, SPADES_HAND).content.decode())
    game = Game.objects.get()
    english_sheet = words(phone("en").get(sheet_url(game)).content.decode())
    english_referee = words(phone("en").get(referee).content.decode())
    for page in (english_sheet, english_referee):
        assert "Trick: Q♥, A♥" in page
        assert "A♥ wins: no spade was played, and it is the highest card of the suit led, hearts." in page
        assert "Trick: K♥ · Hand: A♠, Q♥" in page
        assert f"May be played: Q♥ A♠: hearts were led and there is one in the hand: follow suit. {CITED}" in page
        assert "Stich" not in page and "sticht" not in page and "Darf gespielt werden" not in page
    assert f">{CITED}</a></span></li>" in english_sheet  # the winner's source, cited as before

    # Read in German, it says what the German page said when it was kept, word for word.
    (reason,) = re.findall(r'<p class="big">(.*?)</p>', trick_page)
    (refusal,) = re.findall(r"<li><b>A♠</b>: (.*?)</li>", hand_page)
    assert reason.startswith("A♥ sticht: Kein Pik") and refusal.startswith("Herz wurde angespielt")
    german_sheet = words(german.get(sheet_url(game)).content.decode())
    assert f"<b>Stich: D♥, A♥</b> {reason}" in german_sheet  # the queen is the Dame in German
    assert f"<b>Stich: K♥ · Hand: A♠, D♥</b> Darf gespielt werden: D♥ A♠: {refusal}" in german_sheet
    german_referee = words(german.get(referee).content.decode())
    assert f"Stich: D♥, A♥ → {reason}" in german_referee


def test_a_mu_ruling_kept_in_german_reads_english():
    game = services.game_create(players=["Ann", "Bob", "Cat", "Dan", "Eve"], dealer=0, rules={}, kind="mu")
    referee = reverse("games:game_referee", args=[game.edit_key])
    trumps = {"chef_trump": '"green"', "vize_trump": "7"}
    phone("de").post(
        referee, {"trick": "red 5,green 3", "hand": "red 3,blue 2", "target": "hand", "keep": "1", **trumps}
    )
    page = words(phone("en").get(referee).content.decode())
    assert "Trick: red 5, green 3 · Hand: red 3, blue 2" in page
    assert "green 3 wins: it is the highest trump. May be played: red 3 " in page
    # The rule's source said as players say it, not as the project's file names it.
    assert "blue 2: red was led and the player has a red card that is not a trump: follow it. (Mü rulebook §7)" in page


def test_a_ruling_kept_before_rulings_were_data_keeps_its_words(referee):
    game = Game.objects.get()
    Ruling.objects.create(game=game, question="Stich: K♥, A♥", answer="A♥ sticht: alt.", source="002 Play")
    assert Ruling.objects.get().facts == {}
    phone("de").post(referee, SPADES_TRICK)  # kept as data: said in the reader's language
    page = words(phone("en").get(sheet_url(game)).content.decode())
    assert "<b>Stich: K♥, A♥</b> A♥ sticht: alt." in page  # as kept: German, on an English phone too
    assert "<b>Trick: Q♥, A♥</b> A♥ wins: " in page


def test_a_reason_within_a_reason_is_kept_untranslated_and_read_in_either_language():
    """The six-player deck's "Of two equal cards …" holds the winner's reason, which holds the suit:
    each is kept as an engine text (template and parameters) and said in the reader's language."""
    question = answers.Question(("QH", "KH", "KH"), (), answers.SpadesHandSoFar())
    answer = answers.spades_answer(spades_rules({"preset": "six_player"}), question)
    facts = RulingFacts(trick=("QH", "KH", "KH"), winner=answer.winner, reason=answer.winner_text, source="002")
    stored = json.loads(json.dumps(facts.as_json()))
    assert stored["reason"]["params"]["reason"]["params"]["suit"] == {"template": "hearts", "params": {}}
    assert RulingFacts.from_json(stored, "002") == facts
    for language, trick, said in (
        ("en", "Trick: Q♥, K♥, K♥", "Of two equal cards the second beats the first."),
        ("de", "Stich: D♥, K♥, K♥", "Von zwei gleichen Karten schlägt die zweite die erste."),
    ):
        with translation.override(language):
            assert said in answer.winner_reason
            assert ruling_words(RulingFacts.from_json(stored)) == (trick, answer.winner_reason)
