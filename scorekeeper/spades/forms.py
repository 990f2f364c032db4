"""Spades forms: bids, tricks, a corrected hand, and a new game with its house rules.

Field-level checks here are only about shape (a number, one of the buttons). The rules
themselves are checked by the engine through the services, and a
:class:`~scorekeeper.engine.errors.RuleError` is shown at the field it names
(:func:`scorekeeper.games.forms.add_rule_error`).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine.spades.game import TRICKS, Bid
from scorekeeper.engine.spades.rules import (
    BLIND_NIL,
    DOUBLE_NIL,
    NIL,
)
from scorekeeper.games.forms import small_number

MAX_TRICKS = 18  # the most tricks in any hand (three players with two jokers)


BID_VALUES = [str(tricks) for tricks in range(MAX_TRICKS + 1)] + [NIL, BLIND_NIL, DOUBLE_NIL]


TRICK_CHOICES = [(str(tricks), str(tricks)) for tricks in range(MAX_TRICKS + 1)]


BEMO_CHOICES = [("", _("no bemo")), ("little", _("little bemo")), ("big", _("big bemo"))]


#: How many times a player revoked in a hand, as the form takes it (the buttons offer 0 to 3, or more
#: for a stored hand with more: ``entry.revoke_rows``).
REVOKE_CHOICES = [(str(count), str(count)) for count in range(MAX_TRICKS + 1)]


#: Why a form offers no revoke buttons, said to a post that sends a revoke all the same.
NO_REVOKE_PENALTY = _("This game's house rules have no revoke penalty: a revoke is not recorded.")
REVOKES_FROM_PLAY = _("This hand's revokes come from its recorded play: they are not entered.")


def parse_bid(value: str) -> Bid:
    """A posted bid value (``"4"``, ``"nil"``, ``"blind_nil"``, ``"double_nil"``) as an engine bid."""
    return value if value in (NIL, BLIND_NIL, DOUBLE_NIL) else int(value)


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


def _add_revoke_fields(form: forms.Form, order: tuple[int, ...]) -> None:
    for seat in order:
        form.fields[f"revokes_{seat}"] = forms.TypedChoiceField(
            choices=REVOKE_CHOICES,
            coerce=int,
            required=False,
            empty_value=0,
            error_messages={"invalid_choice": _("Choose one of the numbers.")},
        )


def _revokes(data: dict[str, Any], order: tuple[int, ...]) -> list[int]:
    """The record's ``revokes`` from cleaned revoke fields: each seat once per revoke, in seat order."""
    return [seat for seat in sorted(order) for _count in range(data.get(f"revokes_{seat}") or 0)]


def _refuse_revokes(form: forms.Form, why: str) -> None:
    """A form that offers no revoke buttons refuses a post that sends a revoke all the same (``why``),
    rather than drop it unsaid; a count of 0 is no revoke."""
    if any(name.startswith("revokes_") and form.data[name] not in ("", "0") for name in form.data):
        form.add_error(None, why)


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
    """Tricks taken per seat, and what else happened in play (bemo, bag-cancelling card, high spades,
    and with ``revokes`` (a revoke penalty) how many times each seat revoked: ``revokes_<seat>``).

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
        revokes: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.order, self.side_count, self.hand_tricks, self.runs = order, sides, tricks, runs
        self.rest_seat, self.revokes = order[-1], revokes
        _add_trick_fields(self, order, self.rest_seat)
        _add_result_fields(self, sides)
        if revokes:
            _add_revoke_fields(self, order)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.revokes:
            _refuse_revokes(self, NO_REVOKE_PENALTY)
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

    def too_many(self) -> int | None:
        """The tricks tapped so far, when they already add up to more than the hand has (the
        rest line warns at once, before the last seat is reached); else ``None``."""
        taken = sum(small_number(self.data.get(f"tricks_{seat}"), digits=3) or 0 for seat in self.order)
        return taken if taken > self.hand_tricks else None

    def tricks(self) -> list[int]:
        """Tricks in seat order (call after ``is_valid()``)."""
        return [self.cleaned_data[f"tricks_{seat}"] for seat in sorted(self.order)]

    def results(self) -> dict[str, Any]:
        """Bemo outcomes, the bag-cancelling card, high-spade runs and the revokes (call after ``is_valid()``)."""
        results = _results(self.cleaned_data, self.side_count, runs=self.runs)
        if self.revokes:
            results["revokes"] = _revokes(self.cleaned_data, self.order)
        return results


class HandForm(forms.Form):
    """Correcting a played hand: every bid, declaration, trick count and result.

    ``revokes``: the revoke buttons are offered (a revoke penalty, and no recorded play: its
    revokes are the play's); else ``no_revokes`` says why to a post that sends a revoke.
    """

    def __init__(
        self,
        *args: Any,
        order: tuple[int, ...],
        bid_order: tuple[int, ...] | None,
        sides: int,
        runs: bool,
        revokes: bool = False,
        no_revokes: str = NO_REVOKE_PENALTY,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.order, self.bid_order, self.side_count, self.runs = order, bid_order, sides, runs
        self.revokes, self.no_revokes = revokes, no_revokes
        if bid_order is not None:
            _add_bid_fields(self, bid_order)
        _add_declaration_fields(self, sides)
        _add_trick_fields(self, order, None)
        _add_result_fields(self, sides)
        if revokes:
            _add_revoke_fields(self, order)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.revokes:
            _refuse_revokes(self, self.no_revokes)
        return data

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
        if self.revokes and (revokes := _revokes(self.cleaned_data, self.order)):
            declared["revokes"] = revokes
        return declared
