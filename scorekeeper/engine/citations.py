"""Rule sources as a player says them (issue 15).

Every explanation line, rule error and rulebook sentence carries its ``source`` as a value
(:data:`~.source.Source`: the texts it cites, each a document and a section), written as the
rules reference writes it ("spades.md: bemo; 002 Bemo", "mu.md §8.2"; see
``docs/rules/README.md``). That is precise but cryptic at the table, so :func:`citation`
says it in the words a player would use ("Pagat: Spades, Bemo", "Mü rulebook §8.2") and names
the file and section it comes from, for a link one tap away: from the value, through the
table of documents (:data:`~.source.DOCUMENTS`), never from the words. Only a source kept as
words (a ruling's, in the database) is read back first (:func:`read`). Pure: the translation
is the caller's ``translate``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import Protocol

from .source import DOCUMENTS, GAME_RECORD, MU_MD, PAGAT, SPADES_MD, Cite, Document, Source, mu_md, written
from .spades.rules import KEYS as SPADES_KEYS
from .spades.rules import key_row
from .text import Text, Translate, gettext_noop, identity

#: The project's rules reference: file stem -> the file name the sources use.
FILES = {document.file: document.key for document in (SPADES_MD, MU_MD, GAME_RECORD)}


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


def citation(source: Source | str, translate: Translate = identity) -> Citation:
    """``source`` (an engine :data:`~.source.Source`, or the words one was kept as: :func:`read`)
    as a :class:`Citation`.

    A place in the project's spades.md is said as the published texts it rests on (a standard
    scoring step as 002 "Scoring", a rule key as the key's own source), unless the source cites
    a published text itself. Never raises.
    """
    exact, cites = (source, read(source)) if isinstance(source, str) else (written(source), source)
    pieces, links, (file, section) = _spoken_pieces(cites)
    said: list[str] = []
    for text, heading in pieces:
        words = text.render(translate) + (f", {heading}" if heading else "")
        if words not in said:
            said.append(words)
    published_texts = tuple(dict.fromkeys((translate(name), address) for name, address in links))
    return Citation("; ".join(said) or exact, exact, file, section, published_texts)


#: A text said: the words to translate, then the published text's own heading (kept as written).
_Piece = tuple[Text, str]


@functools.lru_cache(maxsize=1024)
def _spoken_pieces(cites: Source) -> tuple[tuple[_Piece, ...], tuple[tuple[str, str], ...], tuple[str, str]]:
    """What :func:`citation` says of ``cites``, before translation (the sources are a few hundred
    constants, so each is said once): the pieces, the published texts' (name, address) and the
    (file, section) of the rules reference to open."""
    said_elsewhere = any(cite.document.kind in ("published", "rulebook") for cite in cites)
    pieces: list[_Piece] = []
    links: list[tuple[str, str]] = []
    place: tuple[str, str] | None = None
    for cite in cites:
        if cite.document.kind == "reference":
            place = place or (cite.document.file, cite.opens)
            spoken: Source = () if said_elsewhere else cite.rests_on
        else:
            spoken = (cite,)
        for piece in spoken:
            said, link, piece_place = _said(piece)
            place = place or piece_place
            pieces.append(said)
            if link is not None:
                links.append(link)
    return tuple(pieces), tuple(links), place or ("spades", "")


def _said(cite: Cite) -> tuple[_Piece, tuple[str, str] | None, tuple[str, str] | None]:
    """One text said: its piece, the (name, address) of a published text, and its place in the reference."""
    document = cite.document
    place = (document.file, cite.opens or document.opens)
    if document.kind == "rulebook" and cite.section:
        return (Text(gettext_noop("Mü rulebook %(sections)s"), {"sections": cite.section}), ""), None, place
    if document.kind in ("rulebook", "record"):
        return (Text(document.name), ""), None, place
    if document.kind == "published":
        link = (document.name, document.address) if document.address else None
        return (Text(document.name), cite.section), link, place
    return (Text(cite.written), ""), None, None


class Cited(Protocol):
    """What has a source and says itself with it: a rule error, an explanation line."""

    @property
    def source(self) -> Source:
        """Where its rule is written (:data:`~.source.Source`)."""

    def render(self, translate: Translate = identity, *, cited: str | None = None) -> str:
        """The message with its source in the words ``cited`` (as written if ``None``)."""


def spoken(thing: Cited, translate: Translate = identity) -> str:
    """``thing`` (a :class:`~.errors.RuleError`, a :class:`~.sheet.Line`) said as the app shows it: its
    source as a player says it ("… (Pagat: Spades, Bemo)", :func:`citation`), in the language of ``translate``."""
    return thing.render(translate, cited=citation(thing.source, translate).said if thing.source else None)


# Sources kept as words ------------------------------------------------------------------------------

#: Names the sources use for a rule that the rule keys call otherwise.
_KEY_ALIASES = {"cutthroat3": "cutthroat_bonus"}
_DIGITS = "0123456789"


@functools.lru_cache(maxsize=256)
def read(words: str) -> Source:
    """The source ``words`` were written from (:func:`~.source.written`): a source kept as words, as a
    ruling's is in the database (``Ruling.source``), read back as the value it was. Parts are
    separated by ";", and published texts listed by ","; each names a document of the table by its
    key. Words naming none are kept as words (said as written). Never raises."""
    cites: list[Cite] = []
    for part in words.split(";"):
        for listed, piece in enumerate(_listed_texts(part)):
            if piece.strip():
                cites.append(_read_cite(piece.strip(), listed=listed > 0))
    return tuple(cites)


def _listed_texts(part: str) -> list[str]:
    """``part`` cut before each published text listed after a comma: "002 Bidding, 004 Doppelter Nil"."""
    pieces, start = [], 0
    for at, character in enumerate(part):
        if character == "," and _published_key(part[at + 1 :].lstrip()):
            pieces.append(part[start:at])
            start = at + 1
    return [*pieces, part[start:]]


def _published_key(words: str) -> str:
    """The published text's key ``words`` start with, a whole word ("002" of "002 Bemo"), or ""."""
    key = words[:3]
    rest = words[3:4]
    if len(key) == 3 and key[:2] == "00" and key[2] in _DIGITS and not (rest.isalnum() or rest == "_"):
        return key
    return ""


