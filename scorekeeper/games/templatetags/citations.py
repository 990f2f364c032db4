"""Rule sources as a player says them, linked to the rules reference (``{% load citations %}``).

``{% cite source %}`` shows an engine ``source`` ("spades.md: bemo; 002 Bemo") as
"(Pagat: Spades, Bemo)", a link to the rules reference at that rule (the exact source
in its title); see :mod:`scorekeeper.games.reference`.
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from scorekeeper.engine.source import Source

from ..reference import cited

register = template.Library()


@register.simple_tag
def cite(source: Source | str) -> SafeString | str:
    """``source`` as a link to its place in the rules reference; "" for no source."""
    if not source:
        return ""
    found = cited(source)
    return format_html('<a class="cite" href="{}" title="{}">({})</a>', found.href, found.exact, found.said)
