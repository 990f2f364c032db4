"""Replaying a whole hand at the referee and from a game (issue 16): whose turn, the cards the rules
allow first, each trick's winner as a player, fouls once proven, and the tricks (card points) used
for the sheet with the play kept."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorekeeper.bench.common import random_play
from scorekeeper.games import services
from scorekeeper.games.models import Game, Row
from scorekeeper.mu import services as mu_services
from scorekeeper.spades import services as spades_services

from ..engine.test_replay import REVOKE
from ..games.factories import sheet_url

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Bob", "Cat", "Dan"]
MU = ["Anna", "Beate", "Conny", "Dagmar"]


def said(response) -> str:
    """The page's text as read, names not isolated (``<bdi>`` dropped), red cards not marked (their spans dropped)."""
    return re.sub(r'</?bdi>|<span class="red-suit">([^<]*)</span>', r"\1", response.content.decode())


def flat(tricks) -> str:
    return ",".join(card for trick in tricks for card in trick)


def spades_game_in_play() -> Game:
    game = services.game_create(kind="spades", players=NAMES, dealer=0, rules={"preset": "standard"})
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])
    return game


def test_the_standalone_replay_names_whose_turn_and_who_wins_002_play(client):
    url = reverse("games:replay")
    page = said(client.get(url))
    assert "Player 2 plays next." in page  # the dealer's left leads the first trick
    page = said(client.post(url, {"cards": "2H,3H,4H", "add": "AH"}, HTTP_HX_REQUEST="true"))
    assert page.strip().startswith('<form id="replay"')
    assert "Player 1 wins the trick." in page and "A♥ wins: no spade was played" in page
    assert "Player 1 plays next." in page  # the winner leads the next trick


def test_the_cards_the_rules_allow_come_first_the_rest_a_tap_away_002_play(client):
    page = said(client.post(reverse("games:replay"), {"cards": "2H"}))
    allowed = page[page.index('id="replay-allowed"') : page.index('class="others"')]
    assert 'value="3H"' in allowed and 'value="3C"' not in allowed  # hearts were led: follow suit
    others = page[page.index('class="others"') :]
    assert 'value="3C"' in others and 'value="2H"' not in others  # played cards are gone


def test_a_revoke_is_flagged_once_the_play_proves_it_with_its_rule(client):
    game = spades_game_in_play()
    url = reverse("games:game_replay", args=[game.edit_key])
    two_tricks = flat(REVOKE["tricks"][:2])
    page = said(client.post(url, {"cards": two_tricks}))
    assert "a revoke" not in page  # nothing proven yet
    page = said(client.post(url, {"cards": two_tricks + ",3D", "add": "7H"}))
    assert "Trick 2: Bob played 2♣ when K♥ was led, yet played 7♥ in trick 3: a revoke." in page
    assert 'class="cite"' in page and "(Pagat: Spades, Play" in page


def test_a_complete_replay_fills_the_hand_in_play_and_keeps_the_play(client):
    game = spades_game_in_play()
    url = reverse("games:game_replay", args=[game.edit_key])
    play = random_play(5)
    response = client.post(url, {"cards": flat(play.tricks), "leader": "1", "use": "1", "number": "0"})
    assert response.status_code == 302 and response["Location"] == sheet_url(game)
    hand = Row.objects.get(game=game, number=0)
    assert sum(hand.record["tricks"]) == 13 and hand.record["play"] == play.record()
    viewer = client.post(reverse("games:game_replay", args=[game.view_key]), {"cards": flat(play.tricks), "use": "1"})
    assert viewer.status_code == 200  # a view link replays but writes nothing


@pytest.mark.parametrize("number", [None, "abc", "-0"], ids=["missing", "abc", "-0"])
def test_a_replay_whose_form_does_not_say_its_hand_fills_nothing(client, number):
    """Issue 24: a write whose form number cannot be read is refused, the replay's use included."""
    game = spades_game_in_play()
    data = {"cards": flat(random_play(5).tricks), "leader": "1", "use": "1"}
    page = said(
        client.post(reverse("games:game_replay", args=[game.edit_key]), {**data, "number": number} if number else data)
    )
    assert "Nothing was saved: this form does not say which hand it was for." in page
    assert Row.objects.get(game=game, number=0).record.get("tricks") is None


