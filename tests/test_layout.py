"""The code's own rules of layout (docs/architecture.md "The layers"): small pieces, views that query nothing,
and no branching on the kind of game outside the kinds themselves.

The layers between packages (the engine imports no Django, the kinds do not import each
other, reads import no writes) are import-linter's contracts in ``pyproject.toml``,
checked by ``make test`` before this suite.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CODE = ROOT / "scorekeeper"
TEMPLATES = ROOT / "templates"
MOST_LINES_IN_A_MODULE = 400
MOST_LINES_IN_A_FUNCTION = 60
#: The kinds of game, which may of course know themselves; the engine decides by the record; and the bench,
#: which (as the tests do) draws and measures games of each kind by name.
KIND_PACKAGES = ("engine", "spades", "mu", "bench")
KIND_NAMES = {"spades", "mu"}
#: What a view would call to query or write the database itself.
ORM_ATTRIBUTES = {
    "objects", "filter", "exclude", "get_or_create", "select_related", "prefetch_related", "atomic", "all", "rows",
    "refresh_from_db", "save", "delete",
}  # fmt: skip
ORM_NAMES = {"get_object_or_404", "get_list_or_404"}


def _modules() -> Iterator[Path]:
    for path in sorted(CODE.rglob("*.py")):
        if "migrations" not in path.parts:
            yield path


def _functions(tree: ast.AST) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_no_module_is_over_400_lines() -> None:
    long = {_name(path): lines for path in _modules() if (lines := len(path.read_text().splitlines())) > 400}
    assert not long, f"modules over {MOST_LINES_IN_A_MODULE} lines: {long}"


def test_no_function_is_over_60_lines() -> None:
    long = {
        f"{_name(path)}:{function.name}": length
        for path in _modules()
        for function in _functions(ast.parse(path.read_text()))
        if (length := function.end_lineno - function.lineno + 1) > MOST_LINES_IN_A_FUNCTION
    }
    assert not long, f"functions over {MOST_LINES_IN_A_FUNCTION} lines: {long}"


def _view_modules() -> Iterator[Path]:
    for path in _modules():
        if "views" in path.parts or path.stem == "views":
            yield path


def test_views_query_the_database_only_through_access_presenters_and_services() -> None:
    found = []
    for path in _view_modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in ORM_ATTRIBUTES:
                found.append(f"{_name(path)}:{node.lineno} .{node.attr}")
            if isinstance(node, ast.Name) and node.id in ORM_NAMES:
                found.append(f"{_name(path)}:{node.lineno} {node.id}")
    assert list(_view_modules()), "no view modules found: the check would pass for nothing"
    assert not found, f"views touching the ORM: {found}"


#: The registries of kinds (``games.kinds``, ``games.views.kinds``): the one place a kind's name is looked up.
REGISTRIES = {"_KINDS", "_VIEWS"}


def _is_kind(node: ast.AST) -> bool:
    """Whether ``node`` reads a kind's name: ``kind`` or ``<something>.kind``."""
    return (isinstance(node, ast.Name) and node.id == "kind") or (
        isinstance(node, ast.Attribute) and node.attr == "kind"
    )


def _dispatches(node: ast.AST) -> bool:
    """Whether ``node`` picks something by the kind's name outside the registries: ``X[game.kind]``,
    ``X.get(kind)``, or a dict keyed by "spades" and "mu"."""
    if isinstance(node, ast.Subscript):
        return _is_kind(node.slice) and not (isinstance(node.value, ast.Name) and node.value.id in REGISTRIES)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        return bool(node.args) and _is_kind(node.args[0])
    if isinstance(node, ast.Dict):  # keyed by the kinds' names alone (not a file's stem that is also one)
        keys = {key.value if isinstance(key, ast.Constant) else None for key in node.keys}
        return bool(keys) and keys <= KIND_NAMES
    return False


