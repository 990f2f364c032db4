"""Replaying a hand on the phone (issue 16): the cards tapped trick by trick, what the engine
makes of them (``engine.replay``), and what the page shows: whose turn, the cards the rules
allow first and the rest a tap away, each trick's winner as a player with the reason, and
every foul the moment the play proves it. Reads only; "Use for the sheet" is a service.

A replay is carried by its form: the first leader and the cards in play order (no state on
the server until it is used for the sheet).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import urlencode

from django.utils.translation import gettext

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.replay import Foul, Play, Replay, Trick
from scorekeeper.engine.text import Text, gettext_noop
from scorekeeper.games.cards import card_label, card_text

from . import answers

if TYPE_CHECKING:
    from scorekeeper.games.models import Game


class ReplayTable(Protocol):
    """What a replay needs from its kind of game (``spades.referee``, ``mu.referee``): its deck,
    who leads, the engine's replay and the cards the rules allow, under the rules (Spades) or the
    deal (Mü: its Chef and trumps) it was made with.

    Attributes:
        title_template, hint_template, setup_template, done_template, use_template: the replay
            page's words in the kind's terms (template partials): its title ("Replay a hand"), what
            it replays from a game, the house rules it replays under on its own, a whole hand
            replayed, and its "use for the sheet" button.
    """

    title_template: str
    hint_template: str
    setup_template: str
    done_template: str
    use_template: str

    def picker(self) -> answers.Picker:
        """The card buttons of the deck, by suit or colour."""

    def copies(self, code: str) -> int:
        """How often the deck holds the card ``code``."""

    def first_leader(self, dealer: int | None, seats: int) -> int:
        """Who leads the first trick unless the table says otherwise (``dealer``: ``None`` if not known)."""

    def replay(self, play: Play, *, dealer: int | None, names: Sequence[str]) -> Replay:
        """``play`` replayed by the engine, in progress (its last trick may be open).

        Raises:
            RuleError: the play cannot be replayed (a card played twice, too many cards).
        """

    def allowed(
        self, unplayed: Sequence[str], *, number: int, so_far: tuple[str, ...], tricks: Sequence[Trick]
    ) -> Sequence[str]:
        """Of the ``unplayed`` cards, those the rules allow in trick ``number`` (1-based) after the
        cards ``so_far``, the complete ``tricks`` played before."""

    def referee_query(self, tricks: Sequence[Trick]) -> dict[str, str]:
        """What the referee's single-trick question takes from the ``tricks`` so far, besides the
        trick's number (Spades: the preset and broken spades), as query parameters."""

    def use(self, *, game: Game, taken: Sequence[int], number: int | None, device: str, play: Play) -> None:
        """Save a complete replay's ``taken`` (tricks, or Mü's card points) in the hand in play, the play kept.

        Raises:
            WriteConflict, RuleError: as the kind's save of the hand does.
        """


@dataclass(frozen=True)
class Setup:
    """What a replay knows before the first card: the players, who deals (``None`` at the referee
    on its own: not known, so a wrong first leader is proven only by the lowest club, under house
    rules where its holder leads), its kind's ``table`` (its rules, or Mü's deal), and the hand or
    deal in play it can fill (``number``, 0-based; ``None``: none)."""

    names: tuple[str, ...]
    dealer: int | None
    table: ReplayTable
    number: int | None = None

    @property
    def first_leader(self) -> int:
        """Who leads the first trick unless the table says otherwise (the dealer's left, Mü's Chef)."""
        return self.table.first_leader(self.dealer, len(self.names))


