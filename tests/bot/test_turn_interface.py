"""The turn interface as real Discord limits it: panels that never drop a move, boards only
after whole actions, authority that follows the seat, bounded replies, a small outbox."""

from __future__ import annotations

import random

import pytest

import games
from bot.adapter import components
from bot.table import Table, TableError, turns
from tests.bot.test_table import ALICE, BOB, CAROL, CH, acting, started


def _all(view: object) -> list[dict]:  # type: ignore[type-arg]
    found = []
    for row in view.to_components():  # type: ignore[attr-defined]
        found.extend(row.get("components", [row]))
    return found


@pytest.mark.parametrize("count", [1, 19, 20, 21, 26, 120, 333])
def test_a_panel_never_drops_a_move_and_keeps_to_discords_limits(count: int) -> None:
    verbs = ["recruit", "explore", "trade", "pay", "end", "take"]
    actions = [
        (f"{verbs[i % len(verbs)]} X{i:03d}", f"{verbs[i % len(verbs)].title()} card X{i:03d} " + "y" * 90)
        for i in range(count)
    ]
    offered: set[int] = set()
    moves = [action for action, _ in actions]

    def place(move: str) -> int:
        """A button or option's move as its place in the panel (it carries the move itself)."""
        index, action = components.read_move(move)
        return index if index is not None else moves.index(action or "")

    pages = components.panel_pages(actions)
    for page in range(pages):
        view = components.panel_view(7, 3, actions, page)
        items = _all(view)
        rows = view.to_components()
        assert len(rows) <= 5
        for item in items:
            assert len(item["custom_id"]) <= 100
            if item["type"] == 2:
                assert len(item["label"]) <= 80
                if item["custom_id"].startswith("sk:p:"):
                    offered.add(place(item["custom_id"].split(":", 4)[4]))
            else:
                assert len(item["options"]) <= 25
                for option in item["options"]:
                    assert len(option["label"]) <= 100 and len(option["value"]) <= 100
                    offered.add(place(option["value"]))
    assert offered == set(range(count))


def test_names_are_escaped_and_input_is_clipped() -> None:
    assert turns.plain("*Bjørn*_the_~bold~") == "\\*Bjørn\\*\\_the\\_\\~bold\\~"
    assert "@everyone" not in turns.plain("@everyone")
    assert len(turns.clip("x" * 6000)) <= 80


async def test_a_huge_move_is_refused_in_one_short_sentence(table: Table) -> None:
    await started(table, BOB)
    user, _ = await acting(table)
    with pytest.raises(TableError) as error:
        await table.moves.act(CH, user, "x" * 6000)
    assert len(str(error.value)) < 120


async def test_steps_of_one_action_make_one_board(table: Table) -> None:
    await started(table, BOB)
    module = games.get("knarr")
    boards = midway_steps = 0
    rng = random.Random(3)
    for _ in range(40):
        user, actions = await acting(table)
        reply = await table.moves.act(CH, user, rng.choice(actions))
        state = (await table.context.active(CH)).state
        if module.midway(state):
            midway_steps += 1
            assert reply.announce is None, "a sub-step posted a board"
        else:
            boards += reply.announce is not None
    assert midway_steps and boards


async def test_the_host_role_follows_the_seat(table: Table) -> None:
    await started(table, BOB, CAROL)
    await table.seating.replace(CH, ALICE, ALICE, "44", "dora")
    game = await table.context.active(CH)
    assert game.host_id == BOB
    with pytest.raises(TableError, match="Only the host"):
        await table.seating.kick(CH, ALICE, BOB)
    board = await table.storage.pending_outbox()
    assert any("user22" in r.payload.get("text", "") and "host" in r.payload.get("text", "") for r in board)
    await table.seating.resign(CH, BOB)
    game = await table.context.active(CH)
    assert game.host_id in ("44", CAROL) and game.host_id != BOB


async def test_a_resigned_player_sees_no_hand_and_unknown_names_are_refused(table: Table) -> None:
    await started(table, BOB, CAROL)
    await table.seating.resign(CH, CAROL)
    with pytest.raises(TableError, match="left this game"):
        await table.reading.hand(CH, CAROL)
    with pytest.raises(TableError, match="not seated"):
        await table.seating.kick(CH, ALICE, "999")
    with pytest.raises(TableError, match="not seated"):
        await table.seating.replace(CH, ALICE, "999", "1000", "eve")


async def test_a_finished_games_outbox_stays_small(table: Table) -> None:
    await started(table, BOB)
    rng = random.Random(9)
    for _ in range(150):
        game = await table.storage.latest_game(CH)
        if game.status != "playing":
            break
        user, actions = await acting(table)
        await table.moves.act(CH, user, rng.choice(actions))
        for row in await table.storage.pending_outbox():
            await table.storage.mark_sent(row.id, 0, "1")
    if (await table.storage.latest_game(CH)).status == "playing":
        await table.seating.resign(CH, BOB)
    for row in await table.storage.pending_outbox():
        await table.storage.mark_sent(row.id, 0, "1")
    game = await table.storage.latest_game(CH)
    async with table.storage.db.execute(
        "SELECT SUM(LENGTH(payload)), COUNT(*) FROM outbox WHERE game_id = ?", (game.id,)
    ) as cursor:
        size, count = await cursor.fetchone()
    assert count > 50 and size < 100_000
