"""Saga through discord.py on simcord: drafting and combat decisions by buttons and selects,
the hidden leaders and scouting only in their owner's DM and /game hand."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
import simcord

import games
from bot.table import Table
from tests.bot.flow import flat, open_panel, press_in_panel
from tests.games.test_playouts import SECRETS

secrets_for = SECRETS["saga"][0]
SEED = 6  # a seed whose game reaches combat within the presses


class Saga:
    def __init__(self, env: simcord.Env, table: Table) -> None:
        self.env, self.table = env, table
        guild = env.create_guild()
        self.channel = guild.create_text_channel("saga")
        self.viking = guild.add_member(env.create_user("ragna"))
        self.anglo = guild.add_member(env.create_user("alfred"))

    @property
    def channel_id(self) -> str:
        return str(self.channel.id)

    async def start(self) -> simcord.InteractionResult:
        await self.viking.slash(self.channel, "game new", game="saga", options="side=first_viking")
        await self.anglo.slash(self.channel, "game join")
        return await self.viking.slash(self.channel, "game start", order="joined")

    async def state(self) -> dict[str, Any]:
        game = await self.table.storage.latest_game(self.channel_id)
        assert game is not None and game.state is not None
        return game.state

    def member(self, seat: int) -> Any:
        return self.viking if seat == 0 else self.anglo


@pytest.fixture
def saga(simcord_env: simcord.Env, table: Table) -> Saga:
    return Saga(simcord_env, table)


async def _public_is_clean(saga: Saga) -> None:
    """No secret of the current state in the newest channel message, text or components.

    (A destination shown earlier can go back face down later, so only the newest counts.)"""
    hidden = secrets_for(await saga.state(), None)
    message = saga.channel.last_message
    public = message.content + json.dumps(flat(message))
    assert not [s for s in hidden if s in public], public


async def test_saga_commands_are_synced(saga: Saga) -> None:
    names = saga.viking.available_commands(saga.channel)
    for expected in ("saga take", "saga reveal", "saga lose", "saga retreat", "saga scout", "saga ability"):
        assert expected in names


async def test_secrets_go_by_dm_and_hand_only(saga: Saga) -> None:
    await saga.start()
    for member in (saga.viking, saga.anglo):
        dm = member.user.dm_channel.last_message
        assert dm is not None and dm.attachments  # each side's own leaders, privately
        hand = await member.slash(saga.channel, "game hand")
        assert hand.ephemeral and hand.response.attachments
    state = await saga.state()
    module = games.get("saga")
    mine = json.dumps(module.view(state, 0)["private"])
    theirs = json.dumps(module.view(state, 1))
    own_leaders = [s for s in secrets_for(state, 1) if f'"{s}"' in mine]
    assert own_leaders, "the Viking's private view names their leaders"
    assert not [s for s in own_leaders if f'"{s}"' in theirs]
    await _public_is_clean(saga)


async def test_draft_and_play_on_in_private_panels(saga: Saga) -> None:
    await saga.start()
    module = games.get("saga")
    rng = random.Random(SEED)
    phases = set()
    pressed = 0
    for _ in range(160):
        state = await saga.state()
        if module.outcome(state) is not None:
            break
        phases.add(state["phase"])
        seat = module.to_act(state)[0]
        member = saga.member(seat)
        panel = await open_panel(member, saga.channel)
        result = await press_in_panel(member, panel.response, rng)
        assert result.response.ephemeral and "Done" in result.response.content, result.response.content
        pressed += 1
        await _public_is_clean(saga)
    assert pressed >= 15
    assert {"draft", "actions", "combat"} <= phases
    await _public_is_clean(saga)
