"""The discord-free table: lobby, moves, storage, undo, seats, reminders, outbox."""

from __future__ import annotations

import asyncio
import json

import pytest

import games
from bot.store.storage import Storage
from bot.table import MAX_NUDGES, Table, TableError
from games import upgrade

CH = "500"
ALICE, BOB, CAROL = "11", "22", "33"


@pytest.fixture
def db_path(database: str) -> str:
    """Every test here runs on SQLite and on PostgreSQL (``table`` opens this)."""
    return database


async def lobby(table: Table, *users: str) -> None:
    await table.lobby.new_game(CH, ALICE, "alice", "knarr")
    for user in users:
        await table.lobby.join(CH, user, f"user{user}")


async def started(table: Table, *users: str) -> None:
    await lobby(table, *users)
    await table.lobby.start(CH, ALICE, "joined")


async def acting(table: Table) -> tuple[str, list[str]]:
    """The user who must act now and their legal actions."""
    game = await table.context.active(CH)
    seats = await table.storage.seats(game.id)
    seat = games.get("knarr").to_act(game.state)[0]
    user = seats[seat].user_id
    return user, [a for a, _ in await table.moves.legal(CH, user)]


async def test_lobby_flow_and_errors(table: Table) -> None:
    await table.lobby.new_game(CH, ALICE, "alice", "knarr", {"ship": "advanced"})
    with pytest.raises(TableError, match="already has a game"):
        await table.lobby.new_game(CH, BOB, "bob", "knarr")
    with pytest.raises(TableError, match="needs at least 2"):
        await table.lobby.start(CH, ALICE)
    await table.lobby.join(CH, BOB, "bob")
    with pytest.raises(TableError, match="already seated"):
        await table.lobby.join(CH, BOB, "bob")
    with pytest.raises(TableError, match="Only the host"):
        await table.lobby.start(CH, BOB)
    await table.lobby.join(CH, CAROL, "carol")
    await table.lobby.leave(CH, CAROL)
    await table.lobby.start(CH, ALICE, "joined")
    game = await table.context.active(CH)
    assert game.status == "playing" and game.options["ship"] == "advanced"
    assert [s.name for s in await table.storage.seats(game.id)] == ["alice", "bob"]
    with pytest.raises(TableError, match="already started"):
        await table.lobby.join(CH, CAROL, "carol")


async def test_a_game_and_its_seats_are_read_together_as_apart(table: Table) -> None:
    storage = table.storage
    assert await storage.active_game_and_seats(CH) is None
    await lobby(table, BOB, CAROL)
    await table.lobby.leave(CH, BOB)
    await table.lobby.start(CH, ALICE, "joined")
    game = await storage.active_game(CH)
    assert game is not None
    async with storage.transaction() as tx:  # every column comes through: a covered seat
        assert await storage.cover_seat(tx, game.id, CAROL, 99.5)
    found = await storage.active_game_and_seats(CH)
    assert found == (game, await storage.seats(game.id))
    assert [s.name for s in found[1]] == ["alice", f"user{CAROL}"]
    assert await storage.active_game_and_seats("another channel") is None


async def test_unknown_game_and_bad_options(table: Table) -> None:
    with pytest.raises(TableError, match="Unknown game"):
        await table.lobby.new_game(CH, ALICE, "alice", "chess")
    with pytest.raises(TableError, match="no option 'colour'"):
        await table.lobby.new_game(CH, ALICE, "alice", "knarr", {"colour": "red"})
    with pytest.raises(TableError, match="must be one of"):
        await table.lobby.new_game(CH, ALICE, "alice", "knarr", {"ship": "golden"})
    assert await table.storage.active_game(CH) is None


