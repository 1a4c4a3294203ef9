"""Volga through discord.py on simcord: a trade offer answered by the other player's button,
and a hidden contract that never reaches the channel."""

from __future__ import annotations

import json
from typing import Any

import pytest
import simcord

import games
from bot.table import Table
from tests.bot.flow import flat, latest_board, open_panel
from tests.games.test_volga_rules import table as volga_table

SECRET = "C05"


class Volga:
    def __init__(self, env: simcord.Env, table: Table) -> None:
        self.env, self.table = env, table
        guild = env.create_guild()
        self.channel = guild.create_text_channel("volga")
        self.alice = guild.add_member(env.create_user("alice"))
        self.bob = guild.add_member(env.create_user("bob"))

    @property
    def channel_id(self) -> str:
        return str(self.channel.id)

    async def start_next_to_each_other(self) -> None:
        """Alice (seat 0) and Bob (seat 1) on adjacent tiles; Alice has fish, Bob a secret contract."""
        await self.alice.slash(self.channel, "game new", game="volga")
        await self.bob.slash(self.channel, "game join")
        await self.alice.slash(self.channel, "game start", order="joined")
        state = volga_table(2)
        state["seats"][0]["tile"], state["seats"][1]["tile"] = "T11", "T12"
        state["seats"][0]["goods"]["fish"] = 2
        state["seats"][1]["hand"] = [SECRET]
        state["deck"] = ["C27", "C26"]
        game = await self.table.context.active(self.channel_id)
        async with self.table.storage.transaction() as db:
            await db.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), game.id))

    async def state(self) -> dict[str, Any]:
        game = await self.table.context.active(self.channel_id)
        assert game.state is not None
        return game.state


@pytest.fixture
def volga(simcord_env: simcord.Env, table: Table) -> Volga:
    return Volga(simcord_env, table)


async def test_volga_commands_are_synced(volga: Volga) -> None:
    names = volga.alice.available_commands(volga.channel)
    for expected in ("volga move", "volga trade", "volga build", "volga end", "volga draw"):
        assert expected in names


async def test_trade_offer_accepted_in_the_other_players_panel(volga: Volga) -> None:
    await volga.start_next_to_each_other()
    boards = len(list(volga.channel.history()))
    offered = await volga.alice.slash(volga.channel, "volga trade", step="offer", what="2")
    assert offered.ephemeral and "Done" in offered.response.content
    steps = [("give", "fish"), ("ask", "rubles"), ("ask", "rubles")]  # rubles are asked 1 at a time
    for verb, kind in steps:
        result = await volga.alice.slash(volga.channel, "volga trade", step=verb, what=kind, item="1")
        assert result.ephemeral and "Done" in result.response.content, result.response.content
    # Building the offer happens in Alice's panel: no board for each step.
    assert len(list(volga.channel.history())) == boards
    await volga.alice.slash(volga.channel, "volga trade", step="send")
    board = latest_board(volga.channel)
    assert volga.bob.mention in board.content  # the other player is asked to answer
    state = await volga.state()
    module = games.get("volga")
    assert module.to_act(state) == [0, 1]
    # Alice cannot answer her own offer; Bob answers whenever he looks, in his panel.
    refused = await volga.alice.slash(volga.channel, "volga trade", step="accept")
    assert refused.ephemeral
    panel = await open_panel(volga.bob, volga.channel)
    accept = next(
        c["custom_id"] for c in flat(panel.response) if c.get("label", "").lower().startswith("accept")
    )
    answered = await volga.bob.click(panel.response, custom_id=accept)
    assert answered.response.ephemeral and "Done" in answered.response.content
    state = await volga.state()
    assert state["offer"] is None
    assert state["seats"][1]["goods"]["fish"] == 1 and state["seats"][0]["rubles"] == 7
    # Alice's turn goes on, with an end-turn step.
    moves = [a for a, _ in await volga.table.moves.legal(volga.channel_id, str(volga.alice.id))]
    assert "end" in moves
    await volga.alice.slash(volga.channel, "volga end")
    assert volga.bob.mention in latest_board(volga.channel).content


async def test_trade_offer_declined(volga: Volga) -> None:
    await volga.start_next_to_each_other()
    for action in ("offer 2", "give fish 1", "ask rubles 1", "send"):
        await volga.alice.slash(volga.channel, "move", action=action)
    declined = await volga.bob.slash(volga.channel, "move", action="decline")
    assert declined.ephemeral
    assert "declines" in latest_board(volga.channel).content
    state = await volga.state()
    assert state["offer"] is None and state["seats"][0]["goods"]["fish"] == 2


async def test_hidden_contract_only_in_dm_and_hand(volga: Volga) -> None:
    await volga.start_next_to_each_other()
    await volga.alice.slash(volga.channel, "move", action="end")  # Bob's turn: his secret is his
    draw = await volga.bob.slash(volga.channel, "volga draw")
    assert draw.ephemeral  # the two drawn contracts are shown to Bob alone
    keep = next(c["custom_id"] for c in flat(draw.response) if c.get("label", "").lower().startswith("keep"))
    await volga.bob.click(draw.response, custom_id=keep)
    hand = await volga.bob.slash(volga.channel, "game hand")
    assert hand.ephemeral and hand.response.attachments
    # Nothing public ever names a hidden contract: messages, nor their buttons.
    state = await volga.state()
    secrets = set(state["seats"][1]["hand"]) | set(state["seats"][0]["hand"])
    assert SECRET in secrets
    for message in volga.channel.history():
        public = message.content + json.dumps([c for c in flat(message)])
        assert not any(card in public for card in secrets)
    dms = [m for m in volga.bob.user.dm_channel.history() if m.attachments]
    assert dms


async def test_later_arguments_are_narrowed_by_the_earlier_ones(volga: Volga) -> None:
    await volga.start_next_to_each_other()
    await volga.alice.slash(volga.channel, "volga trade", step="offer", what="2")
    legal = [a for a, _ in await volga.table.moves.legal(volga.channel_id, str(volga.alice.id))]
    gives = {a.split()[1] for a in legal if a.startswith("give ")}
    asks = {a.split()[1] for a in legal if a.startswith("ask ")}
    assert gives and asks
    give = await volga.alice.autocomplete(volga.channel, "volga trade", "what", "", step="give")
    assert {c["value"] for c in give} == gives
    fish = await volga.alice.autocomplete(volga.channel, "volga trade", "item", "", step="give", what="fish")
    assert {c["value"] for c in fish} == {a.split()[2] for a in legal if a.startswith("give fish ")}
