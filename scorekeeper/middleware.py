"""Each write request is one transaction; reads take none, so they never wait for a write. And no
NUL character reaches a view through the address (:class:`QueryNulMiddleware`).

Django's ``ATOMIC_REQUESTS`` wraps every view, reads included. On SQLite the
transactions take the write lock when they begin (``IMMEDIATE``, so that phones
saving at once queue instead of failing), so with it a sheet GET would wait behind
an import. This middleware does what ``ATOMIC_REQUESTS`` does for the other
methods only: the view runs in ``transaction.atomic()`` and an exception rolls
everything back. GET, HEAD and OPTIONS run in autocommit and, with SQLite's WAL,
read the last committed state while a write is under way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.http import HttpRequest, HttpResponse, QueryDict
from django.utils.http import urlencode

NUL = "\x00"
#: Methods that change nothing (RFC 9110 "safe"): no transaction, no write lock.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class AtomicWritesMiddleware:
    """Run the view of every request with an unsafe method (POST, PUT, ...) in one transaction.

    It must come last in ``MIDDLEWARE``: it calls the view itself, so no later
    middleware's ``process_view`` would run. A view marked with Django's
    ``transaction.non_atomic_requests`` is left alone, as under ``ATOMIC_REQUESTS``.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable[..., HttpResponse], args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> HttpResponse | None:
        """Call ``view`` inside ``transaction.atomic()`` for a write; ``None`` (Django calls it) for a read."""
        if request.method in SAFE_METHODS or getattr(view, "_non_atomic_requests", None):
            return None
        with transaction.atomic():
            return view(request, *args, **kwargs)


class QueryNulMiddleware:
    """Drop every NUL character from the query string's names and values before a view reads them.

    No text column takes a NUL (PostgreSQL refuses it: a players search for one was a server
    error, issue 24), no form field accepts one (Django's ``ProhibitNullCharactersValidator``)
    and no address the app makes holds one. Dropped, a shared list link or a search still
    opens. A request without one costs a look at its raw query string.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        query = request.META.get("QUERY_STRING", "")
        if "%00" in query or NUL in query:
            kept = [
                (name.replace(NUL, ""), value.replace(NUL, ""))
                for name, values in request.GET.lists()
                for value in values
            ]
            request.GET = QueryDict(urlencode(kept))
        return self.get_response(request)
