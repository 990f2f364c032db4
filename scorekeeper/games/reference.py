"""The rules reference as pages, and rule sources as links to it (issue 15).

The project's rules reference (``docs/rules/spades.md``, ``docs/rules/mu.md``) and the
game record format (``docs/game-record.md``) are served as pages, each heading and each
rule key's row an anchor, so a citation ("Pagat: Spades, Bemo") opens the file at the
section it names with one tap. The files are Markdown, rendered by Python-Markdown with
its ``tables``, ``toc`` and ``fenced_code`` extensions; they are the project's own, so their HTML is trusted.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import markdown
from django.conf import settings
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from scorekeeper.engine.citations import FILES, citation
from scorekeeper.engine.source import Source

#: Each served file: its stem (the page's address) -> its path under the project root.
PATHS = {"spades": "docs/rules/spades.md", "mu": "docs/rules/mu.md", "game-record": "docs/game-record.md"}

_KEY_ROW = re.compile(r"<tr>(\s*<td>)(.*?)</td>", re.S)
#: A list straight after a paragraph's line: GitHub's Markdown starts a list there, Python-Markdown
#: only after a blank line, so one is put in.
_LIST_AFTER_TEXT = re.compile(r"^([^\s|#>\-*\d].*)\n(?=(?:[-*]|\d+\.) )", re.M)
_CODE = re.compile(r"<code>([a-z_0-9]+)</code>")
_FILE_LINK = re.compile(r'href="(?:\.\./|rules/)?(spades|mu|game-record)\.md(#[^"]*)?"')


@dataclass(frozen=True)
class Reference:
    """One file of the rules reference as a page: its ``title`` (the first heading), its
    ``html`` and its ``anchors`` (heading id -> heading text, in order; and ``key-<name>``
    for each rule key's row)."""

    title: str
    html: SafeString
    anchors: dict[str, str]


@functools.lru_cache(maxsize=len(PATHS))
def reference(stem: str) -> Reference:
    """The file ``stem`` of :data:`PATHS` as a page (read and rendered once per process).

    Raises:
        KeyError: ``stem`` is not a file of the reference.
    """
    text = _LIST_AFTER_TEXT.sub("\\1\n\n", (settings.BASE_DIR / PATHS[stem]).read_text(encoding="utf-8"))
    converter = markdown.Markdown(extensions=["tables", "toc", "fenced_code"])
    html = converter.convert(text)
    anchors: dict[str, str] = {}

    def walk(tokens: list[dict]) -> None:
        for token in tokens:
            anchors[token["id"]] = token["name"]
            walk(token["children"])

    walk(converter.toc_tokens)  # type: ignore[attr-defined]  # set by the toc extension

    def key_row(row: re.Match[str]) -> str:
        """A row whose first cell names rule keys: an anchor for each ("`blind_nil_value` / `blind_nil_penalty`")."""
        keys = _CODE.findall(row.group(2))
        if not keys:
            return row.group(0)
        anchors.update({f"key-{key}": key for key in keys})
        extra = "".join(f'<span id="key-{key}"></span>' for key in keys[1:])
        return f'<tr id="key-{keys[0]}">{row.group(1)}{extra}{row.group(2)}</td>'

    html = _KEY_ROW.sub(key_row, html)
    html = _FILE_LINK.sub(lambda link: f'href="{_page_url(link.group(1))}{link.group(2) or ""}"', html)
    title = next(iter(anchors.values()), FILES[stem])
    return Reference(title, mark_safe(html), anchors)  # noqa: S308  (the project's own files)


def _page_url(stem: str) -> str:
    return reverse("games:reference", args=[stem])


@dataclass(frozen=True)
class Cited:
    """A rule's source as the app shows it: ``said`` as a player says it ("Pagat: Spades,
    Bemo"), ``exact`` as the reference writes it ("spades.md: bemo; 002 Bemo"), ``href``
    the reference page at that rule, ``published`` the (name, address) of the published texts."""

    said: str
    exact: str
    href: str
    published: tuple[tuple[str, str], ...]


def cited(source: Source | str) -> Cited:
    """``source`` (an engine ``source``, or the words a ruling kept) in the active language, linked to its place."""
    found = citation(source, gettext)
    return Cited(found.said, found.exact, reference_href(found.file, found.section), found.published)


def reference_href(stem: str, section: str) -> str:
    """The address of reference file ``stem`` at ``section`` (see
    :class:`~scorekeeper.engine.citations.Citation`): a heading containing those words, a
    rule key's row (``"key:bemo"``), else the top."""
    page = reference(stem)
    url = reverse("games:reference", args=[stem])
    if section.startswith("key:"):
        anchor = f"key-{section.removeprefix('key:')}"
        return f"{url}#{anchor}" if anchor in page.anchors else f"{url}#rule-keys"
    for anchor, name in page.anchors.items():
        if section and section in name:
            return f"{url}#{anchor}"
    return url
