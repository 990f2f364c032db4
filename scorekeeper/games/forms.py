"""Forms: turn posted fields into engine values; the engine decides what is legal.

Field-level checks here are only about shape (a number, one of the buttons). The
rules themselves are checked by the engine through the services, and a
:class:`~scorekeeper.engine.errors.RuleError` is shown at the field it names
(:func:`add_rule_error`).
"""

from __future__ import annotations

import datetime
import io
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.core.files.uploadedfile import InMemoryUploadedFile
from django.core.files.uploadhandler import FileUploadHandler, SkipFile
from django.core.validators import MinValueValidator
from django.forms.utils import flatatt
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine.citations import spoken
from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.names import clean_name

from .listing import STAT_FILTERS, GameFilters
from .models import NAME_LENGTH, Game


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


def add_rule_error(form: forms.Form, error: RuleError, *, prefix: dict[str, str]) -> None:
    """Show ``error`` at the field it is about.

    Args:
        prefix: maps the error's ``field`` (``"bids"``, ``"tricks"``) to the form's
            field name prefix (``"bid_"``); the seat is appended. Anything else is
            shown above the form.
    """
    message = spoken(error, gettext)  # with its source, after "Hand 3:" (Mü: "Deal 3:") when it names one
    name = None
    if error.field in prefix and error.seat is not None:
        name = f"{prefix[error.field]}{error.seat}"
        if name not in form.fields:
            name = None
    form.add_error(name, message)


MAX_PLAYERS = 6


