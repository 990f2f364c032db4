"""The referee page: who wins the trick, what may be played, bids and the Mü auction, and why."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from scorekeeper.engine.mu.tables import COLOUR_NAMES, COLOURS
from scorekeeper.engine.spades.rules import PRESET_INFO, spades_rules

from .. import referee as referee_answers
from .. import selectors
from ..access import game_for
from ..forms import (
    BID_VALUES,
    parse_bid,
    small_number,
)
from ..models import Game


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
def referee(request: HttpRequest, key: str | None = None) -> HttpResponse:
    """The referee: pick the cards of a trick (and a hand) and read who wins, what may be played, and why.

    From a game it uses that game's house rules and, through the edit link, keeps
    rulings in the game's log (a view link sees the log but adds nothing to it);
    on its own (``/referee/``) the table picks a Spades preset, or Mü.
    """
    answers = referee_answers
    game = game_for(request, key) if key is not None else None
    data = request.POST if request.method == "POST" else request.GET
    kind = ("mu" if game.is_mu else "spades") if game else ("mu" if data.get("kind") == "mu" else "spades")
    preset = data.get("preset", "standard") if data.get("preset") in PRESET_INFO else "standard"
    rules = spades_rules(game.rules if game and not game.is_mu else {"preset": preset})
    picker = answers.mu_picker() if kind == "mu" else answers.spades_picker(rules)
    codes = {code for _label, row in picker for code, _text in row}
    repeatable = kind == "mu" or rules.deck == "double"
    trick, hand, target = _referee_state(data, codes, repeatable)
    trick_number = small_number(data.get("trick_number", ""), digits=2) or 2
    question = answers.Question(
        trick=tuple(trick),
        hand=tuple(hand),
        trick_number=max(1, min(trick_number, 18)),
        spades_broken=bool(data.get("broken")),
        chef_trump=_mu_trump(data.get("chef_trump", "")),
        vize_trump=_mu_trump(data.get("vize_trump", "")),
    )
    answer = answers.mu_answer(question) if kind == "mu" else answers.spades_answer(rules, question)
    label = answers.card_label
    # Kept with the game: every complete trick judged, and whatever the table asks to keep.
    complete = (
        len(trick) == len(game.players) and data.get("add") and data.get("target", "trick") == "trick"
        if game
        else False
    )
    # Only a post through the edit link writes to the log: a view link (or a plain GET) only asks.
    keeps = game is not None and game.can_edit and request.method == "POST"
    if keeps and (("keep" in data and (answer.winner or hand)) or (complete and answer.winner)):
        parts, said = [], []
        if trick:
            parts.append(gettext("Trick: %(cards)s") % {"cards": ", ".join(label(card) for card in trick)})
        if answer.winner:
            said.append(answer.winner_reason)
        if hand:
            parts.append(gettext("Hand: %(cards)s") % {"cards": ", ".join(label(card) for card in hand)})
            allowed = ", ".join(label(card) for card in answer.allowed) or "–"
            said.append(gettext("May be played: %(cards)s") % {"cards": allowed})
            said.extend(f"{label(card)}: {why}" for card, why in answer.refused)
        answers.ruling_keep(game=game, question=" · ".join(parts), answer=" ".join(said), source=answer.winner_source)
    context = {
        "game": game,
        "kind": kind,
        "preset": preset,
        "presets": [(n, gettext(t)) for n, (t, _s) in PRESET_INFO.items()],
        "picker": picker,
        "trick": trick,
        "hand": hand,
        "target": target,
        "question": question,
        "answer": answer,
        "trick_labels": [label(card) for card in trick],
        "hand_labels": [label(card) for card in hand],
        "allowed_labels": [label(card) for card in answer.allowed],
        "refused_labels": [(label(card), why) for card, why in answer.refused],
        "winner_label": label(answer.winner) if answer.winner else None,
        "rulings": list(game.rulings.all()[:20]) if game else [],
        "trumps": [("", gettext("no trump"))]
        + [(json.dumps(c), gettext(COLOUR_NAMES[c])) for c in COLOURS]
        + [(str(d), str(d)) for d in range(10)],
        "chef_trump": data.get("chef_trump", ""),
        "vize_trump": data.get("vize_trump", ""),
        "trick_numbers": list(range(1, rules.tricks + 1)),
        **_referee_extras(game, kind, rules, data),
    }
    template = "games/referee.html#referee" if request.htmx else "games/referee.html"
    return render(request, template, context)


def _referee_extras(game: Game | None, kind: str, rules: Any, data: Any) -> dict[str, Any]:
    """The bid question (Spades) and the auction question (Mü) of the referee page."""
    if kind == "spades":
        raw = data.get("bid", "")
        bid = parse_bid(raw) if raw in BID_VALUES else None
        behind = data.get("behind", "0")
        behind_points = small_number(behind.removeprefix("-")) or 0
        behind_points = -behind_points if behind.startswith("-") else behind_points
        verdict = None if bid is None else referee_answers.bid_answer(rules, bid, behind=behind_points)
        return {
            "bid_choices": BID_VALUES[: rules.tricks + 1] + BID_VALUES[-3:],
            "bid": raw,
            "behind": behind_points,
            "bid_verdict": verdict,
        }
    players = (
        len(game.players) if game else (int(data["players"]) if data.get("players") in ("3", "4", "5", "6") else 5)
    )
    names = list(game.players) if game else [gettext("Player %(number)d") % {"number": n + 1} for n in range(players)]
    dealer = selectors.mu_sheet(game).dealer_seat if game else 0
    typed = data.get("turns", "")
    return {
        "players": players,
        "turns": typed,
        "auction_lines": referee_answers.auction_answer(players, dealer, typed, names) if typed.strip() else [],
        "first_to_lay": names[dealer],
    }


def _mu_trump(value: str) -> Any:
    """A trump from the referee form: a colour (JSON string), a digit, or ``None``."""
    try:
        trump = json.loads(value) if value else None
    except ValueError:
        return None
    return trump if trump in COLOURS or (type(trump) is int and 0 <= trump <= 9) else None
