"""The rules reference as pages, and citations leading there (issue 15): ``games.reference``."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.urls import reverse

from scorekeeper.engine.mu.rules import KEYS as MU_KEYS
from scorekeeper.engine.spades.rules import KEYS as SPADES_KEYS
from scorekeeper.games import services
from scorekeeper.games.reference import PATHS, cited, reference
from scorekeeper.mu import services as mu_services

from .factories import new_game, play

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", sorted(PATHS))
def test_each_file_of_the_reference_is_a_page(client, name):
    response = client.get(reverse("games:reference", args=[name]))
    page = response.content.decode()
    assert response.status_code == 200
    assert f"<title>{reference(name).title}" in page
    assert "../game-record.md" not in page and 'href="spades.md' not in page  # links between the files lead to pages


def test_an_unknown_file_is_404(client):
    assert client.get(reverse("games:reference", args=["poker"])).status_code == 404


def test_every_rule_key_row_is_an_anchor():
    anchors = reference("spades").anchors
    text = (settings.BASE_DIR / PATHS["spades"]).read_text()
    first_cells = " ".join(re.findall(r"^\| ([^|]+) \|", text, re.M))
    named = [key for key in SPADES_KEYS if f"`{key}`" in first_cells]
    assert len(named) > 40
    assert [key for key in named if f"key-{key}" not in anchors] == []
    page = reference("spades").html
    assert 'id="key-blind_nil_penalty"' in page and 'id="key-nil_value"' in page


@pytest.mark.parametrize("source", sorted({spec.source for spec in (*SPADES_KEYS.values(), *MU_KEYS.values())}))
def test_every_house_rule_citation_opens_the_reference_at_a_place_it_has(client, source):
    href = cited(source).href
    path, fragment = urlsplit(href).path, urlsplit(href).fragment
    page = client.get(path).content.decode()
    assert not fragment or f'id="{fragment}"' in page, href


def test_the_sheet_cites_each_line_as_a_player_says_it_linked_to_its_rule(client):
    game = new_game()
    play(game, [4, "nil", 3, 2], [6, 1, 4, 2])
    page = client.get(reverse("games:explain", args=[game.edit_key, 1]), follow=True).content.decode()
    link = re.search(
        r'<a class="cite" href="([^"]+)" title="spades\.md: Standard scoring 1">\(Pagat: Spades, Scoring\)</a>', page
    )
    assert link, page
    assert link.group(1) == reverse("games:reference", args=["spades"]) + "#" + next(
        anchor for anchor in reference("spades").anchors if anchor.startswith("standard-scoring")
    )
    assert "(spades.md" not in page and "(002" not in page


def test_a_mu_deal_cites_the_rulebook_section_in_german(client):
    game = services.game_create(
        players=["Anna", "Beate", "Conny", "Dagmar", "Emma"], dealer=0, rules={"preset": "standard"}, kind="mu"
    )
    mu_services.deal_auction_save(game=game, laid=[1, 1, 2, 4, 0], vize_trump=7, chef_trump="green", partner=0)
    mu_services.deal_points_save(game=game, points=[9, 10, 14, 20, 7])
    url = reverse("games:explain", args=[game.edit_key, 1])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de", follow=True).content.decode()
    assert re.search(
        r'<a class="cite" href="/reference/mu/#scoring-8" title="mu\.md §8\.1">\(Mü-Regelheft §8\.1\)</a>', page
    )
    assert "(mu.md" not in page


def test_the_rulebook_page_names_pagat_and_links_the_reference(client):
    page = client.get(reverse("games:preset_rulebook", args=["standard"])).content.decode()
    assert '<a class="cite" href="/reference/spades/#key-nil_value"' in page
    assert "(Pagat: Spades, Nil / Blind Nil)" in page
    assert "002 is" not in page
