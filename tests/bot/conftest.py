from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from simcord.backend.errors import BackendError
from simcord.http import router

from bot.adapter.app import SkaldBot
from bot.adapter.delivery import Delivery
from bot.store.storage import Storage
from bot.table import Table
from tests.discord_api import refusal


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


def _size(file: Any) -> int:
    """Bytes of an upload as discord.py hands it over (a ``discord.File`` or raw bytes)."""
    if isinstance(file, bytes | bytearray):
        return len(file)
    fp = getattr(file, "fp", None)
    if fp is None:
        return 0
    where = fp.tell()
    size = int(fp.seek(0, 2))
    fp.seek(where)
    return size - where


@pytest.fixture(autouse=True)
def strict_discord(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """simcord as strict as Discord: every request the bot makes is checked against
    Discord's published description and limits (tests.discord_api) first, refused as
    Discord would, and a test that leaves a refusal fails."""
    refused: list[str] = []
    dispatch = router.dispatch

    def checked(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        sizes = [_size(f) for f in kwargs.get("files") or []]
        found = refusal(method, path, kwargs.get("json"), sizes)
        if found is not None:
            refused.append(str(found))
            raise BackendError(found.status, found.code, found.message, errors=found.body().get("errors"))
        return dispatch(backend, method, path, **kwargs)

    monkeypatch.setattr(router, "dispatch", checked)
    yield refused
    assert not refused, "Discord would refuse:\n" + "\n".join(refused)
