"""What the rulebook's sentences share: how they are registered and the conditions they test.

A sentence function takes a :class:`SpadesRules` and returns the rule in force for
its key as one :class:`~scorekeeper.engine.text.Text`. Each rulebook module files
its functions in its own table with :func:`registrar`; :mod:`.rulebook` joins them.
"""

from __future__ import annotations

from collections.abc import Callable

from ..text import Text
from .rules import SpadesRules

#: A function that states one house rule key for a rule set.
Sentence = Callable[[SpadesRules], Text]


def registrar(table: dict[str, Sentence]) -> Callable[[str], Callable[[Sentence], Sentence]]:
    """A decorator factory: ``@sentence("nil")`` files the function that states key ``nil`` in ``table``."""

    def sentence(key: str) -> Callable[[Sentence], Sentence]:
        def register(function: Sentence) -> Sentence:
            table[key] = function
            return function

        return register

    return sentence


def text(template: str, **params: int | Text) -> Text:
    """The sentence ``template`` (a msgid) with its parameters: numbers, or texts translated in turn."""
    return Text(template, params)


def sides(rules: SpadesRules) -> int:
    """How many sides play: partnerships of two, or every player alone."""
    return rules.seats // 2 if rules.partnerships else rules.seats


def round_the_table(rules: SpadesRules) -> bool:
    """Whether players bid one by one (only then can anybody bid a nil of any kind)."""
    return rules.bidding == "individual"


def nil_on(rules: SpadesRules) -> bool:
    """Whether somebody can bid nil: it is played, and players bid one by one."""
    return rules.nil and round_the_table(rules)


def blind_nil_on(rules: SpadesRules) -> bool:
    """Whether somebody can bid blind nil: it is played, and players bid one by one."""
    return rules.blind_nil and round_the_table(rules)


def double_nil_on(rules: SpadesRules) -> bool:
    """Whether partners can bid double nil: it is played, with partners, bidding one by one."""
    return rules.double_nil and rules.partnerships and round_the_table(rules)


def any_nil_on(rules: SpadesRules) -> bool:
    """Whether a nil of any kind can be bid (so a rule about failed nils can apply)."""
    return nil_on(rules) or blind_nil_on(rules) or double_nil_on(rules)
