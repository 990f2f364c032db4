"""Names as typed at the table, kept one way so that look-alikes are one person.

A name is stored in Unicode normal form NFC with the invisible *format*
characters removed (Unicode category Cf: zero-width spaces and joiners, the
byte-order mark, and the bidirectional embeddings, overrides and isolates such
as U+202E, which could make a name reorder the digits shown beside it). Runs of
white space become one space. What cannot be part of a name is refused rather
than dropped: control characters (category Cc, e.g. NUL, which PostgreSQL cannot
store) and lone surrogates (category Cs, e.g. the JSON escape ``"\\ud800"``, which
is no text at all).
"""

from __future__ import annotations

import unicodedata

from .errors import RuleError
from .text import Text, gettext_noop

#: Unicode categories a name never keeps: removed (format) or refused (control, surrogate).
REMOVED = ("Cf",)
REFUSED = ("Cc", "Cs")
DROPPED = REMOVED + REFUSED  # without ``strict``


def clean_name(raw: str, *, field: str = "players", strict: bool = True) -> str:
    """``raw`` as stored: NFC, format characters removed, white space folded, stripped.

    ``"A\\u200bnn"`` and ``"\\u202eAnn"`` both become ``"Ann"``. The result may be
    empty (the caller decides whether a name is required). With ``strict`` off,
    control characters and lone surrogates are dropped too instead of refused (for
    text nobody typed, such as a browser's User-Agent).

    Raises:
        RuleError: (``field``) ``strict`` and the name holds a control character or a lone surrogate.
    """
    text = " ".join(raw.split())  # white space first: a tab or a newline (controls too) is a space
    if strict and any(unicodedata.category(char) in REFUSED for char in text):
        raise RuleError(Text(gettext_noop("A name cannot contain control characters or broken text.")), field=field)
    kept = "".join(char for char in text if unicodedata.category(char) not in DROPPED)
    return unicodedata.normalize("NFC", " ".join(kept.split()))


def is_clean_text(text: str) -> bool:
    """Whether ``text`` can be stored and sent as it is: valid UTF-8 (no lone surrogate) and no NUL."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return "\x00" not in text
