"""Player-facing text that the shell renders in the player's language.

The engine must not import Django, yet its explanation lines and errors have to
appear in English or German. So the engine keeps an English *template* with
named parameters and lets the caller pass a ``translate`` function (Django's
``gettext`` in the web app, the identity on the command line).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

Translate = Callable[[str], str]


def gettext_noop(message: str) -> str:
    """Mark ``message`` for extraction by ``makemessages``; return it unchanged.

    The name matters: Django's ``makemessages`` extracts calls of
    ``gettext_noop``, so every template in the engine ends up in the catalogue.
    """
    return message


def identity(message: str) -> str:
    """The ``translate`` function for English output (command line, tests)."""
    return message


class Text(NamedTuple):
    """An English message template with ``%(name)s``-style parameters.

    ``template`` is the msgid of the translation catalogue; ``params`` fill it in.
    Parameters that are themselves :class:`Text` are rendered first, so a rule
    name inside a sentence is translated too. (An immutable named tuple rather
    than a frozen dataclass: scoring builds one per explanation line, and a
    tuple is about twice as fast to build; see ``make bench``.)
    """

    template: str
    params: Mapping[str, Any] = MappingProxyType({})

    def render(self, translate: Translate = identity) -> str:
        """Return the message in the language of ``translate``."""
        params = self.params
        for value in params.values():
            if isinstance(value, Text):  # a parameter to translate too: render every one that is
                params = {name: v.render(translate) if isinstance(v, Text) else v for name, v in params.items()}
                break
        return (self.template if translate is identity else translate(self.template)) % params

    def __str__(self) -> str:
        return self.render()
