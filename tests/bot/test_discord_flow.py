"""The whole flow through discord.py on simcord: lobby, moves, buttons, DMs, undo, the end."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest
import simcord
from PIL import Image

import games
from bot.adapter import components
from bot.table import Table, turns
from render.detail import detail
from tests.bot.flow import PNG, custom_ids, latest_board, open_panel, press_in_panel


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

    async def start(self) -> Any:
        """Open, join and start a game of Knarr; the board it posted."""
        await self.alice.slash(self.channel, "game new", game="knarr")
        await self.bob.slash(self.channel, "game join")
        await self.alice.slash(self.channel, "game start", order="joined")
        return latest_board(self.channel)

    async def version(self) -> int:
        return (await self.table.context.active(str(self.channel.id))).version

    async def acting(self) -> tuple[Any, list[str]]:
        game = await self.table.context.active(str(self.channel.id))
        seats = await self.table.storage.seats(game.id)
        seat = games.get("knarr").to_act(game.state)[0]
        user = seats[seat].user_id
        return self.by_id(user), [a for a, _ in await self.table.moves.legal(str(self.channel.id), user)]


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
    assert lobby.ephemeral
    post = world.channel.last_message
    assert "Knarr" in post.content and "advanced" in post.content and "2 to 4 players" in post.content
    joined = await world.bob.slash(world.channel, "game join")
    assert joined.ephemeral and "bob" in world.channel.last_message.content
    started = await world.alice.slash(world.channel, "game start", order="joined")
    assert started.ephemeral
    board = latest_board(world.channel)
    assert (await png_of(board)).startswith(PNG)
    assert world.alice.mention in board.content  # alice sits first and must act
    assert custom_ids(board, "sk:t:") and custom_ids(board, "sk:h:")
    assert not custom_ids(board, "sk:p:") and not custom_ids(board, "sk:q:"), "no moves in public"
    for member in (world.alice, world.bob):
        dm = member.user.dm_channel.last_message
        assert dm is not None and (await png_of(dm)).startswith(PNG)


async def test_lobby_buttons_join_and_start(world: World) -> None:
    await world.alice.slash(world.channel, "game new", game="knarr")
    lobby = world.channel.last_message
    await world.bob.click(lobby, label="Join")
    game = await world.table.context.active(str(world.channel.id))
    assert len(await world.table.storage.seats(game.id)) == 2
    latest = world.channel.last_message  # the refreshed lobby
    assert "bob" in latest.content
    refused = await world.bob.click(latest, label="Start")
    assert refused.ephemeral and "host" in refused.response.content
    await world.alice.click(latest, label="Start")
    assert (await world.table.context.active(str(world.channel.id))).status == "playing"


async def test_lobby_button_of_an_earlier_game_is_refused(world: World) -> None:
    await world.alice.slash(world.channel, "game new", game="knarr")
    old_lobby = world.channel.last_message
    await world.alice.slash(world.channel, "game leave")  # the lobby closes
    await world.alice.slash(world.channel, "game new", game="volga")
    result = await world.bob.click(old_lobby, label="Join")
    assert result.ephemeral and "ended" in result.response.content
    game = await world.table.context.active(str(world.channel.id))
    assert len(await world.table.storage.seats(game.id)) == 1


async def test_move_by_command_then_by_the_private_panel(world: World) -> None:
    await world.start()
    member, actions = await world.acting()
    before = await world.version()
    result = await member.slash(world.channel, "move", action=actions[0])
    assert result.ephemeral and "Done" in result.response.content
    member, actions = await world.acting()
    panel = await open_panel(member, world.channel)
    assert custom_ids(panel.response, "sk:p:") or custom_ids(panel.response, "sk:q:")
    pressed = await press_in_panel(member, panel.response, random.Random(1))
    assert pressed.response.ephemeral and "Done" in pressed.response.content
    assert await world.version() == before + 2


async def test_your_turn_for_someone_else_says_who_is_awaited(world: World) -> None:
    await world.start()
    member, _ = await world.acting()
    other = world.bob if member is world.alice else world.alice
    board = latest_board(world.channel)
    result = await other.click(board, custom_id=custom_ids(board, "sk:t:")[0])
    assert result.ephemeral and "not your turn" in result.response.content
    outsider = await world.carol.click(board, custom_id=custom_ids(board, "sk:t:")[0])
    assert outsider.ephemeral and "not playing" in outsider.response.content


async def test_typed_game_command_and_autocomplete(world: World) -> None:
    await world.start()
    member, actions = await world.acting()
    recruit = next(a for a in actions if a.startswith("recruit"))
    choices = await member.autocomplete(world.channel, "knarr recruit", "card", "")
    assert recruit.split()[1] in [c["value"] for c in choices]
    moves = await member.autocomplete(world.channel, "move", "action", "")
    assert sorted(c["value"] for c in moves) == sorted(actions)[:25] or len(actions) > 25
    result = await member.slash(world.channel, "knarr recruit", card=recruit.split()[1])
    assert result.ephemeral and "Done" in result.response.content


async def test_wrong_player_is_refused_privately(world: World) -> None:
    await world.start()
    member, actions = await world.acting()
    other = world.bob if member is world.alice else world.alice
    version = await world.version()
    result = await other.slash(world.channel, "move", action=actions[0])
    assert result.ephemeral and "not your turn" in result.response.content
    outsider = await world.carol.slash(world.channel, "move", action=actions[0])
    assert outsider.ephemeral and "not playing" in outsider.response.content
    nonsense = await member.slash(world.channel, "move", action="sail to Miklagard")
    assert nonsense.ephemeral
    huge = await member.slash(world.channel, "move", action="x" * 6000)
    assert huge.ephemeral and len(huge.response.content) < 200
    assert await world.version() == version


async def test_stale_panel_is_refused_and_redrawn(world: World) -> None:
    await world.start()
    member, actions = await world.acting()
    panel = await open_panel(member, world.channel)
    await member.slash(world.channel, "move", action=actions[0])
    version = await world.version()
    member_now, _ = await world.acting()
    if member_now is not member:
        return  # the turn passed: the old panel's press is refused as "not your turn"
    result = await press_in_panel(member, panel.response, random.Random(2))
    assert result.response.ephemeral and "moved on" in result.response.content
    assert await world.version() == version


async def test_turn_button_works_after_a_restart(world: World) -> None:
    await world.start()
    member, _ = await world.acting()
    await world.env.restart_bot()
    panel = await open_panel(member, world.channel)
    result = await press_in_panel(member, panel.response, random.Random(3))
    assert result.response.ephemeral and "Done" in result.response.content


async def test_hand_is_ephemeral_and_private(world: World) -> None:
    await world.start()
    result = await world.bob.slash(world.channel, "game hand")
    assert result.ephemeral and (await png_of(result.response)).startswith(PNG)
    outsider = await world.carol.slash(world.channel, "game hand")
    assert outsider.ephemeral and "not playing" in outsider.response.content


async def test_refused_dm_is_announced_and_hand_still_works(world: World) -> None:
    await world.alice.slash(world.channel, "game new", game="knarr")
    await world.bob.slash(world.channel, "game join")
    dm = world.bob.user.dm_channel  # bob's DMs are closed to the bot
    world.env.inject_error(
        "POST",
        f"/channels/{dm.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
    )
    await world.alice.slash(world.channel, "game start", order="joined")
    notices = [m for m in world.channel.history() if "could not send your hand" in m.content]
    assert len(notices) == 1
    game = await world.table.context.active(str(world.channel.id))
    closed = [s for s in await world.table.storage.seats(game.id) if s.dm_closed]
    assert [s.user_id for s in closed] == [str(world.bob.id)]
    result = await world.by_id(closed[0].user_id).slash(world.channel, "game hand")
    assert result.ephemeral and result.response.attachments
    assert not await world.table.storage.pending_outbox()


async def test_undo_own_move(world: World) -> None:
    await world.start()
    member, actions = await world.acting()
    trade = next(a for a in actions if a.startswith("trade"))
    before = await world.table.context.active(str(world.channel.id))
    await member.slash(world.channel, "move", action=trade)
    result = await member.slash(world.channel, "game undo")
    assert result.ephemeral
    assert "took back" in world.channel.last_message.content
    assert (await world.table.context.active(str(world.channel.id))).state == before.state


async def test_game_end_announces_the_result(world: World) -> None:
    await world.start()
    channel = str(world.channel.id)
    game = await world.table.context.active(channel)
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
    messages = list(world.channel.history())
    replay, last = messages[-1], messages[-2]
    assert [a.filename for a in last.attachments][0].startswith("final-")
    assert "wins!**" in last.content and " VP (" in last.content  # the scores and where they came from
    assert not custom_ids(last, "sk:t:")
    assert [a.filename for a in replay.attachments][0].startswith("replay-")
    assert (await replay.attachments[0].read()).startswith(b"GIF8")
    late = await world.alice.slash(world.channel, "move", action="end")
    assert late.ephemeral


async def test_log_is_public_during_play(world: World) -> None:
    await world.start()
    member, actions = await world.acting()
    await member.slash(world.channel, "move", action=actions[0])
    log = await world.carol.slash(world.channel, "game log")
    assert log.ephemeral and log.response.attachments
    attachment = log.response.attachments[0]
    data = json.loads(await attachment.read())
    assert "seed" not in data and "moves" not in data and data["public_log"]
    status = await world.carol.slash(world.channel, "game status")
    assert status.ephemeral and "Knarr" in status.response.content


def _options(command: Any) -> list[Any]:
    return list(getattr(command, "parameters", []))


async def test_every_option_has_a_description_and_commands_are_guild_only(world: World) -> None:
    tree = world.env.bot.tree  # type: ignore[attr-defined]
    for top in tree.get_commands():
        data = top.to_dict(tree)
        assert data.get("contexts") in ([0], None) and data.get("dm_permission") is False, top.name
        stack = [data]
        while stack:
            item = stack.pop()
            for option in item.get("options", []):
                assert option["description"] and option["description"] != "…", (top.name, option["name"])
                stack.append(option)
        if data.get("options") and data["options"][0]["type"] == 1:
            assert len(data["options"]) <= 20, top.name


async def test_the_panel_after_a_move_shows_the_board_and_an_undo(world: World) -> None:
    """After their move the mover's panel has the board as it now stands, and an Undo that
    takes the move back as /game undo does."""
    await world.start()
    member, actions = await world.acting()
    panel = await open_panel(member, world.channel)
    before = await world.table.context.active(str(world.channel.id))
    trade = next(c for c in custom_ids(panel.response, "sk:p:") if c.endswith(":=trade 1"))
    pressed = await member.click(panel.response, custom_id=trade)
    answer = pressed.response
    assert answer.attachments and (await png_of(answer)).startswith(PNG), "the board after the move"
    undo = custom_ids(answer, "sk:z:")
    assert undo, "an Undo for the move just made"
    await member.click(answer, custom_id=undo[0])
    assert "took back" in world.channel.last_message.content
    assert (await world.table.context.active(str(world.channel.id))).state == before.state


async def test_a_press_on_a_panel_drawn_before_the_move_mark_is_redrawn(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A panel drawn before moves carried their mark (when Volga's and Pax's seat numbers
    counted from 0) could name another seat now: a press on it changes nothing, says why in
    one sentence and gives the panel anew."""
    await world.start()
    member, _ = await world.acting()
    with monkeypatch.context() as before:
        before.setattr(components, "panel_move", lambda action, index: action)  # as they were drawn
        old = await open_panel(member, world.channel)
    game = await world.table.context.active(str(world.channel.id))
    trade = next(c for c in custom_ids(old.response, "sk:p:") if c.endswith(":trade 1"))
    pressed = await member.click(old.response, custom_id=trade)
    assert pressed.response.content.startswith(components.OLD_PANEL)
    now = await world.table.context.active(str(world.channel.id))
    assert (now.version, now.state) == (game.version, game.state)
    again = [c for c in custom_ids(pressed.response, "sk:p:") if c.endswith("trade 1")]
    assert again and all(c.endswith(":=trade 1") for c in again)  # the panel anew, in today's form
    played = await member.click(pressed.response, custom_id=again[0])
    assert not played.response.content.startswith(components.OLD_PANEL)
    assert (await world.version()) == game.version + 1


