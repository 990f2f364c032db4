"""Names shown isolated for bidirectional text (``{% load bidi %}``).

A name typed at the table may be written right to left (Hebrew, Arabic). Put straight
into a line, it takes the digits and punctuation beside it into its own direction:
"דני 81" can read "18 דני". In a ``<bdi>`` element it is laid out on its own and the
text around it keeps its order (HTML, "The bdi element").

Write ``<bdi>{{ name }}</bdi>`` around a name in a template; these filters are for the
places that cannot: ``bdi`` inside ``{% blocktranslate with … %}``, ``bdi_join`` for a
list of names, and ``bdi_names`` for text built in Python around names (a side "Ann &
Cat", an explanation line, a change "bids Ann 4 · Bob 3", a form error).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from django import template
from django.forms.utils import ErrorList
from django.utils.functional import Promise
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeData, SafeString, mark_safe

register = template.Library()


@register.filter
def bdi(name: Any) -> SafeString:
    """``name`` (escaped) in a ``<bdi>``."""
    return format_html("<bdi>{}</bdi>", name)


@register.filter
def bdi_join(names: Iterable[Any], separator: str) -> SafeString:
    """Each of ``names`` in a ``<bdi>``, joined by ``separator``: ``<bdi>Ann</bdi> · <bdi>Bob</bdi>``."""
    return mark_safe(conditional_escape(separator).join(bdi(name) for name in names))


@register.filter
def bdi_names(text: Any, names: str | Iterable[str] | None) -> Any:
    """``text`` (escaped) with every occurrence of one of ``names`` (a list, or one name) in a ``<bdi>``.

    The longest name is tried first, so "Anna" is never cut into "Ann" and "a". A list
    (an ``ErrorList`` too, which then renders as before) comes back with each item so
    treated. Numbers and markup already made safe come back unchanged.
    """
    if isinstance(text, ErrorList):
        shown = text.copy()  # its class and renderer
        shown.data, shown.field_id = [bdi_names(str(error), names) for error in text], text.field_id
        return shown
    if isinstance(text, list | tuple):
        return [bdi_names(item, names) for item in text]
    if isinstance(text, Promise):
        text = str(text)
    if not isinstance(text, str) or isinstance(text, SafeData):
        return text
    wanted = sorted({names} if isinstance(names, str) else set(names or ()), key=len, reverse=True)
    wanted = [name for name in wanted if name]
    if not wanted:
        return conditional_escape(text)
    # A capturing group: the pieces alternate, text, name, text, ..., text.
    pieces = re.split(f"({'|'.join(map(re.escape, wanted))})", text)
    return mark_safe(
        "".join(bdi(piece) if index % 2 else conditional_escape(piece) for index, piece in enumerate(pieces) if piece)
    )
