"""What a person reads at the table (issue 25's smaller things), at 375x812 and 320x640, light and dark:
whole words on the printed sheet, red hearts and diamonds, names that read whole, boxes with room inside."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page

from .helpers import screenshot

pytestmark = pytest.mark.browser

#: The phones the tests look at: (width, height).
SIZES = [(375, 812), (320, 640)]


def look_at(page: Page, size: tuple[int, int], scheme: str) -> None:
    """The phone ``page`` at ``size`` (width, height), in the light or dark ``scheme``."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.emulate_media(color_scheme=scheme)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("new_game", ["new", "mu_new"])
def test_the_new_game_players_box_has_room_inside(page: Page, live_server, new_game, size) -> None:
    """Issue 25: the players list's rule took the padding of the new-game form's players box (a
    fieldset of the same class), so its names touched the border."""
    look_at(page, size, "light")
    page.goto(live_server.url + reverse(f"games:{new_game}"))
    box = page.locator("fieldset.players")
    other = page.locator("fieldset:not(.players)").first  # any other box of the form
    padding = box.evaluate("e => getComputedStyle(e).paddingLeft")
    assert padding != "0px"
    if other.count():
        assert padding == other.evaluate("e => getComputedStyle(e).paddingLeft")
    edge, name = box.bounding_box(), page.locator("#id_player_0").bounding_box()
    assert edge and name and name["x"] - edge["x"] >= 8
    screenshot(page, f"new-game-{new_game}-{size[0]}.png")


def is_red(locator) -> bool:
    """Whether the text of ``locator`` is drawn in a red: much more red than green and blue."""
    red, green, blue = map(int, re.findall(r"\d+", locator.evaluate("e => getComputedStyle(e).color"))[:3])
    return red >= 150 and red - max(green, blue) >= 80


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", SIZES)
def test_hearts_and_diamonds_are_red_in_the_referee_and_the_replay(page: Page, live_server, size, scheme) -> None:
    """Issue 25: the red suits were black, on screen and on paper; the black ones stay as they are."""
    look_at(page, size, scheme)
    page.goto(live_server.url + reverse("games:referee") + "?trick=KH,AH&hand=QD,3C")
    hearts, spades = page.locator(".picker-label", has_text="♥"), page.locator(".picker-label", has_text="♠")
    reds = [
        hearts.locator(".red-suit"),
        page.locator("button[name=add][value=AD]"),
        page.locator(".answer .big .red-suit"),
    ]
    reds += [page.locator(".chip .red-suit", has_text=card) for card in ("K♥", "A♥", "Q♦")]
    blacks = [spades, page.locator("button[name=add][value=AS]"), page.locator(".chip", has_text="3♣")]
    assert page.locator(".answer p.big").inner_text().startswith("A♥ wins")
    for media in ("screen", "print"):
        page.emulate_media(media=media)
        assert [is_red(locator) for locator in reds + blacks] == [True] * len(reds) + [False] * len(blacks), media
    page.emulate_media(media="screen")
    screenshot(page, f"referee-red-suits-{size[0]}-{scheme}.png")

    page.goto(live_server.url + reverse("games:replay") + "?cards=KH,2H,3H,4D")
    reds = [
        page.locator("#replay-allowed button[value=AH] .red-suit"),
        page.locator(".tricks .chip .red-suit", has_text="4♦"),
    ]
    reds += [page.locator(".picker-label .red-suit").first, page.locator(".tricks p .red-suit", has_text="K♥").last]
    for media in ("screen", "print"):
        page.emulate_media(media=media)
        assert [is_red(locator) for locator in reds] == [True] * len(reds), media
        assert not is_red(page.locator("#replay-allowed button[value=AC]"))
