"""Forms: turn posted fields into engine values; the engine decides what is legal.

Field-level checks here are only about shape (a number, one of the buttons). The
rules themselves are checked by the engine through the services, and a
:class:`~scorekeeper.engine.errors.RuleError` is shown at the field it names
(:func:`add_rule_error`).
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.mu.auction import parse_digits
from scorekeeper.engine.mu.tables import COLOURS, HAND_SIZE
from scorekeeper.engine.names import clean_name
from scorekeeper.engine.spades.game import TRICKS, Bid
from scorekeeper.engine.spades.rules import (
    BLIND_NIL,
    DOUBLE_NIL,
    GROUPS,
    KEYS,
    NIL,
    PRESET_INFO,
    PRESETS,
    VALUE_LABELS,
    spades_rules,
)

from .history import STAT_FILTERS, GameFilters
from .models import NAME_LENGTH

MAX_TRICKS = 18  # the most tricks in any hand (three players with two jokers)
BID_VALUES = [str(tricks) for tricks in range(MAX_TRICKS + 1)] + [NIL, BLIND_NIL, DOUBLE_NIL]
TRICK_CHOICES = [(str(tricks), str(tricks)) for tricks in range(MAX_TRICKS + 1)]
BEMO_CHOICES = [("", _("no bemo")), ("little", _("little bemo")), ("big", _("big bemo"))]


def small_number(value: Any, *, digits: int = 9) -> int | None:
    """``value`` as a non-negative int if it is a decimal number of at most ``digits``
    digits, else ``None`` (raw input: no exception for "²", "-1" or 5,000 nines)."""
    text = str(value)
    return int(text) if text.isdecimal() and len(text) <= digits else None


class NameField(forms.CharField):
    """A name typed by a person (a player, a phone, a set of house rules), cleaned as every
    stored name is (``engine.names.clean_name``: NFC, invisible format characters removed,
    white space folded); control characters are refused at the field."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", NAME_LENGTH)
        super().__init__(**kwargs)
        self.widget.attrs.setdefault("dir", "auto")

    def to_python(self, value: Any) -> str:
        """The cleaned name (``""`` for none).

        Raises:
            ValidationError: a control character or broken text.
        """
        text = super().to_python(value)
        try:
            return clean_name(text)
        except RuleError as error:
            raise forms.ValidationError(error.text.render(gettext), code="invalid") from None


def parse_bid(value: str) -> Bid:
    """A posted bid value (``"4"``, ``"nil"``, ``"blind_nil"``, ``"double_nil"``) as an engine bid."""
    return value if value in (NIL, BLIND_NIL, DOUBLE_NIL) else int(value)


def add_rule_error(form: forms.Form, error: RuleError, *, prefix: dict[str, str]) -> None:
    """Show ``error`` at the field it is about.

    Args:
        prefix: maps the error's ``field`` (``"bids"``, ``"tricks"``) to the form's
            field name prefix (``"bid_"``); the seat is appended. Anything else is
            shown above the form.
    """
    message = error.text.render(gettext)
    if error.source:
        message = f"{message} ({error.source})"
    if error.hand is not None:
        message = gettext("Hand %(number)d: %(message)s") % {"number": error.hand + 1, "message": message}
    name = None
    if error.field in prefix and error.seat is not None:
        name = f"{prefix[error.field]}{error.seat}"
        if name not in form.fields:
            name = None
    form.add_error(name, message)


def _add_bid_fields(form: forms.Form, order: tuple[int, ...]) -> None:
    for index in order:
        form.fields[f"bid_{index}"] = forms.ChoiceField(
            choices=[(value, value) for value in BID_VALUES],
            error_messages={"required": _("Choose a bid."), "invalid_choice": _("Choose one of the bids offered.")},
        )


def _add_declaration_fields(form: forms.Form, sides: int) -> None:
    for side in range(sides):
        for name in ("blind", "ten", "no_trump"):
            form.fields[f"{name}_{side}"] = forms.BooleanField(required=False)
        form.fields[f"bemo_{side}"] = forms.ChoiceField(choices=BEMO_CHOICES, required=False)


