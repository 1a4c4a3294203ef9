"""Quick checks of the fake Discord itself, with a minimal discord.py bot in this process."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import AsyncIterator
from typing import Literal

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.e2e.conftest import tiny_png
from tests.e2e.fake_discord import PNG_SIGNATURE, FakeDiscord

PNG = tiny_png()


class Vote(discord.ui.DynamicItem[discord.ui.Button], template=r"vote:(?P<choice>\w+)"):
    """A persistent button: it works from its custom_id alone, even after a restart."""

    def __init__(self, choice: str) -> None:
        super().__init__(discord.ui.Button(label=choice.title(), custom_id=f"vote:{choice}"))
        self.choice = choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str]
    ) -> Vote:
        return cls(match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(
            content=f"{interaction.user.mention} voted {self.choice}", view=None
        )


def make_bot(guild_id: int) -> commands.Bot:
    intents = discord.Intents.default()
    intents.members = True
    bot = commands.Bot(command_prefix="!", intents=intents, guild_ready_timeout=0.1)
    game = app_commands.Group(name="game", description="Play a game")

    @game.command(name="new", description="Open a table")
    async def game_new(interaction: discord.Interaction, game: Literal["knarr", "volga"]) -> None:
        await interaction.response.defer(thinking=True)
        view = discord.ui.View(timeout=None)
        view.add_item(Vote("yes"))
        view.add_item(Vote("no"))
        await interaction.followup.send(
            f"{game}: {interaction.user.mention} to act",
            file=discord.File(io.BytesIO(PNG), "board.png"),
            view=view,
        )

    @app_commands.command(name="board", description="Show the board")
    async def board(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(file=discord.File(io.BytesIO(PNG), "board.png"))

    bot.tree.add_command(board)
    bot.tree.add_command(game, guild=discord.Object(guild_id))
    bot.add_dynamic_items(Vote)

    async def setup_hook() -> None:
        await bot.tree.sync()
        await bot.tree.sync(guild=discord.Object(guild_id))

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


@pytest.fixture
async def bot(point_discord_at: FakeDiscord) -> AsyncIterator[commands.Bot]:
    fake = point_discord_at
    client = make_bot(fake.guild_id)
    runner = asyncio.create_task(client.start(fake.token))
    try:
        await fake.wait_for(lambda: client.is_ready() or runner.done(), 10, what="the bot to be ready")
        if runner.done():
            runner.result()  # raises what start() raised
        yield client
    finally:
        await client.close()
        runner.cancel()
        await asyncio.gather(runner, return_exceptions=True)


async def test_handshake_and_sync(fake: FakeDiscord, bot: commands.Bot) -> None:
    assert [r.path for r in fake.requests[:2]] == ["/users/@me", "/oauth2/applications/@me"]
    assert set(fake.global_commands) == {"board"}
    assert set(fake.guild_commands[fake.guild_id]) == {"game"}
    session = await fake.wait_until_connected()
    assert session.query["v"] == "10"
    ops = [p["op"] for p in session.received]
    assert ops[:2] == [1, 2]  # a heartbeat at once, then IDENTIFY
    guild = bot.get_guild(fake.guild_id)
    assert guild is not None and guild.get_channel(fake.channel.id) is not None
    assert {m.id for m in guild.members} == set(fake.users)
    assert {m.id for m in await guild.chunk()} == set(fake.users)
    assert 8 in [p["op"] for p in session.received]  # chunk() asked, the fake answered
    with pytest.raises(LookupError, match="never synced"):
        await fake.slash(fake.alice, "nope")


async def test_slash_command_with_png(fake: FakeDiscord, bot: commands.Bot) -> None:
    ix = await fake.slash(fake.alice, "board")
    assert ix.response_type == 4
    message = fake.last_message()
    assert message is not None and message.id == ix.original_message_id
    [attachment] = message.attachments
    assert attachment.filename == "board.png" and attachment.data == PNG
    callback = fake.requests_to("POST", rf"/interactions/{ix.id}/[^/]+/callback")[0]
    assert callback.query == {"with_response": "1"}
    assert callback.files[0].data.startswith(PNG_SIGNATURE)


async def test_subcommand_defer_followup_and_persistent_button(fake: FakeDiscord, bot: commands.Bot) -> None:
    with pytest.raises(ValueError, match="choices"):
        await fake.slash(fake.alice, "game", {"game": "chess"}, subcommand="new")
    ix = await fake.slash(fake.alice, "game", {"game": "knarr"}, subcommand="new")
    assert ix.response_type == 5
    message = await fake.wait_for_message(lambda m: m.has_png and bool(m.buttons()))
    assert message.id == ix.original_message_id  # the first follow-up fills the deferred reply
    assert fake.alice.id in message.mentions()
    assert [b["custom_id"] for b in message.buttons()] == ["vote:yes", "vote:no"]

    mark = fake.mark()
    click = await fake.click(fake.bob, message, "vote:no")
    assert click.response_type == 7
    edited = await fake.wait_for_message(lambda m: m.id == message.id, since=mark)
    assert edited.components == [] and fake.bob.mention in edited.content
    with pytest.raises(LookupError, match="no button"):
        await fake.click(fake.bob, edited, "vote:yes")

    # A button on a message from "before a restart" still works: DynamicItem matches its id.
    button = {"type": 2, "style": 1, "label": "Yes", "custom_id": "vote:yes"}
    old = fake.seed_message("old board", [{"type": 1, "components": [button]}])
    await fake.click(fake.carol, old, "vote:yes")
    assert fake.messages[old.id].content == f"{fake.carol.mention} voted yes"


async def test_dm_to_user_with_dms_closed_is_forbidden(fake: FakeDiscord, bot: commands.Bot) -> None:
    fake.carol.dms_closed = True
    bob = await bot.fetch_user(fake.bob.id)
    await bob.send("your hand", file=discord.File(io.BytesIO(PNG), "hand.png"))
    [dm] = fake.dms_to(fake.bob)
    assert dm.content == "your hand" and dm.has_png
    for _ in range(2):  # a repeated nonce gives back the first message (crash-safe resend)
        again = await bob.send("once", nonce="n-1")
    assert [m.content for m in fake.dms_to(fake.bob)] == ["your hand", "once"]
    assert again.content == "once"

    carol = bot.get_user(fake.carol.id)
    assert carol is not None
    with pytest.raises(discord.Forbidden) as caught:
        await carol.send("your hand")
    assert caught.value.code == 50007
    assert fake.dms_to(fake.carol) == []
    with pytest.raises(discord.NotFound):
        await bot.http.request(discord.http.Route("GET", "/no/such/route"))
