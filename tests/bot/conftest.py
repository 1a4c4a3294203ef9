from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.app import SkaldBot
from bot.delivery import Delivery
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
    # Reminders and retries are tested on the table; their timers would only make simcord's
    # virtual clock spin.
    bot = SkaldBot(table, background=False)
    # simcord has no rate limits, and its clock moves only as the test moves it
    bot.controller.delivery = Delivery(bot, table, owner=bot.controller.delivery.owner, paced=False)
    return bot


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """simcord waits 5 s for the bot to settle; on a loaded 2-core machine give it more."""
    for item in items:
        if "simcord_env" in getattr(item, "fixturenames", ()) and not item.get_closest_marker("simcord"):
            item.add_marker(pytest.mark.simcord(settle_timeout=30.0))
