"""The kinds of game as the views see them: each kind's sheet and house-rules pages.

The domain part of a kind (its rows, engine game, summaries: :mod:`scorekeeper.games.kinds`)
knows no request; this is the other half, which the shared views ask: the kind's sheet
template and page view model (:class:`SheetPage`), its sheet answered as a request asks
(:class:`Reply`), and its house-rules page. Each kind registers its :class:`KindViews` when
Django starts, beside its :class:`~scorekeeper.games.kinds.GameKind`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from ..updates import Shown

if TYPE_CHECKING:
    from django.http import HttpResponse

    from scorekeeper.engine.record import AnyGame
    from scorekeeper.engine.sheet import Sheet

    from ..access import Opened
    from ..models import Game, Row
    from .http import HtmxHttpRequest


class SheetPage(Protocol):
    """What a kind's sheet page view model offers the core (``SpadesPage``, ``MuPage``)."""

    @property
    def engine(self) -> AnyGame:
        """The engine game of the played rows (its ``rules``: the house rules in force)."""

    @property
    def sheet(self) -> Sheet:
        """The game scored: one ``sheet.hands`` entry per row."""

    def row(self, number: int, *, explained: bool = False) -> Any:
        """Row ``number`` (1-based) of the sheet; ``explained``: with its explanation lines.

        Raises:
            IndexError: no such row.
        """

    @property
    def next_number(self) -> int:
        """The 1-based number of the hand or deal being entered."""

    @property
    def in_play(self) -> Row | None:
        """The hand or deal in play (bids or auction written), or ``None``."""

    @property
    def winner(self) -> str | None:
        """The winner's name once the game is won."""

    @property
    def played_to(self) -> str:
        """What the game is played to, shown beside the totals ("to 500, out at -200")."""

    @property
    def offers(self) -> str:
        """What the entry form offers that the scores decide, as a short digest (``""``: nothing)."""


#: What an update's answer is swapped into: the entry form (a save or an undo), the poll's
#: ``#live``, or the row a correction was opened in (``Reply.opened``).
Primary = Literal["entry", "live", "row"]


@dataclass(frozen=True)
class Reply:
    """An htmx request's wish: only what changed since what its page shows (``games/_update.html``).

    Attributes:
        primary: what the answer is swapped into (:data:`Primary`).
        shown: the version, row count and entry stage the phone's page shows.
        opened: the row (1-based) to send opened and explained (a correction), or ``None``.
    """

    primary: Primary
    shown: Shown
    opened: int | None = None


class SheetResponder(Protocol):
    """A kind's sheet answer: the sheet page with the entry forms; for htmx, what ``reply`` asks
    for, or the entry partial alone (see :func:`~scorekeeper.games.views.sheet.sheet_render`).
    ``rows``: the game's rows if already read (``changes.Written.rows_after``), else one query."""

    def __call__(
        self,
        request: HtmxHttpRequest,
        link: Opened,
        *,
        status: int = 200,
        reply: Reply | None = None,
        rows: Sequence[Any] | None = None,
    ) -> HttpResponse: ...


@dataclass(frozen=True)
class RefereeParts:
    """A kind's parts of the referee (``scorekeeper.referee``), carried by the core from the kind to
    the referee's views. Their shapes are the referee's own (``referee.desks.Desk``,
    ``referee.replays.Setup``); the core imports no referee, so it names them ``Any`` here.

    Attributes:
        desk: (the game, or ``None`` at the referee on its own; the request's data) -> the kind's
            desk for this request, its house rules chosen.
        replay_setup: (the game or ``None``; the request's data) -> what a replay knows before the
            first card. Raises ``RuleError``: the game cannot be replayed now (Mü: no auction entered).
    """

    desk: Callable[[Game | None, Mapping[str, Any]], Any]
    replay_setup: Callable[[Game | None, Mapping[str, Any]], Any]


@dataclass(frozen=True)
class KindViews:
    """What a kind of game provides to the shared views: its own functions, no forwarders.

    Attributes:
        sheet_template: the sheet page's template; its partials ``entry``, ``standings``,
            ``sheet``, ``row``, ``explain`` and ``actions`` make up an update (``games/_update.html``).
        sheet_page: the game scored and laid out for its sheet (two queries).
        rulebook_response: the house rules page of the game a link opened (``access.Opened``), each rule
            in force as a plain sentence with its source.
        sheet_response: the sheet of the game a link opened, as :class:`SheetResponder` says.
        referee: the kind's parts of the referee and its replay (:class:`RefereeParts`).
    """

    sheet_template: str
    sheet_page: Callable[[Game], SheetPage]
    rulebook_response: Callable[[HtmxHttpRequest, Opened], HttpResponse]
    sheet_response: SheetResponder
    referee: RefereeParts


_VIEWS: dict[str, KindViews] = {}


def register_views(name: str, views: KindViews) -> None:
    """Make ``views`` the views of the kind called ``name`` (called from its app's ``ready()``)."""
    _VIEWS[name] = views


def views_for(game: Game) -> KindViews:
    """The views of ``game``'s kind.

    Raises:
        KeyError: no such kind installed.
    """
    return views_named(game.kind)


def views_named(name: str) -> KindViews:
    """The views of the kind called ``name`` (``Game.kind``: the referee on its own asks for the
    kind its table picked).

    Raises:
        KeyError: no such kind installed.
    """
    return _VIEWS[name]


def view_kind_names() -> tuple[str, ...]:
    """The names of the kinds whose views are registered, in the order their apps start
    (``INSTALLED_APPS``: Spades first)."""
    return tuple(_VIEWS)
