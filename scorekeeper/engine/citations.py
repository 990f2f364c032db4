"""Rule sources as a player says them (issue 15).

Every explanation line, rule error and rulebook sentence carries its ``source`` exactly
as the rules reference writes it: the project's file and place first, then the
published texts by their short keys ("spades.md: bemo; 002 Bemo", "mu.md §8.2",
"002 New York City rules"); see ``docs/rules/README.md``. That is precise but cryptic at
the table, so :func:`citation` turns it into the words a player would use ("Pagat:
Spades, Bemo", "Mü rulebook §8.2") and names the file and section it comes from, for a
link one tap away. Pure: the translation is the caller's ``translate``.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Protocol

from .text import Text, Translate, gettext_noop, identity

#: The published texts by their short keys (``docs/rules/README.md``): how a player names
#: each, and its address where it has a public one.
PUBLISHED = {
    "002": (gettext_noop("Pagat: Spades"), "https://www.pagat.com/auctionwhist/spades.html"),
    "000": (gettext_noop("Pagat (German): Spades"), "https://www.pagat.com/de/auctionwhist/spades.html"),
    "004": (gettext_noop("“Wie man Spades spielt”"), ""),
    "003": (gettext_noop("“Wie wird Spades gespielt?”"), ""),
    "001": (gettext_noop("Mü rulebook"), ""),
}

#: The project's rules reference: file stem -> the file name the sources use.
FILES = {"spades": "spades.md", "mu": "mu.md", "game-record": "game-record.md"}

_PUBLISHED_PART = re.compile(r"(00\d)(?: (.*))?")
_MU_SECTION = re.compile(r"§((\d+)(?:\.\d+)?)")
_NEXT_TEXT = re.compile(r",\s*(?=00\d\b)")  # "002 Bidding, 004 Doppelter Nil": two texts in one part
#: Names the sources use for a rule that the rule keys call otherwise.
_KEY_ALIASES = {"cutthroat3": "cutthroat_bonus"}
_WORD = re.compile(r"[a-z_0-9]+")


@dataclass(frozen=True)
class Citation:
    """A rule's source, said and linked.

    Attributes:
        said: as a player says it, in the language of ``translate``: "Pagat: Spades, Bemo".
        exact: the source as the rules reference writes it: "spades.md: bemo; 002 Bemo".
        file: the stem of the rules reference file to open ("spades", "mu", "game-record").
        section: where to open it: words of a heading ("Rule keys", "(8.)"), a rule key's row
            ("key:nil_value"), or "" (the top).
        published: (name said, address) of each published text cited that has an address.
    """

    said: str
    exact: str
    file: str
    section: str
    published: tuple[tuple[str, str], ...]


def citation(source: str, translate: Translate = identity) -> Citation:
    """``source`` (an engine ``source`` string, parts joined by "; ") as a :class:`Citation`.

    A part in the project's spades.md alone is said as the published section it rests
    on: the standard scoring is 002's "Scoring", a rule key is said as the key's own source.
    Never raises: an unknown part is said as written.
    """
    pieces, links, (file, section) = _parsed(source)
    said: list[str] = []
    for text, heading in pieces:
        words = text.render(translate) + (f", {heading}" if heading else "")
        if words not in said:
            said.append(words)
    published = tuple(dict.fromkeys((translate(name), address) for name, address in links))
    return Citation("; ".join(said) or source, source, file, section, published)


#: A part said: the words to translate, then the published text's own heading (kept as written).
_Piece = tuple[Text, str]


@functools.lru_cache(maxsize=1024)
def _parsed(source: str) -> tuple[tuple[_Piece, ...], tuple[tuple[str, str], ...], tuple[str, str]]:
    """What :func:`citation` says of ``source``, before translation (the sources are a few
    hundred constants, so each is read once): the pieces, the published texts' (name, address)
    and the (file, section) of the rules reference to open."""
    parts = [piece.strip() for part in source.split(";") for piece in _NEXT_TEXT.split(part) if piece.strip()]
    said_elsewhere = any(_PUBLISHED_PART.fullmatch(part) or part.startswith("mu.md") for part in parts)
    pieces: list[_Piece] = []
    links: list[tuple[str, str]] = []
    place: tuple[str, str] | None = None
    for part in parts:
        if part.startswith("spades.md"):
            place = place or ("spades", _spades_section(part))
            spoken = [] if said_elsewhere else _resting_on(part)
        else:
            spoken = [part]
        for piece in spoken:
            said, link, piece_place = _said(piece)
            place = place or piece_place
            pieces.append(said)
            if link is not None:
                links.append(link)
    return tuple(pieces), tuple(links), place or ("spades", "")


def _spades_section(part: str) -> str:
    """Where in spades.md a part points: "Standard scoring", a key's row ("key:nil_value"), or "Rule keys"."""
    if "Standard scoring" in part:
        return "Standard scoring"
    key = _key_named(part)
    return f"key:{key}" if key else "Rule keys"


