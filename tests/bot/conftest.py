from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.app import SkaldBot
from bot.storage import Storage
from bot.table import Table


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "skald.db")


@pytest_asyncio.fixture
async def table(db_path: str, clock: FakeClock) -> AsyncIterator[Table]:
    storage = await Storage.open(db_path)
    yield Table(storage, clock=clock, seeds=lambda: 12345)
    await storage.close()


@pytest.fixture
def simcord_bot(table: Table) -> SkaldBot:
    return SkaldBot(table)
