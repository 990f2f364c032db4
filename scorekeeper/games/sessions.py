"""Sessions (``SESSION_ENGINE``): Django's sessions in the database, each kept as long as what it
holds is worth keeping (issue 24).

A session that remembers the games a browser started, its saved house rules, its phone's name or
its account is kept ``SESSION_COOKIE_AGE`` (a year) after its last change. One that holds nothing
but the links the browser opened (``access.LINKS``), as a reader's does, is kept
:data:`LINKS_ONLY_AGE`; it is kept a year as soon as it holds more (a game started, signing in).
New sessions are made by opening a link only within the client's budget (``access.link_opened``),
and expired ones are deleted as new ones are made, at most once an hour across every app process
(a mark in the shared cache), as ``manage.py clearsessions`` would.
"""

from __future__ import annotations

from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore
from django.core.cache import cache

from .access import LINKS

#: How long a session of opened links only is kept after its last change (seconds): 30 days.
LINKS_ONLY_AGE = 30 * 24 * 60 * 60
#: The cache key marking that expired sessions were deleted within the last :data:`PRUNE_EVERY` seconds.
PRUNED = "scorekeeper.sessions.pruned"
PRUNE_EVERY = 60 * 60


class SessionStore(DatabaseSessionStore):
    """Django's database session, kept :data:`LINKS_ONLY_AGE` when it holds only opened links."""

    def get_session_cookie_age(self) -> int:
        """The session's age when it sets none itself: short for opened links only, else the setting's."""
        if set(self._session) <= {LINKS}:
            return LINKS_ONLY_AGE
        return int(super().get_session_cookie_age())

    def create(self) -> None:
        """Make the new session's row; the first made in an hour deletes the expired ones first."""
        if cache.add(PRUNED, True, PRUNE_EVERY):
            self.clear_expired()
        super().create()
