"""An elimination event's bracket as an inline SVG drawn by the server (no JavaScript), like the
game's running-totals chart (``games/chart.py``).

The engine lays the bracket out (:func:`~scorekeeper.engine.events.bracket_layout.bracket_layout`:
every match in its section and round, its sides and winner after the rounds played); this module
places each match in a column of its round and draws it as a box of two rows, each an entrant's
seed, name and points, the winner marked, a side still to be decided "—", an empty side "bye".
A double elimination draws the winners' bracket above the losers' bracket, the grand final (and
its reset, once needed) to the right of both. Every text is escaped (``format_html``); the look is
the stylesheet's (``static/css/events.css``: ``.bracket-svg`` and its classes ``bk-*``), never an
inline style. Numbers are whole ``viewBox`` units, never localised.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from scorekeeper.engine.events.bracket_layout import FINAL, LOSERS, NOBODY, WINNERS, BracketMatch, bracket_layout
from scorekeeper.engine.events.elimination import elimination_results
from scorekeeper.engine.events.event import Event, Table

#: The box of a match (``viewBox`` units, about CSS pixels at its natural size): its width, a row's
#: height, the space between two columns (the connectors'), between two boxes of the first round.
BOX_W, ROW_H, GAP_X, GAP_Y = 236, 30, 32, 14
COLUMN = BOX_W + GAP_X
PITCH = 2 * ROW_H + GAP_Y
PAD = 6
#: Where a row's texts start: the seed's right edge, the name's left edge (from the box's left).
SEED_END, NAME_AT = 26, 34
#: The names' font size (``.bracket-svg .name``, in ``viewBox`` units): what a name's width is guessed from.
NAME_SIZE = 17
#: The heights above the boxes: a section's title, the columns' labels.
TITLE_H, LABEL_H = 30, 26


@dataclass(frozen=True)
class Placed:
    """A match where it is drawn: its index in the layout, its column and the top of its box
    (``viewBox`` units)."""

    index: int
    match: BracketMatch
    column: int
    y: int

    @property
    def x(self) -> int:
        return PAD + self.column * COLUMN

    def row_y(self, row: int) -> int:
        """The middle of row ``row`` (0 or 1) of the box."""
        return self.y + row * ROW_H + ROW_H // 2


def bracket_matches(event: Event) -> tuple[BracketMatch, ...]:
    """The event's bracket after its rounds (the engine's layout); ``()`` for none (not an elimination)."""
    if not event.elimination:
        return ()
    results = elimination_results(event.played)
    byes = [round_.bye for round_ in event.played]
    return bracket_layout(len(event.entrants), results, byes, double=event.pairing == "double_elimination")


def _shown(matches: Sequence[BracketMatch]) -> list[int]:
    """The matches drawn: all but the reset, which only once the losers' bracket's team has won the grand final."""
    return [
        index
        for index, match in enumerate(matches)
        if not (match.section == FINAL and match.round == 1 and match.sides[0] < 0)
    ]


def place(matches: Sequence[BracketMatch]) -> tuple[list[Placed], int, int]:
    """Every match drawn, placed; and where the winners' and the losers' brackets start (the top of
    their first boxes). A first round's boxes are :data:`PITCH` apart; a later match sits level
    with the middle of the matches of its section feeding it; the grand final between the two
    brackets' finals, to the right of both."""
    double = any(match.section == FINAL for match in matches)
    winners_top = TITLE_H * double + LABEL_H
    first = sum(1 for match in matches if match.section == WINNERS and match.round == 0)
    losers_top = winners_top + first * PITCH + TITLE_H + LABEL_H
    columns = 1 + max((match.round for match in matches if match.section != FINAL), default=0)
    ys: dict[int, int] = {}
    counts: dict[tuple[str, int], int] = {}
    placed = []
    for index in _shown(matches):
        match = matches[index]
        feeders = [
            ys[ref] for kind, ref in match.sources if kind == "winner" and matches[ref].section in _feeding(match)
        ]
        if match.round == 0 and match.section != FINAL:
            at = counts.get((match.section, 0), 0)
            counts[(match.section, 0)] = at + 1
            y = (winners_top if match.section == WINNERS else losers_top) + at * PITCH
        elif match.section == FINAL and match.round == 1:
            y = ys[index - 1]
        else:
            y = sum(feeders) // len(feeders) if feeders else winners_top
        ys[index] = y
        column = columns + match.round if match.section == FINAL else match.round
        placed.append(Placed(index, match, column, y))
    return placed, winners_top, losers_top


