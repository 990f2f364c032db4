"""Every name a person typed is shown isolated for bidirectional text.

A right-to-left name (Hebrew, Arabic) written straight into the page takes the digits
and neutral characters beside it into its own direction: "דני 81" can read "18 דני",
"bids דני 4 · Bob 3" can swap the 4 and the name. So every player name, side label,
phone name, house-rule set name and username sits in a ``<bdi>``, or in an element with
``dir="auto"`` where it is the element's whole text (an ``<option>``, a text input).

The pages are parsed, not searched as strings: each text holding a name must have an
isolating element among its ancestors.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scorekeeper.games import services
from scorekeeper.games.models import Game, Player
from scorekeeper.mu import services as mu_services
from scorekeeper.spades import services as spades_services

from .factories import BIG_HAND, HTMX, new_game_data, play, record, sheet_url, url

pytestmark = pytest.mark.django_db

# Seats 0 and 2 play together: each side mixes a right-to-left name with a Latin one.
SPADES = ["דני", "Quentin", "Zoltan", "أحمد"]
MU = ["سارة", "Ingrid", "רותם", "Xaver"]
DEVICE = "טלפון"
USERNAME = "משה"
HOUSE_RULES = "ערב שישי"
IMPORTED = ["נועה", "Ulrike", "Yusuf", "ليلى"]
NAMES = (*SPADES, *MU, DEVICE, USERNAME, HOUSE_RULES, *IMPORTED)

#: Elements without an end tag.
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
#: Text never laid out on the page: the window title, the chart's text alternatives.
UNSHOWN = {"title", "desc"}


@dataclass(frozen=True)
class Occurrence:
    """One name in a page: where it was (the open elements), and how it was isolated."""

    name: str
    path: str
    isolated: bool
    in_svg: bool
    in_chart: bool


class NameFinder(HTMLParser):
    """Collects every occurrence of ``names`` in the text of a page, and in the typed text an
    input or a list option shows (its value or placeholder), with the elements it is in."""

    def __init__(self, names: tuple[str, ...], unless_in: str = "") -> None:
        super().__init__(convert_charrefs=True)
        self.names, self.unless_in = names, unless_in
        self.open: list[tuple[str, dict[str, str]]] = []
        self.found: list[Occurrence] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = (tag, {key: value or "" for key, value in attrs})
        if tag == "option" or tag == "input" and element[1].get("type", "text") in ("text", "search"):
            for key in ("value", "placeholder"):
                self._record(element[1].get(key, ""), [*self.open, element])
        if tag not in VOID:
            self.open.append(element)

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.open) - 1, -1, -1):
            if self.open[index][0] == tag:
                del self.open[index:]
                return

    def handle_data(self, data: str) -> None:
        if not any(tag in UNSHOWN for tag, _attributes in self.open):
            self._record(data, self.open)

    def _record(self, text: str, within: list[tuple[str, dict[str, str]]]) -> None:
        if self.unless_in and any(self.unless_in in attributes.get("class", "").split() for _t, attributes in within):
            return
        for name in self.names:
            self.found += [
                Occurrence(
                    name=name,
                    path=" > ".join(tag for tag, _attributes in within[-4:]) + f": {text.strip()!r}",
                    isolated=any(tag == "bdi" or attributes.get("dir") == "auto" for tag, attributes in within),
                    in_svg=any(tag == "svg" for tag, _attributes in within),
                    in_chart=any(attributes.get("id") == "chart" for _tag, attributes in within),
                )
            ] * text.count(name)


def assert_isolated(response, *expected: str, status: int = 200, unless_in: str = "") -> list[Occurrence]:
    """Every name in the page is isolated, and each of ``expected`` is there (so the check is not empty).

    ``unless_in``: a class whose elements are left out.
    """
    assert response.status_code == status
    finder = NameFinder(NAMES, unless_in)
    finder.feed(response.content.decode())
    finder.close()
    loose = [occurrence.path for occurrence in finder.found if not occurrence.isolated]
    assert not loose, f"names shown without isolation: {loose}"
    missing = set(expected) - {occurrence.name for occurrence in finder.found}
    assert not missing, f"names missing from the page: {missing}"
    return finder.found


@pytest.fixture
def user() -> User:
    return User.objects.create_user(USERNAME, password="table-cards-77")


@pytest.fixture
def client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def spades(user) -> Game:
    """Two hands played (the second with a nil, so the explanations name a player); the third's bids are in."""
    group = Player.objects.filter(owner=user)
    game = services.game_create(
        kind="spades", players=SPADES, dealer=0, rules={"preset": "standard"}, owner=user, group=group
    )
    play(game, *BIG_HAND)
    play(game, [4, "nil", 3, 2], [5, 0, 4, 4])
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3], device=DEVICE)
    return game


@pytest.fixture
def mu(user) -> Game:
    """One deal played; the second's auction is in."""
    group = Player.objects.filter(owner=user)
    game = services.game_create(players=MU, dealer=0, rules={}, kind="mu", owner=user, group=group)
    mu_services.deal_auction_save(game=game, laid=[2, 1, 0, 0], chef_trump="red", vize_trump=7, partner=2)
    mu_services.deal_points_save(game=game, points=[30, 20, 10, 0])
    mu_services.deal_auction_save(game=game, laid=[0, 3, 0, 1], chef_trump="blue", vize_trump=3, partner=0)
    return game


def test_the_spades_sheet_and_its_pages_isolate_every_name(client, spades) -> None:
    assert_isolated(client.get(sheet_url(spades)), *SPADES, USERNAME)
    assert_isolated(client.get(sheet_url(spades), **HTMX), *SPADES)
    assert_isolated(client.get(url("hand_edit", spades, 2)), *SPADES)
    assert_isolated(client.get(url("what_if", spades, 2)), *SPADES)
    assert_isolated(client.get(url("rulebook", spades)), *SPADES)
    assert_isolated(client.get(url("game_referee", spades)), *SPADES)
    assert_isolated(client.get(url("print", spades)), *SPADES)


