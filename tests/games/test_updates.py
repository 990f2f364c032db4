"""What a phone's sheet lacks (scorekeeper.games.updates): the rows from the first one
changed since the version it shows, or the whole sheet when the history cannot tell."""

from __future__ import annotations

import pytest

from scorekeeper.games import changes, services
from scorekeeper.games.models import Game
from scorekeeper.games.updates import WHOLE, SheetUpdate, Shown, sheet_update, shown_in
from scorekeeper.spades import services as spades_services

from .factories import play

pytestmark = pytest.mark.django_db


def fresh(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def twelve_hands() -> Game:
    game = services.game_create(kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"target": 10**6})
    for _ in range(12):
        play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    return fresh(game)


def test_nothing_changed_sends_no_row():
    game = twelve_hands()
    assert sheet_update(game, Shown(game.version, 12), 12) == SheetUpdate(whole=False)


def test_a_new_hand_is_added_after_the_last_row():
    game = twelve_hands()
    version = game.version
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    update = sheet_update(fresh(game), Shown(version, 12), 13)
    assert update == SheetUpdate(whole=False, replaced=range(13, 13), added=range(13, 14), removed=range(13, 13))


def test_a_corrected_hand_sends_the_rows_from_it_on_and_none_before():
    game = twelve_hands()
    version = game.version
    spades_services.hand_update(game=game, number=4, bids=[4, 3, 3, 3], tricks=[4, 3, 3, 3])
    update = sheet_update(fresh(game), Shown(version, 12), 12)
    assert not update.whole and update.replaced == range(5, 13) and not update.added and not update.removed


def test_an_undone_hand_is_removed():
    game = twelve_hands()
    version = game.version
    changes.row_undo(game=game)
    update = sheet_update(fresh(game), Shown(version, 12), 11)
    assert update == SheetUpdate(whole=False, replaced=range(12, 12), added=range(12, 12), removed=range(12, 13))


def test_bids_alone_change_no_row():
    game = twelve_hands()
    version = game.version
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])
    update = sheet_update(fresh(game), Shown(version, 12), 12)
    assert not update.whole and not (update.replaced or update.added or update.removed)


def test_a_version_the_history_cannot_explain_sends_the_whole_sheet():
    game = twelve_hands()
    version = game.version
    services.game_link_renew(game=game, link="view")  # a new version, no change of a row
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    assert sheet_update(fresh(game), Shown(version, 12), 13) == WHOLE
    # Changes kept before versions were (no version): the whole sheet too.
    game = twelve_hands()
    game.changes.update(version=None)
    assert sheet_update(game, Shown(game.version - 1, 12), 12) == WHOLE


@pytest.mark.parametrize(
    "shown",
    [Shown(None, 12), Shown(3, None), Shown(0, 0)],
    ids=["version unknown", "rows unknown", "no rows shown"],
)
def test_what_the_phone_does_not_say_gets_the_whole_sheet(shown):
    game = twelve_hands()
    assert sheet_update(game, shown, 12) == WHOLE


def test_a_phone_claiming_a_future_version_gets_the_whole_sheet():
    game = twelve_hands()
    assert sheet_update(game, Shown(game.version + 5, 12), 12) == WHOLE


def test_shown_is_read_from_a_query_or_form(rf):
    assert shown_in(rf.get("/", {"v": "7", "rows": "3", "stage": "4e"}).GET) == Shown(7, 3, "4e")
    assert shown_in(rf.get("/", {"v": "x", "rows": "-1"}).GET) == Shown(None, None, None)
