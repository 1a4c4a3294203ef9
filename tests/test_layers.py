"""The import rule between layers: rule modules stay pure, renderers stay offline, and the
bot's three rooms import one way: ``bot/adapter`` (Discord and pictures) may use the table
and the store, ``bot/table`` (the core) only the store, ``bot/store`` neither; only the
adapter imports discord. The table draws nothing (no render, no PIL): pictures are made in
the drawing processes, so the bot's own process never loads Pillow (tests/bot/test_memory.py)."""

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


TABLE_FORBIDDEN = {"discord", "PIL", "render", "bot.adapter"}
STORE_FORBIDDEN = {"discord", "PIL", "render", "bot.adapter", "bot.table"}


def _imported(path: Path, depth: int = 1) -> set[str]:
    """The modules a file imports, cut to their first ``depth`` dotted parts."""
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {".".join(name.split(".")[:depth]) for name in names}


def _imported_roots(path: Path) -> set[str]:
    return _imported(path, 1)


def _violations(folder: Path, forbidden: set[str]) -> list[str]:
    found = []
    for path in sorted(folder.rglob("*.py")):
        bad = (_imported(path, 1) | _imported(path, 2)) & forbidden
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


@pytest.mark.parametrize(("room", "forbidden"), [("table", TABLE_FORBIDDEN), ("store", STORE_FORBIDDEN)])
def test_the_bots_rooms_import_one_way(room: str, forbidden: set[str]) -> None:
    folder = ROOT / "bot" / room
    assert list(folder.rglob("*.py")), f"bot/{room} has no modules"
    assert _violations(folder, forbidden) == []


def test_only_the_adapter_and_the_entry_point_import_discord() -> None:
    importing = {
        str(path.relative_to(ROOT))
        for path in (ROOT / "bot").rglob("*.py")
        if "discord" in _imported_roots(path)
    }
    assert importing, "nothing imports discord?"
    allowed = [p for p in importing if p.startswith("bot/adapter/") or p == "bot/__main__.py"]
    assert sorted(allowed) == sorted(importing)


def test_the_room_scanner_sees_submodules(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from bot.adapter import messages\nfrom bot.store.rows import Prefs\n")
    assert "bot.adapter" in _imported(sample, 2) and "bot.store" in _imported(sample, 2)
