"""The log on standard error (``settings.LOGGING``): a server error with its traceback, a refused
request as one line."""

from __future__ import annotations

import logging


class RefusalsOnOneLine(logging.Filter):
    """Drop the traceback from the record of a refused request (a 4xx answer).

    Django logs a ``PermissionDenied`` (403: a view link's write), a ``BadRequest`` and a
    ``SuspiciousOperation`` (400, ``django.security``) with the exception's traceback: some
    twenty lines for a request the app answered as it should (issue 24). A server error (5xx)
    keeps its traceback.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and status < 500:
            record.exc_info = None
            record.exc_text = None
        return True
