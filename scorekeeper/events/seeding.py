"""Seeding an event by rating (issue 29.4): before its first round, the entrants' order set by their
players' ratings in the event's game (``games.standings``), best first, in one write."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from scorekeeper.engine.events.record import parse_event
from scorekeeper.engine.ratings import NEW_ORDINAL
from scorekeeper.engine.text import gettext_noop

from .models import Event
from .records import event_loaded, event_record
from .services import bumped, entrant_records, locked, refusal


def entrant_rating(entrant: Mapping[str, Any], ordinals: Mapping[str, float]) -> float:
    """An entrant's rating: a player's ordinal, a team's its players' mean (``ordinals`` by the name
    casefolded; a player without one counts as new: ``NEW_ORDINAL``)."""
    names: list[str] = entrant.get("players") or [entrant["name"]]
    values = [ordinals.get(name.casefold(), NEW_ORDINAL) for name in names]
    return sum(values) / len(values)


@transaction.atomic
def event_seed_by_rating(*, event: Event, ordinals: Mapping[str, float]) -> Event:
    """Order ``event``'s entrants by rating, best first (equals keep their order): the seeds the
    pairing starts from. Only before the first round is paired or played.

    Raises:
        EventError: a round has been paired or played.
    """
    event = locked(event)
    if event.played.exists() or event.draft is not None:
        raise refusal(gettext_noop("Seeds are set before the first round is paired."))
    order = sorted(range(len(event.entrants)), key=lambda at: -entrant_rating(event.entrants[at], ordinals))
    record = event_record(event_loaded(event))
    record["entrants"] = [event.entrants[at] for at in order]
    record["withdrawn"] = sorted(order.index(at) for at in event.withdrawn)
    engine = parse_event(record)
    event.entrants, event.withdrawn = entrant_records(engine), list(engine.withdrawn)
    return bumped(event, "entrants", "withdrawn")
