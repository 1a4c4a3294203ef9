"""/game history and /game replay through discord.py on simcord: the list of finished
games, any one's game file, and the animated replay posted without pinging anyone."""

from __future__ import annotations

import json

import simcord

from bot.table import Table
from tests.bot.flow import flat


async def test_history_lists_finished_games_and_sends_any_ones_file(
    simcord_env: simcord.Env, table: Table
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("vikings")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    none_yet = await alice.slash(channel, "game history")
    assert none_yet.ephemeral and none_yet.response.content == "No game has finished in this channel yet."
    for _ in range(2):
        await alice.slash(channel, "game new", game="knarr")
        await bob.slash(channel, "game join")
        await alice.slash(channel, "game start", order="joined")
        await bob.slash(channel, "game resign")
    listing = await bob.slash(channel, "game history")
    assert listing.ephemeral
    text = listing.response.content
    assert text.count("Knarr") == 2 and "alice won" in text
    select = next(c for c in flat(listing.response) if c.get("custom_id") == "sk:x")
    assert len(select["options"]) == 2
    first = select["options"][-1]["value"]  # the older game
    sent = await bob.select(listing.response, [first], custom_id="sk:x")
    assert sent.ephemeral
    export = json.loads(await sent.response.attachments[0].read())
    assert export["game"] == "knarr" and "seed" in export and export["players"] == ["alice", "bob"]


async def test_replay_posts_the_animation_for_everyone(simcord_env: simcord.Env, table: Table) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("vikings")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    refused = await alice.slash(channel, "game replay")
    assert refused.ephemeral and "No game has finished" in refused.response.content
    await alice.slash(channel, "game new", game="knarr")
    await bob.slash(channel, "game join")
    await alice.slash(channel, "game start", order="joined")
    await alice.slash(channel, "game resign")
    wrong = await alice.slash(channel, "game replay", number=999)
    assert wrong.ephemeral and wrong.response.content == "That is not a finished game of this channel."
    before = len(list(channel.history()))
    shown = await bob.slash(channel, "game replay")
    assert not shown.ephemeral
    posted = list(channel.history())[before:]
    gifs = [m for m in posted if m.attachments and m.attachments[0].filename.endswith(".gif")]
    assert gifs and (await gifs[-1].attachments[0].read()).startswith(b"GIF8")