async def test_move_is_stored_with_log_and_messages(table: Table) -> None:
    await table.lobby.new_game(CH, ALICE, "alice", "knarr", {"boards": "move"})  # a board per action
    await table.lobby.join(CH, BOB, f"user{BOB}")
    await table.lobby.start(CH, ALICE, "joined")
    game = await table.context.active(CH)
    start_pending = await table.storage.pending_outbox()
    # The start posts the board and DMs both players their hands.
    assert [r.kind for r in start_pending].count("dm") == 2
    assert all(
        "private" in r.payload["view"] and r.payload["view"]["private"]
        for r in start_pending
        if r.kind == "dm"
    )
    user, actions = await acting(table)
    reply = await table.moves.act(CH, user, actions[0])
    after = await table.context.active(CH)
    assert after.version == game.version + 1
    rows = await table.storage.actions(game.id)
    assert rows[-1].action == actions[0] and rows[-1].user_id == user
    for _ in range(5):  # the steps of one action (recruit, then take) make one board
        if reply.announce is not None:
            break
        assert games.get("knarr").midway(after.state)
        user, actions = await acting(table)
        reply = await table.moves.act(CH, user, actions[0])
        after = await table.context.active(CH)
    announce = next(r for r in await table.storage.pending_outbox() if r.id == reply.announce)
    payload = announce.payload
    assert payload["image"] == "board" and payload["view"]["private"] is None
    assert payload["version"] == after.version


async def test_wrong_player_and_bad_action_change_nothing(table: Table) -> None:
    await started(table, BOB)
    user, actions = await acting(table)
    other = BOB if user == ALICE else ALICE
    before = await table.context.active(CH)
    with pytest.raises(TableError, match="not your turn"):
        await table.moves.act(CH, other, actions[0])
    with pytest.raises(TableError, match="not playing"):
        await table.moves.act(CH, CAROL, actions[0])
    with pytest.raises(TableError):
        await table.moves.act(CH, user, "fly to the moon")
    after = await table.context.active(CH)
    assert after.version == before.version and after.state == before.state


async def test_stale_version_is_refused(table: Table) -> None:
    await started(table, BOB)
    game = await table.context.active(CH)
    user, actions = await acting(table)
    await table.moves.act(CH, user, actions[0], version=game.version)
    user, actions = await acting(table)
    with pytest.raises(TableError, match="out of date"):
        await table.moves.act(CH, user, actions[0], version=game.version)


async def test_two_moves_at_once_are_serialised(table: Table) -> None:
    await started(table, BOB)
    game = await table.context.active(CH)
    user, actions = await acting(table)
    results = await asyncio.gather(
        table.moves.act(CH, user, actions[0], version=game.version),
        table.moves.act(CH, user, actions[0], version=game.version),
        return_exceptions=True,
    )
    assert sum(isinstance(r, TableError) for r in results) == 1
    assert (await table.context.active(CH)).version == game.version + 1


async def test_restart_keeps_the_game(db_path: str, clock: object) -> None:
    storage = await Storage.open(db_path)
    table = Table(storage, seeds=lambda: 7)
    await started(table, BOB)
    user, actions = await acting(table)
    await table.moves.act(CH, user, actions[0])
    before = await table.context.active(CH)
    await storage.close()

    storage = await Storage.open(db_path)
    table = Table(storage, seeds=lambda: 7)
    after = await table.context.active(CH)
    assert after.state == before.state and after.version == before.version
    user, actions = await acting(table)
    await table.moves.act(CH, user, actions[0])
    await storage.close()


async def test_replaying_the_log_gives_the_stored_state(table: Table) -> None:
    await started(table, BOB)
    for _ in range(15):
        user, actions = await acting(table)
        await table.moves.act(CH, user, actions[-1])
    game = await table.context.active(CH)
    _, public = await table.reading.log(CH)
    assert "seed" not in public and "moves" not in public  # they would rebuild every hand
    await table.seating.resign(CH, BOB)  # the game is over: now the export replays it
    _, export = await table.reading.log(CH)
    assert export["format"] == upgrade.FORMAT  # how its moves are written
    module = games.get("knarr")
    state = module.setup(export["seed"], 2, export["options"])
    for seat, action in export["moves"]:
        state = module.apply(state, seat, action)
    assert state == game.state


