"""Game records in and out (``docs/game-record.md``): the checks before an import, the
preview of a file to import (within :data:`MAX_IMPORT_RECORDS` and :data:`MAX_IMPORT_HANDS`),
the digest a stored game is found by (:func:`record_digest`), and a game as its record. Reads
only; storing an imported game is :func:`scorekeeper.games.services.game_import`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.db.models import F, QuerySet, Window
from django.db.models.functions import RowNumber

from scorekeeper.engine.citations import spoken
from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.record import game_record, load_json, parse_record, score_game
from scorekeeper.engine.text import Text, gettext_noop

from .kinds import engine_of, kind_of
from .models import MAX_ROWS, NAME_LENGTH, Game

#: The most game records one import request may hold (the file at most 2 MB). Storing a game
#: costs a few milliseconds whatever its size, so this bounds an import's time as the hands do.
MAX_IMPORT_RECORDS = 200
#: The most hands and deals one import request may hold in all, each trick of a recorded play
#: counting as one more (checking a played trick costs about what a hand does): each is checked
#: at the preview and again when stored. With ``MAX_IMPORT_RECORDS`` it keeps the largest
#: import about a second of one server process (docs/operations.md "Limits", ``make bench``).
MAX_IMPORT_HANDS = 5_000


@dataclass(frozen=True)
class ImportItem:
    """One record of a file to import, as the preview shows it.

    ``number`` is 1-based in the file. A good record has ``record`` (the parsed JSON),
    its ``kind``, ``names``, ``hands`` played (``played``: in words, "3 deals played") and final
    ``totals`` (per side, named);
    a rejected one has ``error``, the reason in the player's words. ``canonical`` is the
    record as this app writes it (JSON text, :func:`canonical`), so the same game matches however
    the file spelled it, and ``digest`` its :func:`record_digest`; ``checked`` is what
    :func:`record_verified` returned for it (the engine game and its sheet), so an import of the
    preview checks each record once; :func:`import_marked` sets ``stored`` (a game already stored
    that has this record) or ``same_as`` (the number of an earlier record of the file that is this one);
    the view sets ``stored_key``, the link this browser holds to ``stored`` (``access.links_held``).
    """

    number: int
    record: Any = None
    kind: str = ""
    kind_label: str = ""
    names: str = ""
    hands: int = 0
    played: str = ""
    totals: tuple[tuple[str, int], ...] = ()
    finished: bool = False
    error: str = ""
    canonical: str = ""
    digest: str = ""
    checked: Any = field(default=None, repr=False, compare=False)
    stored: Game | None = None
    same_as: int = 0
    stored_key: str = ""

    @property
    def new(self) -> bool:
        """A good record not stored yet (nor earlier in the file): what "Import" stores."""
        return not self.error and self.stored is None and not self.same_as


def import_preview(text: str, translate: Any) -> list[ImportItem]:
    """What importing ``text`` would store: each record checked as the game record
    contract says (``docs/game-record.md``), good or rejected with the reason.

    ``text`` is one record, a list of records, or ``{"games": [records]}`` (a backup), of at
    most :data:`MAX_IMPORT_RECORDS` records and :data:`MAX_IMPORT_HANDS` hands (counted before
    any is checked). Raises nothing: an unreadable file, or one over a limit, is one rejected item.
    """
    try:
        data = load_json(text)
    except RuleError as error:
        return [ImportItem(1, error=spoken(error, translate))]
    if isinstance(data, dict) and isinstance(data.get("games"), list):
        data = data["games"]
    records = data if isinstance(data, list) else [data]
    refusal = _file_refusal(records, translate)
    if refusal:
        return [ImportItem(1, error=refusal)]
    items = []
    for number, record in enumerate(records, start=1):
        try:
            engine, sheet = record_verified(record)
        except RuleError as error:
            items.append(ImportItem(number, error=spoken(error, translate)))
            continue
        written = canonical(engine)
        items.append(
            ImportItem(
                number,
                record=record,
                checked=(engine, sheet),
                kind=record["game"],
                kind_label=str(Game.Kind(record["game"]).label),
                names=" · ".join(engine.players),
                hands=len(sheet.hands),
                played=kind_of(record["game"]).words.played_text(len(sheet.hands)),
                totals=tuple(zip(sheet.sides, sheet.totals, strict=True)),
                finished=sheet.finished,
                canonical=written,
                digest=record_digest(written),
            )
        )
    return items


def _file_refusal(records: list[Any], translate: Any) -> str:
    """Why a file of ``records`` (decoded, not checked) is refused whole, before any work
    (``""``: it is not): no records, too many, or too many hands in all (:func:`import_work`)."""
    if not records:
        return translate(gettext_noop("The file holds no game records."))
    if len(records) > MAX_IMPORT_RECORDS:
        message = translate(gettext_noop("A file may hold at most %(most)d game records; this one holds %(count)d."))
        return message % {"most": MAX_IMPORT_RECORDS, "count": len(records)}
    work = sum(map(import_work, records))
    if work > MAX_IMPORT_HANDS:
        message = translate(
            gettext_noop(
                "A file may hold at most %(most)d hands and deals in all, each trick of a recorded play counting "
                "as one more; this one holds %(count)d. Split it into smaller files."
            )
        )
        return message % {"most": MAX_IMPORT_HANDS, "count": work}
    return ""


def import_work(record: Any) -> int:
    """What checking ``record`` (decoded JSON, not yet checked) costs, counted as
    :data:`MAX_IMPORT_HANDS` counts it: its hands (or deals) and the tricks of their recorded
    plays; 0 for what is not a record (it is refused before any work)."""
    hands = record.get("hands") if isinstance(record, dict) else None
    if not isinstance(hands, list):
        return 0
    return len(hands) + sum(map(_tricks_played, hands))


def _tricks_played(hand: Any) -> int:
    """The tricks of a hand's recorded play, as decoded (0 without one, or for what is no play)."""
    play = hand.get("play") if isinstance(hand, dict) else None
    tricks = play.get("tricks") if isinstance(play, dict) else None
    return len(tricks) if isinstance(tricks, list) else 0


