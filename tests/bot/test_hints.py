"""The Hint: the sensible bot's choice for the asker's seat, privately; only on their turn,
and never at a table that chose hints=off. Knarr, two players."""

from __future__ import annotations

import pytest

import games
from bot.table import Table, TableError

CH = "950"
ALICE, BOB = "11", "22"


async def started(table: Table, hints: str | None = None) -> tuple[str, str]:
    await table.lobby.new_game(CH, ALICE, "alice", "knarr", {"hints": hints} if hints else None)
    await table.lobby.join(CH, BOB, "bob")
    await table.lobby.start(CH, ALICE, "joined")
    game = await table.context.active(CH)
    assert game.state is not None
    seats = await table.storage.seats(game.id)
    user = seats[games.get("knarr").to_act(game.state)[0]].user_id
    return user, BOB if user == ALICE else ALICE


async def test_a_hint_names_one_of_the_askers_moves_and_changes_nothing(table: Table) -> None:
    user, other = await started(table)
    before = await table.context.active(CH)
    hint = await table.moves.hint(CH, user)
    legal = [action for action, _ in await table.moves.legal(CH, user)]
    assert hint.startswith("The sensible bot would play:")
    assert any(f"({action})." in hint for action in legal), hint
    assert (await table.context.active(CH)).version == before.version
    assert (await table.moves.panel(CH, user)).hints
    with pytest.raises(TableError, match="not your turn"):
        await table.moves.hint(CH, other)


async def test_a_table_without_hints_gives_none(table: Table) -> None:
    user, _ = await started(table, "off")
    assert not (await table.moves.panel(CH, user)).hints
    with pytest.raises(TableError, match="without hints"):
        await table.moves.hint(CH, user)
