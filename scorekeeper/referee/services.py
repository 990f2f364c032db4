"""Writes of the referee: a ruling kept with the game it was asked for."""

from __future__ import annotations

from django.db import transaction

from scorekeeper.games.models import Game, Ruling


@transaction.atomic
def ruling_keep(*, game: Game, question: str, answer: str, source: str = "") -> Ruling:
    """Keep a ruling in the game's log (question and answer as shown, in the asker's language)."""
    return Ruling.objects.create(game=game, question=question[:2000], answer=answer[:2000], source=source[:200])