async def test_undo_without_reveal_is_immediate(table: Table) -> None:
    await started(table, BOB)
    user, actions = await acting(table)
    trade = next((a for a in actions if a.startswith("trade")), None)
    assert trade, actions
    before = await table.context.active(CH)
    await table.moves.act(CH, user, trade)
    reply = await table.seating.undo(CH, user)
    after = await table.context.active(CH)
    assert after.state == before.state
    assert after.version == before.version + 2
    message = next(r for r in await table.storage.pending_outbox() if r.id == reply.announce)
    lines = message.payload["text"].splitlines()
    assert len(lines) == 2 and "took back their last move" in lines[0] and lines[1].startswith("Your turn")


async def test_only_the_last_move_can_be_taken_back(table: Table) -> None:
    await started(table, BOB)
    user, actions = await acting(table)
    other = BOB if user == ALICE else ALICE
    with pytest.raises(TableError, match="no move"):
        await table.seating.undo(CH, user)
    recruit = next(a for a in actions if a.startswith("recruit"))
    await table.moves.act(CH, user, recruit)
    with pytest.raises(TableError, match="not yours"):
        await table.seating.undo(CH, other)
    with pytest.raises(TableError, match="not playing"):
        await table.seating.undo(CH, CAROL)


async def test_reveal_undo_flow_with_allow(table: Table) -> None:
    await started(table, BOB)
    user, actions = await acting(table)
    other = BOB if user == ALICE else ALICE
    recruit = next(a for a in actions if a.startswith("recruit"))
    await table.moves.act(CH, user, recruit)
    _, actions = await acting(table)
    take = next(a for a in actions if a.startswith("take"))  # refilling the row shows a new card
    before = await table.context.active(CH)
    await table.moves.act(CH, user, take)
    reply = await table.seating.undo(CH, user)
    request = await table.context.active(CH)
    assert request.undo_request is not None and reply.announce is not None
    with pytest.raises(TableError, match="other players"):
        await table.seating.allow_undo(CH, user, request.version)
    await table.seating.allow_undo(CH, other, request.version)
    after = await table.context.active(CH)
    assert after.state == before.state and after.undo_request is None


async def test_resign_in_two_player_game_ends_it(table: Table) -> None:
    await started(table, BOB)
    await table.seating.resign(CH, BOB)
    game = await table.context.current_or_last(CH)
    assert game.status == "over" and game.result is not None
    seats = await table.storage.seats(game.id)
    assert game.result["winners"] == [next(i for i, s in enumerate(seats) if s.user_id == ALICE)]


async def test_resign_with_three_hands_seat_to_the_bot(table: Table) -> None:
    await started(table, BOB, CAROL)
    await table.seating.resign(CH, CAROL)
    game = await table.context.active(CH)
    seats = await table.storage.seats(game.id)
    assert game.status == "playing" and any(s.resigned for s in seats)
    # Play on: Carol's seat is moved by the bot, so only Alice and Bob are ever asked.
    for _ in range(30):
        user, actions = await acting(table)
        assert user in (ALICE, BOB)
        await table.moves.act(CH, user, actions[0])


async def test_bot_seat_plays_itself(table: Table) -> None:
    await table.lobby.new_game(CH, ALICE, "alice", "knarr")
    await table.lobby.add_bot(CH, ALICE)
    await table.lobby.start(CH, ALICE, "joined")
    for _ in range(20):
        user, actions = await acting(table)
        assert user == ALICE
        await table.moves.act(CH, user, actions[0])
    game = await table.context.active(CH)
    assert any(r.user_id == "bot:1" for r in await table.storage.actions(game.id))


