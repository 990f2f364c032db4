"""The per-game change history and the version checks (issue 6 "One true sheet").

Every save, correction and undo is kept with its time and the phone's name, and
any change can be undone from the history while its hand is as that change left it.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.engine.errors import RuleError
from scorekeeper.games import changes, services
from scorekeeper.games.models import Change, Row
from scorekeeper.games.presenters import change_rows
from scorekeeper.mu import services as mu_services
from scorekeeper.spades import services as spades_services

from .factories import HTMX, new_game, play, sheet_url

pytestmark = pytest.mark.django_db

IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
)


def stored(game) -> list[dict]:
    return [hand.record for hand in Row.objects.filter(game=game)]


def actions(game) -> list[tuple[str, int]]:
    return [(change.action, change.number) for change in Change.objects.filter(game=game).order_by("pk")]


def test_every_write_is_kept_with_what_it_changed() -> None:
    game = new_game(rules={"preset": "standard", "misdeal": "no_spades"})
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3], device="Ann's phone")
    spades_services.hand_tricks_save(game=game, tricks=[4, 3, 3, 3], device="Bob's phone")
    spades_services.hand_update(game=game, number=0, bids=[4, 3, 3, 3], tricks=[4, 3, 3, 3])
    spades_services.hand_misdeal(game=game, seat=1)
    changes.row_undo(game=game)

    assert actions(game) == [("bids", 0), ("tricks", 0), ("edit", 0), ("misdeal", 1), ("undo", 1)]
    bids, tricks, edit, misdeal, undo = Change.objects.filter(game=game).order_by("pk")
    assert (bids.before, bids.after, bids.device) == (None, {"bids": [3, 3, 3, 3]}, "Ann's phone")
    assert tricks.before == {"bids": [3, 3, 3, 3]}
    assert tricks.after == {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}
    assert edit.after == {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}
    assert (misdeal.before, misdeal.after) == (None, {"misdeal": 1})
    assert (undo.before, undo.after) == ({"misdeal": 1}, None)


def test_mu_writes_are_kept_too() -> None:
    game = services.game_create(players=["Anna", "Beate", "Conny", "Dagmar"], dealer=0, rules={}, kind="mu")
    mu_services.deal_auction_save(game=game, laid=[2, 1, 0, 0], chef_trump="red", vize_trump=7, partner=2)
    mu_services.deal_points_save(game=game, points=[30, 20, 10, 0])
    record = Row.objects.get(game=game).record
    mu_services.deal_update(game=game, number=0, record={**record, "points": [20, 30, 10, 0]})
    assert actions(game) == [("auction", 0), ("points", 0), ("edit", 0)]
    rows = change_rows(game)
    assert rows[0].what == "Deal 1"
    assert rows[0].after == "Anna Chef at level 2; points Anna 20 · Beate 30 · Conny 10 · Dagmar 0"


def test_undoing_a_correction_puts_the_hand_back_and_is_itself_a_change() -> None:
    game = new_game()
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    spades_services.hand_update(game=game, number=0, bids=[2, 3, 3, 3], tricks=[5, 2, 3, 3])
    edit = Change.objects.get(game=game, action="edit")

    revert = changes.change_revert(game=game, change_id=edit.pk, device="Cat's phone")

    assert stored(game)[0] == {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}
    assert (revert.change.action, revert.change.reverts, revert.change.device) == ("revert", edit, "Cat's phone")
    # …and undoing the undo makes the correction again.
    changes.change_revert(game=game, change_id=revert.change.pk)
    assert stored(game)[0] == {"bids": [2, 3, 3, 3], "tricks": [5, 2, 3, 3]}


def test_undoing_an_undo_brings_the_deleted_hand_back() -> None:
    game = new_game()
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    changes.row_undo(game=game)
    assert stored(game) == []
    changes.change_revert(game=game, change_id=Change.objects.get(game=game, action="undo").pk)
    assert stored(game) == [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}]


def test_undoing_saved_tricks_puts_the_hand_back_in_play() -> None:
    game = new_game()
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    changes.change_revert(game=game, change_id=Change.objects.get(game=game, action="tricks").pk)
    assert stored(game) == [{"bids": [3, 3, 3, 3]}]


def test_a_change_whose_hand_changed_again_since_cannot_be_undone() -> None:
    game = new_game()
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    first = Change.objects.get(game=game, action="tricks")
    spades_services.hand_update(game=game, number=0, bids=[2, 3, 3, 3], tricks=[5, 2, 3, 3])
    before = stored(game)

    with pytest.raises(RuleError, match="Hand 1 has changed again since: undo the later change first."):
        changes.change_revert(game=game, change_id=first.pk)
    assert stored(game) == before
    assert [row.can_revert for row in change_rows(game)] == [True, False, False]  # newest first


def test_a_hand_with_later_hands_cannot_be_removed_or_put_back_in_play() -> None:
    game = new_game()
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    bids, tricks = Change.objects.filter(game=game, number=0).order_by("pk")
    with pytest.raises(RuleError, match="Hands after hand 1 are in the way"):
        changes.change_revert(game=game, change_id=tricks.pk)
    assert len(stored(game)) == 2


def test_an_undo_that_would_break_a_rule_is_refused_and_changes_nothing() -> None:
    game = new_game(rules={"preset": "standard", "target": 100})
    play(game, [5, 1, 5, 1], [5, 3, 5, 0])  # Ann & Cat bid 10 and make it: 100, the game is won
    spades_services.hand_update(game=game, number=0, bids=[4, 1, 4, 1], tricks=[4, 3, 4, 2])  # corrected: 80, not yet
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])  # so hand 2 is played
    edit = Change.objects.get(game=game, action="edit")
    before = stored(game)

    with pytest.raises(RuleError, match="over"):  # the game would be over before hand 2
        changes.change_revert(game=game, change_id=edit.pk)
    assert stored(game) == before
    assert not Change.objects.filter(action="revert").exists()


# --- pages ---------------------------------------------------------------------------------------------------------


def test_the_history_page_lists_changes_with_time_phone_and_words() -> None:
    client = Client(HTTP_USER_AGENT=IPHONE)
    game = new_game()
    client.get(sheet_url(game))
    client.post(reverse("games:bids", args=[game.edit_key]), {**{f"bid_{s}": "3" for s in range(4)}, "number": "0"})

    page = client.get(reverse("games:changes", args=[game.edit_key])).content.decode()

    assert Change.objects.get().device == "iPhone · Mobile Safari"
    assert "Hand 1" in page and "Bids written" in page
    assert "bids <bdi>Ann</bdi> 3 · <bdi>Bob</bdi> 3 · <bdi>Cat</bdi> 3 · <bdi>Dan</bdi> 3" in page
    assert "iPhone · Mobile Safari" in page
    assert "Undo this change" in page
    view_page = Client().get(reverse("games:changes", args=[game.view_key])).content.decode()
    assert "Bids written" in view_page and "Undo this change" not in view_page


def test_a_named_phone_signs_its_changes_and_the_name_is_shown_as_text() -> None:
    client = Client()
    game = new_game()
    share = reverse("games:share", args=[game.edit_key])
    response = client.post(reverse("games:device"), {"name": "<b>Ann</b>'s phone", "next": share})
    assert response["Location"] == share
    client.post(reverse("games:bids", args=[game.edit_key]), {"number": "0", **{f"bid_{s}": "3" for s in range(4)}})

    page = client.get(reverse("games:changes", args=[game.edit_key])).content.decode()

    assert Change.objects.get().device == "<b>Ann</b>'s phone"
    assert "&lt;b&gt;Ann&lt;/b&gt;&#x27;s phone" in page
    assert "<b>Ann</b>" not in page


def test_renaming_the_phone_never_sends_it_elsewhere() -> None:
    response = Client().post(reverse("games:device"), {"name": "x", "next": "https://evil.example/"})
    assert response["Location"] == reverse("games:home")


def test_undo_from_the_history_page() -> None:
    client = Client()
    game = new_game()
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    tricks = Change.objects.get(action="tricks")

    response = client.post(reverse("games:revert", args=[game.edit_key, tricks.pk]), **HTMX)

    assert response.status_code == 200
    assert "sheet-changed" in response["HX-Trigger"]
    assert stored(game) == [{"bids": [3, 3, 3, 3]}]
    assert "Change undone." in response.content.decode()
    assert "Change undone" in response.content.decode()  # the new entry at the top


def test_an_undo_refused_from_the_history_page_says_why() -> None:
    client = Client()
    game = new_game()
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    first_bids = Change.objects.filter(action="bids").order_by("pk").first()

    response = client.post(reverse("games:revert", args=[game.edit_key, first_bids.pk]), **HTMX)
    assert response.status_code == 422
    assert "Hand 1 has changed again since" in response.content.decode()
    response = client.post(reverse("games:revert", args=[game.edit_key, first_bids.pk]))
    assert response.status_code == 302
    assert len(stored(game)) == 2


def test_a_change_of_another_game_cannot_be_undone_here() -> None:
    game, other = new_game(), new_game()
    play(other, [3, 3, 3, 3], [4, 3, 3, 3])
    change = Change.objects.filter(game=other).first()
    response = Client().post(reverse("games:revert", args=[game.edit_key, change.pk]))
    assert response.status_code == 404
    assert len(stored(other)) == 1


# --- version checks -----------------------------------------------------------------------------------------------


def test_a_correction_of_a_hand_changed_on_another_phone_meanwhile_is_refused() -> None:
    game = new_game()
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    mine, theirs = Client(), Client()
    form = mine.get(reverse("games:hand_edit", args=[game.edit_key, 1])).content.decode()
    shown = Row.objects.get(game=game).fingerprint()
    assert f'name="shown" value="{shown}"' in form
    theirs.post(
        reverse("games:hand_edit", args=[game.edit_key, 1]),
        {
            "shown": shown,
            **{f"bid_{s}": "3" for s in range(4)},
            "tricks_0": "5",
            "tricks_1": "2",
            "tricks_2": "3",
            "tricks_3": "3",
        },
    )
    assert stored(game)[0]["tricks"] == [5, 2, 3, 3]

    response = mine.post(
        reverse("games:hand_edit", args=[game.edit_key, 1]),
        {
            "shown": shown,
            **{f"bid_{s}": "2" for s in range(4)},
            "tricks_0": "4",
            "tricks_1": "3",
            "tricks_2": "3",
            "tricks_3": "3",
        },
    )

    assert response.status_code == 302
    assert response["Location"] == f"{sheet_url(game)}?hand=1#hand-1"
    assert stored(game)[0] == {"bids": [3, 3, 3, 3], "tricks": [5, 2, 3, 3]}
    page = mine.get(response["Location"]).content.decode()
    assert "This hand was just changed from another phone" in page


def test_a_late_undo_tap_never_deletes_a_hand_it_did_not_mean() -> None:
    game = new_game()
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    page = Client().get(sheet_url(game)).content.decode()
    shown = Row.objects.get(game=game).fingerprint()
    assert f'name="number" value="0"><input type="hidden" name="shown" value="{shown}"' in page
    spades_services.hand_bids_save(game=game, bids=[2, 2, 2, 2])  # another phone starts hand 2

    response = Client().post(reverse("games:undo", args=[game.edit_key]), {"number": "0", "shown": shown}, **HTMX)

    assert response.status_code == 409
    assert len(stored(game)) == 2


# --- one transaction per write ---------------------------------------------------------------------------------------


class Crash(Exception):
    """Stands in for a server dying halfway through a write."""


@pytest.mark.django_db(transaction=True)
def test_a_write_that_dies_halfway_leaves_the_game_as_before(monkeypatch) -> None:
    game = new_game()
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    version = type(game).objects.get(pk=game.pk).version

    def crash(*args, **kwargs):
        raise Crash  # after the hand row and the new version are written, before the history entry

    monkeypatch.setattr(Change.objects, "create", crash)
    with pytest.raises(Crash):
        spades_services.hand_bids_save(game=game, bids=[2, 2, 2, 2])
    response = Client(raise_request_exception=False).post(
        reverse("games:bids", args=[game.edit_key]), {"number": "1", **{f"bid_{s}": "2" for s in range(4)}}
    )

    assert response.status_code == 500
    assert "Nothing was changed" in response.content.decode()
    assert len(stored(game)) == 1
    assert type(game).objects.get(pk=game.pk).version == version
    assert Change.objects.filter(game=game).count() == 2
