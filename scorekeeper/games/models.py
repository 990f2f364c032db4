"""Games and their rows: the facts from the table, never scores.

A :class:`Game` and its :class:`Row` rows (Spades hands, Mü deals) hold exactly what a game record holds
(``docs/game-record.md``); the sheet is computed from them by the engine
every time, so editing an old hand is always consistent.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import secrets
import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine.stats import PlayerLine

#: The longest player name: the new-game forms, imports and players all keep to it.
NAME_LENGTH = 40
#: The most hands (Spades, misdeals included) or deals (Mü) a game holds. A game to 500 takes 10 to 20
#: hands, the longest real ones a few dozen; the limit keeps every page of the largest game well under
#: a second (``make bench``: about 1.5 ms a hand) and an import from stalling the server (docs/operations.md "Limits").
MAX_ROWS = 300
#: Random bytes in a link key: 144 bits, written as 24 URL-safe characters.
KEY_BYTES = 18
#: The characters of a link key (``secrets.token_urlsafe``), for the URL converter.
KEY_PATTERN = r"[A-Za-z0-9_-]{24}"


def new_key() -> str:
    """A fresh, unguessable link key (144 random bits, 24 URL-safe characters)."""
    return secrets.token_urlsafe(KEY_BYTES)


def fingerprint(record: dict[str, Any] | None) -> str:
    """A short digest of a hand's or deal's record, so a form can tell whether the row
    it was opened for has changed since (a version check per hand; ``""`` for no row)."""
    if record is None:
        return ""
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()[:16]


class Game(models.Model):
    """One game at one table.

    ``id`` is a random UUID that never leaves the server. A game is reached only through its links: ``edit_key`` (enter
    and correct hands) and ``view_key`` (read only; ``None`` while the owner has it turned off), each 144 random bits.
    ``owner`` is the signed-in user who started it (``None``: started without an account; then the browser that made it
    is its owner, see ``games.access``). ``players`` lists names in clockwise seating order; ``rules`` is the game
    record's rules object (preset plus changed keys).
    """

    class Kind(models.TextChoices):
        SPADES = "spades", _("Spades")
        MU = "mu", _("Mü")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.SPADES)
    players = models.JSONField()
    dealer = models.PositiveSmallIntegerField(default=0)
    rules = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True, db_index=True)
    #: Counts the writes to the game: phones poll it to see changes from other phones.
    version = models.PositiveIntegerField(default=0)
    # No ``get_absolute_url``: a game has an address per link (``access.Opened``), none of its own.
    edit_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    # NULL, not "", when turned off: many games may have no view link, and NULLs never clash as unique.
    view_key = models.CharField(max_length=32, unique=True, null=True, default=new_key, editable=False)  # noqa: DJ001
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="games"
    )
    #: Read model, rebuilt with the seats on every change: whether the game is over, and hands played.
    finished = models.BooleanField(default=False)
    rows_played = models.PositiveIntegerField(default=0)
    #: Read model too: SHA-256 (hex) of the played hands' record (``records.canonical``), an import's look-up.
    record_digest = models.CharField(max_length=64, blank=True, default="", db_index=True)
    #: When the game's first row (its first bids, or Mü auction) was saved: a time limit runs from
    #: then (``games.clock``); ``None`` before it, and again once every row is undone.
    clock_started = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-updated_at"]
        indexes = [
            models.Index(fields=["owner", "-updated_at"]),
            # The ratings rate a group's finished games of a kind in the order they were started.
            models.Index(fields=["owner", "kind", "created_at"], name="game_rating_by_group"),
        ]

    def __str__(self) -> str:
        return " · ".join(self.players)

    def download_name(self) -> str:
        """A file name (without extension) for the game's downloads: kind, day started (local, as shown), players."""
        return slugify("-".join([self.kind, str(timezone.localdate(self.created_at)), *self.players])) or "game"


