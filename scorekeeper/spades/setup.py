"""The new Spades game form: the names, who deals first, a preset and every house rule, each
field made from its rule key (``engine.spades.rules.KEYS``)."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine.citations import spoken
from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.spades.rules import GROUPS, KEYS, PRESET_INFO, PRESETS, VALUE_LABELS, SpadesRules, spades_rules
from scorekeeper.games.forms import MAX_PLAYERS, NameField

#: Number keys whose largest value means "no limit" (``max_team_bid`` 18: more than any side can
#: take in one pack): the field shows it empty, with "no limit" in it, and an empty field is it.
NO_LIMIT = {"max_team_bid": 18}


def field_value(name: str, value: Any) -> Any:
    """How rule ``value`` of key ``name`` is written in its form field (choices are JSON; a
    :data:`NO_LIMIT` value, empty)."""
    spec = KEYS[name]
    if NO_LIMIT.get(name) == value:
        return None
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
    if name in NO_LIMIT:
        return forms.IntegerField(
            required=False,
            min_value=spec.minimum,
            max_value=spec.maximum,
            label=label,
            help_text=help_text,
            widget=forms.NumberInput(attrs={"placeholder": _("no limit")}),
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

    def table(self) -> SpadesRules:
        """The rules of the chosen ``players`` value alone (the standard table if it cannot be
        read): the engine says how many sit down and who partners whom."""
        raw = self["players"].value()
        try:
            return spades_rules({"players": json.loads(raw) if isinstance(raw, str) else raw})
        except ValueError:  # not JSON, or not a value of the key (RecordError is a ValueError)
            return spades_rules({})

    def seats(self) -> int:
        """How many players the chosen ``players`` rule seats (4 if it cannot be read)."""
        return self.table().seats

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        seats = self.seats()
        for seat in range(seats):
            name = f"player_{seat}"
            if name not in self.errors and not data.get(name, "").strip():
                self.add_error(name, _("Enter a name."))
        if data.get("dealer") is not None and data["dealer"] >= seats:
            self.add_error("dealer", _("Choose one of the players."))
        if not any(name in self.errors for name in ("preset", *KEYS)):
            self._check_together(_rules_of(data))
        return data

    def _check_together(self, rules: dict[str, Any]) -> None:
        """Refuse house rules that are each allowed but not together (``revoke_penalty``
        ``three_tricks`` needs two sides: not with 3 or 6 players or ``solo4``, spades.md "Tournament
        rules"): the engine's reason is shown at the field of the key that needs the other, whose group
        opens; the form shows again with everything as posted."""
        try:
            spades_rules(rules)
        except RuleError as error:
            self.add_error(_key_at_fault(rules), spoken(error, gettext))

    def players(self) -> list[str]:
        """The names in seating order (after ``is_valid()``)."""
        return [self.cleaned_data[f"player_{seat}"].strip() for seat in range(self.seats())]

    def rules(self) -> dict[str, Any]:
        """The record's rules object: the preset and every key as set on the form."""
        return _rules_of(self.cleaned_data)

    def player_rows(self) -> list[tuple[forms.BoundField, int]]:
        """(name field, seat) per seat in play, for the layout with a "deals first" radio per row."""
        return [(self[f"player_{seat}"], seat) for seat in range(self.seats())]

    def partners_hint(self) -> str:
        """Who partners whom at this table size, in words."""
        table = self.table()
        if not table.partnerships:
            return gettext("Everyone plays alone.")
        if table.seats == 4:
            return gettext("Players 1 and 3 are partners, and so are 2 and 4.")
        return gettext("Partners sit opposite: 1 and 4, 2 and 5, 3 and 6.")

    def groups(self) -> list[tuple[str, list[forms.BoundField], bool]]:
        """The house rule fields by group: (title, fields in form order, whether one has an error)."""
        result = []
        for group, title in GROUPS.items():
            fields = [self[name] for name, spec in KEYS.items() if spec.group == group]
            result.append((_(title), fields, any(field.errors for field in fields)))
        return result


def _rules_of(data: dict[str, Any]) -> dict[str, Any]:
    """The record's rules object of the form's cleaned ``data``: the preset and every key."""
    keys = {name: data[name] for name in KEYS}
    keys |= {name: most for name, most in NO_LIMIT.items() if keys[name] is None}  # left empty: no limit
    return {"preset": data["preset"], **keys}


def _key_at_fault(rules: dict[str, Any]) -> str | None:
    """The key of ``rules`` (refused together) to show the reason at: the last in form order that,
    set back to its standard value, makes them valid. A key that needs another is declared after it
    (``revoke_penalty`` after ``players``), so it is the one named. ``None`` (above the form) if no
    single key does."""
    standard = SpadesRules()
    for name in reversed(list(KEYS)):
        try:
            spades_rules({**rules, name: getattr(standard, name)})
        except RuleError:
            continue
        return name
    return None