class GamesFilterForm(forms.Form):
    """The games list's filters (a GET form: every filtered list is a link to share or bookmark).

    Unreadable values are dropped, never an error: a list link always opens.
    """

    kind = forms.ChoiceField(label=_("Game"), required=False, choices=[("", _("All games")), *Game.Kind.choices])
    name = forms.CharField(label=_("Player"), required=False, max_length=NAME_LENGTH)
    since = forms.DateField(label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    until = forms.DateField(label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    state = forms.ChoiceField(
        label=_("State"),
        required=False,
        choices=[("", _("All")), ("open", _("Not finished")), ("finished", _("Finished"))],
    )

    def filters(self, query: Any) -> Any:
        """The :class:`~scorekeeper.games.listing.GameFilters` of this form and the link-only
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
    """This phone's name for the games' change histories (empty: guessed from the browser)."""

    name = NameField(label=_("This phone's name"), max_length=60, required=False)


class QuickSelect(forms.Select):
    """A ``<select>`` that writes its options in one pass rather than a template each: the merge
    menu offers every player of a club, and a thousand options take 1 ms instead of 50."""

    def render(self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None) -> SafeString:
        """The select with its options, the chosen one ``selected``; the labels escaped."""
        chosen = set(self.format_value(value))
        selected = mark_safe(" selected")  # a constant: nothing from a user
        options = format_html_join(
            "",
            '<option value="{}"{}>{}</option>',
            ((option, selected if str(option) in chosen else "", label) for option, label in self.choices),
        )
        return format_html(
            '<select name="{}"{}>{}</select>', name, flatatt(self.build_attrs(self.attrs, attrs)), options
        )


class PlayerMergeForm(forms.Form):
    """The player to merge this one into (one of the same group). ``players``: the choices,
    (player id, label) pairs, the label telling same-named players apart."""

    into = forms.TypedChoiceField(label=_("Same person as"), coerce=int, widget=QuickSelect)

    def __init__(self, *args: Any, players: Any = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["into"].choices = [("", "—"), *players]


class ImportForm(forms.Form):
    """Game records to import: a file (one record, a list of records, or ``{"games": [...]}``),
    or, when confirming a preview, the same text carried over in ``records`` (:meth:`carried`).

    Both are at most :attr:`MAX_BYTES` (UTF-8), and a request whose body is larger than
    :attr:`MAX_REQUEST_BYTES` is refused before it is read (:meth:`body_too_large`);
    ``upload``: the request's :class:`ImportUpload`, which drops a larger file as it arrives.
    """

    file = forms.FileField(label=_("File of game records (JSON)"), required=False)
    records = forms.CharField(required=False, widget=forms.HiddenInput)

    #: The largest file, and the largest records text carried to confirm it, in bytes.
    MAX_BYTES = 2_000_000
    #: The largest request body, in bytes: a file (or records) of ``MAX_BYTES``, the form's
    #: other fields and the multipart framing.
    MAX_REQUEST_BYTES = MAX_BYTES + 64 * 1024

    def __init__(self, *args: Any, upload: ImportUpload | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.upload = upload

    @classmethod
    def body_too_large(cls, meta: Mapping[str, Any]) -> bool:
        """Whether a request (its ``META``) says its body is larger than :attr:`MAX_REQUEST_BYTES`:
        known from ``CONTENT_LENGTH`` before a byte of it is read (Django reads no more than that)."""
        try:
            return int(meta.get("CONTENT_LENGTH") or 0) > cls.MAX_REQUEST_BYTES
        except ValueError:  # unreadable: Django reads no body at all
            return False

    @classmethod
    def too_large(cls) -> ImportForm:
        """The empty form saying at the file that it is larger than 2 MB."""
        form = cls(data={})
        form.is_valid()
        form.add_error("file", gettext("The file is larger than 2 MB."))
        return form

    @staticmethod
    def carried(text: str) -> str:
        """``text`` as the preview's form carries it in ``records`` to confirm it: its line breaks
        as spaces, the same JSON (a browser sends a field's line breaks as CR LF, so the text would
        come back larger than the file it was)."""
        return text.replace("\r", " ").replace("\n", " ")

    def text(self) -> str | None:
        """The records' JSON text, or ``None`` (an error is added to the form): the file's, or
        else the carried ``records``, each at most :attr:`MAX_BYTES`."""
        upload = self.cleaned_data.get("file")
        if (self.upload is not None and self.upload.refused) or (upload is not None and upload.size > self.MAX_BYTES):
            self.add_error("file", gettext("The file is larger than 2 MB."))
            return None
        if upload is not None:
            try:
                return upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                self.add_error("file", gettext("The file is not text (UTF-8): is it a game record?"))
                return None
        records = self.cleaned_data.get("records")
        if records and len(records.encode()) > self.MAX_BYTES:
            self.add_error("file", gettext("The file is larger than 2 MB."))
            return None
        if records:
            return records
        self.add_error("file", gettext("Choose a file of game records."))
        return None


class ImportUpload(FileUploadHandler):
    """The import's only upload handler (set by the view before the body is read): it keeps a
    file in memory up to :attr:`ImportForm.MAX_BYTES` and drops one that grows larger as soon
    as it does (``refused``; Django's parser skips the rest of it), so nothing larger is ever
    kept, in memory or in a temporary file."""

    def __init__(self, request: Any = None) -> None:
        super().__init__(request)
        self.refused = False
        self.kept = io.BytesIO()

    def new_file(self, *args: Any, **kwargs: Any) -> None:
        """A file begins: keep it afresh."""
        super().new_file(*args, **kwargs)
        self.kept = io.BytesIO()

    def receive_data_chunk(self, raw_data: bytes, start: int) -> None:
        """Keep the chunk, or drop the file once it is larger than the limit.

        Raises:
            SkipFile: the file is larger than :attr:`ImportForm.MAX_BYTES`.
        """
        if start + len(raw_data) > ImportForm.MAX_BYTES:
            self.refused = True
            raise SkipFile
        self.kept.write(raw_data)

    def file_complete(self, file_size: int) -> InMemoryUploadedFile:
        """The file as kept."""
        self.kept.seek(0)
        return InMemoryUploadedFile(
            self.kept, self.field_name, self.file_name, self.content_type, file_size, self.charset,
            self.content_type_extra,
        )  # fmt: skip


class SignupForm(UserCreationForm):
    """Django's sign-up form, saying of a taken username only that it cannot be used.

    A sign-up form cannot hide entirely that a name is taken (it must refuse it), so
    it says no more than that, and sign-up attempts are throttled per client
    (``settings.THROTTLES["account"]``): names cannot be probed in bulk.
    """

    def clean_username(self) -> Any:
        """The username, or an error that does not say whether someone has it."""
        username = self.cleaned_data.get("username")
        if username and self._meta.model.objects.filter(username__iexact=username).exists():
            raise forms.ValidationError(_("This username cannot be used: choose another."), code="unavailable")
        return username


@dataclass(frozen=True)
class LadderChoice:
    """What the ladder shows: one kind of game, and the games rated from ``since`` up to (not
    including) ``until``, aware datetimes of the day's start (``None``: no bound); only the
    players whose name holds ``name`` (case ignored; "": everyone)."""

    kind: str
    since: datetime.datetime | None
    until: datetime.datetime | None
    name: str = ""


def _day_start(day: datetime.date) -> datetime.datetime:
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time.min))


#: No game was played before 1900: an earlier day is unreadable (year 1 in Berlin is year 0 in UTC).
_after_1900 = MinValueValidator(datetime.date(1900, 1, 1))


class LadderFilterForm(forms.Form):
    """The ladder's filters (a GET form, a link to share): the kind of game (Spades unless asked),
    the dates of the games rated, both days included, and part of a name to find. Unreadable
    values are dropped."""

    kind = forms.ChoiceField(label=_("Game"), required=False, choices=Game.Kind.choices)
    since = forms.DateField(
        label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"}), validators=[_after_1900]
    )
    until = forms.DateField(
        label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"}), validators=[_after_1900]
    )
    name = forms.CharField(
        label=_("Find a player"),
        required=False,
        max_length=NAME_LENGTH,
        widget=forms.TextInput(attrs={"type": "search"}),
    )

    def choice(self) -> LadderChoice:
        """The kind and the dates as :func:`~scorekeeper.games.standings.current_ratings` takes
        them: ``until`` is the start of the day after "to" (its games are counted)."""
        self.is_valid()
        data = getattr(self, "cleaned_data", {})
        since, until = data.get("since"), data.get("until")
        return LadderChoice(
            kind=str(data.get("kind") or Game.Kind.SPADES),
            since=_day_start(since) if since else None,
            until=_day_start(until + datetime.timedelta(days=1)) if until and until < datetime.date.max else None,
            name=str(data.get("name") or "").strip(),
        )