class Row(models.Model):
    """One row of a game's sheet, a Spades hand or a Mü deal: its record exactly as the game
    record writes it (``docs/game-record.md``, "A Spades hand", "A Mü deal"), whatever the kind.

    ``number`` is the 0-based position in the game. Only the last row may be in play (a Spades
    hand with bids and no tricks yet, a Mü deal with its auction and no card points yet): what
    the record holds then, and when a row is complete, is the kind's to say
    (``games.kinds.GameKind.complete``).
    """

    game = models.ForeignKey(Game, related_name="rows", on_delete=models.CASCADE)
    number = models.PositiveIntegerField()
    record = models.JSONField()

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="one_row_per_number")]

    def __str__(self) -> str:
        return f"{self.game_id} #{self.number + 1}"

    def snapshot(self) -> dict[str, Any]:
        """The row as the change history keeps it: a copy of its record."""
        return dict(self.record)

    def fingerprint(self) -> str:
        """A short digest of :meth:`snapshot`, for forms that must not act on a changed row."""
        return fingerprint(self.snapshot())

    def restore(self, record: dict[str, Any]) -> None:
        """Set the record (not saved) from one the change history kept (:meth:`snapshot`)."""
        self.record = dict(record)


class HouseRules(models.Model):
    """A table's own named mix of house rules, to start the next game with.

    It belongs to whoever saved it, exactly as a game does: ``owner``, the account, or ``None`` for a set saved without
    one (then the browser that saved it holds it, see ``games.access.house_rules_of``). Names are unique per owner;
    nobody else ever sees the set. ``rules`` is a game record's rules object (preset plus changed keys).
    """

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="house_rules"
    )
    name = models.CharField(max_length=60)
    rules = models.JSONField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name_plural = "house rules"
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "name"], condition=models.Q(owner__isnull=False), name="house_rules_name_per_account"
            )
        ]

    def __str__(self) -> str:
        return self.name


class Ruling(models.Model):
    """A question put to the referee and its answer, kept with the game so a table can look back.

    ``facts``: the ruling as data, said in the reader's language (``games.rulings``). ``question`` and
    ``answer`` keep its words in English; a ruling kept before facts were has none, only its words as shown.
    """

    game = models.ForeignKey(Game, related_name="rulings", on_delete=models.CASCADE)
    created_at = models.DateTimeField(auto_now_add=True)
    question = models.TextField()
    answer = models.TextField()
    source = models.CharField(max_length=200, blank=True)
    facts = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.question


WRITE_KEY_LENGTH = 22  #: 22 URL-safe characters, 128 random bits (``secrets.token_urlsafe(16)``)


class Change(models.Model):
    """One change to a game's rows (hands or deals), kept so the table can see who did what and undo it.

    ``number`` is the 0-based row it changed; ``before`` and ``after`` are that row's record (``Row.record``),
    ``None`` where there was no row (a new hand, or one deleted). ``device`` names
    the phone that made it; ``reverts`` is the change it undid, for ``REVERT``.
    ``version`` is the game's version the change made (``None`` for changes kept before
    versions were), so a phone showing an older version is sent the rows changed since.
    ``write_key``: the phone's form's write key (``None``: none); a save sent twice is stored once.
    """

    class Action(models.TextChoices):
        BIDS = "bids", _("Bids written")
        MISDEAL = "misdeal", _("Misdeal")
        TRICKS = "tricks", _("Tricks written")
        EDIT = "edit", _("Corrected")
        UNDO = "undo", _("Deleted with undo")
        AUCTION = "auction", _("Auction written")
        POINTS = "points", _("Card points written")
        REVERT = "revert", _("Change undone")
        TIME = "time", _("Time called")

    game = models.ForeignKey(Game, related_name="changes", on_delete=models.CASCADE)
    at = models.DateTimeField(auto_now_add=True)
    device = models.CharField(max_length=100, blank=True)
    action = models.CharField(max_length=16, choices=Action.choices)
    number = models.PositiveIntegerField()
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reverts = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    version = models.PositiveIntegerField(null=True, blank=True)
    write_key = models.CharField(max_length=WRITE_KEY_LENGTH, null=True, blank=True)  # noqa: DJ001 (NULL: no key; NULLs never clash)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["game", "version"], name="change_game_version")]
        constraints = [models.UniqueConstraint(fields=["game", "write_key"], name="one_change_per_write_key")]

    def __str__(self) -> str:
        return f"{self.game_id} {self.action} #{self.number + 1}"