def _feeding(match: BracketMatch) -> tuple[str, ...]:
    """The sections whose matches feed ``match`` by a line: its own; the grand final both brackets."""
    return (WINNERS, LOSERS) if match.section == FINAL else (match.section,)


@dataclass(frozen=True)
class Row:
    """A side of a match as drawn: its seed ("" for none), name, points ("" for none) and state:
    ``"won"``, ``"lost"``, ``"open"`` (to be played, or in play), ``"bye"`` (nobody) or ``"unknown"``."""

    seed: str
    name: str
    points: str
    state: str


def _tables(event: Event, matches: Sequence[BracketMatch]) -> dict[int, Table]:
    """The table each match was (or is being) played at: the tables of the rounds in order, each
    given to the first match of its two teams (two teams meet again only in a later match)."""
    waiting: dict[frozenset[int], list[Table]] = {}
    for round_ in event.played:
        for table in round_.tables:
            waiting.setdefault(frozenset(table.entrants), []).append(table)
    found = {}
    for index, match in enumerate(matches):
        pair = waiting.get(frozenset(match.sides))
        if min(match.sides) >= 0 and pair and (match.winner >= 0 or match.ready):
            found[index] = pair.pop(0)
    return found


def _points(table: Table | None, entrant: int) -> str:
    """``entrant``'s points at ``table``: its game's total (so far, while in play), the organiser's; "" for none."""
    if table is None or (table.result is not None and table.result.forfeit):
        return ""
    at = table.entrants.index(entrant)
    if table.result is not None:
        return str(table.result.points_for[at])
    if table.sheet is not None and table.sheet.hands:
        return str(table.sheet.totals[at])
    return ""


def rows(event: Event, match: BracketMatch, table: Table | None) -> tuple[Row, Row]:
    """The two sides of ``match`` as drawn."""
    drawn = []
    for entrant in match.sides:
        if entrant == NOBODY:
            drawn.append(Row("", gettext("bye"), "", "bye"))
        elif entrant < 0:
            drawn.append(Row("", "—", "", "unknown"))
        else:
            state = "open" if match.winner < 0 else "won" if match.winner == entrant else "lost"
            name = event.entrants[entrant].name
            drawn.append(Row(str(entrant + 1), name, _points(table, entrant), state))
    return drawn[0], drawn[1]


def _width(text: str, bold: bool) -> float:
    """About how wide ``text`` is in the names' font (``viewBox`` units): wide characters a square,
    capitals and digits wider than small letters, bold a tenth wider."""
    em = 0.0
    for char in text:
        if unicodedata.east_asian_width(char) in ("W", "F"):
            em += 1.0
        elif char.isspace():
            em += 0.3
        elif char.isupper() or char.isdigit():
            em += 0.68
        else:
            em += 0.56
    return em * NAME_SIZE * (1.1 if bold else 1.0)


def fitted(name: str, room: int, *, bold: bool = False) -> tuple[str, int | None]:
    """``name`` cut to fit ``room`` units (with "…"), and the length to squeeze it into (``None``:
    it fits as it is). A name a little too long is squeezed; a longer one cut, then squeezed."""
    if _width(name, bold) <= room:
        return name, None
    most = room * 1.25
    cut = name
    while len(cut) > 1 and _width(cut + "…", bold) > most:
        cut = cut[:-1]
    shown = name if cut == name else cut.rstrip() + "…"
    return shown, min(room, round(_width(shown, bold)))


def _row_svg(placed: Placed, row: int, side: Row) -> SafeString:
    """One row of a match's box: the winner's band, the seed, the name (its full name as a tooltip
    when cut) and the points."""
    x, y, middle = placed.x, placed.y + row * ROW_H, placed.row_y(row)
    parts = []
    if side.state == "won":
        parts.append(format_html('<rect class="bk-band" x="{}" y="{}" width="{}" height="{}"/>', x, y, BOX_W, ROW_H))
        parts.append(format_html('<rect class="bk-mark" x="{}" y="{}" width="5" height="{}"/>', x, y, ROW_H))
    if side.seed:
        parts.append(format_html('<text class="bk-seed" x="{}" y="{}">{}</text>', x + SEED_END, middle, side.seed))
    room = BOX_W - NAME_AT - (50 if side.points else 10)
    name, squeeze = fitted(side.name, room, bold=side.state == "won")
    length = format_html(' textLength="{}" lengthAdjust="spacingAndGlyphs"', squeeze) if squeeze else ""
    tooltip = format_html("<title>{}</title>", side.name) if name != side.name else ""
    parts.append(
        format_html(
            '<text class="bk-name {}" x="{}" y="{}"{}>{}{}</text>',
            side.state,
            x + NAME_AT,
            middle,
            length,
            tooltip,
            name,
        )
    )
    if side.points:
        parts.append(
            format_html(
                '<text class="bk-points {}" x="{}" y="{}">{}</text>', side.state, x + BOX_W - 8, middle, side.points
            )
        )
    return mark_safe("".join(parts))  # each part is format_html's: escaped


