"""The whole flow through discord.py on simcord: lobby, moves, buttons, DMs, undo, the end."""

from __future__ import annotations

import json
from typing import Any

import pytest
import simcord

import games
from bot.table import Table

PNG = b"\x89PNG\r\n\x1a\n"


class World:
    def __init__(self, env: simcord.Env, table: Table) -> None:
        self.env, self.table = env, table
        self.guild = env.create_guild()
        self.channel = self.guild.create_text_channel("vikings")
        self.alice = self.guild.add_member(env.create_user("alice"))
        self.bob = self.guild.add_member(env.create_user("bob"))
        self.carol = self.guild.add_member(env.create_user("carol"))

    def by_id(self, user_id: str) -> Any:
        return next(m for m in (self.alice, self.bob, self.carol) if str(m.id) == user_id)

    async def start(self) -> simcord.InteractionResult:
        await self.alice.slash(self.channel, "game new", game="knarr")
        await self.bob.slash(self.channel, "game join")
        return await self.alice.slash(self.channel, "game start", order="joined")

    async def acting(self) -> tuple[Any, list[str]]:
        game = await self.table.active(str(self.channel.id))
        seats = await self.table.storage.seats(game.id)
        seat = games.get("knarr").to_act(game.state)[0]
        user = seats[seat].user_id
        return self.by_id(user), [a for a, _ in await self.table.legal(str(self.channel.id), user)]


@pytest.fixture
def world(simcord_env: simcord.Env, table: Table) -> World:
    return World(simcord_env, table)


async def png_of(message: Any) -> bytes:
    assert message.attachments, "expected a picture"
    return await message.attachments[0].read()


async def test_commands_are_synced(world: World) -> None:
    names = world.alice.available_commands(world.channel)
    for expected in (
        "game new",
        "game join",
        "game start",
        "game hand",
        "move",
        "knarr recruit",
        "knarr explore",
    ):
        assert expected in names


async def test_new_join_start_posts_board_and_dms_hands(world: World) -> None:
    lobby = await world.alice.slash(world.channel, "game new", game="knarr", options="ship=advanced")
    assert "Knarr" in lobby.response.content and "advanced" in lobby.response.content
    joined = await world.bob.slash(world.channel, "game join")
    assert "bob" in joined.response.content
    started = await world.alice.slash(world.channel, "game start", order="joined")
    board = started.response
    assert not board.ephemeral
    assert (await png_of(board)).startswith(PNG)
    assert world.alice.mention in board.content  # alice sits first and must act
    assert board.components, "the turn message carries buttons"
    for member in (world.alice, world.bob):
        dm = member.user.dm_channel.last_message
        assert dm is not None and (await png_of(dm)).startswith(PNG)


async def test_lobby_buttons_join_and_start(world: World) -> None:
    lobby = await world.alice.slash(world.channel, "game new", game="knarr")
    await world.bob.click(lobby.response, label="Join")
    game = await world.table.active(str(world.channel.id))
    assert len(await world.table.storage.seats(game.id)) == 2
    latest = world.channel.last_message  # the refreshed lobby; the old one lost its buttons
    assert "bob" in latest.content
    refused = await world.bob.click(latest, label="Start")
    assert refused.ephemeral and "host" in refused.response.content
    await world.alice.click(latest, label="Start")
    assert (await world.table.active(str(world.channel.id))).status == "playing"


async def test_move_by_command_and_by_button(world: World) -> None:
    await world.start()
    member, actions = await world.acting()
    before = (await world.table.active(str(world.channel.id))).version
    result = await member.slash(world.channel, "move", action=actions[0])
    assert not result.ephemeral and (await png_of(result.response)).startswith(PNG)
    member, actions = await world.acting()
    latest = world.channel.last_message
    pressed = await member.click(
        latest,
        custom_id=next(
            c["custom_id"]
            for row in latest.components
            for c in _flat(row)
            if c.get("custom_id", "").startswith("sk:a:")
        ),
    )
    assert not pressed.ephemeral
    assert (await world.table.active(str(world.channel.id))).version == before + 2


def _flat(component: Any) -> list[dict[str, Any]]:
    data = component if isinstance(component, dict) else component.to_dict()
    return data.get("components", [data])


async def test_typed_game_command_and_autocomplete(world: World) -> None:
    await world.start()
    member, actions = await world.acting()
    recruit = next(a for a in actions if a.startswith("recruit"))
    choices = await member.autocomplete(world.channel, "knarr recruit", "card", "")
    assert recruit.split()[1] in [c["value"] for c in choices]
    moves = await member.autocomplete(world.channel, "move", "action", "")
    assert sorted(c["value"] for c in moves) == sorted(actions)
    result = await member.slash(world.channel, "knarr recruit", card=recruit.split()[1])
    assert not result.ephemeral


