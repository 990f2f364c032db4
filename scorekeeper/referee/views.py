"""The referee page: who wins the trick, what may be played, bids and the Mü auction, and why; and
the replay of a whole hand (issue 16)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from scorekeeper.engine.citations import spoken
from scorekeeper.engine.errors import RuleError
from scorekeeper.games.access import device_name, game_for, game_url
from scorekeeper.games.cards import card_label
from scorekeeper.games.changes import WriteConflict
from scorekeeper.games.forms import small_number
from scorekeeper.games.kinds import kind_for
from scorekeeper.games.models import Game
from scorekeeper.games.presenters import game_rulings
from scorekeeper.games.rulings import RulingFacts
from scorekeeper.games.throttle import Refusal, throttle_spend
from scorekeeper.games.views.http import HtmxHttpRequest
from scorekeeper.games.views.kinds import RefereeParts, view_kind_names, views_for, views_named

from . import answers, replays, services
from .desks import Desk


def _referee_state(data: Any, codes: set[str], repeatable: bool) -> tuple[list[str], list[str], str]:
    """The trick and hand picked so far, with this request's action applied (add, undo, clear)."""

    def cards(name: str) -> list[str]:
        return [card for card in data.get(name, "").split(",") if card in codes]

    trick, hand = cards("trick"), cards("hand")
    target = "hand" if data.get("target") == "hand" else "trick"
    picked = hand if target == "hand" else trick
    added = data.get("add")
    if added in codes and (repeatable or added not in trick + hand):
        picked.append(added)
    elif "undo" in data and picked:
        picked.pop()
    elif "clear" in data:
        trick, hand = [], []
    return trick, hand, target


@require_http_methods(["GET", "HEAD", "POST"])
def referee(request: HtmxHttpRequest, key: str | None = None) -> HttpResponse:
    """The referee: pick the cards of a trick (and a hand) and read who wins, what may be played, and why.

    From a game it uses that game's house rules and, through the edit link, keeps
    rulings in the game's log (a view link sees the log but adds nothing to it);
    on its own (``/referee/``) the table picks a Spades preset, or Mü.
    """
    link = game_for(request, key) if key is not None else None
    game = link.game if link is not None else None
    data: Any = request.POST if request.method == "POST" else request.GET
    kind = _kind_picked(data)  # shown on its own only: a game's referee offers no choice of game
    desk: Desk = _parts(game, kind).desk(game, data)
    picker = desk.picker()
    codes = {code for _label, row in picker for code, _text in row}
    trick, hand, target = _referee_state(data, codes, desk.repeatable())
    question = desk.question(data, trick, hand)
    answer = desk.answer(question)
    # Only a post through the edit link writes to the log: a view link (or a plain GET) only asks.
    not_kept = None
    if game is not None and link is not None and link.can_edit and request.method == "POST":
        not_kept = _keep_ruling(request, game, data, question, answer)
    status = 429 if not_kept is not None and "keep" in data else 200  # a whole trick is judged all the same
    if status == 429 and request.htmx:
        return render(request, "429.html", {"refusal": not_kept}, status=status)  # said at the form (table.js)
    context = {
        "game": game,
        "link": link,
        "kind": kind,
        "kinds": Game.Kind.choices,
        "desk": desk,
        "picker": picker,
        "target": target,
        "question": question,
        "answer": answer,
        "rulings": game_rulings(game) if game else [],
        "not_kept": not_kept,
        **_labels(question, answer),
        **desk.context(game, data),
    }
    template = "referee/referee.html#referee" if request.htmx else "referee/referee.html"
    return render(request, template, context, status=status)


def _kind_picked(data: Any) -> str:
    """The kind the table picked at the referee on its own (``kind``): a registered kind's name, else
    the first registered (Spades). A game's referee offers no choice: its game's kind decides."""
    names = view_kind_names()
    return data.get("kind") if data.get("kind") in names else names[0]


def _parts(game: Game | None, kind: str) -> RefereeParts:
    """The referee's parts of ``game``'s kind, or on its own of the kind the table picked."""
    return views_for(game).referee if game else views_named(kind).referee


def _labels(question: answers.Question[Any], answer: answers.Answer) -> dict[str, Any]:
    """The cards of the question and the answer as the page writes them ("10♠")."""
    label = card_label
    return {
        "trick": list(question.trick),
        "hand": list(question.hand),
        "trick_labels": [label(card) for card in question.trick],
        "hand_labels": [label(card) for card in question.hand],
        "allowed_labels": [label(card) for card in answer.allowed],
        "refused_labels": [(label(card), why) for card, why in answer.refused],
        "winner_label": label(answer.winner) if answer.winner else None,
    }


