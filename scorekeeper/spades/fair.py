"""Fair partners on the new Spades game form: of the three ways four players can pair up, the one
whose predicted win chance (OpenSkill's, from the players' current Spades ratings) is closest to
50/50, and the seats that make it (partners opposite, the first name staying in seat 1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext

from scorekeeper.engine.names import clean_name
from scorekeeper.engine.ratings import SPLITS, fairest_split, seat_order
from scorekeeper.games.models import Player
from scorekeeper.games.standings import ratings_by_name

from .setup import NewGameForm

#: The seat orders "Seat them like this" may post (``"0,3,1,2"``: who sits in each seat, by the seat
#: they had), one per split but the seating's own.
ORDERS = {",".join(map(str, order)): order for order in map(seat_order, SPLITS[1:])}


@dataclass(frozen=True, slots=True)
class FairPartners:
    """What the "Fair partners" button answers: ``line`` the fairest partnerships and their chances
    (``""`` when it cannot tell), ``hint`` what it needs or that the seating is the fairest already,
    ``order`` the seats to apply (a key of :data:`ORDERS`; ``""``: nothing to change)."""

    line: str = ""
    hint: str = ""
    order: str = ""


def fair_partners(form: NewGameForm, players: QuerySet[Player]) -> FairPartners:
    """The fairest partnerships of the four names typed on ``form`` by the Spades ratings of
    ``players`` (the group a new game's names are matched to, ``access.group_of``: anyone else's
    name counts as a new player, with OpenSkill's defaults), or what is needed first: a table of
    four in partnerships, four names."""
    table = form.table()
    if table.seats != 4 or not table.partnerships:
        return FairPartners(hint=gettext("Fair partners are for four players in two partnerships."))
    names = [clean_name(str(form[f"player_{seat}"].value() or ""), strict=False) for seat in range(4)]
    if len({name.casefold() for name in names if name}) < 4:
        return FairPartners(hint=gettext("Type four different names to find fair partners."))
    rated = ratings_by_name(players, names, "spades")
    split, chances = fairest_split([rated.get(name.casefold()) for name in names])
    (first, partner), (second, other_partner) = split
    percent = round(chances[0] * 100)
    said = gettext("%(first)s & %(partner)s v %(second)s & %(other_partner)s: %(chance)s – %(other)s") % {
        "first": names[first],
        "partner": names[partner],
        "second": names[second],
        "other_partner": names[other_partner],
        "chance": f"{percent}\u00a0%",  # no break before the sign: "52 %"
        "other": f"{100 - percent}\u00a0%",
    }
    if split == SPLITS[0]:
        return FairPartners(line=said, hint=gettext("Seated as they are, the partners are the fairest already."))
    return FairPartners(line=said, order=",".join(map(str, seat_order(split))))


def seated(values: Mapping[str, Any], order: str) -> dict[str, Any]:
    """The form's ``values`` with the four names in the seats of ``order`` (a key of :data:`ORDERS`;
    anything else changes nothing), the first dealer moving with their name."""
    seats = ORDERS.get(order)
    moved = dict(values)
    if seats is None:
        return moved
    for seat, was in enumerate(seats):
        moved[f"player_{seat}"] = values.get(f"player_{was}")
    dealer = str(values.get("dealer", ""))
    if dealer in {"0", "1", "2", "3"}:
        moved["dealer"] = str(seats.index(int(dealer)))
    return moved