def _key_named(part: str) -> str:
    """The first rule key a spades.md part names ("" for none)."""
    from .spades.rules import KEYS as SPADES_KEYS  # here: the rules' errors cite through this module

    word: str
    for word in _WORD.findall(part.removeprefix("spades.md:")):
        key = _KEY_ALIASES.get(word, word)
        if key in SPADES_KEYS:
            return key
    return ""


def _resting_on(part: str) -> list[str]:
    """The published parts a spades.md part rests on: its standard scoring step's, or its key's."""
    from .spades.rules import KEYS as SPADES_KEYS

    if "Standard scoring" in part:
        return ["002 Scoring"]
    key = _key_named(part)
    if not key:
        return []
    pieces = (piece.strip() for part in SPADES_KEYS[key].source.split(";") for piece in _NEXT_TEXT.split(part))
    return [piece for piece in pieces if _PUBLISHED_PART.fullmatch(piece)]


def _said(part: str) -> tuple[_Piece, tuple[str, str] | None, tuple[str, str] | None]:
    """One part said: its piece, the (name, address) of its published text, and its place in the reference."""
    if part.startswith("mu.md"):
        sections = _MU_SECTION.findall(part)
        if not sections:
            return (Text(PUBLISHED["001"][0]), ""), None, ("mu", "")
        numbers = ", ".join(f"§{number}" for number, _ in sections)
        return (
            (Text(gettext_noop("Mü rulebook %(sections)s"), {"sections": numbers}), ""),
            None,
            ("mu", f"({sections[0][1]}.)"),
        )
    if part.startswith("game-record.md"):
        return (Text(gettext_noop("Scorekeeper game record format")), ""), None, ("game-record", "")
    published = _PUBLISHED_PART.fullmatch(part)
    if published is None:
        return (Text(part), ""), None, None
    key, heading = published.groups()
    name, address = PUBLISHED[key] if key in PUBLISHED else (key, "")
    return (
        (Text(name), heading or ""),
        (name, address) if address else None,
        ("mu" if key == "001" else "spades", "Sources"),
    )


class Cited(Protocol):
    """What has a source and says itself with it: a rule error, an explanation line."""

    @property
    def source(self) -> str:
        """Where its rule is written, as the engine writes it ("spades.md: bemo; 002 Bemo")."""

    def render(self, translate: Translate = identity, *, cited: str | None = None) -> str:
        """The message with its source in the words ``cited`` (as written if ``None``)."""


def spoken(thing: Cited, translate: Translate = identity) -> str:
    """``thing`` (a :class:`~.errors.RuleError`, a :class:`~.sheet.Line`) said as the app shows it: its
    source as a player says it ("… (Pagat: Spades, Bemo)", :func:`citation`), in the language of ``translate``."""
    return thing.render(translate, cited=citation(thing.source, translate).said if thing.source else None)
