"""House rule keys: how a rule set declares, validates and explains its keys.

A game's rule set is a frozen dataclass whose fields are made with :func:`rule_key`.
Each key carries what the rest of the project needs to know about it: allowed
values, its group on the new-game form, a one-line explanation and its source.
Adding a key is one field declaration plus the scoring step that reads it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar

from .errors import RecordError
from .source import Source
from .text import Text, gettext_noop


class RuleSet(Protocol):
    """What :func:`rules_from_record` needs of a rule set: a dataclass with a ``preset``, built from keywords."""

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    @property
    def preset(self) -> str:
        """The name of the preset the rule set starts from."""
        ...

    def __init__(self, *, preset: str, **keys: Any) -> None: ...


R = TypeVar("R", bound=RuleSet)

#: A house rule key's value as the game record holds it: yes/no, a whole number, a word, or none.
KeyValue = bool | int | str | None


class HashedOnce:
    """A base for a frozen rule set that works out its hash once.

    A rule set is hashed on every lookup of a cache keyed on it (the Spades scoring
    looks up several per hand), and a frozen dataclass's own hash hashes every key
    each time. The value is kept in a slot that is not a field: it is no key, takes
    no part in ``==`` or ``repr``, and is not pickled (the dataclass pickles its
    fields), so a rule set from another process works its own out again (string
    hashes differ between processes). The rule set declares
    ``__hash__ = HashedOnce.__hash__`` in its own body, since a frozen dataclass
    otherwise makes its own.
    """

    __slots__ = ("_hash",)
    _hash: int

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            keys = dataclasses.fields(self)  # type: ignore[arg-type]  # every subclass is a dataclass
            value = hash(tuple([getattr(self, key.name) for key in keys if key.compare]))
            object.__setattr__(self, "_hash", value)
            return value


@dataclass(frozen=True, slots=True)
class KeySpec:
    """What one house rule key accepts and means.

    Attributes:
        choices: the allowed values (first = the standard), or ``None`` for a number.
        minimum, maximum: bounds for a number key (inclusive), ``None`` = unbounded.
        optional: whether ``None`` ("none", "off") is allowed.
        group: where the key appears on the new-game form (``"winning"``, ``"nil"``, ...).
        label: short name (msgid); help: one-line explanation (msgid).
        source: where the rule is written (:data:`~.source.Source`), e.g. spades.md's row of the key
            and a section of Pagat ("spades.md: Rule keys (target); 002 Scoring").
    """

    choices: tuple[KeyValue, ...] | None
    minimum: int | None
    maximum: int | None
    optional: bool
    group: str
    label: str
    help: str
    source: Source

    def check(self, name: str, value: object) -> KeyValue:
        """Return ``value`` if this key accepts it; raise :class:`RecordError` if not."""
        if value is None:
            if self.optional:
                return None
            raise _bad_value(name, value)
        if self.choices is not None:
            for choice in self.choices:
                # bool is a subclass of int: compare types too, so 1 is not True.
                if value == choice and type(value) is type(choice):
                    return choice
            raise _bad_value(name, value, self.choices)
        if type(value) is not int:
            raise _bad_value(name, value)
        if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
            raise RecordError(
                Text(
                    gettext_noop("House rule '%(key)s' must be between %(minimum)s and %(maximum)s, not %(value)s."),
                    {"key": name, "minimum": _bound(self.minimum), "maximum": _bound(self.maximum), "value": value},
                ),
                field="rules",
            )
        return value


def _bound(bound: int | None) -> str:
    return "…" if bound is None else str(bound)


def _bad_value(name: str, value: object, choices: tuple[KeyValue, ...] | None = None) -> RecordError:
    if choices is None:
        return RecordError(
            Text(
                gettext_noop("House rule '%(key)s' must be a whole number, not %(value)r."),
                {"key": name, "value": value},
            ),
            field="rules",
        )
    allowed = ", ".join(_json(choice) for choice in choices)
    return RecordError(
        Text(
            gettext_noop("House rule '%(key)s' cannot be %(value)s; allowed: %(allowed)s."),
            {"key": name, "value": _json(value), "allowed": allowed},
        ),
        field="rules",
    )


def _json(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def rule_key(
    default: KeyValue,
    *,
    group: str,
    label: str,
    help: str,
    source: Source,
    choices: tuple[KeyValue, ...] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
    optional: bool = False,
) -> Any:
    """Declare a house rule key as a dataclass field (see the module docstring).

    Returns a :func:`dataclasses.field`, typed ``Any`` (as ``field`` itself is) so
    that it can stand for the field's declared type, e.g. ``nil: bool = rule_key(...)``.
    """
    spec = KeySpec(choices, minimum, maximum, optional, group, label, help, source)
    return dataclasses.field(default=default, metadata={"key": spec})


def key_specs(rules_type: type[RuleSet]) -> dict[str, KeySpec]:
    """Map each house rule key of the rule set class to its :class:`KeySpec`, in order."""
    return {f.name: f.metadata["key"] for f in dataclasses.fields(rules_type) if "key" in f.metadata}


def rules_from_record(rules_type: type[R], presets: Mapping[str, Mapping[str, KeyValue]], data: Any) -> R:
    """Build a rule set from a game record's ``rules`` object.

    Args:
        rules_type: the rule set dataclass (it has a ``preset`` field and key fields).
        presets: preset name -> the keys it changes from the standard.
        data: ``{"preset": name, key: value, ...}``; a missing preset means ``"standard"``.

    Raises:
        RecordError: not an object, unknown preset, unknown key or a value the key
            does not allow. Nothing is ever silently ignored.
    """
    if not isinstance(data, Mapping):
        raise RecordError(Text(gettext_noop("'rules' must be an object.")), field="rules")
    preset = data.get("preset", "standard")
    if not isinstance(preset, str) or preset not in presets:
        raise RecordError(
            Text(
                gettext_noop("Unknown preset %(value)s; known presets: %(allowed)s."),
                {"value": _json(preset), "allowed": ", ".join(presets)},
            ),
            field="rules",
        )
    specs = key_specs(rules_type)
    values: dict[str, KeyValue] = dict(presets[preset])
    for name, value in data.items():
        if name == "preset":
            continue
        if name not in specs:
            raise RecordError(Text(gettext_noop("Unknown house rule '%(key)s'."), {"key": name}), field="rules")
        values[name] = specs[name].check(name, value)
    return rules_type(preset=preset, **values)


def rules_to_record(rules: RuleSet, presets: Mapping[str, Mapping[str, KeyValue]]) -> dict[str, Any]:
    """The ``rules`` object of a game record: the preset plus every key that differs from it."""
    base = rules_from_record(type(rules), presets, {"preset": rules.preset})
    record: dict[str, Any] = {"preset": rules.preset}
    for name in key_specs(type(rules)):
        if getattr(rules, name) != getattr(base, name):
            record[name] = getattr(rules, name)
    return record


@dataclass(frozen=True, slots=True)
class RuleSentence:
    """The rule in force for one house rule key, as one sentence (a game's rulebook page).

    Attributes:
        key: the house rule key (the page's anchor is ``"rule-<key>"``; explanation
            lines link to it through :attr:`Line.rule <scorekeeper.engine.sheet.Line.rule>`).
        group: the key's group (:attr:`KeySpec.group`).
        text: one plain sentence stating the rule for the key's current value.
        source: where the rule is written (:attr:`KeySpec.source`).
    """

    key: str
    group: str
    text: Text
    source: Source


def rulebook_of(
    rules: R, groups: Mapping[str, str], sentences: Mapping[str, Callable[[R], Text]]
) -> tuple[tuple[str, tuple[RuleSentence, ...]], ...]:
    """The rulebook of ``rules``: ``((group, (sentence, ...)), ...)``, groups in ``groups`` order, each
    with its keys' sentences (``sentences``: key -> the function stating it) in declaration order;
    every key exactly once, groups without keys left out. Built from the values, never per preset."""
    specs = key_specs(type(rules))
    book = []
    for group in groups:
        stated = tuple(
            RuleSentence(key, spec.group, sentences[key](rules), spec.source)
            for key, spec in specs.items()
            if spec.group == group
        )
        if stated:
            book.append((group, stated))
    return tuple(book)
