"""The bot freezes what it holds at start, so full collections stay short (bot.memory)."""

from __future__ import annotations

import gc
import platform
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import simcord

from bot.adapter import memory


@pytest.fixture
def unfrozen(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    gc.unfreeze()
    monkeypatch.setattr(memory, "_settled", 0)
    yield
    gc.unfreeze()


def test_settling_hides_what_lives_now_from_the_collector(unfrozen: None) -> None:
    keep = [[i] for i in range(1000)]
    assert gc.get_freeze_count() == 0
    memory.settle()
    frozen = gc.get_freeze_count()
    assert frozen >= len(keep)  # every list alive now is out of the collector's sight
    assert not any(gc.is_tracked(x) and x in gc.get_objects(2) for x in keep[:3])


def test_settling_stops_after_its_count(unfrozen: None) -> None:
    memory.settle(times=1)
    first = gc.get_freeze_count()
    later = [[i] for i in range(1000)]
    memory.settle(times=1)  # a reconnect: nothing more is frozen
    assert gc.get_freeze_count() == first and later


async def test_the_bot_settles_when_it_starts_and_when_it_connects(
    unfrozen: None, simcord_env: simcord.Env
) -> None:
    # simcord_env has started the real bot: its setup_hook and its on_ready have run
    assert memory._settled == 2
    assert gc.get_freeze_count() > 10_000  # the modules, the command tree, discord.py


def test_the_bots_own_process_loads_no_pillow() -> None:
    """Every picture (boards, hands, cards, leaderboards, replays) is drawn in a drawing
    process, so the bot's process, with all it imports to run, holds neither Pillow nor the
    renderers (about 8 MB)."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent.parent
    running = sorted(
        ".".join(path.relative_to(root).with_suffix("").parts)
        for room in ("adapter", "table", "store")
        for path in (root / "bot" / room).rglob("*.py")
        if path.name != "__init__.py"
    )
    assert "bot.adapter.pictures" in running and "bot.adapter.app" in running
    script = (
        "import importlib, sys\n"
        f"for name in ['bot.__main__', *{running!r}]: importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PIL', 'render')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=root, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


ARENAS = """
import ctypes, sys, tempfile, threading
from bot.adapter import memory
if sys.argv[1] == "one":
    assert memory.one_arena()
together = threading.Barrier(3)
def work() -> None:
    kept = [bytearray(4000) for _ in range(1000)]  # past the interpreter's own small blocks
    together.wait()  # all three alive at once: none takes over the arena of one that ended
threads = [threading.Thread(target=work) for _ in range(3)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
libc = ctypes.CDLL("libc.so.6")
libc.fopen.restype = ctypes.c_void_p
libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
libc.fclose.argtypes = [ctypes.c_void_p]
with tempfile.NamedTemporaryFile("r", suffix=".xml") as report:
    out = libc.fopen(report.name.encode(), b"w")
    libc.malloc_info(0, out)
    libc.fclose(out)
    print(report.read().count("<heap nr="))
"""


def arenas(setting: str) -> int:
    root = Path(__file__).resolve().parents[2]
    found = subprocess.run(
        [sys.executable, "-c", ARENAS, setting],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=60,
        check=True,
    )
    return int(found.stdout)


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's arenas")
def test_with_one_arena_the_threads_share_the_main_one() -> None:
    """Three threads allocating at once each got an arena of their own, holding what they
    freed; with ``one_arena`` (the bot and each drawing process, first thing) they share one."""
    assert arenas("default") == 4
    assert arenas("one") == 1


def test_the_bot_takes_one_arena_before_it_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.__main__ as entry

    calls: list[str] = []

    async def serve() -> int:
        calls.append("serve")
        return 0

    monkeypatch.setattr(memory, "one_arena", lambda: bool(calls.append("one arena")))
    monkeypatch.setattr(entry, "_serve", serve)
    assert entry.main([]) == 0
    assert calls == ["one arena", "serve"]
