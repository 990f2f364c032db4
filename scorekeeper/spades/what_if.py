"""What if: a hand scored again under other house rules, side by side with the rules in force."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from scorekeeper.engine.citations import spoken
from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.record import score_game
from scorekeeper.engine.spades.game import SpadesGame, SpadesHand
from scorekeeper.engine.spades.rules import (
    KEYS,
    PRESET_INFO,
    VALUE_LABELS,
    SpadesRules,
    spades_rules,
    spades_rules_record,
)
from scorekeeper.games.kinds import game_rows
from scorekeeper.games.models import Game, Row
from scorekeeper.games.presenters import rendered

from .rows import spades_game


@dataclass(frozen=True)
class WhatIfSide:
    """One side of a hand under the rules in force and under the other rules."""

    name: str
    points: int
    total: int
    lines: tuple[str, ...]
    other_points: int | None
    other_total: int | None
    other_lines: tuple[str, ...]


@dataclass(frozen=True)
class WhatIf:
    """Hand ``number`` (1-based) scored under the game's rules and under ``other`` rules.

    ``error`` says why the game could not have been played that way under the
    other rules (a bid they forbid, say); the other figures are then ``None``.
    """

    number: int
    other: dict
    sides: tuple[WhatIfSide, ...]
    error: str | None


def hand_what_if(game: Game, number: int, changes: dict, hands: list[Row] | None = None) -> WhatIf:
    """Score the game up to hand ``number`` (1-based) again with the rules record ``changes`` applied.

    Args:
        changes: ``{"preset": name}`` (another preset, its own keys) or ``{key: value}``
            (one key changed from the game's rules).

    Raises:
        RuleError: ``changes`` names an unknown preset, key or value.
    """
    hands = game_rows(game) if hands is None else hands
    engine = spades_game(game, hands[:number])
    other_record = dict(changes) if "preset" in changes else {**game.rules, **changes}
    other_rules = spades_rules(other_record)
    sheet = score_game(engine)
    error = None
    try:
        other = score_game(
            SpadesGame(engine.players, engine.dealer, other_rules, _facts_for(other_rules, engine.hands))
        )
    except RuleError as problem:
        other, error = None, spoken(problem, gettext)
    hand = sheet.hands[number - 1]
    other_hand = other.hands[number - 1] if other is not None else None
    sides = tuple(
        WhatIfSide(
            name=name,
            points=hand.points[side],
            total=hand.totals[side],
            lines=tuple(rendered(line) for line in hand.lines if line.side in (side, None)),
            other_points=None if other_hand is None else other_hand.points[side],
            other_total=None if other_hand is None else other_hand.totals[side],
            other_lines=()
            if other_hand is None
            else tuple(rendered(line) for line in other_hand.lines if line.side in (side, None)),
        )
        for side, name in enumerate(sheet.sides)
    )
    return WhatIf(number=number, other=other_record, sides=sides, error=error)


def _facts_for(rules: SpadesRules, hands: tuple[SpadesHand, ...]) -> tuple[SpadesHand, ...]:
    """``hands`` as the table would have recorded them under ``rules``: without revokes when they have
    no revoke penalty (a proven revoke costs nothing then), without time called when they have no
    time limit (spades.md "Tournament rules")."""
    if rules.revoke_penalty != "none" and rules.time_limit:
        return hands
    revokes, called = rules.revoke_penalty != "none", bool(rules.time_limit)
    return tuple(
        dataclasses.replace(hand, revokes=hand.revokes if revokes else (), time_called=hand.time_called and called)
        for hand in hands
    )


#: Values offered for number keys in "what if" (choice keys offer all their values).
WHAT_IF_NUMBERS = {
    "target": (300, 500, 1000),
    "lose_at": (None, -500),
    "min_team_bid": (0, 4),
    "max_team_bid": (10, 18),
    "nil_partner_min_bid": (0, 4),
    "bag_limit": (0, 5, 10),
    "bag_penalty": (50, 100),
    "max_bags": (None, 2),
}


def what_if_choices(rules: SpadesRules) -> list[tuple[str, list[tuple[str, str]]]]:
    """The alternatives a table can compare with: every other preset, and each key's other values.

    Returns ``(group title, [(value, label), ...])`` for a ``<select>``; a value is
    ``"preset=<name>"`` or ``"<key>=<JSON value>"``.
    """
    presets = [
        (f"preset={name}", gettext(title)) for name, (title, _source) in PRESET_INFO.items() if name != rules.preset
    ]
    keys = []
    record = spades_rules_record(rules)
    for name, spec in KEYS.items():
        if spec.group == "play":
            continue  # no effect on the score
        values = spec.choices if spec.choices is not None else WHAT_IF_NUMBERS.get(name, ())
        for value in values:
            if value != getattr(rules, name) and _goes_with(record, name, value):
                label = VALUE_LABELS.get((name, value))
                shown = gettext(label) if label else ("–" if value is None else json.dumps(value))
                keys.append((f"{name}={json.dumps(value)}", f"{gettext(spec.label)}: {shown}"))
    return [(gettext("Another preset"), presets), (gettext("One rule changed"), keys)]


def _goes_with(record: dict[str, Any], name: str, value: Any) -> bool:
    """Whether the rules ``record`` with ``name`` changed to ``value`` go together (``three_tricks``
    needs two sides, spades.md "Tournament rules"): the menu offers no change the engine refuses."""
    try:
        spades_rules({**record, name: value})
    except RuleError:
        return False
    return True


def what_if_changes(choice: str) -> dict[str, Any] | None:
    """``"nil_value=50"`` -> ``{"nil_value": 50}``; ``"preset=x"`` -> ``{"preset": "x"}``; else ``None``."""
    name, _sep, raw = choice.partition("=")
    if name == "preset":
        return {"preset": raw}
    try:
        return {name: json.loads(raw)} if name in KEYS else None
    except ValueError:
        return None
