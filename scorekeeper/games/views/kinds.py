"""The kinds of game as the views see them: each kind's sheet and house-rules pages.

The domain part of a kind (its rows, engine game, summaries: :mod:`scorekeeper.games.kinds`)
knows no request; this is the other half, which the shared views ask: the kind's sheet
template and page view model (:class:`SheetPage`), its sheet answered as a request asks
(:class:`Reply`), and its house-rules page. Each kind registers its :class:`KindViews` when
Django starts, beside its :class:`~scorekeeper.games.kinds.GameKind`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from ..updates import Shown

if TYPE_CHECKING:
    from django.http import HttpResponse

    from scorekeeper.engine.sheet import Sheet

    from ..models import Game, Row
    from .http import HtmxHttpRequest


class SheetPage(Protocol):
    """What a kind's sheet page view model offers the core (``SpadesPage``, ``MuPage``)."""

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
    ``rows``: the game's rows if already read (``Game.rows_written``), else one query."""

    def __call__(
        self,
        request: HtmxHttpRequest,
        game: Game,
        *,
        status: int = 200,
        reply: Reply | None = None,
        rows: Sequence[Any] | None = None,
    ) -> HttpResponse: ...


@dataclass(frozen=True)
class KindViews:
    """What a kind of game provides to the shared views: its own functions, no forwarders.

    Attributes:
        sheet_template: the sheet page's template; its partials ``entry``, ``standings``,
            ``sheet``, ``row``, ``explain`` and ``actions`` make up an update (``games/_update.html``).
        sheet_page: the game scored and laid out for its sheet (two queries).
        rulebook_response: the game's house rules page, each rule in force as a plain sentence with its source.
        sheet_response: the sheet, as :class:`SheetResponder` says.
    """

    sheet_template: str
    sheet_page: Callable[[Game], SheetPage]
    rulebook_response: Callable[[HtmxHttpRequest, Game], HttpResponse]
    sheet_response: SheetResponder


_VIEWS: dict[str, KindViews] = {}


def register_views(name: str, views: KindViews) -> None:
    """Make ``views`` the views of the kind called ``name`` (called from its app's ``ready()``)."""
    _VIEWS[name] = views


def views_for(game: Game) -> KindViews:
    """The views of ``game``'s kind.

    Raises:
        KeyError: no such kind installed.
    """
    return _VIEWS[game.kind]
