"""Rule sources as values (issue 26.5): the text a rule is written in, and where in it.

Every explanation line, rule error, house rule key and rulebook sentence carries its rule's
``source``: a :data:`Source`, the tuple of the texts it cites (:class:`Cite`: a document of the
table below and the section in it). The documents are the project's rules reference
(``docs/rules/spades.md``, ``docs/rules/mu.md``, ``docs/game-record.md``) and the published
texts it is drawn from, by the short keys that reference gives them (000-004, see
``docs/rules/README.md``). :func:`written` gives a source as the rules reference writes it
("spades.md: bemo; 002 Bemo", "mu.md §8.2"), for the command line and the record;
:mod:`.citations` says it as a player would ("Pagat: Spades, Bemo"). Nothing here reads words back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .text import gettext_noop

#: How a document is said to a player: ``reference`` (spades.md: as the published texts its place
#: rests on), ``rulebook`` (mu.md: as the Mü rulebook's sections, which it numbers alike), ``record``
#: (by name), ``published`` (by name and the section's own heading), ``words`` (no document of the
#: table, e.g. words kept in the database that name none: said as they are written).
Kind = Literal["reference", "rulebook", "record", "published", "words"]


@dataclass(frozen=True, slots=True, order=True)
class Document:
    """A text the rules are cited from.

    Attributes:
        key: how the sources write it: a file of the rules reference ("spades.md") or a
            published text's short key ("002").
        kind: how it is said (:data:`Kind`).
        name: how a player names it (a msgid, "Pagat: Spades"), or "".
        address: its public address, or "".
        file: the stem of the rules reference file that holds it or lists it ("spades", "mu",
            "game-record"), or "" (none).
        opens: where that file is opened for it when its cite names no place: "Sources" (the
            table listing the published texts), or "" (the top).
        then: what the sources write between the key and a section: " " ("002 Bemo", "mu.md §8")
            or ": " ("spades.md: bemo").
    """

    key: str
    kind: Kind
    name: str = ""
    address: str = ""
    file: str = ""
    opens: str = ""
    then: str = " "


SPADES_MD = Document("spades.md", "reference", file="spades", then=": ")
MU_MD = Document("mu.md", "rulebook", gettext_noop("Mü rulebook"), file="mu")
GAME_RECORD = Document(
    "game-record.md", "record", gettext_noop("Scorekeeper game record format"), file="game-record", then=": "
)
#: John McLeod, "Spades", on Pagat: the main reference for Spades.
PAGAT = Document(
    "002",
    "published",
    gettext_noop("Pagat: Spades"),
    "https://www.pagat.com/auctionwhist/spades.html",
    "spades",
    "Sources",
)
#: Pagat's German translation of an older version of 002.
PAGAT_DE = Document(
    "000",
    "published",
    gettext_noop("Pagat (German): Spades"),
    "https://www.pagat.com/de/auctionwhist/spades.html",
    "spades",
    "Sources",
)
#: A German rules page, "Wie man Spades spielt".
RULE_PAGE = Document("004", "published", gettext_noop("“Wie man Spades spielt”"), "", "spades", "Sources")
#: The rules page of a Spades app, "Wie wird Spades gespielt?".
APP_RULES = Document("003", "published", gettext_noop("“Wie wird Spades gespielt?”"), "", "spades", "Sources")
#: The published rules of Spades tournaments and leagues (their house rules pages: a renege costs
#: 3 books or sets the hand; set twice in a row or three times in all loses; time limits).
TOURNAMENTS = Document("005", "published", gettext_noop("Spades tournament and league rules"), "", "spades", "Sources")
#: The "Mü & mehr" rulebook (mu.md numbers its sections alike).
MU_BOOK = Document("001", "published", gettext_noop("Mü rulebook"), "", "mu", "Sources")

#: The table of documents, by the key the sources write.
DOCUMENTS = {
    document.key: document
    for document in (SPADES_MD, MU_MD, GAME_RECORD, PAGAT, PAGAT_DE, RULE_PAGE, APP_RULES, TOURNAMENTS, MU_BOOK)
}


@dataclass(frozen=True, slots=True, order=True)
class Cite:
    """One text cited: a document and the section in it.

    Attributes:
        document: the text (:data:`DOCUMENTS`).
        section: where in it, as the sources write it: a published text's own heading ("Bemo",
            said as written), the Mü rulebook's sections ("§8.2", "§1, §6"), a place in spades.md
            ("Standard scoring 1", "bemo", "Rule keys (target)"), or "" (the whole text).
        note: written after the section, never said ("bonus table": "mu.md §8 bonus table").
        opens: where a link opens the document's file: the words of a heading ("Standard scoring",
            "(8.)"), a rule key's row ("key:bemo"), or "" (the document's own :attr:`Document.opens`).
        rests_on: the published texts a place in spades.md rests on, said for it when its source cites
            none: a standard scoring step's (002 "Scoring"), a rule key's (the key's own source's).
        listed: written after the text before it with a comma, in one list of published texts
            ("000 Blinde 6, 002 Blind 6"), not after "; ".
    """

    document: Document
    section: str = ""
    note: str = ""
    opens: str = ""
    rests_on: tuple[Cite, ...] = ()
    listed: bool = False

    @property
    def written(self) -> str:
        """The cite as the sources write it: "spades.md: bemo", "002 Bemo", "mu.md §8 bonus table"."""
        words = self.document.key
        if self.section:
            words += self.document.then + self.section
        return f"{words} {self.note}" if self.note else words


#: A rule's source: the texts it cites, in order (``()``: none).
Source = tuple[Cite, ...]


def written(source: Source) -> str:
    """``source`` as the rules reference writes it: "spades.md: bemo; 002 Bemo" (texts after "; ",
    a list of published texts after ", ": "spades.md: blind_made; 000 Blinde 6, 002 Blind 6")."""
    return "".join(((", " if cite.listed else "; ") if at else "") + cite.written for at, cite in enumerate(source))


def published(source: Source) -> Source:
    """The published texts ``source`` cites (what a place in spades.md citing it rests on)."""
    return tuple(cite for cite in source if cite.document.kind == "published")


def row(key: str, written_as: str = "", *, rests_on: Source = ()) -> Cite:
    """The row of house rule ``key`` in spades.md's "Rule keys" ("spades.md: bemo"), written as
    ``written_as`` where the sources name it otherwise ("Rule keys (target)", "cutthroat3")."""
    return Cite(SPADES_MD, written_as or key, opens=f"key:{key}", rests_on=rests_on)


def step(number: int) -> Cite:
    """Step ``number`` of spades.md's "Standard scoring, exactly" ("spades.md: Standard scoring 1"),
    which rests on 002 "Scoring"."""
    return Cite(SPADES_MD, f"Standard scoring {number}", opens="Standard scoring", rests_on=(Cite(PAGAT, "Scoring"),))


def mu_md(*sections: str, note: str = "") -> Cite:
    """Sections of mu.md, numbered as the Mü rulebook's ("8.2"; "1", "6": "mu.md §1, §6"), with a
    ``note`` written after them ("bonus table"); a link opens the first one's chapter ("(8.)")."""
    chapter = f"({sections[0].partition('.')[0]}.)" if sections else ""
    return Cite(MU_MD, ", ".join(f"§{section}" for section in sections), note=note, opens=chapter)


#: The game record format as a whole ("game-record.md"): what a malformed record breaks.
RECORD_FORMAT: Source = (Cite(GAME_RECORD),)
