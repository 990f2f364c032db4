"""Reads for Mü: the sheet page's view model (:class:`MuPage`), what an auction decides so
far and the card counter. The change history's summaries, the table for CSV and print and
the statistics are :mod:`.summaries`.

:func:`mu_page` is the only place a Mü game is scored for display.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.utils.translation import gettext

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.mu.auction import auction, partner_candidates, trump_options, vize_of
from scorekeeper.engine.mu.game import Eklat, MuGame, Played
from scorekeeper.engine.mu.rulebook import rulebook
from scorekeeper.engine.mu.rules import GROUPS, mu_rules
from scorekeeper.engine.mu.tables import COLOUR_NAMES, COLOURS, DIGITS, points_in_deal, team_target
from scorekeeper.engine.record import score_game
from scorekeeper.engine.sheet import HandScore, Sheet
from scorekeeper.games.kinds import game_rows
from scorekeeper.games.models import Game, Row
from scorekeeper.games.presenters import RulebookEntry, ShownLine, SideTotal, rulebook_entries, shown_line, side_totals

from .rows import deal_complete, mu_game


@dataclass(frozen=True)
class DealRow:
    """One Mü deal on the sheet (``number`` 1-based): what was played and each player's points;
    see :meth:`MuPage.row`."""

    number: int
    dealer: str
    summary: str
    outcome: str
    points: tuple[int, ...]
    totals: tuple[int, ...]
    lines: tuple[tuple[str, tuple[ShownLine, ...]], ...]
    notes: tuple[ShownLine, ...]
    split: tuple[tuple[str, int, int, int, int], ...] = ()  # (name, individual, team, deal, total) per player
    editable: bool = True
    explained: bool = False  # lines, notes and split filled (else left empty, fetched when the row opens)

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        """(points, running total) per player, in seat order."""
        return tuple(zip(self.points, self.totals, strict=True))


@dataclass(frozen=True)
class MuPage:
    """Everything the Mü sheet page shows: the deals, and the deal being entered or played.

    Attributes:
        in_play: the deal whose auction is written and whose cards are being played, or ``None``.
        playing: what the table needs to see while playing it (see :func:`mu_playing`).
        next_number: 1-based number of the deal being entered or played.
    """

    game: Game
    engine: MuGame
    sheet: Sheet
    dealer: str
    winner: str | None
    in_play: Row | None = None
    playing: dict[str, Any] | None = None
    next_number: int = 1
    dealer_seat: int = 0
    #: The last deal's 0-based number and fingerprint, for the undo button (``None``: no deals).
    last_row: tuple[int, str] | None = None

    #: No part of the Mü entry forms depends on the scores (see ``SheetPage.offers``).
    offers = ""

    @property
    def played_to(self) -> str:
        """What the game is played to, beside the totals: "to 200" (``target``; Mü & mehr
        rulebook §9)."""
        return gettext("to %(target)d") % {"target": self.engine.rules.target}

    @cached_property
    def rows(self) -> tuple[DealRow, ...]:
        """One :class:`DealRow` per deal played, without its explanation lines."""
        return tuple(self.row(number) for number in range(1, len(self.engine.deals) + 1))

    def row(self, number: int, *, explained: bool = False) -> DealRow:
        """Deal ``number`` (1-based) as its sheet row; ``explained``: with its lines and split.

        Raises:
            IndexError: no such deal was played.
        """
        if not 1 <= number <= len(self.engine.deals):
            raise IndexError(number)
        index = number - 1
        return _deal_row(self.engine, index, self.engine.deals[index], self.sheet.hands[index], explained)

    @property
    def points_in_deal(self) -> int:
        """Card points in a deal at this table (60, or 36 with 3 players)."""
        return points_in_deal(len(self.sheet.sides))

    @property
    def point_order(self) -> tuple[int, ...]:
        """Seats from the dealer's left round to the dealer; the dealer gets the rest of the points."""
        count = len(self.sheet.sides)
        return tuple((self.dealer_seat + 1 + step) % count for step in range(count))

    @property
    def standings(self) -> tuple[SideTotal, ...]:
        """Each player's total now."""
        return side_totals(self.sheet)


def trump_name(trump: Any) -> str:
    """A trump in words: a colour's name, a digit, or "no trump"."""
    if trump is None:
        return gettext("no trump")
    if isinstance(trump, str):
        return gettext(COLOUR_NAMES[trump])
    return str(trump)


