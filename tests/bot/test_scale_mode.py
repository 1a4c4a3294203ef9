"""The scale mode of scripts/benchmark.py runs end to end on a few games (its figures are
the benchmark's business, not a test's: only their shape is checked here)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import games
from bot.store.storage import Storage
from bot.table import Table

ROOT = Path(__file__).resolve().parents[2]


def _scale() -> ModuleType:
    spec = importlib.util.spec_from_file_location("scale", ROOT / "scripts" / "scale.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def test_a_small_closed_loop_reports_every_figure() -> None:
    scale = _scale()
    figures = await scale.run("knarr", 6, 3, 40, False)
    assert figures["moves/s"] > 0
    # some moves post a board and some (steps midway through a turn) do not
    assert 0 < figures["boards"] < 1
    assert figures["board p50 ms"] <= figures["board p99 ms"]
    assert figures["p50 ms"] <= figures["p99 ms"]
    line = scale.line("small", figures)
    assert "moves with a board" in line and "p99" in line


async def test_an_open_loop_far_behind_its_timetable_loses_no_move() -> None:
    """Every move is due at once: each starts in a game with no move in flight, so none is
    refused for a panel another move made stale, and all of them are counted."""
    scale = _scale()
    figures = await scale.run("knarr", 3, 3, 30, False, rate=1e6)
    assert figures["moves"] == 30


async def test_a_mixed_run_opens_every_game_in_turn_and_plays_them(tmp_path: Path) -> None:
    scale = _scale()
    storage = await Storage.open(str(tmp_path / "mixed.db"))
    try:
        channels = await scale.open_games(Table(storage, seeds=lambda: 3), scale.MIXED, 10)
        kinds = [(await storage.active_game(c)).game for c in channels]  # type: ignore[union-attr]
    finally:
        await storage.close()
    assert kinds == games.names() * 2
    figures = await scale.run(scale.MIXED, 10, 4, 60, False)
    assert figures["moves"] >= 60
