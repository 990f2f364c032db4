"""Forms: turn posted fields into engine values; the engine decides what is legal.

Field-level checks here are only about shape (a number, one of the buttons). The
rules themselves are checked by the engine through the services, and a
:class:`~scorekeeper.engine.errors.RuleError` is shown at the field it names
(:func:`add_rule_error`).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.spades.game import TRICKS, Bid
from scorekeeper.engine.spades.rules import (
    BLIND_NIL,
    GROUPS,
    KEYS,
    NIL,
    PRESET_INFO,
    PRESETS,
    VALUE_LABELS,
    SpadesRules,
    spades_rules,
)

BID_VALUES = [str(tricks) for tricks in range(TRICKS + 1)] + [NIL, BLIND_NIL]
TRICK_CHOICES = [(str(tricks), str(tricks)) for tricks in range(TRICKS + 1)]


def parse_bid(value: str) -> Bid:
    """A posted bid value (``"4"``, ``"nil"``, ``"blind_nil"``) as an engine bid."""
    return value if value in (NIL, BLIND_NIL) else int(value)


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
    for seat in order:
        form.fields[f"bid_{seat}"] = forms.ChoiceField(
            choices=[(value, value) for value in BID_VALUES],
            error_messages={"required": _("Choose a bid."), "invalid_choice": _("Choose one of the bids offered.")},
        )


def _add_trick_fields(form: forms.Form, order: tuple[int, ...], rest_seat: int | None) -> None:
    for seat in order:
        form.fields[f"tricks_{seat}"] = forms.TypedChoiceField(
            choices=TRICK_CHOICES,
            coerce=int,
            required=seat != rest_seat,
            empty_value=None,
            error_messages={"required": _("How many tricks?"), "invalid_choice": _("From 0 to 13.")},
        )


class BidsForm(forms.Form):
    """The bids of the next hand: one ``bid_<seat>`` per seat, in bidding order.

    ``number`` is the 0-based hand the form was shown for (a version check).
    """

    number = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args: Any, order: tuple[int, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.order = order
        _add_bid_fields(self, order)

    def bids(self) -> list[Bid]:
        """The bids in seat order (call after ``is_valid()``)."""
        return [parse_bid(self.cleaned_data[f"bid_{seat}"]) for seat in sorted(self.order)]


class TricksForm(forms.Form):
    """Tricks taken per seat. The last seat in ``order`` may be left empty: the rest of 13.

    ``number`` is the 0-based hand in play the form was shown for (a version check).
    """

    number = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args: Any, order: tuple[int, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.order = order
        self.rest_seat = order[-1]
        _add_trick_fields(self, order, self.rest_seat)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.errors and data.get(f"tricks_{self.rest_seat}") is None:
            taken = sum(data[f"tricks_{seat}"] for seat in self.order if seat != self.rest_seat)
            if taken > TRICKS:
                raise forms.ValidationError(
                    _("These tricks add up to %(taken)d: more than the 13 tricks of a hand."),
                    params={"taken": taken},
                )
            data[f"tricks_{self.rest_seat}"] = TRICKS - taken
        return data

    def rest(self) -> int | None:
        """The rest of 13 for the last seat from the others filled in so far, or ``None``."""
        taken = 0
        for seat in self.order:
            if seat == self.rest_seat:
                continue
            value = self.data.get(f"tricks_{seat}")
            if value is None or not str(value).isdigit():
                return None
            taken += int(value)
        return TRICKS - taken if taken <= TRICKS else None

    def tricks(self) -> list[int]:
        """Tricks in seat order (call after ``is_valid()``)."""
        return [self.cleaned_data[f"tricks_{seat}"] for seat in sorted(self.order)]


class HandForm(forms.Form):
    """Correcting a played hand: every bid and every trick count, seat by seat."""

    def __init__(self, *args: Any, order: tuple[int, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.order = order
        _add_bid_fields(self, order)
        _add_trick_fields(self, order, None)

    def bids(self) -> list[Bid]:
        """The bids in seat order (call after ``is_valid()``)."""
        return [parse_bid(self.cleaned_data[f"bid_{seat}"]) for seat in sorted(self.order)]

    def tricks(self) -> list[int]:
        """Tricks in seat order (call after ``is_valid()``)."""
        return [self.cleaned_data[f"tricks_{seat}"] for seat in sorted(self.order)]


def _rule_field(name: str) -> forms.Field:
    """A form field for house rule key ``name``, from its :class:`KeySpec`."""
    spec = KEYS[name]
    label, help_text = _(spec.label), _(spec.help)
    if spec.choices is not None and all(isinstance(choice, bool) for choice in spec.choices):
        return forms.BooleanField(required=False, label=label, help_text=help_text)
    if spec.choices is not None:
        return forms.TypedChoiceField(
            choices=[(str(value), _(VALUE_LABELS.get((name, value), str(value)))) for value in spec.choices],
            coerce=type(spec.choices[0]),
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


class NewGameForm(forms.Form):
    """Start a Spades game: four names, who deals first, a preset and every house rule."""

    player_0 = forms.CharField(max_length=40, label=_("Player 1"))
    player_1 = forms.CharField(max_length=40, label=_("Player 2"))
    player_2 = forms.CharField(max_length=40, label=_("Player 3"))
    player_3 = forms.CharField(max_length=40, label=_("Player 4"))
    dealer = forms.TypedChoiceField(choices=[(str(seat), str(seat + 1)) for seat in range(4)], coerce=int, initial=0)
    preset = forms.ChoiceField(
        choices=[(name, _(title)) for name, (title, _source) in PRESET_INFO.items()],
        initial="standard",
        label=_("Preset"),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in KEYS:
            self.fields[name] = _rule_field(name)

    @classmethod
    def initial_for(cls, preset: str) -> dict[str, Any]:
        """Initial values: the rule values of ``preset`` (standard if unknown)."""
        rules = spades_rules({"preset": preset if preset in PRESETS else "standard"})
        return {"preset": rules.preset, "dealer": 0, **{name: getattr(rules, name) for name in KEYS}}

    def players(self) -> list[str]:
        """The names in seating order (after ``is_valid()``)."""
        return [self.cleaned_data[f"player_{seat}"].strip() for seat in range(4)]

    def rules(self) -> dict[str, Any]:
        """The record's rules object: the preset and every key as set on the form."""
        return {"preset": self.cleaned_data["preset"], **{name: self.cleaned_data[name] for name in KEYS}}

    def player_rows(self) -> list[tuple[forms.BoundField, int]]:
        """(name field, seat) per seat, for the layout with a "deals first" radio per row."""
        return [(self[f"player_{seat}"], seat) for seat in range(4)]

    def groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        """The house rule fields by group, with the group's title, in form order."""
        return [
            (_(title), [self[name] for name, spec in KEYS.items() if spec.group == group])
            for group, title in GROUPS.items()
        ]


__all__ = ["BidsForm", "HandForm", "NewGameForm", "SpadesRules", "TricksForm", "add_rule_error", "parse_bid"]