def mu_page(game: Game, deals: list[Row] | None = None) -> MuPage:
    """Score a Mü game and lay it out: per deal the Chef, level and trumps, the outcome,
    each player's points and totals, and the explanation lines by player."""
    stored: list[Any] = game_rows(game) if deals is None else deals  # a Mü game's rows are deals
    engine = mu_game(game, stored)
    sheet = score_game(engine)
    names = engine.players
    in_play = stored[-1] if stored and not deal_complete(stored[-1].record) else None
    dealer_seat = engine.dealer_of(len(engine.deals))
    return MuPage(
        game=game,
        engine=engine,
        sheet=sheet,
        dealer=names[dealer_seat],
        winner=None if sheet.winner is None else sheet.sides[sheet.winner],
        in_play=in_play,
        playing=None if in_play is None else mu_playing(names, in_play.record),
        next_number=len(engine.deals) + 1,
        dealer_seat=dealer_seat,
        last_row=(stored[-1].number, stored[-1].fingerprint()) if stored else None,
    )


def _deal_row(engine: MuGame, index: int, deal: Played | Eklat, score: HandScore, explained: bool) -> DealRow:
    """Deal ``index`` (0-based) on the sheet: what was played, the outcome, each player's points
    (``explained``: and the lines and split)."""
    names = engine.players
    if isinstance(deal, Eklat):
        summary = (
            gettext("Eklat") if deal.level is None else gettext("Eklat at level %(level)d") % {"level": deal.level}
        )
        laid_last = {"player": names[deal.last]} if deal.last is not None else {}
        outcome = gettext("everyone passed") if deal.level is None else gettext("%(player)s laid last") % laid_last
    else:
        trumps = trumps_text(deal.chef_trump, deal.vize_trump, deal.vize is not None)
        summary = gettext("%(chef)s at level %(level)d, %(trumps)s") % {
            "chef": names[deal.chef],
            "level": deal.level,
            "trumps": trumps,
        }
        outcome = gettext("made") if any(line.rule == "bonus" for line in score.lines) else gettext("lost")
    return DealRow(
        index + 1,
        names[engine.dealer_of(index)],
        summary,
        outcome,
        score.points,
        score.totals,
        tuple(
            (names[seat], tuple(shown_line(line) for line in score.lines if line.side == seat))
            for seat in range(len(names))
        )
        if explained
        else (),
        tuple(shown_line(line) for line in score.lines if line.side is None) if explained else (),
        _split(names, score) if explained else (),
        editable=not (isinstance(deal, Eklat) and deal.level is None),  # an all-pass Eklat has nothing to edit
        explained=explained,
    )


def _split(names: tuple[str, ...], score: HandScore) -> tuple[tuple[str, int, int, int, int], ...]:
    """Per player: name, individual points, team points, the deal's points and the total
    (Mü & mehr rulebook §9: individual and team points are written per player)."""
    return tuple(
        (
            name,
            sum(line.points for line in score.lines if line.side == seat and line.rule == "individual"),
            sum(line.points for line in score.lines if line.side == seat and line.rule != "individual"),
            score.points[seat],
            score.totals[seat],
        )
        for seat, name in enumerate(names)
    )


def trumps_text(chef_trump: Any, vize_trump: Any, has_vize: bool) -> str:
    """ "green over red" (Chef trump over Vize trump), or the Chef trump alone (mu.md §5)."""
    text = trump_name(chef_trump)
    if has_vize:
        text = gettext("%(chef)s over %(vize)s") % {"chef": text, "vize": trump_name(vize_trump)}
    return text


def mu_playing(names: tuple[str, ...], record: dict[str, Any]) -> dict[str, Any]:
    """What the table sees while a deal is played: level, trumps, the Chef team and its target (mu.md §6)."""
    team = [record["chef"]] if record["partner"] is None else [record["chef"], record["partner"]]
    count = len(names)
    return {
        "chef": names[record["chef"]],
        "vize": None if record["vize"] is None else names[record["vize"]],
        "level": record["level"],
        "trumps": trumps_text(record["chef_trump"], record["vize_trump"], record["vize"] is not None),
        "team": " & ".join(names[seat] for seat in team),
        "team_size": len(team),
        "target": team_target(count, record["level"]),
        "total": points_in_deal(count),
    }