def _match_svg(placed: Placed, sides: tuple[Row, Row]) -> SafeString:
    """A match's box: its background, its two rows, and its frame on top (the match's state a class:
    ``done``, ``ready`` (to play, or in play), ``void`` (nobody on either side), ``waiting``)."""
    match = placed.match
    if match.winner >= 0:
        state = "done"
    elif match.ready:
        state = "ready"
    elif all(side.state == "bye" for side in sides):
        state = "void"
    else:
        state = "waiting"
    box = (placed.x, placed.y, BOX_W, 2 * ROW_H)
    frame = '<rect class="{}" x="{}" y="{}" width="{}" height="{}" rx="4"/>'
    if state == "void":  # an empty frame
        return format_html(frame, "bk-match void", *box)
    divider = format_html(
        '<line class="bk-divider" x1="{}" x2="{}" y1="{}" y2="{}"/>',
        *(placed.x, placed.x + BOX_W, placed.y + ROW_H, placed.y + ROW_H),
    )
    return format_html(
        "<g>{}{}{}{}{}</g>",
        format_html(frame, "bk-box", *box),
        _row_svg(placed, 0, sides[0]),
        _row_svg(placed, 1, sides[1]),
        divider,
        format_html(frame, f"bk-match {state}", *box),
    )


def _links_svg(matches: Sequence[BracketMatch], drawn: Sequence[Placed]) -> SafeString:
    """The lines from each match to the one its winner goes on to: in the same bracket, from both
    brackets' finals to the grand final, and from the grand final to its reset."""
    where = {placed.index: placed for placed in drawn}
    lines = []
    for placed in drawn:
        match = placed.match
        if match.section == FINAL and match.round == 1:
            feeders = [(0, placed.index - 1)]
        else:
            feeders = [
                (row, ref)
                for row, (kind, ref) in enumerate(match.sources)
                if kind == "winner" and matches[ref].section in _feeding(match)
            ]
        for row, ref in feeders:
            if ref in where:
                feeder = where[ref]
                start = (feeder.x + BOX_W, feeder.y + ROW_H)
                lines.append((*start, placed.x - GAP_X // 2, placed.row_y(row), placed.x))
    return format_html_join("", '<path class="bk-link" d="M{} {}H{}V{}H{}"/>', lines)


def _label(matches: Sequence[BracketMatch], placed: Placed, rounds: dict[int, int]) -> str:
    """The label above a column (its first match ``placed``): the event's round it is played in,
    but a single elimination's last three (quarter-finals, semi-finals, final) and the finals of a
    double elimination's brackets."""
    match = placed.match
    double = matches[-1].section == FINAL
    if match.section == FINAL:
        return gettext("Reset") if match.round else gettext("Grand final")
    last = max(other.round for other in matches if other.section == match.section)
    if double and match.round == last:
        return gettext("Winners' final") if match.section == WINNERS else gettext("Losers' final")
    if not double and last - match.round < 3:
        return (gettext("Final"), gettext("Semi-finals"), gettext("Quarter-finals"))[last - match.round]
    return gettext("Round %(round)s") % {"round": rounds[placed.index]}


def event_rounds(matches: Sequence[BracketMatch]) -> dict[int, int]:
    """The event's round (1-based) each match is played in: one after the latest of those feeding
    it (a bye takes its round too, so the bracket's rounds are the event's)."""
    rounds: dict[int, int] = {}
    for index, match in enumerate(matches):
        if match.section == FINAL and match.round == 1:  # the reset, after the grand final
            rounds[index] = rounds[index - 1] + 1
        else:
            rounds[index] = 1 + max((rounds[ref] for kind, ref in match.sources if kind != "seed"), default=0)
    return rounds


def _labels_svg(matches: Sequence[BracketMatch], drawn: Sequence[Placed], tops: tuple[int, int]) -> SafeString:
    """The sections' titles (a double elimination's) and each column's label above its first box."""
    rounds = event_rounds(matches)
    texts = []
    firsts: dict[tuple[str, int], Placed] = {}
    for placed in drawn:
        firsts.setdefault((placed.match.section, placed.column), placed)
    for (section, _column), placed in firsts.items():
        top = placed.y if section == FINAL else tops[section == LOSERS]
        texts.append(("bk-label", placed.x + 4, top - 9, _label(matches, placed, rounds)))
    if matches[-1].section == FINAL:
        texts.append(("bk-title", PAD, tops[0] - LABEL_H - 9, gettext("Winners' bracket")))
        if any(match.section == LOSERS for match in matches):
            texts.append(("bk-title", PAD, tops[1] - LABEL_H - 9, gettext("Losers' bracket")))
    return format_html_join("", '<text class="{}" x="{}" y="{}">{}</text>', texts)


def _champion_svg(event: Event, champion: int | None, drawn: Sequence[Placed]) -> tuple[SafeString, int]:
    """The champion's box, right of the last match (level with it), "—" until decided; and the
    right edge of the drawing."""
    last = max(drawn, key=lambda placed: (placed.column, placed.match.section == FINAL))
    x, y = last.x + COLUMN, last.y + ROW_H // 2
    name = "—" if champion is None else event.entrants[champion].name
    shown, squeeze = fitted(name, BOX_W - 20, bold=True)
    length = format_html(' textLength="{}" lengthAdjust="spacingAndGlyphs"', squeeze) if squeeze else ""
    svg = format_html(
        '<path class="bk-link" d="M{} {}H{}"/><text class="bk-label" x="{}" y="{}">{}</text>'
        '<rect class="bk-champion{}" x="{}" y="{}" width="{}" height="{}" rx="6"/>'
        '<text class="bk-name bk-champion-name" x="{}" y="{}"{}>{}</text>',
        last.x + BOX_W, last.y + ROW_H, x, x + 4, y - 9, gettext("Champion"),
        "" if champion is None else " decided", x, y, BOX_W, ROW_H,
        x + 10, y + ROW_H // 2, length, shown,
    )  # fmt: skip
    return svg, x + BOX_W + PAD


def _summary(event: Event, matches: Sequence[BracketMatch], champion: int | None) -> str:
    """The bracket in words, for screen readers: each result, then the champion."""
    names = [entrant.name for entrant in event.entrants]
    said = [
        gettext("%(winner)s beat %(loser)s") % {"winner": names[match.winner], "loser": names[loser]}
        for match in matches
        if match.winner >= 0
        for loser in match.sides
        if loser >= 0 and loser != match.winner
    ]
    if champion is not None:
        said.append(gettext("Champion: %(champion)s") % {"champion": names[champion]})
    return "; ".join(said) or gettext("No match played yet.")


def draw_bracket(event: Event, champion: int | None) -> str:
    """The bracket of an elimination ``event`` as an inline ``<svg>`` (``""``: not an elimination,
    or one entrant); ``champion``: the entrant that won it, or ``None``."""
    matches = bracket_matches(event)
    if not matches:
        return ""
    drawn, *tops = place(matches)
    tables = _tables(event, matches)
    boxes = format_html_join(
        "", "{}", ((_match_svg(placed, rows(event, placed.match, tables.get(placed.index))),) for placed in drawn)
    )
    crown, width = _champion_svg(event, champion, drawn)
    height = max(placed.y for placed in drawn) + 2 * ROW_H + PAD
    double = " bracket-double" if matches[-1].section == FINAL else ""
    double += " bracket-tall" if width < 2 * height else ""  # the wall sets the tables beside it, not below
    return format_html(
        '<svg xmlns="http://www.w3.org/2000/svg" class="bracket-svg{}" viewBox="0 0 {} {}" width="{}" height="{}"'
        ' preserveAspectRatio="xMidYMid meet" role="img" aria-labelledby="bracket-svg-title bracket-svg-desc">'
        '<title id="bracket-svg-title">{}</title><desc id="bracket-svg-desc">{}</desc>{}{}{}{}</svg>',
        double, width, height, width, height, gettext("Bracket"), _summary(event, matches, champion),
        _labels_svg(matches, drawn, (tops[0], tops[1])), _links_svg(matches, drawn), boxes, crown,
    )  # fmt: skip
