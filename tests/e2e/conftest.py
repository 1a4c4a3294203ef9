"""Fixtures for the wire-level smoke tests against the fake Discord in ``fake_discord``."""

from __future__ import annotations

import struct
import zlib
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
import yarl

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.process import Bot


def tiny_png(width: int = 2, height: int = 2) -> bytes:
    """A valid, minimal RGB PNG (no Pillow needed)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    rows = b"".join(b"\x00" + b"\xc8\x64\x32" * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A running fake Discord on 127.0.0.1; fails the test if one of its handlers crashed
    or if it refused a request as Discord would (a test that means to send one takes it
    with ``fake.take_refusals()``)."""
    async with FakeDiscord() as server:
        yield server
    assert not server.errors, "the fake Discord failed to handle:\n" + "\n".join(server.errors)
    assert not server.refusals, "Discord would refuse:\n" + "\n".join(server.refusals)


@pytest.fixture
def point_discord_at(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> FakeDiscord:
    """Point this process's discord.py at ``fake`` (restored after the test)."""
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_url)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url))
    return fake


@pytest.fixture
async def bot(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[Bot]:
    runner = Bot(fake, tmp_path)
    await runner.start()
    try:
        yield runner
    finally:
        await runner.close()