def mu_auction_state(
    page: MuPage,
    laid: list[int] | None,
    digits: dict[int, tuple[int, ...]],
    laid_cards: dict[int, tuple[tuple[str, int], ...]] | None = None,
) -> dict[str, Any]:
    """What the cards laid so far decide, for the deal-entry form (``mu.md`` §4-§6).

    Returns a dict for the template: ``ready`` (every player has an entry), and then
    ``all_passed``, ``eklat`` with the ``tied`` players, or the ``chef``, the Vize
    ``candidates`` (tied ones need digits), the ``vize`` if known, the ``partners``
    the Chef may pick, the ``target``, and every trump; ``ruled_out``: the ids of the
    trump buttons that the cards laid rule out (hidden, not taken away); ``shape``: a
    key that changes only when what the form asks changes (not with the choices made
    or the laid cards tapped), so a preview can leave the questions on the phone be.
    """
    state = _auction_questions(page, laid, digits)
    typed = [(seat, name) for seat, name, _digits in state.get("candidates", ())]
    shape = repr(sorted({**state, "candidates": typed}.items()))
    state.update(shape=hashlib.blake2s(shape.encode(), digest_size=8).hexdigest(), ruled_out=[])
    if "chef" not in state:
        return state
    cards = laid_cards or {}
    vize = state["vize"][0] if state["vize"] else None
    for role, seat in (("chef", state["chef"][0]), ("vize", vize)):
        state[f"{role}_colours"] = [(json.dumps(colour), gettext(COLOUR_NAMES[colour])) for colour in COLOURS]
        state[f"{role}_digits"] = [(str(digit), str(digit)) for digit in range(10)]
        state[f"{role}_checked"] = (
            {f"{colour}:{index}" for colour, index in cards.get(seat, ())} if seat is not None else set()
        )
        if seat is not None and seat in cards:
            colours, allowed = trump_options(cards[seat])
            state["ruled_out"] += [f"{role}-trump-{colour}" for colour in COLOURS if colour not in colours]
            state["ruled_out"] += [f"{role}-trump-d{digit}" for digit in range(10) if digit not in allowed]
    return state


def _auction_questions(page: MuPage, laid: list[int] | None, digits: dict[int, tuple[int, ...]]) -> dict[str, Any]:
    """What the cards laid so far (and a tied Vize's digits) decide: the questions of the form."""
    names = page.sheet.sides
    if laid is None:
        return {"ready": False}
    result = auction(laid)
    state: dict[str, Any] = {"ready": True, "level": result.level, "all_passed": result.all_passed}
    if result.all_passed:
        return state
    if result.eklat:
        state.update(eklat=True, tied=[(seat, names[seat]) for seat in result.tied])
        return state
    chef = result.chef
    assert chef is not None  # neither all passed nor an Eklat: one player laid the most
    candidates = result.vize_candidates
    tie = len(candidates) > 1
    try:
        vize, vize_known = vize_of(result, digits), True
    except RuleError:  # tied, digits still to enter
        vize, vize_known = None, False
    state.update(
        eklat=False,
        chef=(chef, names[chef]),
        candidates=[(seat, names[seat], " ".join(map(str, digits.get(seat, ())))) for seat in candidates]
        if tie
        else [],
        vize=None if vize is None else (vize, names[vize]),
        vize_known=vize_known,
        partners=[(seat, names[seat]) for seat in partner_candidates(len(names), chef, vize)],
        target=team_target(len(names), result.level),
        total=points_in_deal(len(names)),
    )
    return state


def counter_rows() -> list[tuple[str, str, list[tuple[str, int]]]]:
    """The card counter's rows: (colour, its name, [(card value "colour:index", digit), ...]) (mu.md §1)."""
    return [
        (colour, gettext(COLOUR_NAMES[colour]), [(f"{colour}:{index}", digit) for index, digit in enumerate(DIGITS)])
        for colour in COLOURS
    ]


def double_counted(counted: dict[int, tuple[tuple[str, int], ...]], names: tuple[str, ...]) -> list[str]:
    """Cards tapped in two players' counters, as "red 7 (Anna, Beate)" (each card is taken once)."""
    owners: dict[tuple[str, int], list[str]] = {}
    for seat, cards in counted.items():
        for card in cards:
            owners.setdefault(card, []).append(names[seat])
    return [
        f"{gettext(COLOUR_NAMES[colour])} {DIGITS[index]} ({', '.join(who)})"
        for (colour, index), who in owners.items()
        if len(who) > 1
    ]


def mu_rulebook(game: Game) -> list[tuple[str, list[RulebookEntry]]]:
    """The game's house rules as sentences, by group: ``[(group title, entries)]`` (from its rules' values)."""
    return rulebook_entries(rulebook(mu_rules(game.rules)), GROUPS)
