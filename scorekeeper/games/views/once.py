"""A save sent twice is stored once: the write key of the phone's form.

Every form that writes carries a write key, made on the phone (``static/js/table.js``) for the
page and every form swapped in (``{% write_key %}`` renders one for a phone without JavaScript). The
key is kept with the change (``Change.write_key``, unique in the game). The same save sent
again, because its answer was lost on the way back and the phone retried, is answered as
the first one was (the fresh sheet), and nothing is written again: never stored twice and
never a "changed from another phone" conflict.

A repeat is recognised before the view reads its form: the key is already stored. This holds
across app processes however the two requests meet, as the look locks the game first
(``access.write_stored``): a repeat sent while the first save is being stored waits for it.
Should two ever pass the look at once, the database refuses the key a second time.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError
from django.http import HttpResponse

from scorekeeper.games import access

#: A write view, called with the request, the game's link key and the address's other parts
#: (by name); and what it answers a repeat with, called the same way.
WriteView = Callable[..., HttpResponse]


def saved_once(again: WriteView) -> Callable[[WriteView], WriteView]:
    """Make a write view answer a repeat of a save it stored (same write key) with ``again``:
    the answer to that save as it succeeded (``again(request, key, **kwargs)``).

    Raises:
        IntegrityError: as the view does, unless it is this key stored twice.
    """

    def decorate(view: WriteView) -> WriteView:
        @functools.wraps(view)
        def wrapper(request: Any, key: str, *args: Any, **kwargs: Any) -> HttpResponse:
            write_key = access.write_key(request)
            if not write_key:
                return view(request, key, *args, **kwargs)
            if access.write_stored(key=key, write_key=write_key):
                return again(request, key, *args, **kwargs)
            try:
                return view(request, key, *args, **kwargs)
            except IntegrityError:
                if access.write_stored(key=key, write_key=write_key):
                    return again(request, key, *args, **kwargs)
                raise

        return wrapper

    return decorate


__all__ = ["saved_once"]
