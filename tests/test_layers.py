"""The import rule between layers: rule modules stay pure, renderers stay offline."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES_FORBIDDEN = {
    "discord",
    "PIL",
    "aiosqlite",
    "asyncpg",
    "asyncio",
    "random",
    "time",
    "datetime",
    "bot",
    "render",
}
RENDER_FORBIDDEN = {"discord", "aiosqlite", "asyncpg", "bot"}


def _imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def _violations(folder: Path, forbidden: set[str]) -> list[str]:
    found = []
    for path in sorted(folder.rglob("*.py")):
        bad = _imported_roots(path) & forbidden
        if bad:
            found.append(f"{path.relative_to(ROOT)} imports {sorted(bad)}")
    return found


def test_games_are_pure() -> None:
    files = list((ROOT / "games").rglob("*.py"))
    assert files, "no game modules found"
    assert _violations(ROOT / "games", GAMES_FORBIDDEN) == []


def test_render_does_not_touch_the_bot() -> None:
    folder = ROOT / "render"
    if not list(folder.rglob("*.py")):
        pytest.skip("render/ has no Python files yet")
    assert _violations(folder, RENDER_FORBIDDEN) == []


def test_the_scanner_catches_forbidden_imports(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import random\nfrom discord.ext import commands\nfrom . import core\n")
    assert _imported_roots(sample) == {"random", "discord"}