async def test_the_panel_shows_the_part_of_the_board_its_choices_name(world: World) -> None:
    """The Your turn panel carries the part of the public board its moves name, cut and
    scaled to read on a phone (``render.detail``); the whole board when they name nothing."""
    await world.start()
    member, _ = await world.acting()
    panel = await open_panel(member, world.channel)
    assert panel.ephemeral and panel.response.attachments, "a picture with the panel"
    shown = Image.open(io.BytesIO(await png_of(panel.response)))
    game = await world.table.context.active(str(world.channel.id))
    seats = await world.table.storage.seats(game.id)
    names = [s.name for s in seats]
    knarr = games.get("knarr")
    seat = knarr.to_act(game.state)[0]
    labels = [label for _, label in turns.choices(knarr, game.state, seat, names)]
    expected = detail(knarr.view(game.state, None), names=names, labels=labels)
    assert expected is not None, labels  # the Viking cards for hire are on the board
    assert shown.size == expected.image.size and shown.width < 1280


async def test_the_panels_hint_answers_privately(world: World) -> None:
    await world.start()
    member, _ = await world.acting()
    panel = await open_panel(member, world.channel)
    hint = custom_ids(panel.response, "sk:i:")
    assert hint, "a Hint in the panel"
    answer = await member.click(panel.response, custom_id=hint[0])
    assert answer.ephemeral and "sensible bot would play" in answer.response.content