async def test_wrong_player_is_refused_privately(world: World) -> None:
    await world.start()
    member, actions = await world.acting()
    other = world.bob if member is world.alice else world.alice
    version = (await world.table.active(str(world.channel.id))).version
    result = await other.slash(world.channel, "move", action=actions[0])
    assert result.ephemeral and "not your turn" in result.response.content
    outsider = await world.carol.slash(world.channel, "move", action=actions[0])
    assert outsider.ephemeral and "not playing" in outsider.response.content
    nonsense = await member.slash(world.channel, "move", action="sail to Miklagard")
    assert nonsense.ephemeral
    assert (await world.table.active(str(world.channel.id))).version == version


async def test_stale_button_is_refused(world: World) -> None:
    started = await world.start()
    board = started.response
    member, actions = await world.acting()
    await member.slash(world.channel, "move", action=actions[0])
    member, _ = await world.acting()
    old_button = next(
        c["custom_id"]
        for row in board.components
        for c in _flat(row)
        if c.get("custom_id", "").startswith("sk:a:")
    )
    result = await member.click(board, custom_id=old_button)
    assert result.ephemeral and "out of date" in result.response.content


async def test_buttons_work_after_a_restart(world: World) -> None:
    await world.start()
    member, _ = await world.acting()
    await world.env.restart_bot()
    latest = world.channel.last_message
    button = next(
        c["custom_id"]
        for row in latest.components
        for c in _flat(row)
        if c.get("custom_id", "").startswith("sk:a:")
    )
    result = await member.click(latest, custom_id=button)
    assert not result.ephemeral


async def test_hand_is_ephemeral_and_private(world: World) -> None:
    await world.start()
    result = await world.bob.slash(world.channel, "game hand")
    assert result.ephemeral and (await png_of(result.response)).startswith(PNG)
    outsider = await world.carol.slash(world.channel, "game hand")
    assert outsider.ephemeral and "not playing" in outsider.response.content


async def test_refused_dm_is_announced_and_hand_still_works(world: World) -> None:
    await world.alice.slash(world.channel, "game new", game="knarr")
    await world.bob.slash(world.channel, "game join")
    world.env.inject_error(
        "POST", "/channels/*/messages", status=403, code=50007, message="Cannot send messages to this user"
    )
    await world.alice.slash(world.channel, "game start", order="joined")
    notices = [m for m in world.channel.history() if "could not send your hand" in m.content]
    assert len(notices) == 1
    game = await world.table.active(str(world.channel.id))
    closed = [s for s in await world.table.storage.seats(game.id) if s.dm_closed]
    assert len(closed) == 1
    result = await world.by_id(closed[0].user_id).slash(world.channel, "game hand")
    assert result.ephemeral and result.response.attachments
    assert not await world.table.storage.pending_outbox()


async def test_undo_own_move(world: World) -> None:
    await world.start()
    member, actions = await world.acting()
    trade = next(a for a in actions if a.startswith("trade"))
    before = await world.table.active(str(world.channel.id))
    await member.slash(world.channel, "move", action=trade)
    result = await member.slash(world.channel, "game undo")
    assert "took back" in result.response.content
    assert (await world.table.active(str(world.channel.id))).state == before.state


async def test_game_end_announces_the_result(world: World) -> None:
    await world.start()
    channel = str(world.channel.id)
    game = await world.table.active(channel)
    state = json.loads(json.dumps(game.state))
    # Everyone is near the end: the first player's turn finishes the round at 40+ points.
    for seat in state["seats"]:
        seat["score"] = 45
    state["final_round"] = True
    async with world.table.storage.transaction() as db:
        await db.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), game.id))
    for _ in range(40):
        game = await world.table.storage.latest_game(channel)
        if game.status == "over":
            break
        member, actions = await world.acting()
        end = next((a for a in actions if a in ("end", "pass")), actions[0])
        await member.slash(world.channel, "move", action=end)
    assert game.status == "over"
    last = world.channel.last_message
    assert "Game over" in last.content
    late = await world.alice.slash(world.channel, "move", action="end")
    assert late.ephemeral


async def test_log_and_status(world: World) -> None:
    await world.start()
    member, actions = await world.acting()
    await member.slash(world.channel, "move", action=actions[0])
    log = await world.bob.slash(world.channel, "game log")
    assert log.ephemeral and log.response.attachments
    status = await world.carol.slash(world.channel, "game status")
    assert status.ephemeral and "Knarr" in status.response.content
