"""Names that would format: a display name is printed escaped wherever the bot prints it
(boards, reminders, status, lobby, undo requests, the end), so '**bold**' shows as typed and
'<@id>' or '@everyone' never becomes a mention. Every message of a game among such names is
checked, public and private."""

from __future__ import annotations

import re

import pytest

import games
from bot.store.rows import Prefs
from bot.table import Table, TableError
from tests.bot.conftest import FakeClock

CH = "660"
HOSTILE = {"11": "**bold**", "22": "<@999> @everyone", "33": "`code`|| _x_ [link](http://x)"}
RAW = [re.escape(n) for n in ("**bold**", "<@999>", "@everyone", "`code`", "[link](http://x)")]


def unescaped(text: str) -> list[str]:
    """The hostile names' formatting that would work in this text."""
    return [raw for raw in RAW if re.search(raw, text)]


async def test_every_message_prints_hostile_names_escaped(table: Table, clock: FakeClock) -> None:
    await table.lobby.new_game(CH, "11", HOSTILE["11"], "knarr")
    await table.lobby.join(CH, "22", HOSTILE["22"])
    await table.lobby.join(CH, "33", HOSTILE["33"])
    await table.lobby.add_bot(CH, "11")
    texts = [await table.reading.status(CH)]
    await table.lobby.start(CH, "11", "joined")
    async with table.storage.transaction() as tx:  # one of them is away: reminders name them
        await table.storage.save_person(tx, Prefs("22", away_until=clock.now + 10 * 86400), clock.now)
    module = games.get("knarr")
    for _ in range(40):
        game = await table.context.active(CH)
        assert game.state is not None
        seats = await table.storage.seats(game.id)
        seat = module.to_act(game.state)[0]
        user = seats[seat].user_id
        action = module.legal_actions(game.state, seat)[-1]
        try:
            reply = await table.moves.act(CH, user, action)
        except TableError as error:
            texts.append(str(error))
            continue
        texts += [reply.waiting, *(reply.told or [])]
    clock.now += 30 * 3600
    await table.send_reminders()
    texts.append(await table.reading.status(CH))
    game = await table.context.active(CH)
    user = (await table.storage.seats(game.id))[module.to_act(game.state or {})[0]].user_id
    with pytest.raises(TableError):
        await table.seating.undo(CH, "33" if user != "33" else "11")
    texts += [row.payload.get("text", "") for row in await table.storage.pending_outbox()]
    await table.seating.resign(CH, "11")
    await table.seating.resign(CH, "22")
    texts += [row.payload.get("text", "") for row in await table.storage.pending_outbox()]
    texts.append(await table.reading.status(CH))
    found = {raw: text for text in texts for raw in unescaped(text)}
    assert not found, found
