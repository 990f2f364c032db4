"""What a person reads at the table (issue 25's smaller things), at 375x812 and 320x640, light and dark:
whole words on the printed sheet, red hearts and diamonds, names that read whole, boxes with room inside."""

from __future__ import annotations

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