async def test_kick_and_replace(table: Table) -> None:
    await lobby(table, BOB)
    with pytest.raises(TableError, match="Only the host"):
        await table.seating.kick(CH, BOB, ALICE)
    await table.seating.kick(CH, ALICE, BOB)
    await table.lobby.join(CH, BOB, "bob")
    await table.lobby.start(CH, ALICE, "joined")
    with pytest.raises(TableError, match="Only the host"):
        await table.seating.replace(CH, BOB, BOB, CAROL, "carol")
    await table.seating.replace(CH, ALICE, BOB, CAROL, "carol")
    game = await table.context.active(CH)
    assert [s.user_id for s in await table.storage.seats(game.id)] == [ALICE, CAROL]
    dms = [r for r in await table.storage.pending_outbox() if r.kind == "dm" and r.target == CAROL]
    assert dms and dms[-1].payload["image"] == "hand"


async def test_reminders_escalate_then_stall(table: Table, clock: object) -> None:
    await started(table, BOB)
    assert await table.send_reminders() == []
    sent = []
    for _ in range(MAX_NUDGES + 1):
        clock.now += 24 * 3600 * 2**MAX_NUDGES  # type: ignore[attr-defined]
        sent += await table.send_reminders()
    texts = [r.payload["text"] for r in await table.storage.pending_outbox() if r.id in sent]
    assert len(texts) == MAX_NUDGES + 1
    assert texts[0].startswith("Reminder 1 of 3") and "stalled" in texts[-1]
    clock.now += 10**7  # type: ignore[attr-defined]
    assert await table.send_reminders() == []  # nothing after the stall note
    user, actions = await acting(table)
    await table.moves.act(CH, user, actions[0])  # a move re-arms the timer
    assert (await table.context.active(CH)).remind_at is not None


async def test_dm_refused_is_told_once_and_stops_dms(table: Table) -> None:
    await started(table, BOB)
    game = await table.context.active(CH)
    first = await table.reminders.dm_failed(game.id, BOB)
    again = await table.reminders.dm_failed(game.id, BOB)
    assert first is not None and again is None
    notice = next(r for r in await table.storage.pending_outbox() if r.id == first)
    assert "/game hand" in notice.payload["text"]
    hand = await table.reading.hand(CH, BOB)
    assert hand["view"]["private"]["hand"]


async def test_public_payloads_never_hold_a_hand(table: Table) -> None:
    await started(table, BOB, CAROL)
    for _ in range(25):
        user, actions = await acting(table)
        await table.moves.act(CH, user, actions[0])
    game = await table.context.active(CH)
    module = games.get("knarr")
    hands = {card["id"] for seat in range(3) for card in module.view(game.state, seat)["private"]["hand"]}
    boards = [r for r in await table.storage.pending_outbox() if r.kind == "channel" and "view" in r.payload]
    newest = json.dumps(boards[-1].payload)
    assert boards[-1].payload["view"]["private"] is None
    assert not [card for card in hands if f'"{card}"' in newest]


async def test_exported_game_replays_from_the_command_line(table: Table, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from bot.replay import main as replay

    await started(table, BOB)
    for _ in range(12):
        user, actions = await acting(table)
        await table.moves.act(CH, user, actions[0])
    game = await table.context.active(CH)
    await table.seating.resign(CH, BOB)
    _, export = await table.reading.log(CH)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export))
    assert replay([str(path), "--out", str(tmp_path / "final.png")]) == 0
    printed = capsys.readouterr().out
    assert f"{len(export['moves'])} moves replayed" in printed
    assert (tmp_path / "final.png").read_bytes().startswith(b"\x89PNG")
    prompt = games.get("knarr").view(game.state, None)["prompt"]
    assert prompt in printed


async def test_no_dm_for_an_empty_private_view(table: Table) -> None:
    await table.lobby.new_game(CH, ALICE, "alice", "volga")
    await table.lobby.join(CH, BOB, "bob")
    await table.lobby.start(CH, ALICE, "joined")
    # Volga deals no hidden contracts at the start: nothing to send by DM yet.
    assert [r.kind for r in await table.storage.pending_outbox()].count("dm") == 0