def _kind_checks(tree: ast.AST) -> Iterator[int]:
    """Lines that decide by the kind of game: a comparison with "spades" or "mu", ``is_mu``,
    ``isinstance`` with an engine game class, or a dispatch by the kind's name (issue 26.3:
    a dict of the kinds' parts looked up by ``game.kind`` is a branch too)."""
    for node in ast.walk(tree):
        if _dispatches(node):
            yield node.lineno
        elif isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(isinstance(op, ast.Constant) and op.value in KIND_NAMES for op in operands):
                yield node.lineno
        elif isinstance(node, ast.Attribute) and node.attr == "is_mu":
            yield node.lineno
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
            if any(isinstance(arg, ast.Name) and arg.id in {"SpadesGame", "MuGame"} for arg in ast.walk(node)):
                yield node.lineno


def test_only_the_kinds_know_which_kind_a_game_is() -> None:
    found = [
        f"{_name(path)}:{line}"
        for path in _modules()
        if path.relative_to(CODE).parts[0] not in KIND_PACKAGES
        for line in _kind_checks(ast.parse(path.read_text()))
    ]
    assert not found, f"kind checks outside the kinds (ask the game's kind, games.kinds, instead): {found}"


def test_the_kind_check_finder_finds_kind_checks() -> None:
    code = (
        'if game.kind == "mu": pass\nif game.is_mu: pass\nif isinstance(engine, SpadesGame): pass\n'
        'DESKS[game.kind](game)\nSETUPS.get(kind, None)\nSETUPS = {"spades": 1, "mu": 2}\n_KINDS[game.kind]\n'
    )
    assert sorted(_kind_checks(ast.parse(code))) == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("path", sorted(TEMPLATES.rglob("*.html")), ids=lambda path: _name(path))
def test_templates_do_not_branch_on_the_kind(path: Path) -> None:
    assert not re.search(r"is_mu|kind\s*==\s*[\"'](spades|mu)[\"']", path.read_text())


def import_cycles(package: str) -> list[str]:
    """Every import of a module of ``package`` that a chain of imports leads back from, type-checking
    imports included (grimp, as import-linter reads them): "a -> b, back: b -> c -> a"."""
    import grimp

    graph = grimp.build_graph("scorekeeper", exclude_type_checking_imports=False)
    found = []
    for module in sorted(graph.modules):
        if not module.startswith(package):
            continue
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            back = imported.startswith("scorekeeper") and graph.find_shortest_chain(importer=imported, imported=module)
            if back:
                found.append(f"{module} -> {imported}, back: {' -> '.join(back)}")
    return found


def test_no_import_cycle_type_checking_imports_included() -> None:
    """Issue 26.8. In the engine, errors -> citations -> spades.rules -> rules -> errors was one (a
    rule error said its source as a player says it; it now takes the words from ``citations.spoken``).
    In the core, models -> kinds -> views.sheet -> models was one (the kind protocol mixed the domain
    and the views, and the model asked its kind): ``games.kinds`` is the domain's half now, above the
    models, and ``games.views.kinds`` the views' half."""
    assert import_cycles("scorekeeper") == []


def test_the_cycle_finder_finds_a_cycle(monkeypatch) -> None:
    import grimp

    graph = grimp.ImportGraph()
    for module in ("scorekeeper", "scorekeeper.a", "scorekeeper.b", "scorekeeper.c"):
        graph.add_module(module)
    graph.add_import(importer="scorekeeper.a", imported="scorekeeper.b")
    graph.add_import(importer="scorekeeper.b", imported="scorekeeper.c")
    graph.add_import(importer="scorekeeper.c", imported="scorekeeper.a")
    monkeypatch.setattr(grimp, "build_graph", lambda *args, **kwargs: graph)
    assert import_cycles("scorekeeper.a") == [
        "scorekeeper.a -> scorekeeper.b, back: scorekeeper.b -> scorekeeper.c -> scorekeeper.a"
    ]
