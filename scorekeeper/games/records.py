"""Game records in and out (``docs/game-record.md``): the checks before an import, the
preview of a file to import, and a game as its record. Reads only; storing an
imported game is :func:`scorekeeper.games.services.game_import`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.db.models import QuerySet

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.record import game_record, load_json, parse_record, score_game
from scorekeeper.engine.text import Text, gettext_noop

from .kinds import kind_of
from .models import MAX_HANDS, NAME_LENGTH, Game

#: The most game records one import may hold (each of at most ``models.MAX_HANDS`` hands; the file at most 2 MB).
MAX_IMPORT_RECORDS = 1000


@dataclass(frozen=True)
class ImportItem:
    """One record of a file to import, as the preview shows it.

    ``number`` is 1-based in the file. A good record has ``record`` (the parsed JSON),
    its ``kind``, ``names``, ``hands`` played (``played``: in words, "3 deals played") and final
    ``totals`` (per side, named);
    a rejected one has ``error``, the reason in the player's words. ``canonical`` is the
    record as this app writes it (JSON text), so the same game matches however the file
    spelled it; :func:`import_marked` sets ``stored`` (a game already stored that has
    this record) or ``same_as`` (the number of an earlier record of the file that is this one).
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
    stored: Game | None = None
    same_as: int = 0

    @property
    def new(self) -> bool:
        """A good record not stored yet (nor earlier in the file): what "Import" stores."""
        return not self.error and self.stored is None and not self.same_as


def import_preview(text: str, translate: Any) -> list[ImportItem]:
    """What importing ``text`` would store: each record checked as the game record
    contract says (``docs/game-record.md``), good or rejected with the reason.

    ``text`` is one record, a list of records, or ``{"games": [records]}`` (a backup).
    Raises nothing: an unreadable file is one rejected item.
    """
    try:
        data = load_json(text)
    except RuleError as error:
        return [ImportItem(1, error=error.render(translate, spoken=True))]
    if isinstance(data, dict) and isinstance(data.get("games"), list):
        data = data["games"]
    records = data if isinstance(data, list) else [data]
    if not records:
        return [ImportItem(1, error=translate("The file holds no game records."))]
    if len(records) > MAX_IMPORT_RECORDS:
        message = translate("A file may hold at most %(most)d game records; this one holds %(count)d.")
        return [ImportItem(1, error=message % {"most": MAX_IMPORT_RECORDS, "count": len(records)})]
    items = []
    for number, record in enumerate(records, start=1):
        try:
            engine, sheet = record_verified(record)
        except RuleError as error:
            items.append(ImportItem(number, error=error.render(translate, spoken=True)))
            continue
        items.append(
            ImportItem(
                number,
                record=record,
                kind=record["game"],
                kind_label=str(Game.Kind(record["game"]).label),
                names=" · ".join(engine.players),
                hands=len(sheet.hands),
                played=kind_of(record["game"]).played_text(len(sheet.hands)),
                totals=tuple(zip(sheet.sides, sheet.totals, strict=True)),
                finished=sheet.finished,
                canonical=_canonical(engine),
            )
        )
    return items


def _canonical(engine: Any) -> str:
    return json.dumps(game_record(engine), sort_keys=True, separators=(",", ":"))


def import_marked(items: Sequence[ImportItem], games: QuerySet[Game]) -> list[ImportItem]:
    """``items`` with each good record that is already one of ``games`` (the visitor's) marked
    ``stored``, and each repeated in the file marked ``same_as``, so an import can skip them
    and the statistics do not count a game twice (issue 15).

    The same game is the same record: kind, players, dealer, rules and every played hand.
    One query finds the games of the same kind and number of hands, then one more for each
    whose players and dealer match too (in practice, only the game itself).
    """
    good = [item for item in items if not item.error]
    candidates = games.filter(
        kind__in={item.kind for item in good}, hands_played__in={item.hands for item in good}
    ).order_by("created_at")
    wanted = {_head(item.canonical) for item in good}
    stored: dict[str, Game] = {}
    for game in candidates:
        head = (game.kind, tuple(game.players), game.dealer, game.hands_played)
        if head in wanted:
            stored.setdefault(_canonical(game.to_engine()), game)
    seen: dict[str, int] = {}
    marked = []
    for item in items:
        if not item.error:
            item = replace(item, stored=stored.get(item.canonical), same_as=seen.get(item.canonical, 0))
            seen.setdefault(item.canonical, item.number)
        marked.append(item)
    return marked


def _head(canonical: str) -> tuple[str, tuple[str, ...], int, int]:
    """What a stored game shows without reading its hands: kind, players, dealer, hands."""
    record = json.loads(canonical)
    return (record["game"], tuple(record["players"]), record["dealer"], len(record["hands"]))


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
    size first (at most :data:`~scorekeeper.games.models.MAX_HANDS` hands, before any
    work), then the shape, the names and every hand's rules.

    Raises:
        RuleError: too many hands, a malformed record, a name too long, a hand breaking a rule.
    """
    hands = record.get("hands") if isinstance(record, dict) else None
    if isinstance(hands, list) and len(hands) > MAX_HANDS:
        raise RuleError(
            Text(
                gettext_noop("A game holds at most %(most)d hands; this record has %(count)d."),
                {"most": MAX_HANDS, "count": len(hands)},
            ),
            field="hands",
        )
    engine = parse_record(record)
    verify_names(engine.players)
    return engine, score_game(engine)


def game_export(game: Game) -> dict[str, Any]:
    """The game record of ``game``'s played hands (``docs/game-record.md``)."""
    return game_record(game.to_engine())
