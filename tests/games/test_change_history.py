"""The change history says what a correction changed (issue 25): the seats and numbers that differ
("Bob: bid 4 → 5; Cat: tricks 3 → 2"), with the whole hand or deal before and after one tap away,
in English and German, for Spades and Mü."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.translation import override

from scorekeeper.engine.spades.rules import spades_rules
from scorekeeper.games import changes, services
from scorekeeper.games.models import Change, Row
from scorekeeper.games.presenters import change_rows
from scorekeeper.mu import services as mu_services
from scorekeeper.mu.summaries import deal_differences
from scorekeeper.spades import services as spades_services
from scorekeeper.spades.summaries import hand_differences

from .factories import new_game, play

pytestmark = pytest.mark.django_db


def history(game, language: str = "en") -> str:
    client = Client()
    client.cookies["django_language"] = language
    with override(language):  # the page's language, and no other after it
        return client.get(reverse("games:changes", args=[game.edit_key])).content.decode()


def entry(page: str, change: Change) -> str:
    found = re.search(rf'<li class="change" id="change-{change.pk}">(.*?)(<li class="change" |</ol>)', page, re.S)
    assert found is not None
    return found.group(1)


def test_a_spades_correction_says_the_seats_and_numbers_that_differ() -> None:
    game = new_game()  # Ann, Bob, Cat, Dan
    play(game, [3, 4, 3, 3], [4, 3, 3, 3])
    spades_services.hand_update(game=game, number=0, bids=[3, 5, 3, 3], tricks=[4, 4, 2, 3])
    edit = Change.objects.get(game=game, action="edit")

    shown = entry(history(game), edit)
    diff = re.search(r'<ul class="change-diff">(.*?)</ul>', shown, re.S).group(1)
    assert diff == "<li><bdi>Bob</bdi>: bid 4 → 5, tricks 3 → 4</li><li><bdi>Cat</bdi>: tricks 3 → 2</li>"
    # The whole hand before and after, one tap away.
    records = re.search(r'<details class="change-records">(.*?)</details>', shown, re.S).group(1)
    assert "<summary>Before and after</summary>" in records
    assert "<del>bids <bdi>Ann</bdi> 3 · <bdi>Bob</bdi> 4 · <bdi>Cat</bdi> 3 · <bdi>Dan</bdi> 3;" in records
    assert "<ins>bids <bdi>Ann</bdi> 3 · <bdi>Bob</bdi> 5 · <bdi>Cat</bdi> 3 · <bdi>Dan</bdi> 3;" in records

    german = entry(history(game, "de"), edit)
    assert "<li><bdi>Bob</bdi>: Gebot 4 → 5, Stiche 3 → 4</li><li><bdi>Cat</bdi>: Stiche 3 → 2</li>" in german
    assert "<summary>Vorher und nachher</summary>" in german


@override("en")
def test_undoing_a_correction_says_the_change_back_and_a_save_in_play_says_what_it_wrote() -> None:
    game = new_game()
    play(game, [3, 4, 3, 3], [4, 3, 3, 3])
    spades_services.hand_update(game=game, number=0, bids=["nil", 4, 3, 3], tricks=[0, 4, 6, 3])
    revert = changes.change_revert(game=game, change_id=Change.objects.get(game=game, action="edit").pk)
    rows = {row.change.pk: row for row in change_rows(game)}
    assert rows[revert.change.pk].differences == (
        "Ann: bid Nil → 3, tricks 0 → 4",
        "Bob: tricks 4 → 3",
        "Cat: tricks 6 → 3",
    )
    # Bids and tricks written as the hand is played add to it: what they wrote, no comparison, and
    # the bids the tricks were added to not struck through as if they had changed (screenshot sweep).
    tricks = Change.objects.get(game=game, action="tricks")
    assert rows[tricks.pk].differences == ()
    shown = entry(history(game), tricks)
    assert "change-diff" not in shown and "<del>" not in shown
    assert "<ins>bids <bdi>Ann</bdi> 3 · <bdi>Bob</bdi> 4 · <bdi>Cat</bdi> 3 · <bdi>Dan</bdi> 3; took" in shown
    # Undoing the last hand strikes the hand it deleted through.
    undone = changes.row_undo(game=game)
    last = Change.objects.filter(game=game).first()
    assert "<del>bids <bdi>Ann</bdi> 3" in entry(history(game), last), undone


@override("en")
def test_side_bids_and_a_hands_other_facts_are_said_by_side() -> None:
    game = new_game(rules={"preset": "barmore"})  # partnership bidding: one bid per side
    rules = spades_rules(game.rules)
    before = {"bids": [7, 6], "tricks": [4, 3, 3, 3]}
    after = {"bids": [8, 5], "tricks": [4, 3, 3, 3], "blind": [1]}
    assert hand_differences(game, before, after, rules=rules) == (
        "Ann & Cat: bid 7 → 8",
        "Bob & Dan: bid 6 → 5",
        "Blind: – → Bob & Dan",
    )
    assert hand_differences(game, {"misdeal": 1}, {"bids": [7, 6], "tricks": [4, 3, 3, 3]}, rules=rules) == (
        "Ann & Cat: bid – → 7",
        "Bob & Dan: bid – → 6",
        "Ann: tricks – → 4",
        "Bob: tricks – → 3",
        "Cat: tricks – → 3",
        "Dan: tricks – → 3",
        "Misdeal: Bob → –",
    )


def mu_game():
    game = services.game_create(
        players=["Anna", "Beate", "Conny", "Dagmar", "Emma"], dealer=0, rules={"preset": "standard"}, kind="mu"
    )
    mu_services.deal_auction_save(game=game, laid=[1, 2, 0, 1, 4], chef_trump="green", vize_trump="red", partner=0)
    mu_services.deal_points_save(game=game, points=[9, 10, 14, 20, 7])
    return game


def test_a_mu_correction_says_what_differs_in_english_and_german() -> None:
    game = mu_game()  # Emma Chef at level 4, Beate Vize, Anna partner
    record = Row.objects.get(game=game).record
    mu_services.deal_update(
        game=game, number=0, record={**record, "partner": 2, "chef_trump": 5, "points": [9, 10, 20, 14, 7]}
    )
    edit = Change.objects.get(game=game, action="edit")
    shown = entry(history(game), edit)
    assert (
        '<ul class="change-diff"><li>Partner: <bdi>Anna</bdi> → <bdi>Conny</bdi></li><li>Chef trump: green → 5</li>'
        "<li><bdi>Conny</bdi>: card points 14 → 20</li><li><bdi>Dagmar</bdi>: card points 20 → 14</li></ul>"
    ) in shown
    assert "<del><bdi>Emma</bdi> Chef at level 4; points <bdi>Anna</bdi> 9 · <bdi>Beate</bdi> 10" in shown
    german = entry(history(game, "de"), edit)
    assert "<li>Partner: <bdi>Anna</bdi> → <bdi>Conny</bdi></li><li>Cheftrumpf: Grün → 5</li>" in german
    assert "<bdi>Conny</bdi>: Stichpunkte 14 → 20" in german


@override("en")
def test_mu_eklats_and_a_deal_that_became_one() -> None:
    game = mu_game()
    eklat = {"eklat": {"level": 3, "tied": [0, 2, 3], "last": 3}}
    assert deal_differences(game, eklat, {"eklat": {"level": 3, "tied": [0, 2, 3], "last": 0}}) == (
        "Laid last: Dagmar → Anna",
    )
    assert deal_differences(game, eklat, {"eklat": {"level": 2, "tied": [0, 2], "last": 2}}) == (
        "Level: 3 → 2",
        "Tied players: Anna, Conny, Dagmar → Anna, Conny",
        "Laid last: Dagmar → Conny",
    )
    played = Row.objects.get(game=game).record
    assert deal_differences(game, eklat, played) == ("Eklat → Emma Chef at level 4; points Anna 9 · Beate 10 · "
                                                      "Conny 14 · Dagmar 20 · Emma 7",)  # fmt: skip
    no_vize = {**played, "vize": None, "vize_trump": None}
    assert deal_differences(game, played, no_vize) == ("Vize: Beate → –", "Vize trump: red → –")
