"""Pictures drawn in worker processes, and in threads where processes cannot start."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

import games
from bot import pictures

KNARR = games.get("knarr")


def board_payload() -> dict[str, Any]:
    state = KNARR.setup(3, 2, None)
    return {"image": "board", "view": KNARR.view(state, None), "names": ["Astrid", "Bjorn"]}


@pytest.fixture
def fresh_pool() -> Iterator[None]:
    pictures.shutdown()
    pictures._threads = False
    pictures._worked = False
    yield
    pictures.shutdown()
    pictures._threads = False
    pictures._worked = False


async def test_a_board_is_drawn_in_another_process_as_a_palette_png(fresh_pool: None) -> None:
    png = await pictures.draw_async(board_payload())
    assert png is not None
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.mode == "P" and image.width == 1280  # 64 colours from the drawing process
    assert len(image.getcolors(256) or []) <= 64
    pool = pictures.pool()
    assert isinstance(pool, pictures.ProcessPoolExecutor)
    pids = {p for p in pool._processes}  # type: ignore[attr-defined]
    assert pids and os.getpid() not in pids
    assert len(pids) <= pictures.workers()


async def test_without_processes_pictures_are_drawn_in_threads(
    fresh_pool: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    class NoProcesses(pictures.ProcessPoolExecutor):
        def submit(self, *args: Any, **kwargs: Any) -> Any:
            raise OSError("processes are not allowed here")

    monkeypatch.setattr(pictures, "ProcessPoolExecutor", NoProcesses)
    png = await pictures.draw_async(board_payload())
    assert png is not None and png.startswith(b"\x89PNG")
    assert isinstance(pictures.pool(), pictures.ThreadPoolExecutor)
    assert Image.open(io.BytesIO(png)).mode == "RGB"  # the main process keeps exact colours


async def test_a_payload_without_a_picture_draws_nothing(fresh_pool: None) -> None:
    assert await pictures.draw_async({"text": "Reminder"}) is None
    assert pictures._pool is None  # and starts no process for it
