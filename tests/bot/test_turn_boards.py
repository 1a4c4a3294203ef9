"""Boards and pings that follow turns: with the lobby's ``boards=turn`` (the default) the
channel gets one board when the turn passes, telling every move of the turn, and a turn
that goes on for an hour has its moves posted anyway; with ``boards=move`` a board after
every whole action. A board pings only those whose turn it begins. A press on a panel the
game has moved past plays its move if that move is still the seat's, else says what
changed and changes nothing. Knarr, two players, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

import games
from bot.store.storage import OutboxRow
from bot.table import Table, TableError
from tests.bot.conftest import FakeClock

CH = "900"
ALICE, BOB = "11", "22"
KNARR = games.get("knarr")


@pytest.fixture
def db_path(database: str) -> str:
    return database


async def started(table: Table, boards: str | None = None) -> None:
    options = {"boards": boards} if boards else None
    await table.lobby.new_game(CH, ALICE, "alice", "knarr", options)
    await table.lobby.join(CH, BOB, "bob")
    await table.lobby.start(CH, ALICE, "joined")


async def boards(table: Table) -> list[OutboxRow]:
    return [r for r in await table.storage.pending_outbox() if r.kind == "channel" and r.payload.get("image")]


async def acting(table: Table) -> tuple[str, int]:
    game = await table.context.active(CH)
    assert game.state is not None
    seats = await table.storage.seats(game.id)
    seat = KNARR.to_act(game.state)[0]
    return seats[seat].user_id, seat


async def one_action(table: Table, user: str) -> None:
    """A whole action that keeps the turn: recruit, then take (or skip) the Viking."""
    actions = [a for a, _ in await table.moves.legal(CH, user)]
    await table.moves.act(CH, user, next(a for a in actions if a.startswith("recruit")))
    actions = [a for a, _ in await table.moves.legal(CH, user)]
    await table.moves.act(CH, user, next(a for a in actions if a.startswith(("take", "skip"))))


async def end_turn(table: Table, user: str) -> None:
    for _ in range(10):
        actions = [a for a, _ in await table.moves.legal(CH, user)]
        if not actions:
            return
        await table.moves.act(CH, user, "end" if "end" in actions else actions[0])


async def test_with_boards_per_turn_one_board_tells_the_whole_turn_and_pings_the_next(table: Table) -> None:
    await started(table)
    user, _ = await acting(table)
    other = BOB if user == ALICE else ALICE
    before = len(await boards(table))
    await one_action(table, user)
    assert len(await boards(table)) == before, "no board while the turn goes on"
    await end_turn(table, user)
    posted = (await boards(table))[before:]
    assert len(posted) == 1
    assert "recruits" in posted[0].payload["text"], "the board tells every move of the turn"
    assert posted[0].payload["mentions"] == [other]


async def test_with_boards_per_move_each_action_posts_a_board_that_pings_nobody_already_acting(
    table: Table,
) -> None:
    await started(table, "move")
    user, _ = await acting(table)
    before = len(await boards(table))
    await one_action(table, user)
    posted = (await boards(table))[before:]
    assert posted, "a board after the whole action"
    assert all(row.payload["mentions"] == [] for row in posted), "the mover is acting already"


async def test_a_turn_that_goes_on_for_an_hour_has_its_moves_posted(table: Table, clock: FakeClock) -> None:
    await started(table)
    user, _ = await acting(table)
    before = len(await boards(table))
    await one_action(table, user)
    clock.now += 3599
    await table.send_reminders()
    assert len(await boards(table)) == before
    clock.now += 2
    await table.send_reminders()
    posted = (await boards(table))[before:]
    assert len(posted) == 1 and "recruits" in posted[0].payload["text"]
    assert posted[0].payload["mentions"] == []
    await table.send_reminders()
    assert len(await boards(table)) == before + 1, "posted once"
    await end_turn(table, user)
    last = (await boards(table))[-1].payload["text"]
    assert "recruits" not in last, "the turn's board tells only what was not told yet"


async def test_an_old_panels_move_is_played_while_it_is_still_the_seats(table: Table) -> None:
    await started(table)
    user, _ = await acting(table)
    old = await table.moves.panel(CH, user)
    moves = [a for a, _ in old.actions]
    assert "trade 1" in moves  # Knarr: a bracelet to trade before the action
    await table.moves.act(CH, user, "trade 1", old.version, old.game_id, pressed=True)
    # the old panel's recruit is still a move of the seat's: played, though the panel is old
    recruit = next(a for a in moves if a.startswith("recruit"))
    reply = await table.moves.act(CH, user, recruit, old.version, old.game_id, pressed=True)
    assert reply.version == old.version + 2
    # its trade is not a move now (one trade a turn): refused with what changed, nothing done
    with pytest.raises(TableError, match="The game has moved on: .*recruits"):
        await table.moves.act(CH, user, "trade 1", old.version, old.game_id, pressed=True)
    assert (await table.context.active(CH)).version == old.version + 2
    # a typed move on an old board is still refused as before (only presses play on)
    with pytest.raises(TableError, match="out of date"):
        await table.moves.act(CH, user, recruit, old.version, old.game_id)
