"""The documentation holds together (issue 26.9): a short README, every section the code cites
exists, and every relative link between the documents leads somewhere.

A citation is a file and a quoted heading: ``README`` or ``README.md``, or a file under
``docs/``, then the heading in double quotes, in parentheses or after a comma or colon, as
comments and docstrings write them. The heading matches a heading of that file (any level,
case and code marks ignored) in full, or up to its subtitle (": ...") or its parenthesis (" (...)"), so
"Limits" names "Limits: a server many tables share".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
MOST_README_LINES = 200
#: Where the code cites the documentation.
CITING = ("scorekeeper", "tests", "static", "templates", ".ci", "Makefile", "pyproject.toml")
_CITATION = re.compile(
    r"""(?<![\w/.-])(README(?:\.md)?|docs/[\w./-]+?\.md)(?!")  # the file, not a string's end
        `{0,2}[,:]?\s*\(?\s*                               # then backticks, a comma or colon, a parenthesis
        ("[^"]{1,80}"(?:,\s*"[^"]{1,80}")*)                 # the heading(s), quoted""",
    re.X,
)
_QUOTED = re.compile(r'"([^"]+)"')
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$")
_FENCE = re.compile(r"^(```|~~~)")
_LINK = re.compile(r"\]\(([^)\s]+)\)|\bsrc=\"([^\"]+)\"")


def _words(text: str) -> str:
    """``text`` in lower case, without code marks, its white space and a comment's line marks
    (``#``, ``//``) folded."""
    return " ".join(re.sub(r"\n\s*(?:#:?|//)?", " ", text.replace("`", "")).split()).lower()


def _headings(path: Path) -> list[str]:
    """The headings of a Markdown file, outside fenced code, as written."""
    headings, fenced = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if _FENCE.match(line):
            fenced = not fenced
        elif not fenced and (heading := _HEADING.match(line)):
            headings.append(heading.group(1))
    return headings


def _names(heading: str, cited: str) -> bool:
    heading, cited = _words(heading), _words(cited)
    return heading == cited or heading.startswith((cited + ":", cited + " ("))


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    anchors: set[str] = set()
    for heading in _headings(path):
        slug, number = _slug(heading), 0
        while (slug if not number else f"{slug}-{number}") in anchors:
            number += 1
        anchors.add(slug if not number else f"{slug}-{number}")
    return anchors


def _citing_files() -> Iterator[Path]:
    for name in CITING:
        top = ROOT / name
        for path in sorted(top.rglob("*")) if top.is_dir() else [top]:
            if path.is_file() and "__pycache__" not in path.parts and path != Path(__file__).resolve():
                yield path


def citations() -> Iterator[tuple[str, str, str]]:
    """Every citation in the code: (where, the file cited, the heading cited)."""
    for path in _citing_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # an image or a font
        for found in _CITATION.finditer(text):
            line = text.count("\n", 0, found.start()) + 1
            file = "README.md" if found.group(1).startswith("README") else found.group(1)
            for heading in _QUOTED.findall(found.group(2)):
                yield f"{path.relative_to(ROOT)}:{line}", file, heading


def _documents() -> list[Path]:
    return [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


def links() -> Iterator[tuple[str, str]]:
    """Every relative link of the documents: (where, target), fenced code left out."""
    for path in _documents():
        fenced = False
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if _FENCE.match(line):
                fenced = not fenced
                continue
            for found in _LINK.finditer("" if fenced else line):
                target = found.group(1) or found.group(2)
                if not re.match(r"[a-z]+:", target):
                    yield f"{path.relative_to(ROOT)}:{number}", target


def test_the_readme_is_short() -> None:
    lines = len((ROOT / "README.md").read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_README_LINES, f"README.md has {lines} lines, at most {MOST_README_LINES}"


def test_the_code_cites_documentation() -> None:
    found = list(citations())
    assert len(found) > 20, found  # the pattern still finds them
    assert {file for _, file, _ in found} >= {"docs/operations.md", "docs/guide.md", "docs/game-record.md"}


@pytest.mark.parametrize(("where", "file", "heading"), sorted(citations()))
def test_every_section_the_code_cites_exists(where: str, file: str, heading: str) -> None:
    path = ROOT / file
    assert path.is_file(), f'{where} cites {file} "{heading}": no such file'
    assert any(_names(written, heading) for written in _headings(path)), (
        f'{where} cites {file} "{heading}": no such heading (it has: {_headings(path)})'
    )


@pytest.mark.parametrize(("where", "target"), sorted(links()))
def test_every_relative_link_leads_somewhere(where: str, target: str) -> None:
    document = ROOT / where.rsplit(":", 1)[0]
    file, _, anchor = target.partition("#")
    path = (document.parent / file).resolve() if file else document
    assert path.exists(), f"{where} links {target}: no such file"
    if anchor and path.suffix == ".md":
        assert anchor in _anchors(path), f"{where} links {target}: no such heading (has {sorted(_anchors(path))})"
