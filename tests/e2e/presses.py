"""Whole games played by presses only, as on a phone, with Skald on the strict fake Discord.

``Pressing`` runs the bot in this process (``SkaldBot`` on a ``Table`` whose seeds it
chooses) connected to a ``FakeDiscord`` over real HTTP and a real gateway. Each person
opens their panel with the board's **Your turn** button and presses its buttons and
select options, chosen by a seeded generator, until the game ends; now and then someone
presses **My hand**, and at the end the table's other commands are run. Every request
the bot makes passes the fake's checks (``tests.discord_api``), which refuse as Discord
would.

``Record`` keeps what happened (each press, who acted before and after it, each public
message and whom it notified), from which ``tests`` and ``scripts/press_games.py``
compute presses per turn, pings and messages per round.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

import discord
import yarl

import games
from bot.adapter.app import SkaldBot
from bot.adapter.delivery import Delivery
from bot.store.storage import Storage
from bot.table import Table
from tests.e2e.fake_discord import FakeDiscord, FakeUser, Interaction, Message
from tests.e2e.fake_records import FLAG_LOADING, Channel

WAIT = 30.0
TURN = re.compile(r"sk:t:\d+")
HAND = re.compile(r"sk:h:\d+")
PANEL_BUTTON = re.compile(r"sk:p:\d+:\d+:.+")
PANEL_SELECT = re.compile(r"sk:q:\d+:\d+:\d+")
PAGE = re.compile(r"sk:g:\d+:\d+:[a-z]+")


@dataclass
class Press:
    seat: int
    kind: str  # turn | move | page | hand
    acting_before: list[int]
    acting_after: list[int]
    midway_after: bool
    refused: bool = False  # the panel was redrawn with a reason instead


@dataclass
class Record:
    game: str
    players: int
    humans: list[int]
    seed: int
    presses: list[Press] = field(default_factory=list)
    public: list[Message] = field(default_factory=list)  # every public channel message, in order
    pings: list[tuple[int, int]] = field(default_factory=list)  # (seat, message id)
    pings_while_acting: int = 0
    turns: int = 0  # times who must act changed
    over: bool = False
    requests: int = 0
    refusals: list[str] = field(default_factory=list)


@asynccontextmanager
async def skald_on(fake: FakeDiscord, folder: Path, seed: int) -> AsyncIterator[SkaldBot]:
    """Skald in this process, connected to ``fake``; every game it opens has seed ``seed``."""
    base, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = fake.api_url  # type: ignore[misc]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    storage = await Storage.open(str(folder / f"presses-{seed}.db"))
    table = Table(storage, seeds=lambda: seed)
    bot = SkaldBot(table, test_guild=fake.guild_id, background=False, guild_ready_timeout=0.1)
    # no rate limits in this fake, and nothing to wait for between messages
    bot.controller.delivery = Delivery(bot, table, owner="presses", paced=False)
    runner = asyncio.create_task(bot.start(fake.token))
    try:
        await fake.wait_for(lambda: bot.is_ready() or runner.done(), WAIT, what="Skald to be ready")
        if runner.done():
            runner.result()
        yield bot
    finally:
        await bot.close()
        runner.cancel()
        await asyncio.gather(runner, return_exceptions=True)
        await storage.close()
        discord.http.Route.BASE = base  # type: ignore[misc]
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway


class Pressing:
    """One game in one channel, played by presses."""

    def __init__(self, fake: FakeDiscord, bot: SkaldBot, channel: Channel, rng: Random) -> None:
        self.fake, self.bot, self.channel, self.rng = fake, bot, channel, rng
        self.cid = str(channel.id)
        self.storage = bot.controller.table.storage
        self.panels: dict[int, Message] = {}  # user id -> their newest panel

    async def answered(self, ix: Interaction) -> Message | None:
        def reply() -> Message | None:
            message = self.fake.messages.get(ix.original_message_id or 0)
            return message if message and not message.flags & FLAG_LOADING else None

        await self.fake.wait_for(lambda: ix.acknowledged.is_set(), WAIT, what="an answer")
        if ix.original_message_id is None:
            return None
        return await self.fake.wait_for(reply, WAIT, what="a complete answer")

    async def settled(self) -> None:
        await self.bot.controller.flush()

    async def slash(self, user: FakeUser, sub: str, options: dict[str, Any] | None = None) -> Message | None:
        ix = await self.fake.slash(
            user, "game", options, subcommand=sub, channel_id=self.channel.id, timeout=WAIT
        )
        reply = await self.answered(ix)
        await self.settled()
        while await self.storage.owed():  # a deferred answer is crossed out just after it is sent
            await asyncio.sleep(0.01)
        return reply

    async def state(self) -> tuple[dict[str, Any], list[Any], str]:
        game = await self.storage.latest_game(self.cid)
        assert game is not None and game.state is not None
        return game.state, await self.storage.seats(game.id), game.status

    async def open(self, game_id: str, people: list[FakeUser], bots: int) -> None:
        host, *others = people
        await self.slash(host, "new", {"game": game_id})
        for user in others:
            await self.slash(user, "join")
        for _ in range(bots):
            await self.slash(host, "addbot")
        await self.slash(host, "start", {"order": "joined"})

    def newest_with(self, pattern: re.Pattern[str]) -> tuple[Message, str] | None:
        for message in reversed(self.fake.messages_in(self.channel.id)):
            if message.ephemeral:
                continue
            found = next(
                (b["custom_id"] for b in message.buttons() if pattern.fullmatch(b["custom_id"])), None
            )
            if found:
                return message, found
        return None

    @staticmethod
    def moves_on(panel: Message) -> list[tuple[str, str | None]]:
        """(custom id, select value or None) of every move and page press a panel offers."""
        found: list[tuple[str, str | None]] = []
        for button in panel.buttons():
            if PANEL_BUTTON.fullmatch(button["custom_id"]) or PAGE.fullmatch(button["custom_id"]):
                found.append((button["custom_id"], None))
        for select in panel.selects():
            if PANEL_SELECT.fullmatch(select["custom_id"]):
                found += [(select["custom_id"], o["value"]) for o in select["options"]]
        return found

    async def press(
        self, user: FakeUser, message: Message, custom_id: str, value: str | None
    ) -> Message | None:
        if value is None:
            ix = await self.fake.click(user, message, custom_id, timeout=WAIT)
        else:
            ix = await self.fake.select(user, message, custom_id, [value], timeout=WAIT)
        reply = await self.answered(ix)
        await self.settled()
        return reply

    async def play(self, record: Record, users: dict[int, FakeUser], *, max_presses: int = 20000) -> Record:
        module = games.get(record.game)
        state, seats, status = await self.state()
        # the board the start posted: it told the first seats their turn began
        seen_public = self._note_public(record, users, 0, [])
        current: int | None = None
        while status == "playing" and len(record.presses) < max_presses:
            acting = [s for s in module.to_act(state) if s in users]
            assert acting, f"the game waits for nobody who can press: {module.to_act(state)}"
            seat = current if current in acting else self.rng.choice(acting)
            current = seat
            user = users[seat]
            panel = self.panels.get(user.id)
            kind = "move"
            if self.rng.random() < 0.02 and (hand := self.newest_with(HAND)):
                await self.press(user, hand[0], hand[1], None)
                record.presses.append(Press(seat, "hand", acting, acting, False))
                continue
            if panel is None or not self.moves_on(panel):
                turn = self.newest_with(TURN)
                assert turn is not None, "no Your turn button in the channel"
                opened = await self.press(user, turn[0], turn[1], None)
                assert opened is not None and opened.ephemeral, "the panel is private"
                self.panels[user.id] = panel = opened
                state, seats, status = await self.state()
                record.presses.append(Press(seat, "turn", acting, acting, bool(module.midway(state))))
                if not self.moves_on(panel):
                    raise AssertionError(
                        f"seat {seat} must act but its panel offers nothing: {panel.content}"
                    )
            custom_id, value = self.rng.choice(self.moves_on(panel))
            kind = "page" if PAGE.fullmatch(custom_id) else "move"
            before = acting
            reply = await self.press(user, panel, custom_id, value)
            if reply is not None and reply.ephemeral and reply.id != panel.id:
                self.panels[user.id] = reply  # a refusal or a new panel
            state, seats, status = await self.state()
            after = [s for s in module.to_act(state) if s in users] if status == "playing" else []
            refused = panel.content.startswith(("The game has moved on", "That move"))
            record.presses.append(Press(seat, kind, before, after, bool(module.midway(state)), refused))
            if module.to_act(state) != before:
                record.turns += 1
            seen_public = self._note_public(record, users, seen_public, before)
        record.over = status == "over"
        return record

    def _note_public(self, record: Record, users: dict[int, FakeUser], seen: int, before: list[int]) -> int:
        public = [m for m in self.fake.messages_in(self.channel.id) if not m.ephemeral]
        by_user = {u.id: seat for seat, u in users.items()}
        for message in public[seen:]:
            record.public.append(message)
            for user_id in self.fake.pings_for(message.id):
                seat = by_user.get(user_id)
                if seat is None:
                    continue
                record.pings.append((seat, message.id))
                if seat in before:
                    record.pings_while_acting += 1
        return len(public)

    async def finish(self, users: list[FakeUser]) -> None:
        """The commands a table uses around a game: status, board, log, history, replay."""
        host = users[0]
        for sub in ("status", "board", "log", "history", "replay"):
            await self.slash(host, sub)


def table_people(fake: FakeDiscord, count: int) -> list[FakeUser]:
    """``count`` people for a table: alice, bob and carol, then new players as needed."""
    people = [fake.user(name) for name in ("alice", "bob", "carol")]
    while len(people) < count:
        extra = FakeUser(fake.snowflake(), f"player{len(people) + 1}")
        fake.users[extra.id] = extra
        people.append(extra)
    return people[:count]


async def play_game(
    fake: FakeDiscord,
    bot: SkaldBot,
    game: str,
    players: int,
    humans: int,
    seed: int,
    *,
    max_presses: int = 20000,
) -> Record:
    """One whole game in a new channel: ``humans`` people (the first is the host) and bot
    seats for the rest, seats in joining order."""
    people = table_people(fake, humans)
    channel = fake.add_channel(f"{game}-{players}-{seed}")
    table = Pressing(fake, bot, channel, Random(seed))
    await table.open(game, people, players - humans)
    record = Record(game, players, list(range(humans)), seed)
    before = len(fake.requests)
    await table.play(record, dict(enumerate(people)), max_presses=max_presses)
    if record.over:
        await table.finish(people)
    record.requests = len(fake.requests) - before
    record.refusals = list(fake.refusals)
    return record