def _read_cite(piece: str, *, listed: bool) -> Cite:
    """One text of a source kept as words."""
    if piece.startswith(SPADES_MD.key):
        cite = _read_spades(piece)
    elif piece.startswith(MU_MD.key):
        rest = piece.removeprefix(MU_MD.key).strip()
        sections = _mu_sections(rest)
        said = ", ".join(f"§{section}" for section in sections)
        cite = mu_md(*sections, note=rest.removeprefix(said).strip())
    elif piece.startswith(GAME_RECORD.key):
        rest = piece.removeprefix(GAME_RECORD.key)
        section = rest.removeprefix(GAME_RECORD.then) if rest.startswith(GAME_RECORD.then) else ""
        cite = Cite(GAME_RECORD, section, note="" if section else rest.strip())
    elif (key := _published_key(piece)) and (len(piece) == 3 or (piece[3] == " " and "\n" not in piece)):
        document = DOCUMENTS.get(key) or Document(key, "published", key, file="spades", opens="Sources")
        cite = Cite(document, piece[4:])
    else:
        cite = Cite(Document(piece, "words"))
    return replace(cite, listed=listed)


def _read_spades(piece: str) -> Cite:
    """A place in spades.md kept as words: a standard scoring step, a rule key's row, or "Rule keys"."""
    section = piece.removeprefix(SPADES_MD.key).removeprefix(":").strip()
    if "Standard scoring" in piece:
        return Cite(SPADES_MD, section, opens="Standard scoring", rests_on=(Cite(PAGAT, "Scoring"),))
    for word in _words(piece.removeprefix(f"{SPADES_MD.key}:")):
        key = _KEY_ALIASES.get(word, word)
        if key in SPADES_KEYS:
            return key_row(key, section)
    return Cite(SPADES_MD, section, opens="Rule keys")


def _words(text: str) -> list[str]:
    """The runs of lower-case letters, digits and underscores in ``text``: the rule keys it may name."""
    words, word = [], ""
    for character in f"{text} ":
        if character in _KEY_CHARACTERS:
            word += character
        elif word:
            words.append(word)
            word = ""
    return words


_KEY_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz_0123456789")


def _mu_sections(text: str) -> list[str]:
    """The Mü rulebook's sections ``text`` names ("§8 bonus table": ["8"], "§1, §6": ["1", "6"], "§8.2": ["8.2"])."""
    sections = []
    for chunk in text.split("§")[1:]:
        number = _leading_digits(chunk)
        if number:
            item = _leading_digits(chunk[len(number) + 1 :]) if chunk[len(number) : len(number) + 1] == "." else ""
            sections.append(f"{number}.{item}" if item else number)
    return sections


def _leading_digits(text: str) -> str:
    digits = ""
    for character in text:
        if character not in _DIGITS:
            break
        digits += character
    return digits
