"""Events and their tables: the facts of an event record (``docs/event-record.md``), never standings.

An :class:`Event` holds the record's top level (name, game, house rules, style, pairing, entrants,
withdrawals); each :class:`EventTable` one table of one round, playing a normal :class:`Game` (its own
links, its own sheet). Standings and the next round are computed from these by the engine on every
page (``events.standing``).
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models

from scorekeeper.games.models import Game, new_key


class Event(models.Model):
    """One club night, league evening or tournament.

    Reached only through its links, like a game: ``edit_key`` (the organiser's: pair and start rounds,
    forfeits, entrants) and ``view_key`` (the standings, read only). ``owner``: the signed-in user who
    made it, or ``None`` (then the browser that made it, see ``events.access``).

    Attributes (besides the links): ``name``; ``kind`` the game (``"spades"``, ``"mu"``); ``rules`` the
    house rules of every table (a game record's rules object); ``style``, ``pairing``, ``rounds``,
    ``table_size``, ``rank_by`` as the event record names them (``None``: absent); ``entrants`` the
    record's entrants in seed order (``{"name", "players"}``); ``withdrawn`` entrant indexes.
    ``draft``: the next round as the organiser confirms it (``{"tables": [[...]], "bye": [...]}``),
    ``None`` when none is waiting.
    ``version`` counts the event's own writes (the wall's poll adds its tables' games' versions).
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    name = models.CharField(max_length=80)
    kind = models.CharField(max_length=16, choices=Game.Kind.choices, default=Game.Kind.SPADES)
    rules = models.JSONField(default=dict)
    style = models.CharField(max_length=16)
    pairing = models.CharField(max_length=24)
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    table_size = models.PositiveSmallIntegerField(null=True, blank=True)
    rank_by = models.CharField(max_length=8)
    entrants = models.JSONField(default=list)
    withdrawn = models.JSONField(default=list)
    draft = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    version = models.PositiveIntegerField(default=0)
    edit_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    view_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="events"
    )

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name


class EventTable(models.Model):
    """One table of one round of an event (event-record.md, "A round").

    ``round`` and ``number`` are 0-based. ``entrants``: teams, the two teams (the first is side 0);
    individual, the players in seat order. ``game``: the table's game (made when the round starts, so
    each table scans its edit link). ``forfeit``: the entrant index who forfeits, or ``None``;
    ``points``: the result the organiser set instead of the game's (points per entrant), or ``None``.
    A round's byes are its :class:`EventRound`'s.
    """

    event = models.ForeignKey(Event, related_name="tables", on_delete=models.CASCADE)
    round = models.PositiveSmallIntegerField()
    number = models.PositiveSmallIntegerField()
    entrants = models.JSONField()
    game = models.OneToOneField(Game, null=True, blank=True, on_delete=models.PROTECT, related_name="event_table")
    forfeit = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "round", "number"], name="one_table_per_number")]

    def __str__(self) -> str:
        return f"{self.event_id} round {self.round + 1} table {self.number + 1}"


class EventRound(models.Model):
    """One round of an event: its byes (entrant indexes) and when it started; its tables are
    :class:`EventTable` rows of the same ``round`` (0-based)."""

    event = models.ForeignKey(Event, related_name="played", on_delete=models.CASCADE)
    round = models.PositiveSmallIntegerField()
    bye = models.JSONField(default=list)
    started = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round"]
        constraints = [models.UniqueConstraint(fields=["event", "round"], name="one_round_per_number")]

    def __str__(self) -> str:
        return f"{self.event_id} round {self.round + 1}"