@dataclass(frozen=True)
class ReplayPage:
    """What the replay page shows after the cards tapped so far."""

    setup: Setup
    play: Play
    replay: Replay | None
    error: str
    turn: int | None
    allowed: tuple[tuple[str, str], ...]
    others: answers.Picker
    tricks: tuple[dict[str, Any], ...]
    fouls: tuple[tuple[Foul, str], ...]

    @property
    def complete(self) -> bool:
        """Every trick of the hand played."""
        return self.replay is not None and self.replay.complete

    @property
    def turn_name(self) -> str:
        """The name of the player whose card comes next ("" when the hand is complete)."""
        return "" if self.turn is None else self.setup.names[self.turn]

    @property
    def taken_by_name(self) -> tuple[tuple[str, int], ...]:
        """Each player with the tricks (Mü: card points) won so far."""
        taken = self.replay.taken if self.replay is not None else ()
        return tuple(zip(self.setup.names, taken, strict=False))

    @property
    def referee_query(self) -> str:
        """The referee's single-trick question as far as this replay goes: the trick number now and
        what the kind's table adds (Spades: its preset, whether spades are broken), as a query string
        for the referee's address."""
        tricks = self.replay.tricks if self.replay is not None else ()
        done = [trick for trick in tricks if trick.winner is not None]
        number = str(len(done) + 1)  # the trick in progress, or the next
        return urlencode({"trick_number": number, **self.setup.table.referee_query(tricks)})

    @property
    def leader(self) -> int:
        """Who led the first trick."""
        return self.play.leader

    @property
    def cards(self) -> tuple[str, ...]:
        """The cards tapped so far, in play order."""
        return tuple(card for trick in self.play.tricks for card in trick)


def replay_page(setup: Setup, cards: Sequence[str], leader: int) -> ReplayPage:
    """Replay ``cards`` (in play order, the first trick led by ``leader``) under ``setup``."""
    seats = len(setup.names)
    play = Play(leader, tuple(tuple(cards[i : i + seats]) for i in range(0, len(cards), seats)))
    try:
        replayed = setup.table.replay(play, dealer=setup.dealer, names=setup.names)
    except RuleError as error:
        return ReplayPage(setup, play, None, error.text.render(gettext), None, (), [], (), ())
    turn = None if replayed.complete else _turn(replayed, leader, seats)
    allowed, others = _offers(setup, replayed, cards)
    tricks = tuple(_trick_shown(setup, trick) for trick in replayed.tricks)
    fouls = tuple((foul, _foul_said(foul)) for foul in replayed.fouls)
    return ReplayPage(setup, play, replayed, "", turn, allowed, others, tricks, fouls)


def _turn(replayed: Replay, leader: int, seats: int) -> int:
    """Whose card comes next: in an open trick the next seat, else the last trick's winner."""
    last = replayed.tricks[-1] if replayed.tricks else None
    if last is None:
        return leader
    if last.winner is None:
        return (last.leader + len(last.cards)) % seats
    return last.winner


def _offers(setup: Setup, replayed: Replay, cards: Sequence[str]) -> tuple[tuple[tuple[str, str], ...], answers.Picker]:
    """The cards still unplayed: those the rules allow now first (judged as if any unplayed card could
    be in the hand: follow the suit led, no spade led before broken), then every unplayed card by suit."""
    table = setup.table
    played = Counter(cards)
    unplayed: list[str] = []
    rows: answers.Picker = []
    for label, row in table.picker():
        left = []
        for code, text in row:
            if played[code] < table.copies(code):  # a card the deck holds twice stays until both are played
                left.append((code, text))
                unplayed.append(code)
        if left:
            rows.append((label, left))
    if replayed.complete or not unplayed:
        return (), rows
    last = replayed.tricks[-1] if replayed.tricks else None
    so_far = tuple(last.cards) if last is not None and last.winner is None else ()
    number = len(replayed.tricks) + (0 if so_far else 1)
    allowed = table.allowed(unplayed, number=number, so_far=so_far, tricks=replayed.tricks)
    return tuple((code, card_label(code)) for code in dict.fromkeys(allowed)), rows


def _foul_said(foul: Foul) -> str:
    """A foul as the page says it: "Trick 2: Bob played 2♣ when K♥ was led, …" (its rule cited beside)."""
    said = card_text(foul.text)
    return Text(gettext_noop("Trick %(trick)d: %(foul)s"), {"trick": foul.trick, "foul": said}).render(gettext)


def _trick_shown(setup: Setup, trick: Any) -> dict[str, Any]:
    """A trick as the page lists it: number, each card with who played it, the winner and why."""
    seats = len(setup.names)
    return {
        "number": trick.number,
        "plays": [(setup.names[trick.seat_of(at, seats)], card_label(card)) for at, card in enumerate(trick.cards)],
        "winner": None if trick.winner is None else setup.names[trick.winner],
        "reason": "" if trick.reason is None else card_text(trick.reason),
        "source": trick.source,
    }


def card_codes(setup: Setup) -> set[str]:
    """Every card code a replay under ``setup`` may hold (its deck's)."""
    return {code for _label, row in setup.table.picker() for code, _text in row}
