"""/me settings and /game cover through discord.py on simcord: private answers, one
sentence for bad input, and a board that does not ping a player inside their quiet hours."""

from __future__ import annotations

import simcord

from bot.table import Table
from tests.bot.flow import latest_board


async def test_me_settings_answers_privately_and_refuses_bad_input(
    simcord_env: simcord.Env, table: Table
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("vikings")
    alice = guild.add_member(simcord_env.create_user("alice"))
    assert "me settings" in alice.available_commands(channel)
    bad = await alice.slash(channel, "me settings", zone="Midgard/Asgard")
    assert bad.ephemeral and bad.response.content.count(".") >= 1 and "\n" not in bad.response.content
    assert "not a time zone" in bad.response.content
    shown = await alice.slash(channel, "me settings", zone="europe/oslo", quiet="22:00-07:00", notify="both")
    assert shown.ephemeral
    assert (
        "Time zone: Europe/Oslo" in shown.response.content
        and "Quiet hours: 22:00-07:00" in shown.response.content
    )
    assert (await table.storage.people([str(alice.id)]))[str(alice.id)].notify == "both"
    assert list(channel.history()) == []  # nothing public


async def test_cover_needs_the_player_to_be_away(simcord_env: simcord.Env, table: Table) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("vikings")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    await alice.slash(channel, "game new", game="knarr")
    await bob.slash(channel, "game join")
    await alice.slash(channel, "game start", order="joined")
    refused = await alice.slash(channel, "game cover", player=bob)
    assert refused.ephemeral and "has not said they are away" in refused.response.content
    await bob.slash(channel, "me settings", away="3 days")
    before = len(list(channel.history()))
    done = await alice.slash(channel, "game cover", player=bob)
    assert done.ephemeral
    board = latest_board(channel)
    assert len(list(channel.history())) > before and "while they are away" in board.content