def test_a_mu_replay_knows_the_deal_and_fills_its_card_points_mu_7(client):
    game = services.game_create(players=MU, dealer=0, rules={"preset": "standard"}, kind="mu")
    mu_services.deal_auction_save(game=game, laid=[2, 1, 0, 0], chef_trump="red", vize_trump=7, partner=2)
    referee = said(client.get(reverse("games:game_referee", args=[game.edit_key])))
    assert '<option value="&quot;red&quot;" selected' in referee or 'value="&quot;red&quot;" selected' in referee
    url = reverse("games:game_replay", args=[game.edit_key])
    assert "Anna plays next." in said(client.get(url))  # the Chef leads (mu.md §7)
    cards = [
        f"{colour} {digit}"
        for colour in ("red", "blue", "green", "yellow", "black")
        for digit in (0, 1, 1, 2, 3, 4, 5, 6, 7, 7, 8, 9)
    ]
    response = client.post(url, {"cards": ",".join(cards), "use": "1", "number": "0"})
    assert response.status_code == 302
    record = Row.objects.get(game=game, number=0).record
    assert sum(record["points"]) == 60 and len(record["play"]["tricks"]) == 15


def test_a_mu_replay_before_the_auction_says_what_to_enter_first(client):
    game = services.game_create(players=MU, dealer=0, rules={"preset": "standard"}, kind="mu")
    response = client.get(reverse("games:game_replay", args=[game.edit_key]), follow=True)
    assert "Enter the deal&#x27;s auction first" in response.content.decode()


def test_the_single_trick_question_takes_the_trick_number_and_broken_spades_from_the_replay(client):
    cards = "2H,3H,4H,AH,KH,2S,5H,6H"  # Bob trumps trick 2 with the 2 of spades: broken
    page = said(client.post(reverse("games:replay"), {"cards": cards}))
    link = reverse("games:referee") + "?trick_number=3&amp;preset=standard&amp;broken=1"
    assert link in page
    asked = said(client.get(reverse("games:referee"), {"trick_number": "3", "broken": "1"}))
    assert "<option selected>3</option>" in asked and 'name="broken" value="1" checked' in asked


def test_a_mu_replay_says_deal_never_hand(client):
    game = services.game_create(players=MU, dealer=0, rules={"preset": "standard"}, kind="mu")
    mu_services.deal_auction_save(game=game, laid=[2, 1, 0, 0], chef_trump="red", vize_trump=7, partner=2)
    page = said(client.get(reverse("games:game_replay", args=[game.edit_key])))
    assert "Replay a deal" in page and "Deal 1 of the game of Anna, Beate, Conny, Dagmar" in page
    assert "Hand 1" not in page and "Replay a hand" not in page


def test_a_replay_made_for_a_hand_another_phone_has_saved_fills_nothing(client):
    """Found in review: the form says which hand it was made for; once another phone has saved that
    hand and bid the next, "use for the sheet" writes nothing and says so."""
    game = spades_game_in_play()
    url = reverse("games:game_replay", args=[game.edit_key])
    assert '<input type="hidden" name="number" value="0">' in said(client.get(url))
    spades_services.hand_tricks_save(game=game, tricks=[4, 3, 3, 3])
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])
    play = random_play(5)
    page = said(client.post(url, {"cards": flat(play.tricks), "leader": "2", "number": "0", "use": "1"}))
    assert "just changed from another phone" in page
    assert Row.objects.get(game=game, number=1).record.get("tricks") is None


def test_lowest_club_the_replay_offers_the_lowest_club_and_blames_a_leader_without_it_002_variations_in_the_play(
    client,
):
    """spades.md ``first_lead: lowest_club``: the holder of the lowest club in play leads it. The replay
    offers only the 2♣ for the first lead; Bob (the dealer's left) leading 3♣ while Cat holds the 2♣ is
    a foul, Cat leading it is none."""
    rules = {"preset": "standard", "first_lead": "lowest_club"}
    game = services.game_create(kind="spades", players=NAMES, dealer=0, rules=rules)
    url = reverse("games:game_replay", args=[game.edit_key])
    page = said(client.get(url))
    allowed = page[page.index('id="replay-allowed"') : page.index('class="others"')]
    assert 'value="2C"' in allowed and 'value="3C"' not in allowed
    page = said(client.post(url, {"cards": "3C,2C,4C,5C", "leader": "1"}))
    assert (
        "Trick 1: Bob led 3♣, but Cat leads the first trick (the holder of the lowest club in play (2♣) leads it)."
    ) in page
    page = said(client.post(url, {"cards": "2C,3C,4C,5C", "leader": "2"}))
    assert 'class="fouls"' not in page


def test_the_referee_on_its_own_never_blames_the_first_leader_it_cannot_know(client):
    """Found in review: without a game the dealer is not known, so any seat may have led."""
    page = said(client.post(reverse("games:replay"), {"cards": "2H,3H,4H,5H", "leader": "0"}))
    assert "leads the first trick" not in page and 'class="fouls"' not in page
