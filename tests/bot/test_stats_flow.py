"""/me stats, /game leaderboard, /game settings and /game history's filters through
discord.py on simcord (every request checked against Discord's API description): private
answers, a public leaderboard (a picture and text) that pings nobody, the Manage Server
permission, and bad input answered in one sentence."""

from __future__ import annotations

import discord
import simcord

from bot.table import Table


async def play(alice: simcord.MemberActor, bob: simcord.MemberActor, channel: simcord.ChannelHandle) -> None:
    """A Knarr game that Bob resigns: Alice wins."""
    await alice.slash(channel, "game new", game="knarr")
    await bob.slash(channel, "game join")
    await alice.slash(channel, "game start", order="joined")
    await bob.slash(channel, "game resign")


def one_sentence(text: str) -> bool:
    return "\n" not in text and text.endswith(".")


async def test_stats_leaderboard_and_settings(simcord_env: simcord.Env, table: Table) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("vikings")
    managers = guild.create_role("jarls", permissions=discord.Permissions(manage_guild=True))
    alice = guild.add_member(simcord_env.create_user("alice"), roles=[managers])
    bob = guild.add_member(simcord_env.create_user("bob"))
    empty = await alice.slash(channel, "game leaderboard", game="knarr")
    assert empty.ephemeral and one_sentence(empty.response.content)
    for _ in range(3):
        await play(alice, bob, channel)
    games = await table.storage.backend.all("SELECT DISTINCT guild_id FROM games")
    assert [r[0] for r in games] == [str(guild.id)]

    mine = await alice.slash(channel, "me stats")
    assert mine.ephemeral and "Stats of alice" in mine.response.content and "3 wins" in mine.response.content

    before = len(list(channel.history()))
    board = await bob.slash(channel, "game leaderboard", game="knarr", period="month")
    assert not board.ephemeral
    posted = list(channel.history())[before:]
    assert len(posted) == 1 and posted[0].attachments
    text = posted[0].content
    assert "Knarr leaderboard" in text and "1. alice" in text and "<@" not in text

    said = await bob.slash(channel, "me settings", stats="private")
    assert "Stats: private" in said.response.content
    hidden = await alice.slash(channel, "me stats", player=bob)
    assert hidden.ephemeral and hidden.response.content == "bob keeps their stats private."

    refused = await bob.slash(channel, "game settings", ratings="off")
    assert (
        refused.ephemeral
        and one_sentence(refused.response.content)
        and "Manage Server" in refused.response.content
    )
    done = await alice.slash(channel, "game settings", ratings="off")
    assert done.ephemeral and "Ratings: off" in done.response.content
    before = len(list(channel.history()))
    await alice.slash(channel, "game leaderboard", game="knarr")
    unrated = list(channel.history())[before:]
    assert len(unrated) == 1 and unrated[0].attachments and "Top ratings" not in unrated[0].content

    history = await alice.slash(channel, "game history", game="knarr", player=bob)
    assert history.ephemeral and "Finished games of Knarr with bob" in history.response.content
    none = await alice.slash(channel, "game history", game="volga")
    assert none.ephemeral and one_sentence(none.response.content)
