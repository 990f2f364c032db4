"""The rulebook page and the "what if" comparison (issue: every house rule)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.engine.spades.rules import spades_rules
from scorekeeper.spades import services as spades_services
from scorekeeper.spades.presenters import spades_page
from scorekeeper.spades.what_if import hand_what_if, what_if_choices

from ..games.factories import new_game, play, sheet_url

pytestmark = pytest.mark.django_db


def test_rulebook_states_the_rules_in_force_with_sources(client):
    game = new_game(rules={"preset": "standard", "target": 300, "nil": False})
    page = client.get(reverse("games:rulebook", args=[game.edit_key])).content.decode()
    assert 'id="rule-target"' in page and "300" in page
    assert "Nil is not played" in page
    assert "spades.md: target; 002 Scoring" in page or "spades.md: Rule keys (target); 002 Scoring" in page


def test_rulebook_follows_the_values_not_the_preset(client):
    standard = new_game()
    changed = new_game(rules={"preset": "standard", "bag_limit": 0})
    one = client.get(reverse("games:rulebook", args=[standard.edit_key])).content.decode()
    two = client.get(reverse("games:rulebook", args=[changed.edit_key])).content.decode()
    assert "There is no penalty for bags" not in one and "There is no penalty for bags" in two


def test_every_explanation_line_links_to_its_rule(client):
    game = new_game()
    play(game, [4, "nil", 3, 2], [6, 1, 4, 2])
    page = client.get(sheet_url(game) + "?hand=1").content.decode()  # hand 1 opened, explained
    rulebook = reverse("games:rulebook", args=[game.edit_key])
    assert f'href="{rulebook}#rule-nil"' in page
    assert f'href="{rulebook}#rule-failed_nil_tricks"' in page
    assert f'href="{rulebook}#rule-set_penalty"' in page  # the contract step
    for anchor in ("nil", "failed_nil_tricks", "set_penalty"):
        assert f'id="rule-{anchor}"' in client.get(rulebook).content.decode()


@pytest.mark.parametrize("preset", ["standard", "new_york", "cutthroat3", "six_player"])
def test_preset_rulebook_without_a_game(client, preset):
    assert client.get(reverse("games:preset_rulebook", args=[preset])).status_code == 200


def test_unknown_preset_rulebook_is_404(client):
    assert client.get(reverse("games:preset_rulebook", args=["poker"])).status_code == 404


def test_what_if_compares_one_changed_key_side_by_side(client):
    game = new_game()
    play(game, [4, "nil", 3, 2], [6, 1, 4, 2])  # Bob's nil fails: -100 under nil_value 100
    response = client.get(reverse("games:what_if", args=[game.edit_key, 1]), {"compare": "nil_value=50"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "-79" in page  # as played: 20 - 100 + 1
    assert "-29" in page  # with nil worth 50: 20 - 50 + 1
    assert spades_page(game).sheet.totals == (73, -79)  # nothing changed


def test_what_if_another_preset_that_forbids_the_bids_says_why(client):
    game = new_game()
    play(game, [4, "nil", 3, 2], [6, 1, 4, 2])
    page = client.get(
        reverse("games:what_if", args=[game.edit_key, 1]), {"compare": "preset=new_york"}
    ).content.decode()
    assert "could not have been played this way" in page


def test_what_if_htmx_returns_the_comparison_partial(client):
    game = new_game()
    play(game, [4, 3, 3, 3], [4, 3, 3, 3])
    response = client.get(
        reverse("games:what_if", args=[game.edit_key, 1]), {"compare": "target=300"}, HTTP_HX_REQUEST="true"
    )
    assert response.content.decode().strip().startswith('<section id="comparison"')


def test_what_if_of_a_hand_not_played_is_404(client):
    game = new_game()
    spades_services.hand_bids_save(game=game, bids=[4, 3, 3, 3])
    assert client.get(reverse("games:what_if", args=[game.edit_key, 1])).status_code == 404


def test_what_if_reads_the_games_rows_itself_when_not_given_them():
    """``what_if.hand_what_if`` without the rows read already reads them (one row table for both kinds)."""
    from scorekeeper.games.kinds import game_rows

    game = new_game()
    play(game, [4, 4, 3, 2], [4, 3, 3, 3])
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    changes = {"nil_value": 50}
    assert hand_what_if(game, 2, changes) == hand_what_if(game, 2, changes, game_rows(game))


def test_what_if_offers_no_change_the_rules_refuse_spades_md_tournament_rules():
    """``revoke_penalty: three_tricks`` needs two sides: a cut-throat game's menu leaves it out, a
    four-player game's offers it (with "set")."""

    def offered(rules: dict) -> set[str]:
        return {value for _group, choices in what_if_choices(spades_rules(rules)) for value, _label in choices}

    assert 'revoke_penalty="three_tricks"' not in offered({"preset": "cutthroat3"})
    assert 'revoke_penalty="set"' in offered({"preset": "cutthroat3"})
    assert {'revoke_penalty="three_tricks"', 'revoke_penalty="set"'} <= offered({"preset": "standard"})


def test_what_if_without_a_revoke_penalty_scores_the_hand_without_its_revokes_spades_md_tournament_rules():
    """A hand with a declared revoke, compared with "Revoke penalty: nothing": scored as played (no
    revoke to record then), not refused; and with "set" the revoking side is set. Ann & Cat bid 6,
    took 7 and received 3: 10 -> +64; as played, 7 -> +61."""
    game = new_game(rules={"preset": "standard", "revoke_penalty": "three_tricks"})
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])
    spades_services.hand_tricks_save(game=game, tricks=[4, 3, 3, 3], results={"revokes": [1]})
    plain = hand_what_if(game, 1, {"revoke_penalty": "none"})
    assert plain.error is None
    assert [(side.points, side.other_points) for side in plain.sides] == [(64, 61), (-60, 60)]
    set_ = hand_what_if(game, 1, {"revoke_penalty": "set"})
    assert [side.other_points for side in set_.sides] == [61, -60]
