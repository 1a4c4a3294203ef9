"""No import cycles in games/, render/ or bot/: a module never needs, directly or through
others, a module that needs it. Imports inside functions count too (they only hide a
cycle, they do not remove it)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOPS = ("games", "render", "bot")


def _modules() -> dict[str, Path]:
    found = {}
    for top in TOPS:
        for path in (ROOT / top).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _known(name: str, modules: dict[str, Path]) -> str | None:
    """The longest module of ours that ``name`` starts with (a module, or a name in one)."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in modules:
            return candidate
    return None


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        needs: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                needs.update(m for a in node.names if (m := _known(a.name, modules)))
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                for alias in node.names:
                    found = _known(f"{base}.{alias.name}", modules) or _known(base, modules)
                    if found:
                        needs.add(found)
        needs.discard(name)
        graph[name] = needs
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that need each other (strongly connected, more than one)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        for other in graph[node]:
            if other not in order:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], order[other])
        if low[node] == order[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in order:
            visit(node)
    return found


def test_no_module_needs_itself_through_others() -> None:
    graph = import_graph()
    assert len(graph) > 100, "the scan found too few modules"
    assert cycles(graph) == []


def test_the_scan_finds_a_cycle_hidden_in_a_function() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    parsed = ast.parse("def f():\n    from games.reavers import conquer\n")
    assert any(isinstance(n, ast.ImportFrom) for n in ast.walk(parsed))


def private_imports() -> list[str]:
    """Each ``from <our module> import _name`` in games/, render/ or bot/: what another
    module uses is public (a name without the underscore)."""
    modules = _modules()
    found = []
    for name, path in sorted(modules.items()):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in modules:
                found += [
                    f"{name} imports {node.module}.{alias.name}"
                    for alias in node.names
                    if alias.name.startswith("_") and not alias.name.startswith("__")
                ]
    return found


def test_no_module_imports_another_modules_private_name() -> None:
    assert private_imports() == []
