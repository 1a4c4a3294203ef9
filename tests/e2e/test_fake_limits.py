"""The fake Discord's rate limits: real 429s with the body and headers discord.py reads."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
import yarl

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_limits import RateLimits


class HandClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def limited() -> AsyncIterator[tuple[FakeDiscord, HandClock]]:
    clock = HandClock()
    async with FakeDiscord(limits=RateLimits(clock=clock)) as server:
        yield server, clock
    assert not server.errors, server.errors
    assert not server.refusals, server.refusals


async def post(
    session: aiohttp.ClientSession, fake: FakeDiscord, channel: int, n: int
) -> aiohttp.ClientResponse:
    url = f"{fake.api_url}/channels/{channel}/messages"
    headers = {"Authorization": f"Bot {fake.token}"}
    async with session.post(url, json={"content": f"m{n}"}, headers=headers) as response:
        await response.read()
        return response


async def test_a_channel_takes_five_messages_in_five_seconds(limited: tuple[FakeDiscord, HandClock]) -> None:
    fake, clock = limited
    async with aiohttp.ClientSession() as session:
        answers = [await post(session, fake, fake.channel.id, n) for n in range(6)]
        assert [a.status for a in answers] == [200] * 5 + [429]
        assert answers[0].headers["X-RateLimit-Remaining"] == "4"
        assert answers[4].headers["X-RateLimit-Remaining"] == "0"
        refused = answers[5]
        body = await refused.json()
        assert body["global"] is False and 4.9 < body["retry_after"] <= 5.0
        assert refused.headers["X-RateLimit-Remaining"] == "0"
        # another channel is not held up
        other = fake.add_channel("other")
        assert (await post(session, fake, other.id, 0)).status == 200
        clock.now += 4.9  # the window slides: not yet
        assert (await post(session, fake, fake.channel.id, 6)).status == 429
        clock.now += 0.2
        assert (await post(session, fake, fake.channel.id, 7)).status == 200
    assert fake.limits is not None
    assert fake.limits.invalid_in() == 2
    assert len([m for m in fake.messages_in(fake.channel.id)]) == 6


async def test_fifty_requests_a_second_across_the_api(limited: tuple[FakeDiscord, HandClock]) -> None:
    fake, clock = limited
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as session:
        statuses = []
        for _ in range(51):
            async with session.get(f"{fake.api_url}/channels/{fake.channel.id}", headers=headers) as answer:
                statuses.append(answer.status)
                last = answer
                body = await answer.json()
        assert statuses == [200] * 50 + [429]
        assert body["global"] is True and 0 < body["retry_after"] <= 1.0
        assert last.headers["X-RateLimit-Global"] == "true"
        # interaction callbacks are outside the global limit (a 404 here: no such interaction)
        async with session.post(f"{fake.api_url}/interactions/1/x/callback", json={"type": 1}) as answer:
            assert answer.status != 429
        clock.now += 1.01
        async with session.get(f"{fake.api_url}/channels/{fake.channel.id}", headers=headers) as answer:
            assert answer.status == 200
    assert fake.limits is not None and fake.limits.invalid_in() == 1


async def test_a_wrong_token_counts_as_invalid(limited: tuple[FakeDiscord, HandClock]) -> None:
    fake, _ = limited
    async with aiohttp.ClientSession() as session:
        url = f"{fake.api_url}/channels/{fake.channel.id}"
        async with session.get(url, headers={"Authorization": "Bot wrong"}) as answer:
            assert answer.status == 401
    assert fake.limits is not None and fake.limits.invalid == [(1000.0, 401)]


async def test_discord_py_waits_for_the_channel_bucket_by_itself(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Real time: discord.py reads the bucket headers, so seven quick sends to one channel
    all arrive (the sixth after the window frees) with no 429 or one at most."""
    fake.limits = RateLimits()
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_url)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url))
    client = discord.Client(intents=discord.Intents.none())
    await client.login(fake.token)
    try:
        channel = client.get_partial_messageable(fake.channel.id)
        for n in range(7):
            await channel.send(f"message {n}")
    finally:
        await client.close()
    assert [m.content for m in fake.messages_in(fake.channel.id)] == [f"message {n}" for n in range(7)]
    assert len(fake.limits.limited) <= 1
