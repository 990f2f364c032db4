"""Django's database cache, with an increment that is atomic and keeps the entry's expiry.

The throttles (django-ratelimit, ``scorekeeper.games.throttle``) count with
``cache.incr``. Django's generic ``incr`` reads the value and writes it back: two
app processes counting at once both write the same number (a lost count), and the
write resets the entry's expiry to the default timeout, so a throttle window of an
hour would forget its count after five quiet minutes. This ``incr`` locks the row
(``SELECT … FOR UPDATE`` where the database has it; SQLite takes its write lock at
the transaction's start) and changes only the value.
"""

from __future__ import annotations

import base64
import pickle
from typing import Any

from django.core.cache.backends.db import DatabaseCache as DjangoDatabaseCache
from django.db import connections, router, transaction
from django.utils.timezone import now


class DatabaseCache(DjangoDatabaseCache):
    """``django.core.cache.backends.db.DatabaseCache`` whose :meth:`incr` is one locked update."""

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> Any:
        """Add ``delta`` to the number stored at ``key`` and return the sum; the expiry stays.

        Raises:
            ValueError: no live entry at ``key`` (as Django's caches do).
        """
        key = self.make_and_validate_key(key, version=version)
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        quote = connection.ops.quote_name
        table = quote(self._table)
        lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
        live = connection.ops.adapt_datetimefield_value(now().replace(microsecond=0, tzinfo=None))  # as has_key
        with transaction.atomic(using=db), connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {quote('value')} FROM {table} WHERE {quote('cache_key')} = %s AND {quote('expires')} > %s"
                f"{lock}",
                [key, live],
            )
            row = cursor.fetchone()
            if row is None:
                raise ValueError(f"Key '{key}' not found")
            value = pickle.loads(base64.b64decode(row[0].encode())) + delta
            stored = base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1")
            cursor.execute(f"UPDATE {table} SET {quote('value')} = %s WHERE {quote('cache_key')} = %s", [stored, key])
        return value