class Player(models.Model):
    """A person who plays, so statistics follow them across games (issue 7).

    Names typed at a new game are matched to the players of the same group:
    ``owner`` is the account whose games they play in, or ``None`` for games
    started without an account (then the group is the games the browser can
    reach; see ``games.access.players_of``).
    """

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="players"
    )
    name = models.CharField(max_length=NAME_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        indexes = [models.Index(fields=["owner", "name"])]

    def __str__(self) -> str:
        return self.name


class Seat(models.Model):
    """One player's place in one game, with their figures in it: the statistics' read model.

    Rebuilt from the hands by the engine (``scorekeeper.engine.stats``) whenever
    the game changes, in the same transaction as the change, so it is never out
    of step; the hands stay the only facts. Fields are those of
    :class:`scorekeeper.engine.stats.PlayerLine`; ``side`` groups partners.
    """

    game = models.ForeignKey(Game, related_name="seats", on_delete=models.CASCADE)
    player = models.ForeignKey(Player, related_name="seats", on_delete=models.PROTECT)
    seat = models.PositiveSmallIntegerField()
    side = models.PositiveSmallIntegerField()
    total = models.IntegerField(default=0)
    won = models.BooleanField(default=False)
    hands = models.PositiveIntegerField(default=0)
    number_bids = models.PositiveIntegerField(default=0)
    bids_made = models.PositiveIntegerField(default=0)
    bids_set = models.PositiveIntegerField(default=0)
    bid_difference = models.IntegerField(default=0)
    nil_attempts = models.PositiveIntegerField(default=0)
    nil_made = models.PositiveIntegerField(default=0)
    blind_nil_attempts = models.PositiveIntegerField(default=0)
    blind_nil_made = models.PositiveIntegerField(default=0)
    bags = models.PositiveIntegerField(default=0)
    bag_penalties = models.PositiveIntegerField(default=0)
    revokes = models.PositiveIntegerField(default=0)
    chef_deals = models.PositiveIntegerField(default=0)
    chef_made = models.PositiveIntegerField(default=0)
    chef_levels = models.PositiveIntegerField(default=0)
    eklats = models.PositiveIntegerField(default=0)
    card_points = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game", "seat"]
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="one_player_per_seat")]
        indexes = [models.Index(fields=["player", "game"])]

    def __str__(self) -> str:
        return f"{self.game_id} seat {self.seat}"


class RatingStep(models.Model):
    """A player's rating after one finished game: the ratings' read model (issue 29, ``docs/ratings.md``).

    Rebuilt in the transaction of every write that finishes, corrects, imports or undoes a game,
    from that game on (``games.ratings``), so it is never out of step; the hands stay the only
    facts. ``mu`` and ``sigma`` are OpenSkill's after the game; ``kind``, ``group`` (the game's
    owner's id, 0 for a game started without an account: the chain of games it is rated in) and
    ``at`` (the game's ``created_at``, with the game's id the order games are rated in) are the
    game's, copied so a player's history is read from one index. Each kind of game has its own
    ratings; a player's are those of their own group (a rematch may seat them in another's).
    """

    player = models.ForeignKey(Player, related_name="rating_steps", on_delete=models.CASCADE)
    game = models.ForeignKey(Game, related_name="rating_steps", on_delete=models.CASCADE)
    kind = models.CharField(max_length=16)
    group = models.PositiveIntegerField(default=0)
    at = models.DateTimeField()
    mu = models.FloatField()
    sigma = models.FloatField()

    class Meta:
        ordering = ["player", "kind", "at", "game"]
        constraints = [models.UniqueConstraint(fields=["player", "game"], name="one_rating_step_per_game")]
        indexes = [models.Index(fields=["player", "kind", "group", "at", "game"], name="rating_history_in_group")]

    def __str__(self) -> str:
        return f"{self.player_id} after {self.game_id}"


#: The figures a seat of the read model takes from the engine's ``PlayerLine``.
SEAT_FIGURES = tuple(field.name for field in dataclasses.fields(PlayerLine) if field.name not in ("seat", "side"))


class LadderLink(models.Model):
    """The view link of an account's rating ladder (issue 29): whoever has it sees the ladder of
    the account's players, read only (no player's page, no game behind it).

    One per account, made on the ladder page. "New link" gives it a new ``key`` (the old one stops
    working at once); turning it off deletes the row.
    """

    owner = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ladder_link")
    key = models.CharField(max_length=32, unique=True, default=new_key)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"ladder of {self.owner_id}"
