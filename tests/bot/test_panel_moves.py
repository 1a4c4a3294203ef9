"""A press on a panel's move: the move at that place, worked out with the mover's next
panel in one trip to a thread; and the log's numbering as moves and bots' moves add to it.
Both backends."""

from __future__ import annotations

import pytest

import games
from bot.table import Table, TableError, turns
from bot.table.moves import NOT_LISTED, STALE_PANEL
from tests.bot.test_table import ALICE, BOB, CH, acting, started


@pytest.fixture
def db_path(database: str) -> str:
    return database


async def test_a_press_plays_the_move_at_its_place_and_answers_with_the_next_panel(table: Table) -> None:
    await started(table, BOB)
    seen_both = set()
    for step in range(30):
        user, _ = await acting(table)
        panel = await table.moves.panel(CH, user)
        place = step % len(panel.actions)
        action, label = panel.actions[place]
        reply = await table.moves.act(CH, user, None, panel.version, panel.game_id, choice=place)
        game = await table.context.active(CH)
        assert reply.label == label
        assert reply.version == game.version == panel.version + 1
        last = (await table.storage.actions(game.id))[-1]
        assert (last.user_id, last.action) == (user, action)
        if reply.panel is not None:  # they still act: the panel they get is the one they would ask for
            assert reply.panel == await table.moves.panel(CH, user)
            seen_both.add("panel")
        else:
            with pytest.raises(TableError) as asked:
                await table.moves.panel(CH, user)
            assert reply.waiting == str(asked.value) and "not your turn" in reply.waiting
            seen_both.add("waiting")
    assert seen_both == {"panel", "waiting"}


async def test_a_press_off_the_panel_or_on_an_old_one_changes_nothing(table: Table) -> None:
    await started(table, BOB)
    user, _ = await acting(table)
    panel = await table.moves.panel(CH, user)
    before = await table.context.active(CH)
    for place in (len(panel.actions), -1):
        with pytest.raises(TableError, match=NOT_LISTED):
            await table.moves.act(CH, user, None, panel.version, panel.game_id, choice=place)
    assert (await table.context.active(CH)).state == before.state
    await table.moves.act(CH, user, None, panel.version, panel.game_id, choice=0)
    moved = await table.context.active(CH)
    with pytest.raises(TableError, match=STALE_PANEL):
        await table.moves.act(CH, user, None, panel.version, panel.game_id, choice=0)
    with pytest.raises(TableError, match="out of date"):  # a typed move on an old board
        await table.moves.act(CH, user, panel.actions[0][0], panel.version, panel.game_id)
    assert (await table.context.active(CH)).version == moved.version


async def test_the_log_numbers_run_on_through_the_bots_moves(table: Table) -> None:
    """A person's move and the bot seat's moves after it are numbered 1, 2, 3 ... in one
    transaction each, and the log replays to the stored state."""
    await table.lobby.new_game(CH, ALICE, "alice", "knarr")
    await table.lobby.add_bot(CH, ALICE)
    await table.lobby.start(CH, ALICE, "joined")
    for _ in range(20):
        user, actions = await acting(table)
        await table.moves.act(CH, user, actions[0])
    game = await table.context.active(CH)
    rows = await table.storage.actions(game.id)
    assert [r.n for r in rows] == list(range(1, len(rows) + 1))
    assert {r.user_id for r in rows} == {ALICE, "bot:1"}
    moves = [(r.seat, r.action) for r in rows if r.kind == "move"]
    seats = await table.storage.seats(game.id)
    assert turns.replay(games.get("knarr"), game.seed, len(seats), game.options, moves) == game.state


async def test_a_covered_player_who_presses_takes_their_seat_back_first(table: Table) -> None:
    await started(table, BOB)
    await table.personal.settings(BOB, away="2 days")
    await table.personal.cover(CH, ALICE, BOB)
    game = await table.context.active(CH)

    async def bobs_seat() -> float | None:
        return next(s for s in await table.storage.seats(game.id) if s.user_id == BOB).covered_until

    assert await bobs_seat() is not None
    user, _ = await acting(table)
    assert user == ALICE  # the bot played Bob's turn
    with pytest.raises(TableError, match="not your turn"):
        await table.moves.act(CH, BOB, None, choice=0)
    assert await bobs_seat() is None
    notices = [r.payload["text"] for r in await table.storage.pending_outbox()]
    assert notices.count(f"**user{BOB}** is back and plays their own seat again.") == 1
    while (await acting(table))[0] == ALICE:
        await table.moves.act(CH, ALICE, None, choice=0)
    panel = await table.moves.panel(CH, BOB)  # the game now waits for Bob himself
    reply = await table.moves.act(CH, BOB, None, panel.version, panel.game_id, choice=0)
    assert reply.label == panel.actions[0][1]
