"""The organiser's forms: a new event, and the changes between rounds (swap, forfeit, result, entrants).

The form checks what a field alone can say; the engine checks the event as a whole
(``services``), and its error is shown at the field it names (:func:`add_event_error`).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine.citations import spoken
from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.events.event import MU_SEATS
from scorekeeper.engine.names import clean_name
from scorekeeper.engine.spades.rules import PRESET_INFO
from scorekeeper.games.forms import NameField
from scorekeeper.games.models import NAME_LENGTH, Game, HouseRules

#: Pairings as the form offers them (event-record.md "The next round").
PAIRING_LABELS = {
    "round_robin": _("Round robin (teams)"),
    "swiss": _("Swiss (teams)"),
    "single_elimination": _("Single elimination (teams)"),
    "double_elimination": _("Double elimination (teams)"),
    "rotation": _("Rotation (individual: partners change every round)"),
}
#: The most entrants a form takes (the record's limit is 256).
MOST_ENTRANTS = 256


def _rules_choices(saved: list[HouseRules]) -> list[tuple[str, Any]]:
    # Each option names its game too: a closed menu shows the option alone, not its group ("Spades · Tournament").
    presets = [
        (f"spades:{name}", format_lazy("{} · {}", _("Spades"), _(title)))
        for name, (title, _source) in PRESET_INFO.items()
    ]
    choices: list[tuple[str, Any]] = [(_("Spades"), presets), (_("Mü"), [("mu:standard", _("Mü: standard rules"))])]
    if saved:
        choices.append((_("Saved house rules"), [(f"saved:{rules.pk}", rules.name) for rules in saved]))
    return choices


class EventForm(forms.Form):
    """A new event: name, game and house rules, style and pairing, rounds, Mü table size, entrants.

    Entrants are typed one a line in seed order (teams ``Aces: Ann, Bob``; individual a name), and
    players of the group may be picked (added after the typed ones)."""

    name = NameField(max_length=80, label=_("Name of the event"))
    rules_from = forms.ChoiceField(label=_("Game and house rules"))
    hand_limit = forms.IntegerField(
        min_value=0, max_value=99, required=False, label=_("Hands per match"),
        help_text=_("Empty or 0: no limit. The best total after this many hands wins."),
    )  # fmt: skip
    time_limit = forms.IntegerField(
        min_value=0, max_value=600, required=False, label=_("Minutes per match"),
        help_text=_("Empty or 0: no limit. When time is up, the hand in play is the last."),
    )  # fmt: skip
    style = forms.ChoiceField(
        choices=[("teams", _("Teams of two (Spades)")), ("individual", _("Individuals"))],
        initial="teams",
        label=_("Who enters"),
        widget=forms.RadioSelect,
    )
    pairing = forms.ChoiceField(choices=list(PAIRING_LABELS.items()), initial="swiss", label=_("Pairing"))
    rounds = forms.IntegerField(
        min_value=1, max_value=100, required=False, initial=4, label=_("Rounds"),
        help_text=_("Swiss and rotation: how many rounds. The other pairings decide it themselves."),
    )  # fmt: skip
    table_size = forms.TypedChoiceField(
        choices=[(str(size), str(size)) for size in MU_SEATS], coerce=int, initial="4", required=False,
        label=_("Players a table (individual Mü only)"),
    )  # fmt: skip
    entrants = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 8, "autocomplete": "off", "dir": "auto"}),
        required=False,
        label=_("Entrants, one a line, best first"),
        help_text=_("Teams: “Aces: Ann, Bob” (the team's name, then its two players). Individuals: a name a line."),
    )
    picked = forms.MultipleChoiceField(
        required=False, label=_("Or pick players you played with (individuals)"), widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args: Any, saved: list[HouseRules] = (), known: list[str] = (), **kwargs: Any) -> None:  # type: ignore[assignment]
        super().__init__(*args, **kwargs)
        self.saved = {str(rules.pk): rules for rules in saved}
        self.fields["rules_from"].choices = _rules_choices(list(saved))
        self.fields["rules_from"].initial = "spades:tournament" if "tournament" in PRESET_INFO else "spades:standard"
        self.fields["picked"].choices = [(name, name) for name in known]

    def clean_entrants(self) -> list[str]:
        lines = [line.strip() for line in self.cleaned_data["entrants"].splitlines()]
        lines = [line for line in lines if line]
        if len(lines) > MOST_ENTRANTS:
            raise forms.ValidationError(gettext("At most %(count)d entrants.") % {"count": MOST_ENTRANTS})
        return lines

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        kind, rules = self._rules(data["rules_from"])
        data["kind"], data["rules"] = kind, rules
        data["entrant_records"] = self._entrants(data)
        return data

    def _rules(self, chosen: str) -> tuple[str, dict[str, Any]]:
        """The game and the rules object the choice and the limits make."""
        source, _colon, name = chosen.partition(":")
        kind: str = source
        rules: dict[str, Any] = {"preset": name}
        if source == "saved":
            # Saved sets are Spades house rules (the new Spades game saves them).
            kind, rules = str(Game.Kind.SPADES), dict(self.saved[name].rules)
        for key in ("hand_limit", "time_limit"):
            if self.cleaned_data.get(key):
                rules[key] = self.cleaned_data[key]
        return kind, rules

    def _entrants(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        """The entrants the typed lines and the picked players make, in seed order."""
        teams = data["style"] == "teams"
        entrants: list[dict[str, Any]] = []
        for line in data["entrants"]:
            if not teams:
                entrants.append({"name": _name(self, line)})
                continue
            name, colon, players = line.partition(":")
            people = [_name(self, player) for player in (players if colon else name).replace("&", ",").split(",")]
            people = [player for player in people if player]
            team = _name(self, name) if colon else " & ".join(people)
            entrants.append({"name": team, "players": people})
        typed = {entrant["name"].casefold() for entrant in entrants}
        if teams and data["picked"]:
            self.add_error(
                "picked", gettext("Teams are typed: a line each, “Aces: Ann, Bob”. Picking is for individuals.")
            )
        elif not teams:
            entrants += [{"name": name} for name in data["picked"] if name.casefold() not in typed]
        return entrants


def _name(form: forms.Form, text: str) -> str:
    """``text`` cleaned as a stored name; an error on the entrants field if it cannot be one."""
    try:
        name = clean_name(text.strip())
    except RuleError as error:
        form.add_error("entrants", error.text.render(gettext))
        return ""
    if len(name) > NAME_LENGTH:
        form.add_error("entrants", gettext("“%(name)s…” is too long: a name has at most %(count)d characters.")
                       % {"name": name[:20], "count": NAME_LENGTH})  # fmt: skip
    return name


def add_event_error(form: forms.Form, error: RuleError) -> None:
    """Show the engine's ``error`` at the field it names (the entrants for an entrant's, else the
    form as a whole), in the reader's words."""
    fields = {"name": "name", "rules": "rules_from", "pairing": "pairing", "style": "style", "rounds": "rounds",
              "table_size": "table_size", "entrants": "entrants", "players": "entrants"}  # fmt: skip
    field = fields.get(error.field or "")
    if field is None and error.field and error.field in form.fields:
        field = error.field
    form.add_error(field if field in form.fields else None, spoken(error, gettext))


class EntrantForm(forms.Form):
    """A late entrant: a player, or a team (its name and two players)."""

    name = NameField(label=_("Name"))
    first = NameField(required=False, label=_("Player 1"))
    second = NameField(required=False, label=_("Player 2"))


#: The largest event record a form takes (its text is sent again to confirm, within Django's 2.5 MB a request).
MAX_IMPORT_BYTES = 2 * 1024 * 1024


class ImportForm(forms.Form):
    """An event record to import: a file, or its text (kept in the preview's form, to confirm)."""

    file = forms.FileField(required=False, label=_("Event record (JSON)"))
    text = forms.CharField(required=False, widget=forms.HiddenInput, max_length=MAX_IMPORT_BYTES)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload = data.get("file")
        if upload is not None:
            if upload.size > MAX_IMPORT_BYTES:
                raise forms.ValidationError(gettext("The file is too large for an event record."))
            try:
                data["text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(gettext("The file is not text (UTF-8): choose an event record.")) from None
        if not data.get("text"):
            raise forms.ValidationError(gettext("Choose an event record to import."))
        return data