def _keep_ruling(
    request: HtmxHttpRequest, game: Game, data: Any, question: answers.Question[Any], answer: answers.Answer
) -> Refusal | None:
    """Keep the ruling with the game, as data (``games.rulings``): every complete trick judged, and
    whatever the table asks to keep.

    Each one kept spends the client's budget (``settings.THROTTLES["ruling"]``): over it nothing
    is kept, and the :class:`Refusal` says why."""
    trick, hand = question.trick, question.hand
    complete = len(trick) == len(game.players) and data.get("add") and data.get("target", "trick") == "trick"
    if not (("keep" in data and (answer.winner or hand)) or (complete and answer.winner)):
        return None
    refusal = throttle_spend(request, what="ruling")
    if refusal is not None:
        return refusal
    facts = RulingFacts(
        trick=trick,
        hand=hand,
        winner=answer.winner,
        reason=answer.winner_text if answer.winner else None,
        allowed=answer.allowed,
        refused=answer.refusals,
        source=answer.winner_source,
    )
    services.ruling_keep(game=game, facts=facts)
    return None


#: The most cards a replay holds: a hand of the largest table (6 players, 17 tricks).
MOST_CARDS = 6 * 18


@require_http_methods(["GET", "HEAD", "POST"])
def replay(request: HtmxHttpRequest, key: str | None = None) -> HttpResponse:
    """Replay a whole hand (issue 16): tap its cards trick by trick, in the order played. The page
    says whose turn it is, offers the cards the rules allow first (the rest a tap away: the table
    played them), names each trick's winner with the reason and flags each foul once the play
    proves it. From a game it knows the house rules, the seats, the dealer and (Mü) the deal's
    trumps; once complete, "Use for the sheet" saves its tricks (card points) with the play,
    through the edit link. The replay lives in its form: nothing is stored until then."""
    link = game_for(request, key) if key is not None else None
    game = link.game if link is not None else None
    data = request.POST if request.method == "POST" else request.GET
    try:
        # On its own the replay offers no choice of game (a Mü deal needs its game's trumps): the
        # kind the referee starts with, under the preset its form picks.
        setup: replays.Setup = _parts(game, view_kind_names()[0]).replay_setup(game, data)
    except RuleError as error:
        messages.error(request, spoken(error, gettext))
        return redirect(game_url(link) if link else "games:referee")
    page = replays.replay_page(setup, _replay_cards(data, setup), _replay_leader(data, setup))
    if link is not None and link.can_edit and request.method == "POST" and "use" in data and page.complete:
        try:
            number = small_number(data.get("number", ""), digits=4)
            if number is None:  # the form must say which hand it was made for (issue 24)
                raise WriteConflict("unreadable")
            services.replay_use(game=link.game, page=page, number=number, device=device_name(request))
        except WriteConflict as conflict:
            page = replace(page, error=gettext(kind_for(link.game).words.conflict_texts[conflict.reason]))
        except RuleError as error:
            page = replace(page, error=spoken(error, gettext))
        else:
            messages.success(request, gettext("The replay's tricks are on the sheet."))
            url = game_url(link)
            return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    context: dict[str, Any] = {"game": game, "link": link, "page": page}
    context["names"] = list(enumerate(setup.names))
    template = "referee/replay.html#replay" if request.htmx else "referee/replay.html"
    return render(request, template, context)


def _replay_cards(data: Any, setup: replays.Setup) -> list[str]:
    """The cards of the replay so far, with this request's action applied (add, undo, clear)."""
    codes = replays.card_codes(setup)
    cards = [card for card in data.get("cards", "").split(",") if card in codes][:MOST_CARDS]
    added = data.get("add")
    if added in codes and len(cards) < MOST_CARDS:
        cards.append(added)
    elif "undo" in data and cards:
        cards.pop()
    elif "clear" in data:
        cards = []
    return cards


def _replay_leader(data: Any, setup: replays.Setup) -> int:
    """Who led the first trick: as the table says, else who should (the dealer's left, Mü's Chef)."""
    leader = small_number(data.get("leader", ""), digits=1)
    return leader if leader is not None and leader < len(setup.names) else setup.first_leader
