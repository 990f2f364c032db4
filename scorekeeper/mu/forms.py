"""Mü forms: a new game, the auction, the card points and a corrected deal.

Field-level checks here are only about shape; the rules (who is Chef and Vize, which
trumps, how many points) are the engine's (``scorekeeper.engine.mu``), through the services.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine.mu.auction import parse_digits
from scorekeeper.engine.mu.rules import GROUPS, KEYS
from scorekeeper.engine.mu.tables import COLOURS, HAND_SIZE
from scorekeeper.games.forms import MAX_PLAYERS, NameField, small_number


def _limit_field(name: str) -> forms.IntegerField:
    """The field of match limit ``name`` (``hand_limit``, ``time_limit``; mu.md "Match limits"), made
    from its rule key: 0 or left empty is no limit."""
    spec = KEYS[name]
    return forms.IntegerField(
        required=False,
        min_value=spec.minimum,
        max_value=spec.maximum,
        initial=0,
        label=_(spec.label),
        help_text=_(spec.help),
    )


class MuNewGameForm(forms.Form):
    """Start a Mü game: 3 to 6 names in seating order, who deals first, the agreed total, the bonus
    above level 7 and the match limits (group "Tournament")."""

    dealer = forms.TypedChoiceField(
        choices=[(str(seat), str(seat + 1)) for seat in range(MAX_PLAYERS)], coerce=int, initial=0
    )
    target = forms.IntegerField(
        min_value=1,
        max_value=10000,
        initial=200,
        label=_("Agreed total"),
        help_text=_("Play until a player has gone over this total (200 takes about an hour)."),
    )
    bonus_above_seven = forms.ChoiceField(
        choices=[("flat", _("as level 7 (rulebook)")), ("rising", _("keeps rising, at most 100"))],
        initial="flat",
        label=_("Bonus above level 7"),
    )
    hand_limit = _limit_field("hand_limit")
    time_limit = _limit_field("time_limit")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for seat in range(MAX_PLAYERS):
            self.fields[f"player_{seat}"] = NameField(
                required=seat < 3,
                label=_("Player %(number)d") % {"number": seat + 1},
                error_messages={"required": _("Enter a name.")},
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        names = [data.get(f"player_{seat}", "").strip() for seat in range(MAX_PLAYERS)]
        count = len([name for name in names if name])
        if any(not name for name in names[:count]) and not any(
            f"player_{seat}" in self.errors for seat in range(count)
        ):
            raise forms.ValidationError(_("Fill in the names without gaps, in seating order."))
        if data.get("dealer") is not None and data["dealer"] >= count:
            self.add_error("dealer", _("Choose one of the players."))
        return data

    def players(self) -> list[str]:
        """The names in seating order (after ``is_valid()``)."""
        names = [self.cleaned_data.get(f"player_{seat}", "").strip() for seat in range(MAX_PLAYERS)]
        return [name for name in names if name]

    def rules(self) -> dict[str, Any]:
        """The record's rules object."""
        return {
            "preset": "standard",
            "target": self.cleaned_data["target"],
            "bonus_above_seven": self.cleaned_data["bonus_above_seven"],
            "hand_limit": self.cleaned_data["hand_limit"] or 0,
            "time_limit": self.cleaned_data["time_limit"] or 0,
        }

    def tournament(self) -> tuple[str, list[forms.BoundField], bool]:
        """The "Tournament" group: its title, its fields (the keys of group ``tournament``, in
        declaration order) and whether one has an error (then it shows open)."""
        fields = [self[name] for name, spec in KEYS.items() if spec.group == "tournament"]
        return _(GROUPS["tournament"]), fields, any(field.errors for field in fields)

    def player_rows(self) -> list[tuple[forms.BoundField, int]]:
        """(name field, seat) for all six seats; players 4 to 6 are optional."""
        return [(self[f"player_{seat}"], seat) for seat in range(MAX_PLAYERS)]


TRUMP_CHOICES = [(json.dumps(colour), colour) for colour in COLOURS] + [(str(digit), str(digit)) for digit in range(10)]