def canonical(engine: Any) -> str:
    """The game record of the engine game ``engine`` (its played hands) as JSON text written one
    way only (keys sorted, no spaces), so two records of the same game are the same text."""
    return json.dumps(game_record(engine), sort_keys=True, separators=(",", ":"))


def record_digest(text: str) -> str:
    """The SHA-256 of a :func:`canonical` record text, in hex (64 characters): what a stored game
    keeps as ``Game.record_digest``, so an import finds it without reading any game's hands."""
    return hashlib.sha256(text.encode()).hexdigest()


def import_marked(items: Sequence[ImportItem], games: QuerySet[Game]) -> list[ImportItem]:
    """``items`` with each good record that is already one of ``games`` (the visitor's) marked
    ``stored``, and each repeated in the file marked ``same_as``, so an import can skip them
    and the statistics do not count a game twice (issue 15).

    The same game is the same record: kind, players, dealer, rules and every played hand, found
    by its digest (``Game.record_digest``, indexed). One query, whatever the number of stored
    games: the earliest of ``games`` with each digest of the file (a game stored twice is named once).
    """
    good = [item for item in items if not item.error]
    stored = {game.record_digest: game for game in _first_with_digest(games, {item.digest for item in good})}
    seen: dict[str, int] = {}
    marked = []
    for item in items:
        if not item.error:
            item = replace(item, stored=stored.get(item.digest), same_as=seen.get(item.canonical, 0))
            seen.setdefault(item.canonical, item.number)
        marked.append(item)
    return marked


def _first_with_digest(games: QuerySet[Game], digests: set[str]) -> QuerySet[Game]:
    """The earliest started of ``games`` with each of ``digests`` (one query; at most one game a digest)."""
    first = Window(RowNumber(), partition_by=F("record_digest"), order_by=[F("created_at").asc(), F("pk").asc()])
    return games.filter(record_digest__in=digests).annotate(nth=first).filter(nth=1)


def verify_names(names: Sequence[str]) -> None:
    """Raise :class:`RuleError` (``field="players"``) if a name is longer than :data:`NAME_LENGTH`."""
    for name in names:
        if len(name) > NAME_LENGTH:
            raise RuleError(
                Text(gettext_noop("The name “%(name)s…” is longer than 40 characters."), {"name": name[:20]}),
                field="players",
            )


def record_verified(record: Any) -> tuple[Any, Any]:
    """The engine game of a decoded game record and its sheet, checked for import: the
    size first (at most :data:`~scorekeeper.games.models.MAX_ROWS` hands, before any
    work), then the shape, the names and every hand's rules.

    Raises:
        RuleError: too many hands, a malformed record, a name too long, a hand breaking a rule.
    """
    hands = record.get("hands") if isinstance(record, dict) else None
    if isinstance(hands, list) and len(hands) > MAX_ROWS:
        raise RuleError(
            Text(
                gettext_noop("A game holds at most %(most)d hands; this record has %(count)d."),
                {"most": MAX_ROWS, "count": len(hands)},
            ),
            field="hands",
        )
    engine = parse_record(record)
    verify_names(engine.players)
    return engine, score_game(engine)


def game_export(game: Game) -> dict[str, Any]:
    """The game record of ``game``'s played hands (``docs/game-record.md``)."""
    return game_record(engine_of(game))
