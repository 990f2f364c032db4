"""Reading a game record's JSON text (``docs/game-record.md``): :func:`load_json` refuses what
no record holds and what the program could not store or print, before any parsing."""

from __future__ import annotations

import json
from typing import Any

from .errors import RecordError
from .names import is_clean_text
from .source import RECORD_FORMAT
from .text import Text, gettext_noop

#: How deep a decoded document may nest: a record is five levels deep, a backup of records six.
MAX_DEPTH = 16


def _error(template: str) -> RecordError:
    return RecordError(Text(template), source=RECORD_FORMAT)


def load_json(text: str) -> Any:
    """Decode the JSON text of a game record (or of a list of records), refusing what
    no record holds and what the program could not store or print.

    Raises:
        RecordError: not JSON; nested deeper than :data:`MAX_DEPTH` (a record is five
            levels deep); a number of over 4,300 digits; a string that is no valid text
            (a lone surrogate such as ``"\\ud800"``, or NUL).
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            Text(
                gettext_noop("The file is not valid JSON: %(reason)s at line %(line)d, column %(column)d."),
                {"reason": error.msg, "line": error.lineno, "column": error.colno},
            ),
            source=RECORD_FORMAT,
        ) from None
    except RecursionError:
        raise _error(gettext_noop("The JSON is nested too deeply to be a game record.")) from None
    except ValueError:  # Python refuses to read integers of over 4,300 digits
        raise _error(gettext_noop("The file holds a number too long to be part of a game record.")) from None
    if is_clean_text(text) and "\\u" not in text:
        # Only such text itself or an escape (\uXXXX) can decode to a string that is no valid text
        # (JSON refuses a raw control character in a string): the nesting is all there is to check.
        _verify_depth(data)
    else:
        _verify_decoded(data)
    return data


def _verify_depth(data: Any) -> None:
    """Walk the lists and objects of ``data`` a level at a time: refuse nesting deeper than :data:`MAX_DEPTH`."""
    level = [data] if type(data) in _CONTAINERS else []
    for _depth in range(MAX_DEPTH):
        level = [
            item
            for value in level
            for item in (value.values() if type(value) is dict else value)
            if type(item) in _CONTAINERS
        ]
        if not level:
            return
    raise _error(gettext_noop("The JSON is nested too deeply to be a game record."))


#: What JSON decodes to that holds other values.
_CONTAINERS = (dict, list)


def _verify_decoded(data: Any) -> None:
    """Walk ``data`` without recursion: refuse deep nesting and strings that are no valid text."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if not is_clean_text(value):
                raise _error(gettext_noop("The file holds text that is not valid (a NUL or a lone surrogate)."))
        elif isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                raise _error(gettext_noop("The JSON is nested too deeply to be a game record."))
            items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items)