def _add_trick_fields(form: forms.Form, order: tuple[int, ...], rest_seat: int | None) -> None:
    for seat in order:
        form.fields[f"tricks_{seat}"] = forms.TypedChoiceField(
            choices=TRICK_CHOICES,
            coerce=int,
            required=seat != rest_seat,
            empty_value=None,
            error_messages={"required": _("How many tricks?"), "invalid_choice": _("Choose one of the numbers.")},
        )


def _add_result_fields(form: forms.Form, sides: int) -> None:
    for side in range(sides):
        form.fields[f"bemo_made_{side}"] = forms.TypedChoiceField(
            choices=[("1", _("made")), ("0", _("failed"))],
            coerce=lambda value: value == "1",
            required=False,
            empty_value=None,
        )
        form.fields[f"run_{side}"] = forms.IntegerField(required=False, min_value=0, max_value=MAX_TRICKS)
    form.fields["bag_cancel"] = forms.TypedChoiceField(
        choices=[("", "")] + [(str(side), str(side)) for side in range(sides)],
        coerce=int,
        required=False,
        empty_value=None,
    )


def _declarations(data: dict[str, Any], sides: int) -> dict[str, Any]:
    """The record's bid-time hand fields from cleaned declaration fields."""
    declared: dict[str, Any] = {}
    for record_name, field_name in (("blind", "blind"), ("ten_for_two_hundred", "ten"), ("no_trump", "no_trump")):
        chosen = [side for side in range(sides) if data.get(f"{field_name}_{side}")]
        if chosen:
            declared[record_name] = chosen
    bemo = [
        {"side": side, "kind": data[f"bemo_{side}"], "made": None} for side in range(sides) if data.get(f"bemo_{side}")
    ]
    if bemo:
        declared["bemo"] = bemo
    return declared


def _results(data: dict[str, Any], sides: int, *, runs: bool) -> dict[str, Any]:
    """What happened in play besides the tricks, for :func:`services.hand_tricks_save`."""
    results: dict[str, Any] = {
        "bemo": {side: data.get(f"bemo_made_{side}") for side in range(sides)},
        "bag_cancel": data.get("bag_cancel"),
    }
    if runs:
        results["high_spade_run"] = [data.get(f"run_{side}") or 0 for side in range(sides)]
    return results


class BidsForm(forms.Form):
    """The bids of the next hand: ``bid_<i>`` per seat (per side with partnership bidding),
    in bidding order, plus what each side declares (blind, 10 for 200, no trump, bemo).

    ``number`` is the 0-based hand the form was shown for (a version check).
    """

    number = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args: Any, order: tuple[int, ...], sides: int = 2, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.order, self.side_count = order, sides
        _add_bid_fields(self, order)
        _add_declaration_fields(self, sides)

    def bids(self) -> list[Bid]:
        """The bids in seat (or side) order (call after ``is_valid()``)."""
        return [parse_bid(self.cleaned_data[f"bid_{index}"]) for index in sorted(self.order)]

    def declarations(self) -> dict[str, Any]:
        """The record's bid-time hand fields (``blind``, ``ten_for_two_hundred``, ``no_trump``, ``bemo``)."""
        return _declarations(self.cleaned_data, self.side_count)


