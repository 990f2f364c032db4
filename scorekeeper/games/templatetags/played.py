"""How far a game has got, in the kind's words (``{% load played %}``): "3 hands played", "3 deals played"."""

from __future__ import annotations

from django import template

from ..kinds import kind_for
from ..models import Game

register = template.Library()


@register.filter
def played(game: Game) -> str:
    """ "3 hands played" (Spades) or "3 deals played" (Mü), for the games lists."""
    return kind_for(game).words.played_text(game.rows_played)
