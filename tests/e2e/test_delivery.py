"""Delivery through the real ``python -m bot`` against the fake Discord: who is pinged,
many channels at once, and kill -9 at each point of delivery followed by a restart.

The fake records whom each new message notifies (as Discord decides it) and remembers
nonces only until ``forget_nonces()``, like Discord's few minutes.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
from typing import Any

import pytest

import games
from tests.e2e.fake_discord import FLAG_LOADING, Channel, FakeDiscord, FakeUser, Message
from tests.e2e.process import WAIT, Bot

MODULE = games.get("knarr")


async def _answered(bot: Bot, ix: Any) -> Message:
    assert bot.skald is not None
    return await bot.skald.answered(ix)


async def open_game(bot: Bot, channel: Channel) -> None:
    fake = bot.fake
    await _answered(
        bot, await fake.slash(fake.alice, "game", {"game": "knarr"}, subcommand="new", channel_id=channel.id)
    )
    await _answered(bot, await fake.slash(fake.bob, "game", subcommand="join", channel_id=channel.id))
    await _answered(
        bot,
        await fake.slash(fake.alice, "game", {"order": "joined"}, subcommand="start", channel_id=channel.id),
    )


def users_of(fake: FakeDiscord) -> dict[str, FakeUser]:
    return {str(u.id): u for u in (fake.alice, fake.bob)}


async def move(bot: Bot, channel: Channel, rng: random.Random) -> None:
    """The acting player makes a random legal move with /move (answered privately)."""
    _, state, users = bot.game(channel)
    seat = MODULE.to_act(state)[0]
    action = rng.choice(MODULE.legal_actions(state, seat))
    user = users_of(bot.fake)[users[seat]]
    reply = await _answered(
        bot, await bot.fake.slash(user, "move", {"action": action}, channel_id=channel.id)
    )
    assert reply.ephemeral and "Done" in reply.content, reply.content


def boards(fake: FakeDiscord, channel: Channel) -> list[Message]:
    return [m for m in fake.messages_in(channel.id) if m.has_png and not m.ephemeral]


async def settled(bot: Bot) -> None:
    assert bot.skald is not None
    await bot.skald.until(lambda: bot.unsent() == 0, "the outbox to be delivered")


async def test_each_board_pings_exactly_the_seats_that_must_act(bot: Bot) -> None:
    fake = bot.fake
    await open_game(bot, fake.channel)
    rng = random.Random(5)
    checked = 0
    for _ in range(25):
        await settled(bot)
        board = boards(fake, fake.channel)[-1]
        _, state, users = bot.game(fake.channel)
        expected = sorted(int(users[s]) for s in MODULE.to_act(state))
        if not MODULE.midway(state):
            assert sorted(fake.pings_for(board.id)) == expected, board.content
            checked += 1
        await move(bot, fake.channel, rng)
    await settled(bot)
    board_ids = {b.id for b in boards(fake, fake.channel)}
    # Nothing else pinged anyone: lobby posts, private answers and panels notify nobody.
    assert {m for _, m in fake.pings} <= board_ids
    assert all(len(fake.pings_for(b)) == len(set(fake.pings_for(b))) for b in board_ids)
    assert checked >= 10


async def test_eight_channels_moving_at_once_post_no_board_twice(bot: Bot) -> None:
    fake = bot.fake
    channels = [fake.add_channel(f"table-{i}") for i in range(8)]
    await bot.skald.until(lambda: True, "")  # type: ignore[union-attr]
    for channel in channels:
        await open_game(bot, channel)

    async def play(channel: Channel, seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(6):
            await move(bot, channel, rng)

    await asyncio.gather(*(play(c, i) for i, c in enumerate(channels)))
    await settled(bot)
    for channel in channels:
        posted = [m for m in fake.messages_in(channel.id) if not m.ephemeral]
        nonces = [m.nonce for m in posted]
        assert len(nonces) == len(set(nonces)), "a message was posted twice"
        gid, _, _ = bot.game(channel)
        rows = bot.query(
            "SELECT message_id, json_extract(payload, '$.carried_by') FROM outbox"
            " WHERE game_id = ? AND kind = 'channel'",
            gid,
        )
        # each row is one message, or carried by a newer board while the channel was full
        own = [message for message, carrier in rows if carrier is None]
        assert len(own) == len(posted) and len(set(own)) == len(own)
        assert {message for message, carrier in rows if carrier is not None} <= set(own)


def _is_board(message: Message, channel: Channel) -> bool:
    return message.channel_id == channel.id and message.has_png


@pytest.mark.parametrize("late", [False, True], ids=["early", "late"])
@pytest.mark.parametrize("point", ["ack", "board", "dm"])
async def test_kill_9_at_each_point_of_delivery(bot: Bot, point: str, late: bool) -> None:
    fake = bot.fake
    await open_game(bot, fake.channel)
    await settled(bot)
    moves_before = bot.query("SELECT COUNT(*) FROM actions")[0][0]
    killed = asyncio.Event()

    def kill_on_message(message: Message) -> None:
        dm = fake.channels[message.channel_id].recipient is not None
        if not killed.is_set() and (
            (point == "board" and _is_board(message, fake.channel)) or (point == "dm" and dm)
        ):
            killed.set()
            bot.kill()

    def kill_on_answer(ix: Any) -> None:
        if not killed.is_set() and point == "ack" and ix.data.get("name") == "move":
            killed.set()
            bot.kill()

    fake.on_created.append(kill_on_message)
    fake.on_answered.append(kill_on_answer)
    rng = random.Random(11)
    made = 0
    for _ in range(40):
        _, state, users = bot.game(fake.channel)
        seat = MODULE.to_act(state)[0]
        action = rng.choice(MODULE.legal_actions(state, seat))
        user = users_of(fake)[users[seat]]
        ix = await fake.slash(user, "move", {"action": action}, wait=False)
        made += 1
        await fake.wait_for(
            lambda ix=ix: killed.is_set() or (ix.acknowledged.is_set() and bot.unsent() == 0),  # type: ignore[misc]
            WAIT,
            what="the move to be handled",
        )
        if killed.is_set():
            break
    assert killed.is_set(), "the kill point was never reached"
    await bot.stopped()
    fake.on_created.clear()
    fake.on_answered.clear()
    if late:  # hours pass: Discord forgets the nonces, and the unconfirmed sends are old
        fake.forget_nonces()
        with sqlite3.connect(bot.db) as db:
            db.execute(
                "UPDATE outbox SET attempted_at = attempted_at - 7200, claimed_until = claimed_until - 7200"
                " WHERE sent_at IS NULL AND attempted_at IS NOT NULL"
            )
    await bot.start()
    await settled(bot)
    # No move lost or doubled: every /move the fake answered is in the log once.
    moves = bot.query("SELECT COUNT(*) FROM actions")[0][0]
    assert moves_before < moves <= moves_before + made
    # No board or DM twice: each outbox row is one message, found by its file name.
    posted = [m for m in fake.messages.values() if not m.ephemeral and not m.deleted]
    names = [a.filename for m in posted for a in m.attachments]
    assert len(names) == len(set(names)), sorted(names)
    rows = bot.query("SELECT id, kind FROM outbox WHERE sent_at IS NOT NULL AND kind IN ('channel', 'dm')")
    pictured = {f"board-{i}.png" for i, k in rows} | {f"hand-{i}.png" for i, k in rows}
    assert {n for n in names if "-" in n} <= pictured
    sent_boards = bot.query(
        "SELECT COUNT(*) FROM outbox WHERE kind = 'channel' AND sent_at IS NOT NULL"
        " AND json_extract(payload, '$.carried_by') IS NULL"
    )[0][0]
    assert len([m for m in posted if m.channel_id == fake.channel.id]) == sent_boards
    assert not [m for m in fake.messages.values() if m.flags & FLAG_LOADING], (
        "a thinking placeholder was left"
    )
    # The restart found the command tree unchanged and did not sync it again.
    assert len(fake.requests_to("PUT", r"/applications/\d+/guilds/\d+/commands")) == 1


async def test_a_replay_being_made_when_the_bot_is_killed_is_answered_after_the_restart(bot: Bot) -> None:
    """/game replay defers ("thinking") while the GIF is made; a kill -9 then must not leave
    the answer thinking for good: the restarted bot makes it and fills the placeholder."""
    fake = bot.fake
    await open_game(bot, fake.channel)
    await _answered(bot, await fake.slash(fake.bob, "game", subcommand="resign"))  # two players: over
    await settled(bot)
    killed = asyncio.Event()

    def kill_on_defer(ix: Any) -> None:
        if ix.data.get("name") == "game" and ix.response_type == 5 and not killed.is_set():
            killed.set()
            bot.kill()  # the defer reached Discord; the GIF is not made yet

    fake.on_answered.append(kill_on_defer)
    ix = await fake.slash(fake.alice, "game", subcommand="replay", wait=False)
    await fake.wait_for(killed.is_set, WAIT, what="the replay to be deferred")
    await bot.stopped()
    fake.on_answered.clear()
    placeholder = fake.messages[ix.original_message_id or 0]
    assert placeholder.flags & FLAG_LOADING
    await bot.start()
    assert bot.skald is not None
    await bot.skald.until(lambda: not placeholder.flags & FLAG_LOADING, "the replay after the restart")
    assert [a.filename for a in placeholder.attachments] == ["replay-last.gif"]
    await bot.skald.until(
        lambda: bot.query("SELECT COUNT(*) FROM answers")[0][0] == 0, "the answer crossed out"
    )