def test_the_next_hands_bids_and_a_refused_bid_isolate_every_name(client, spades) -> None:
    spades_services.hand_tricks_save(game=spades, tricks=[4, 3, 3, 3])
    assert_isolated(client.get(sheet_url(spades)), *SPADES)  # the bid buttons, the misdeal choice
    bids = {"number": "3", "bid_0": "blind_nil", "bid_1": "3", "bid_2": "3", "bid_3": "3"}
    refused = client.post(url("bids", spades), bids)  # דני's side is ahead: no blind nil
    assert_isolated(refused, *SPADES, status=422)
    assert "</bdi>: blind nil is allowed only when" in refused.content.decode()  # the error names דני


def test_the_chart_legend_isolates_every_side(client, spades) -> None:
    for page in (client.get(sheet_url(spades)), client.get(url("print", spades))):
        chart = [occurrence for occurrence in assert_isolated(page, *SPADES) if occurrence.in_chart]
        assert {occurrence.name for occurrence in chart} == set(SPADES)
        # SVG has no <bdi>: a name drawn in the SVG itself would need CSS unicode-bidi: isolate.
        assert not [occurrence.path for occurrence in chart if occurrence.in_svg]


def test_the_history_isolates_the_names_in_each_change_and_the_phone(client, spades) -> None:
    found = assert_isolated(client.get(url("changes", spades)), *SPADES, DEVICE)
    assert any(occurrence.name == DEVICE for occurrence in found)


def test_the_mu_sheet_and_its_pages_isolate_every_name(client, mu) -> None:
    assert_isolated(client.get(sheet_url(mu)), *MU)  # the deal being played
    assert_isolated(client.get(url("mu_deal_edit", mu, 1)), *MU)
    assert_isolated(client.get(url("game_referee", mu)), *MU)
    assert_isolated(client.get(url("print", mu)), *MU)
    mu_services.deal_points_save(game=mu, points=[10, 15, 20, 15])
    assert_isolated(client.get(sheet_url(mu)), *MU)  # the next auction


def test_the_mu_auction_as_it_is_entered_isolates_every_name(client, mu) -> None:
    mu_services.deal_points_save(game=mu, points=[10, 15, 20, 15])
    preview = url("mu_preview", mu)
    # A Chef and Vize, an Eklat, a tie for Vize; the preview sends the questions after the laid cards,
    # with the names of those they are about (the laid cards' rows, every name, stay on the page).
    for laid, named in (([2, 1, 0, 0], MU[:2]), ([2, 2, 0, 0], MU[:2]), ([3, 1, 1, 0], MU[:3])):
        data = {"number": "2", **{f"laid_{seat}": str(cards) for seat, cards in enumerate(laid)}}
        assert_isolated(client.post(preview, data, **HTMX), *named)
    counted = {"number": "2", "cards_1": "red:0", "cards_2": "red:0"}  # one card counted for two players
    assert_isolated(client.post(url("mu_count", mu), counted, **HTMX), "Ingrid", "רותם")
    assert_isolated(client.post(url("game_referee", mu), {"turns": "1 0 2 3"}, **HTMX), *MU)


def test_the_winner_is_isolated(client, user) -> None:
    group = Player.objects.filter(owner=user)
    game = services.game_create(
        kind="spades", players=SPADES, dealer=0, rules={"preset": "standard"}, owner=user, group=group
    )
    for _ in range(5):
        play(game, *BIG_HAND)
    page = client.get(sheet_url(game))
    assert_isolated(page, *SPADES)
    assert "</bdi> win the game!" in page.content.decode()


def test_the_lists_and_statistics_isolate_every_name(client, spades, mu) -> None:
    dani, zoltan, quentin = (Player.objects.get(name=name) for name in ("דני", "Zoltan", "Quentin"))
    assert_isolated(client.get(reverse("games:home")), *SPADES, *MU)
    assert_isolated(client.get(reverse("games:list")), *SPADES, *MU)
    assert_isolated(client.get(reverse("games:list"), {"who": dani.pk, "partner": zoltan.pk}), *SPADES)
    assert_isolated(client.get(reverse("games:players")), *SPADES, *MU)
    # The rename and merge fields are rendered by forms.py (their widgets), left out here.
    assert_isolated(client.get(reverse("games:player", args=[dani.pk])), *SPADES, unless_in="manage")
    assert_isolated(client.get(reverse("games:versus", args=[dani.pk, quentin.pk])), "דני", "Quentin")


def test_the_phone_name_house_rules_and_known_players_are_isolated(client, spades) -> None:
    share = url("share", spades)
    client.post(reverse("games:device"), {"name": DEVICE, "next": share})
    found = assert_isolated(client.get(share), DEVICE)
    assert len([occurrence for occurrence in found if occurrence.name == DEVICE]) == 2  # the message, the field
    client.post(reverse("games:new"), {**new_game_data(), "save_as": HOUSE_RULES})
    assert_isolated(client.get(reverse("games:new")), HOUSE_RULES, *SPADES)  # the saved set; names offered
    assert_isolated(client.get(reverse("games:mu_new")), *SPADES)


def test_an_import_preview_isolates_every_name(client) -> None:
    upload = io.BytesIO(json.dumps(record([{"bids": [5, 2, 5, 2], "tricks": [5, 1, 5, 2]}], players=IMPORTED)).encode())
    upload.name = "game.json"
    assert_isolated(client.post(reverse("games:import"), {"file": upload}), *IMPORTED)
