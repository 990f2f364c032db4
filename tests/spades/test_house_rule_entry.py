"""Entering hands under the house rules that need more than bids and tricks (issue: every house rule)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.games import services
from scorekeeper.games.models import Row
from scorekeeper.games.records import game_export
from scorekeeper.spades import services as spades_services
from scorekeeper.spades.presenters import spades_page

from ..games.factories import HTMX, sheet_url, shown_row, url

pytestmark = pytest.mark.django_db


def nyc():
    return services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "new_york"}
    )


def test_nyc_first_hand_bids_itself_then_partnership_bids(client):
    game = nyc()
    page = client.get(sheet_url(game)).content.decode()
    assert "Hand 1: tricks taken" in page and "The first hand bids itself" in page
    assert 'name="bid_0"' not in page

    # Bob, Cat, Dan tapped; Ann (the dealer) gets the rest: 13 - 9 = 4.
    response = client.post(
        url("tricks", game), {"tricks_1": "3", "tricks_2": "3", "tricks_3": "3", "number": "0"}, **HTMX
    )
    assert response.status_code == 200
    assert game_export(game)["hands"] == [{"tricks": [4, 3, 3, 3]}]
    assert spades_page(game).sheet.totals == (70, 60)  # 10 per trick

    page = response.content.decode()
    assert "Hand 2: bids" in page
    # One row of buttons per side, 4 to 10 (NYC), the dealer's opponents (Cat's side... Bob deals) first.
    assert 'id="bid-0-4"' in page and 'id="bid-0-10"' in page and 'id="bid-0-3"' not in page
    assert 'id="bid-0-11"' not in page


def test_nyc_blind_bid_only_when_100_behind(client):
    game = nyc()
    spades_services.hand_tricks_save(game=game, tricks=[0, 7, 0, 6])  # Ann & Cat 0, Bob & Dan 130
    page = client.get(sheet_url(game)).content.decode()
    assert 'name="blind_0"' in page  # Ann & Cat are 130 behind
    assert 'name="blind_1"' not in page

    response = client.post(url("bids", game), {"bid_0": "6", "bid_1": "5", "blind_0": "on", "number": "1"})
    assert response.status_code == 302
    hand = Row.objects.get(game=game, number=1)
    assert hand.record == {"bids": [6, 5], "blind": [0]}

    # Bob deals: Cat, Dan and Ann are tapped, Bob gets the rest (13 - 10 = 3).
    # Ann & Cat take 3 + 4 = 7 of their blind 6: made (at least), double: +120, the bag worth 0 (NYC).
    # Bob & Dan take 3 + 3 = 6 of 5: +50.
    client.post(url("tricks", game), {"tricks_2": "4", "tricks_3": "3", "tricks_0": "3", "number": "1"})
    assert spades_page(game).sheet.hands[-1].points == (120, 50)


def test_a_blind_bid_when_not_behind_is_refused_at_the_field(client):
    game = nyc()
    spades_services.hand_tricks_save(game=game, tricks=[0, 7, 0, 6])
    response = client.post(url("bids", game), {"bid_0": "5", "bid_1": "6", "blind_1": "on", "number": "1"})
    assert response.status_code == 422
    assert (
        "<bdi>Bob</bdi> &amp; <bdi>Dan</bdi>: a blind bid is allowed only when the side is at least 100 points behind"
        in response.content.decode()
    )
    assert not Row.objects.filter(game=game, number=1).exists()


def test_misdeal_throws_the_hand_in_and_the_same_dealer_deals_again(client):
    game = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"misdeal": "no_spades"}
    )
    page = client.get(sheet_url(game)).content.decode()
    assert "Misdeal called by" in page
    response = client.post(url("misdeal", game), {"seat": "2", "number": "0"}, **HTMX)
    assert response.status_code == 200
    page = response.content.decode()
    assert "<bdi>Ann</bdi> deals, <bdi>Bob</bdi> bids first." in page  # hand 2 is dealt by the same dealer
    explained = client.get(url("explain", game, 1), **HTMX).content.decode()
    assert "Misdeal called by <bdi>Cat</bdi>: the hand is thrown in, no score; <bdi>Ann</bdi> deals again" in explained
    assert game_export(game)["hands"] == [{"misdeal": 2}]


def test_misdeal_refused_when_not_played(client):
    game = services.game_create(kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={})
    assert "Misdeal called by" not in client.get(sheet_url(game)).content.decode()
    response = client.post(url("misdeal", game), {"seat": "2", "number": "0"})
    assert response.status_code == 422
    assert "Misdeals are not called at this table." in response.content.decode()
    assert not Row.objects.filter(game=game).exists()


def test_cutthroat_with_bonus_bemo_and_bag_cancel_results(client):
    rules = {"preset": "cutthroat3", "cutthroat_bonus": True, "bag_cancel_card": "3S", "bemo": True}
    game = services.game_create(kind="spades", players=["Ann", "Bob", "Cat"], dealer=0, rules=rules)
    page = client.get(sheet_url(game)).content.decode()
    assert 'id="bid-1-0"' in page and 'id="bid-1-17"' in page  # a plain 0 and up to 17 tricks

    response = client.post(
        url("bids", game), {"bid_0": "5", "bid_1": "2", "bid_2": "7", "bemo_2": "little", "number": "0"}
    )
    assert response.status_code == 302
    page = client.get(sheet_url(game)).content.decode()
    assert 'name="bemo_made_2"' in page and 'name="run_0"' in page and 'name="bag_cancel"' in page

    # Bob 2 (exactly: 40), Cat 7 (exactly: 70 + 10 over six, little bemo made +60), Ann the rest: 8 of 5.
    data = {"tricks_1": "2", "tricks_2": "7", "bemo_made_2": "1", "run_2": "2", "bag_cancel": "0", "number": "0"}
    response = client.post(url("tricks", game), data)
    assert response.status_code == 302
    record = game_export(game)["hands"][0]
    assert record["bemo"] == [{"side": 2, "kind": "little", "made": True}]
    assert record["bag_cancel"] == 0 and record["high_spade_run"] == [0, 0, 2]
    # Ann: 50 - 3 × 10, then the bag-cancelling card takes one overtrick back: 20 + 10 = 30.
    # Cat: 70 + 10 (bid over six) + 20 (last two tricks with high spades) + 60 (little bemo) = 160.
    assert spades_page(game).sheet.hands[0].points == (30, 40, 160)


def test_edit_keeps_and_changes_declarations(client):
    game = nyc()
    spades_services.hand_tricks_save(game=game, tricks=[0, 7, 0, 6])
    spades_services.hand_bids_save(game=game, bids=[6, 5], declarations={"blind": [0]})
    spades_services.hand_tricks_save(game=game, tricks=[3, 3, 4, 3])
    page = client.get(reverse("games:hand_edit", args=[game.edit_key, 2])).content.decode()
    assert 'name="blind_0" checked' in page

    # Correct it: the bid was not blind after all.
    data = {"bid_0": "6", "bid_1": "5", "tricks_0": "3", "tricks_1": "3", "tricks_2": "4", "tricks_3": "3"}
    response = client.post(reverse("games:hand_edit", args=[game.edit_key, 2]), {**data, **shown_row(game, 2)})
    assert response.status_code == 302
    assert set(Row.objects.get(game=game, number=1).record) == {"bids", "tricks"}
    # Ann & Cat bid 6, took 7: +60 (one bag, worth 0); Bob & Dan bid 5, took 6: +50.
    assert spades_page(game).sheet.hands[-1].points == (60, 50)


def test_six_players_and_solo_sheets_render(client):
    six = services.game_create(kind="spades", players=list("ABCDEF"), dealer=0, rules={"preset": "six_player"})
    page = client.get(sheet_url(six)).content.decode()
    assert "A &amp; D" in page and "sides-3" in page
    solo = services.game_create(kind="spades", players=list("ABCD"), dealer=0, rules={"preset": "solo4"})
    assert "sides-4" in client.get(sheet_url(solo)).content.decode()


def test_tapping_a_bid_mutes_the_buttons_the_rules_no_longer_allow_and_says_why(client):
    """Issue 15: a button the rules do not offer says why, not just vanishes."""
    game = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=3, rules={"nil_partner_min_bid": 4}
    )  # Dan deals: Ann bids first
    page = client.get(sheet_url(game)).content.decode()
    assert 'id="bid-2-1"' in page  # before Ann's bid, Cat may bid 1
    response = client.post(url("bid_offers", game), {"bid_0": "nil", "number": "0"}, **HTMX)
    content = response.content.decode().strip()
    # The style muting what Ann's nil rules out, Cat's 1 to 3 and nil, in their places (no button moves) ...
    assert content.startswith(
        '<style id="bid-offers">#bid-2-1,#bid-2-2,#bid-2-3,#bid-2-nil{display:none}'  # no keyboard choice either
        "#bid-2-1+label,#bid-2-2+label,#bid-2-3+label,#bid-2-nil+label"
        "{opacity:.35;text-decoration:line-through;pointer-events:none}</style>"
    )
    # ... and, in Cat's row, why; the other rows' lines emptied (Cat is third in bidding order).
    assert (
        '<p class="why-not" id="bid-why-2" aria-live="polite" hx-swap-oob="true">Not now: 1, 2, 3, Nil. '
        "<bdi>Cat</bdi>: the partner of a nil bids at least 4.</p>"
    ) in content
    assert '<p class="why-not" id="bid-why-1" aria-live="polite" hx-swap-oob="true"></p>' in content
    # No button is sent again: the ones on the phone, Ann's tap among them, are left as they are.
    assert "<input" not in content
    assert not Row.objects.filter(game=game).exists()  # nothing saved
    # A bid changed back: nothing ruled out, no line.
    response = client.post(url("bid_offers", game), {"bid_0": "4", "number": "0"}, **HTMX)
    content = response.content.decode().strip()
    assert content.startswith('<style id="bid-offers"></style>') and "Not now" not in content
