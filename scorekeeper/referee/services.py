"""Writes of the referee: a ruling kept with the game it was asked for, and a replay used for the sheet."""

from __future__ import annotations

from dataclasses import replace

from django.db import transaction
from django.utils import translation

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.text import Text, gettext_noop
from scorekeeper.games.models import Game, Ruling
from scorekeeper.games.rulings import RulingFacts, ruling_words

from .replays import ReplayPage

#: The most rulings a game keeps: its newest (a sheet shows 20); keeping one more drops the oldest.
MOST_RULINGS = 300
#: The most cards a ruling keeps of its trick, its hand and what the hand may play: more than a deck
#: holds (the double deck's 102), so a ruling stays small however many cards a post picks.
MOST_CARDS = 108


@transaction.atomic
def ruling_keep(*, game: Game, facts: RulingFacts) -> Ruling:
    """Keep a ruling in the game's log as data, said in each reader's language (``games.rulings``;
    ``question`` and ``answer`` keep an English copy), and of its rulings only the newest :data:`MOST_RULINGS`."""
    most = MOST_CARDS
    kept = replace(
        facts,
        trick=facts.trick[:most],
        hand=facts.hand[:most],
        allowed=facts.allowed[:most],
        refused=facts.refused[:most],
        source=facts.source[:200],
    )
    with translation.override("en"):
        question, answer = ruling_words(kept)
    ruling = Ruling.objects.create(
        game=game, question=question[:2000], answer=answer[:2000], source=kept.source, facts=kept.as_json()
    )
    older = list(game.rulings.values_list("pk", flat=True)[MOST_RULINGS:])
    if older:
        Ruling.objects.filter(pk__in=older).delete()
    return ruling


def replay_use(*, game: Game, page: ReplayPage, number: int | None, device: str = "") -> None:
    """Save a complete replay's tricks (Spades) or card points (Mü) in the hand (deal) in play, the
    play kept with it (issue 16), by its kind's own save (``ReplayTable.use``); the hand is then
    scored as any save is (one transaction).

    Args:
        number: the 0-based hand (deal) the replay's form was made for: if the game has moved on
            since (another phone saved that hand), nothing is written.

    Raises:
        RuleError: the replay is not complete, or no hand is in play to fill, or the hand refuses it;
            ``WriteConflict``: the hand in play is not the one the replay was made for.
    """
    if page.replay is None or not page.complete or page.setup.number is None:
        raise RuleError(Text(gettext_noop("Only a whole hand replayed can fill the hand in play.")))
    page.setup.table.use(game=game, taken=page.replay.taken, number=number, device=device, play=page.play)