class MuAuctionForm(forms.Form):
    """What a Mü auction decided: cards laid per player, and what follows from them.

    ``laid_<seat>`` for every seat; then, as the case may be, ``last`` (Eklat),
    ``digits_<seat>`` (players tied for Vize), ``vize_trump``, ``chef_trump``
    (``"none"`` allowed), ``partner``. ``number`` is the deal shown (a version check).
    """

    number = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)
    last = forms.TypedChoiceField(
        choices=[(str(s), str(s)) for s in range(MAX_PLAYERS)], coerce=int, required=False, empty_value=None
    )
    vize_trump = forms.ChoiceField(choices=TRUMP_CHOICES, required=False)
    chef_trump = forms.ChoiceField(choices=[*TRUMP_CHOICES, ("none", "none")], required=False)
    partner = forms.TypedChoiceField(
        choices=[(str(s), str(s)) for s in range(MAX_PLAYERS)], coerce=int, required=False, empty_value=None
    )

    def __init__(self, *args: Any, players: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = players
        for seat in range(players):
            self.fields[f"laid_{seat}"] = forms.TypedChoiceField(
                choices=[(str(n), str(n)) for n in range(HAND_SIZE[players] + 1)],
                coerce=int,
                error_messages={"required": _("How many cards?")},
            )
            self.fields[f"digits_{seat}"] = forms.CharField(max_length=30, required=False)

    def laid(self) -> list[int]:
        """Cards laid in seat order (after ``is_valid()``)."""
        return [self.cleaned_data[f"laid_{seat}"] for seat in range(self.players)]

    def laid_so_far(self) -> list[int] | None:
        """Cards laid from the raw input, or ``None`` until every player has an entry (for the preview)."""
        values = [small_number(self.data.get(f"laid_{seat}", ""), digits=3) for seat in range(self.players)]
        laid = [value for value in values if value is not None and value <= HAND_SIZE[self.players]]
        return laid if len(laid) == len(values) else None  # incomplete, or more than a hand holds: no preview

    def digits(self) -> dict[int, tuple[int, ...]]:
        """The digits typed for players tied for Vize (unreadable entries left out)."""
        typed = {seat: parse_digits(self.data.get(f"digits_{seat}", "") or "") for seat in range(self.players)}
        return {seat: value for seat, value in typed.items() if value}

    def laid_cards(self) -> dict[int, tuple[tuple[str, int], ...]]:
        """The cards tapped as laid, per player: seat -> ((colour, digit index), ...) (optional input)."""
        return _cards_by_seat(self.data, "laidcards", self.players)

    def trump(self, name: str) -> Any:
        """A trump as the record writes it: a colour name, a digit, or ``None`` (no trump)."""
        value = self.cleaned_data.get(name) or ""
        if value in ("", "none"):
            return None
        return json.loads(value)


class MuDealForm(forms.Form):
    """Correcting a finished Mü deal: its record's fields (played, or an Eklat), seat by seat.

    Choices are seats as strings; trumps are JSON (``"\"green\""``, ``"7"``) or ``"none"``.
    """

    def __init__(self, *args: Any, players: int, eklat: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players, self.eklat = players, eklat
        seats = [(str(seat), str(seat)) for seat in range(players)]
        levels = [(str(level), str(level)) for level in range(1, HAND_SIZE[players] + 1)]
        self.fields["level"] = forms.TypedChoiceField(choices=levels, coerce=int, label=_("Level"))
        if eklat:
            self.fields["tied"] = forms.TypedMultipleChoiceField(choices=seats, coerce=int, label=_("Tied players"))
            self.fields["last"] = forms.TypedChoiceField(choices=seats, coerce=int, label=_("Laid last"))
            return
        optional = [("", "–"), *seats]
        trumps = [*TRUMP_CHOICES]
        self.fields["chef"] = forms.TypedChoiceField(choices=seats, coerce=int, label=_("Chef"))
        self.fields["vize"] = forms.TypedChoiceField(
            choices=optional, coerce=int, required=False, empty_value=None, label=_("Vize")
        )
        self.fields["partner"] = forms.TypedChoiceField(
            choices=optional, coerce=int, required=False, empty_value=None, label=_("Partner")
        )
        self.fields["chef_trump"] = forms.ChoiceField(choices=[*trumps, ("none", _("no trump"))], label=_("Chef trump"))
        self.fields["vize_trump"] = forms.ChoiceField(
            choices=[("", "–"), *trumps], required=False, label=_("Vize trump")
        )
        for seat in range(players):
            self.fields[f"points_{seat}"] = forms.IntegerField(min_value=0, max_value=60)

    @classmethod
    def initial_for(cls, record: dict[str, Any]) -> dict[str, Any]:
        """The form's values for a stored deal record."""
        if "eklat" in record:
            eklat = record["eklat"]
            return {"level": eklat["level"], "tied": [str(seat) for seat in eklat["tied"]], "last": eklat["last"]}
        initial = {name: record[name] for name in ("chef", "level", "vize", "partner")}
        initial["chef_trump"] = "none" if record["chef_trump"] is None else json.dumps(record["chef_trump"])
        initial["vize_trump"] = "" if record["vize_trump"] is None else json.dumps(record["vize_trump"])
        initial.update({f"points_{seat}": points for seat, points in enumerate(record["points"])})
        return initial

    def record(self) -> dict[str, Any]:
        """The corrected deal as the game record writes it (after ``is_valid()``)."""
        data = self.cleaned_data
        if self.eklat:
            return {"eklat": {"level": data["level"], "tied": sorted(data["tied"]), "last": data["last"]}}

        def trump(value: str) -> Any:
            return None if value in ("", "none") else json.loads(value)

        return {
            "chef": data["chef"],
            "level": data["level"],
            "vize": data["vize"],
            "chef_trump": trump(data["chef_trump"]),
            "vize_trump": trump(data["vize_trump"]),
            "partner": data["partner"],
            "points": [data[f"points_{seat}"] for seat in range(self.players)],
        }


#: Card points typed that add up to more than a deal holds (``total``: 60, 36 with three players; mu.md §1).
TOO_MANY_POINTS = _("These card points add up to %(taken)d: more than the %(total)d of a deal.")


class MuPointsForm(forms.Form):
    """Card points each player took; the last seat in ``order`` may be left for the rest of the deal's points."""

    number = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args: Any, order: tuple[int, ...], total: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.order, self.total, self.rest_seat = order, total, order[-1]
        for seat in order:
            self.fields[f"points_{seat}"] = forms.IntegerField(
                min_value=0,
                max_value=total,
                required=seat != self.rest_seat,
                error_messages={"required": _("How many card points?")},
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.errors and data.get(f"points_{self.rest_seat}") is None:
            taken = sum(data[f"points_{seat}"] for seat in self.order if seat != self.rest_seat)
            if taken > self.total:
                raise forms.ValidationError(TOO_MANY_POINTS, params={"taken": taken, "total": self.total})
            data[f"points_{self.rest_seat}"] = self.total - taken
        return data

    def points(self) -> list[int]:
        """Card points in seat order (after ``is_valid()``)."""
        return [self.cleaned_data[f"points_{seat}"] for seat in sorted(self.order)]

    def rest_line(self, counted: dict[int, int] | None = None) -> dict[str, Any]:
        """The rest line under the points typed so far, as they are typed (the server's sum, as
        the save's): ``rest``, the last seat's points once every other seat has a number, else
        ``None``; ``error``, said at once when the points so far add up to more than a deal has (mu.md §1).
        ``counted``: points a card counter is about to put in their fields (seat -> points)."""
        typed = {
            seat: small_number(self.data.get(f"points_{seat}", ""), digits=3)
            for seat in self.order
            if seat != self.rest_seat
        }
        typed.update(counted or {})
        taken = sum(value or 0 for value in typed.values())
        if taken > self.total:
            return {"rest": None, "error": TOO_MANY_POINTS % {"taken": taken, "total": self.total}}
        complete = None not in typed.values()
        return {"rest": self.total - taken if complete else None, "error": None}

    def counted(self) -> dict[int, tuple[tuple[str, int], ...]]:
        """The cards tapped in each player's card counter: seat -> ((colour, digit index), ...)."""
        return _cards_by_seat(self.data, "cards", len(self.order))


def _cards_by_seat(data: Any, prefix: str, seats: int) -> dict[int, tuple[tuple[str, int], ...]]:
    """Cards posted as ``<prefix>_<seat>`` = "colour:index" values, per seat (unreadable values left out)."""
    found = {}
    for seat in range(seats):
        cards = []
        for value in data.getlist(f"{prefix}_{seat}") if hasattr(data, "getlist") else []:
            colour, _sep, index = str(value).partition(":")
            digit = small_number(index, digits=2)
            if colour in COLOURS and digit is not None and digit < 12:
                cards.append((colour, digit))
        if cards:
            found[seat] = tuple(cards)
    return found
