"""What ``manage.py score`` prints: a scored sheet as the score document of ``docs/game-record.md``.

:func:`score_output` gives the document as JSON values (the web app and the tests read
it), :func:`score_json` as the text the command prints. Both name the same value.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from .sheet import Line, Sheet


def score_output(
    sheet: Sheet, *, bags: bool = True, fouls: Mapping[int, list[dict[str, Any]]] | None = None
) -> dict[str, Any]:
    """The JSON document ``manage.py score`` prints for ``sheet`` (game-record.md).

    ``bags`` is ``False`` for Mü: the format's bag counts are "Spades only". ``fouls``: by hand
    index, the fouls of each hand that records a play (``engine.record_play.game_fouls``).
    """
    text = _texts(str)
    hands = []
    for number, hand in enumerate(sheet.hands):
        shown: dict[str, Any] = {"points": list(hand.points), "totals": list(hand.totals)}
        if bags:
            shown["bags"] = list(hand.bags)
        shown["lines"] = [text(line) for line in hand.lines]
        if fouls and number in fouls:
            shown["fouls"] = fouls[number]
        hands.append(shown)
    output: dict[str, Any] = {"sides": list(sheet.sides), "hands": hands, "totals": list(sheet.totals)}
    if bags:
        output["bags"] = list(sheet.bags)
    output.update(finished=sheet.finished, winner=sheet.winner)
    return output


def score_json(sheet: Sheet, *, bags: bool = True, fouls: Mapping[int, list[dict[str, Any]]] | None = None) -> str:
    """:func:`score_output` as JSON text, laid out as game-record.md shows it: a field per line,
    a hand per line.

    Written here rather than by :func:`json.dumps`, which indents only in Python (not in C) and
    then took longer than scoring a long game: a hand's whole numbers are formatted at once
    (``%d`` writes them as JSON does), and each line's text, shared by many hands, is encoded once.
    """
    encode = json.JSONEncoder(ensure_ascii=False).encode
    numbers = ", ".join(["%d"] * len(sheet.sides))  # a number per side
    start = '{"points": [' + numbers + '], "totals": [' + numbers + "], "
    if bags:
        start += '"bags": [' + numbers + "], "
    start += '"lines": ['
    texts: dict[int, str] = {}  # id(line) -> its text as JSON: the sheet keeps every line alive
    known = texts.get
    hands: list[str] = []
    add = hands.append
    # A hand's score is a named tuple: unpacked, not read field by field (the loop runs per hand).
    for number, (points, totals, hand_bags, lines, _sets) in enumerate(sheet.hands):
        shown = []
        for line in lines:
            text = known(id(line))
            if text is None:
                text = texts[id(line)] = encode(line.render())
            shown.append(text)
        numbered = (*points, *totals, *hand_bags) if bags else (*points, *totals)
        fouled = f', "fouls": {encode(fouls[number])}' if fouls and number in fouls else ""
        add(start % numbered + ", ".join(shown) + "]" + fouled + "}")
    fields = [f'  "sides": {encode(list(sheet.sides))}']
    fields.append('  "hands": [\n    ' + ",\n    ".join(hands) + "\n  ]" if hands else '  "hands": []')
    fields.append(f'  "totals": {encode(list(sheet.totals))}')
    if bags:
        fields.append(f'  "bags": {encode(list(sheet.bags))}')
    fields.append(f'  "finished": {encode(sheet.finished)},\n  "winner": {encode(sheet.winner)}')
    return "{\n" + ",\n".join(fields) + "\n}"


def _texts(convert: Callable[[str], str]) -> Callable[[Line], str]:
    """A line's rendered text passed through ``convert``, each line rendered once: scoring shares
    a line between the hands it explains (lines are looked up by identity: a sheet keeps them)."""
    texts: dict[int, str] = {}

    def text(line: Line) -> str:
        found = texts.get(id(line))
        if found is None:
            found = texts[id(line)] = convert(line.render())
        return found

    return text


__all__ = ["score_json", "score_output"]