class TricksForm(forms.Form):
    """Tricks taken per seat, and what else happened in play (bemo, bag-cancelling card, high spades).

    The last seat in ``order`` may be left empty: it gets the rest of the hand's
    tricks. ``number`` is the 0-based hand in play the form was shown for.
    """

    number = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)

    def __init__(
        self,
        *args: Any,
        order: tuple[int, ...],
        sides: int = 2,
        tricks: int = TRICKS,
        runs: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.order, self.side_count, self.hand_tricks, self.runs = order, sides, tricks, runs
        self.rest_seat = order[-1]
        _add_trick_fields(self, order, self.rest_seat)
        _add_result_fields(self, sides)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.errors and data.get(f"tricks_{self.rest_seat}") is None:
            taken = sum(data[f"tricks_{seat}"] for seat in self.order if seat != self.rest_seat)
            if taken > self.hand_tricks:
                raise forms.ValidationError(
                    _("These tricks add up to %(taken)d: more than the %(tricks)d tricks of a hand."),
                    params={"taken": taken, "tricks": self.hand_tricks},
                )
            data[f"tricks_{self.rest_seat}"] = self.hand_tricks - taken
        return data

    def rest(self) -> int | None:
        """The rest of the hand's tricks for the last seat from the others so far, or ``None``."""
        taken = 0
        for seat in self.order:
            if seat == self.rest_seat:
                continue
            value = small_number(self.data.get(f"tricks_{seat}"), digits=3)
            if value is None:
                return None
            taken += value
        return self.hand_tricks - taken if taken <= self.hand_tricks else None

    def tricks(self) -> list[int]:
        """Tricks in seat order (call after ``is_valid()``)."""
        return [self.cleaned_data[f"tricks_{seat}"] for seat in sorted(self.order)]

    def results(self) -> dict[str, Any]:
        """Bemo outcomes, the bag-cancelling card and high-spade runs (call after ``is_valid()``)."""
        return _results(self.cleaned_data, self.side_count, runs=self.runs)


class HandForm(forms.Form):
    """Correcting a played hand: every bid, declaration, trick count and result."""

    def __init__(
        self,
        *args: Any,
        order: tuple[int, ...],
        bid_order: tuple[int, ...] | None,
        sides: int,
        runs: bool,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.order, self.bid_order, self.side_count, self.runs = order, bid_order, sides, runs
        if bid_order is not None:
            _add_bid_fields(self, bid_order)
        _add_declaration_fields(self, sides)
        _add_trick_fields(self, order, None)
        _add_result_fields(self, sides)

    def bids(self) -> list[Bid] | None:
        """The bids in seat (or side) order, or ``None`` for a hand that bid itself."""
        if self.bid_order is None:
            return None
        return [parse_bid(self.cleaned_data[f"bid_{index}"]) for index in sorted(self.bid_order)]

    def tricks(self) -> list[int]:
        """Tricks in seat order (call after ``is_valid()``)."""
        return [self.cleaned_data[f"tricks_{seat}"] for seat in sorted(self.order)]

    def declarations(self) -> dict[str, Any]:
        """Every optional record field of the corrected hand."""
        declared = _declarations(self.cleaned_data, self.side_count)
        results = _results(self.cleaned_data, self.side_count, runs=self.runs)
        if "bemo" in declared:
            declared["bemo"] = [{**bemo, "made": bool(results["bemo"].get(bemo["side"]))} for bemo in declared["bemo"]]
        if results["bag_cancel"] is not None:
            declared["bag_cancel"] = results["bag_cancel"]
        if self.runs:
            declared["high_spade_run"] = results["high_spade_run"]
        return declared


MAX_PLAYERS = 6


def field_value(name: str, value: Any) -> Any:
    """How rule ``value`` of key ``name`` is written in its form field (choices are JSON)."""
    spec = KEYS[name]
    if spec.choices is None or _is_bool_key(name):
        return value
    return "" if value is None else json.dumps(value)


def field_is_checkbox(name: str) -> bool:
    """Whether key ``name`` is a checkbox on the form (absent from a post means off)."""
    return _is_bool_key(name)


def _is_bool_key(name: str) -> bool:
    return set(KEYS[name].choices or ()) == {True, False} and len(KEYS[name].choices or ()) == 2


def _rule_field(name: str) -> forms.Field:
    """A form field for house rule key ``name``, from its :class:`KeySpec`.

    Choices are posted as JSON (``4``, ``"solo4"``, ``false``) so that keys whose
    values mix types keep them exactly.
    """
    spec = KEYS[name]
    label, help_text = _(spec.label), _(spec.help)
    if _is_bool_key(name):
        return forms.BooleanField(required=False, label=label, help_text=help_text)
    if spec.choices is not None:
        options = [("", _("none"))] if spec.optional else []
        options += [(json.dumps(value), _(VALUE_LABELS.get((name, value), _plain(value)))) for value in spec.choices]
        return forms.TypedChoiceField(
            choices=options,
            coerce=json.loads,
            empty_value=None,
            required=not spec.optional,
            label=label,
            help_text=help_text,
        )
    return forms.IntegerField(
        required=not spec.optional,
        min_value=spec.minimum,
        max_value=spec.maximum,
        label=label,
        help_text=help_text,
    )


def _plain(value: Any) -> str:
    """A choice shown as itself: numbers and card codes; ``False`` as "off"."""
    if value is False:
        return "off"
    return str(value)


class NewGameForm(forms.Form):
    """Start a Spades game: the names, who deals first, a preset and every house rule.

    There are name fields for up to six players; the house rule ``players``
    decides how many must be filled in.
    """

    dealer = forms.TypedChoiceField(
        choices=[(str(seat), str(seat + 1)) for seat in range(MAX_PLAYERS)], coerce=int, initial=0
    )
    preset = forms.ChoiceField(
        choices=[(name, _(title)) for name, (title, _source) in PRESET_INFO.items()],
        initial="standard",
        label=_("Preset"),
    )
    save_as = NameField(
        max_length=60,
        required=False,
        label=_("Save these house rules as"),
        help_text=_("A name for your table's rules, to pick them again for the next game."),
    )

    @property
    def preset_shown(self) -> str:
        """The preset whose rulebook to link: the one chosen, or ``standard`` for no known preset."""
        value = self["preset"].value()
        return value if value in PRESET_INFO else "standard"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for seat in range(MAX_PLAYERS):
            self.fields[f"player_{seat}"] = NameField(
                required=False, label=_("Player %(number)d") % {"number": seat + 1}
            )
        for name in KEYS:
            self.fields[name] = _rule_field(name)
        # Changing the table size re-renders the names (htmx; see views.game_new).
        self.fields["players"].widget.attrs.update(
            {
                "hx-get": reverse("games:new"),
                "hx-target": "#setup",
                "hx-swap": "outerHTML",
                "hx-include": "closest form",
            }
        )

    @classmethod
    def initial_for(cls, preset: str, rules: dict[str, Any] | None = None) -> dict[str, Any]:
        """Initial values: the rule values of ``preset`` (standard if unknown), or of a rules object."""
        chosen = spades_rules(rules if rules is not None else {"preset": preset if preset in PRESETS else "standard"})
        values = {name: field_value(name, getattr(chosen, name)) for name in KEYS}
        return {"preset": chosen.preset, "dealer": 0, **values}

    def seats(self) -> int:
        """How many players the chosen ``players`` rule seats (4 if it cannot be read)."""
        raw = self["players"].value()
        try:
            value = json.loads(raw) if isinstance(raw, str) else raw
        except ValueError:
            return 4
        return value if type(value) is int and value in (2, 3, 4, 6) else 4  # "solo4", 3.0 or junk: 4

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        seats = self.seats()
        for seat in range(seats):
            name = f"player_{seat}"
            if name not in self.errors and not data.get(name, "").strip():
                self.add_error(name, _("Enter a name."))
        if data.get("dealer") is not None and data["dealer"] >= seats:
            self.add_error("dealer", _("Choose one of the players."))
        return data

    def players(self) -> list[str]:
        """The names in seating order (after ``is_valid()``)."""
        return [self.cleaned_data[f"player_{seat}"].strip() for seat in range(self.seats())]

    def rules(self) -> dict[str, Any]:
        """The record's rules object: the preset and every key as set on the form."""
        return {"preset": self.cleaned_data["preset"], **{name: self.cleaned_data[name] for name in KEYS}}

    def player_rows(self) -> list[tuple[forms.BoundField, int]]:
        """(name field, seat) per seat in play, for the layout with a "deals first" radio per row."""
        return [(self[f"player_{seat}"], seat) for seat in range(self.seats())]

    def partners_hint(self) -> str:
        """Who partners whom at this table size, in words."""
        seats = self.seats()
        if seats == 4 and self["players"].value() != json.dumps("solo4"):
            return gettext("Players 1 and 3 are partners, and so are 2 and 4.")
        if seats == 6:
            return gettext("Partners sit opposite: 1 and 4, 2 and 5, 3 and 6.")
        return gettext("Everyone plays alone.")

    def groups(self) -> list[tuple[str, list[forms.BoundField], bool]]:
        """The house rule fields by group: (title, fields in form order, whether one has an error)."""
        result = []
        for group, title in GROUPS.items():
            fields = [self[name] for name, spec in KEYS.items() if spec.group == group]
            result.append((_(title), fields, any(field.errors for field in fields)))
        return result


class MuNewGameForm(forms.Form):
    """Start a Mü game: 3 to 6 names in seating order, who deals first, the agreed total."""

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
        }

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
        if not all(value is not None and value <= HAND_SIZE[self.players] for value in values):
            return None  # incomplete, or more cards than a hand holds: no preview yet
        return values

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
                raise forms.ValidationError(
                    _("These card points add up to %(taken)d: more than the %(total)d of a deal."),
                    params={"taken": taken, "total": self.total},
                )
            data[f"points_{self.rest_seat}"] = self.total - taken
        return data

    def points(self) -> list[int]:
        """Card points in seat order (after ``is_valid()``)."""
        return [self.cleaned_data[f"points_{seat}"] for seat in sorted(self.order)]

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


class GamesFilterForm(forms.Form):
    """The games list's filters (a GET form: every filtered list is a link to share or bookmark).

    Unreadable values are dropped, never an error: a list link always opens.
    """

    kind = forms.ChoiceField(
        label=_("Game"), required=False, choices=[("", _("All games")), ("spades", _("Spades")), ("mu", _("Mü"))]
    )
    name = forms.CharField(label=_("Player"), required=False, max_length=NAME_LENGTH)
    since = forms.DateField(label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    until = forms.DateField(label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    state = forms.ChoiceField(
        label=_("State"),
        required=False,
        choices=[("", _("All")), ("open", _("Not finished")), ("finished", _("Finished"))],
    )

    def filters(self, query: Any) -> Any:
        """The :class:`~scorekeeper.games.history.GameFilters` of this form and the link-only
        parameters (``who``, ``partner``, ``opponent``, ``won``, ``stat``) of ``query``."""
        data = self.cleaned_data if self.is_valid() else {}
        who = small_number(query.get("who", ""))
        won = {"1": True, "0": False}.get(query.get("won", ""))
        stat = query.get("stat", "")
        return GameFilters(
            kind=data.get("kind") or "",
            name=data.get("name") or "",
            since=data.get("since"),
            until=data.get("until"),
            state=data.get("state") or "",
            who=who,
            partner=small_number(query.get("partner", "")),
            opponent=small_number(query.get("opponent", "")),
            won=won,
            stat=stat if stat in STAT_FILTERS else "",
        )


class PlayerRenameForm(forms.Form):
    """A player's new name."""

    name = NameField(label=_("New name"))


class DeviceForm(forms.Form):
    """This phone's name for the game histories (empty: guessed from the browser)."""

    name = NameField(label=_("This phone's name"), max_length=60, required=False)


class PlayerMergeForm(forms.Form):
    """The player to merge this one into (one of the same group)."""

    into = forms.TypedChoiceField(label=_("Same person as"), coerce=int)

    def __init__(self, *args: Any, players: Any = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["into"].choices = [("", "—"), *((player.pk, player.name) for player in players)]


class ImportForm(forms.Form):
    """Game records to import: a file (one record, a list of records, or ``{"games": [...]}``),
    or, when confirming a preview, the same text carried over in ``records``."""

    file = forms.FileField(label=_("File of game records (JSON)"), required=False)
    records = forms.CharField(required=False, widget=forms.HiddenInput)

    MAX_BYTES = 2_000_000

    def text(self) -> str | None:
        """The records' JSON text, or ``None`` (an error is added to the form)."""
        upload = self.cleaned_data.get("file")
        if upload is not None:
            if upload.size > self.MAX_BYTES:
                self.add_error("file", gettext("The file is larger than 2 MB."))
                return None
            try:
                return upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                self.add_error("file", gettext("The file is not text (UTF-8): is it a game record?"))
                return None
        if self.cleaned_data.get("records"):
            return self.cleaned_data["records"]
        self.add_error("file", gettext("Choose a file of game records."))
        return None
