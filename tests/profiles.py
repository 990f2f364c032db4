"""Hypothesis profiles: how hard the property tests look, chosen with ``HYPOTHESIS_PROFILE``.

- ``full`` (the default, ``make test`` and CI): each property test's own number of examples.
- ``fast`` (``make check``, the edit loop): a tenth of them, at least 10.

Neither has a deadline, nor the "too slow" health check: a loaded machine makes examples slow
to run or to make, and no test may fail for the time it takes (issue 26.10). Performance goals
live in ``make bench``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "full")
settings.register_profile("full", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True)
settings.register_profile("fast", parent=settings.get_profile("full"))
settings.load_profile(PROFILE)


def examples(count: int) -> int:
    """How many examples a property test asking for ``count`` runs under the loaded profile."""
    return count if PROFILE == "full" else max(10, count // 10)
