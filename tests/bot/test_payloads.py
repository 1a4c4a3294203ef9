"""The outbox's payloads are typed (``bot.store.payloads.Payload``) and stored as the same
JSON as before the type: rows stored earlier load and go out as they did, and every
payload the table stores uses only the declared keys, each with its declared type."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any, Literal, get_args, get_origin, get_type_hints

import pytest_asyncio

import games
from bot.adapter import messages
from bot.adapter.coalesce import merged
from bot.store.payloads import Payload
from bot.store.storage import OutboxRow, Storage
from bot.table import Table
from tests.bot.knarr_table import acting

CH = "900"

# Rows as the outbox held them before payloads had a type: two boards of one game, a
# hand, a lobby message and an undo request, written the way the table wrote them.
OLD_ROWS = [
    (
        "channel",
        CH,
        '{"text": "**alice** recruits a red Viking.\\nIt is **bob**\'s turn: choose an action.",'
        ' "image": "board", "view": {"game": "knarr", "prompt": "choose an action"},'
        ' "names": ["alice", "bob"], "turn": true, "game_id": %d, "version": 2,'
        ' "mentions": ["22"], "acting": ["22"]}',
    ),
    (
        "channel",
        CH,
        '{"text": "**bob** explores A.\\nIt is **alice**\'s turn: choose an action.",'
        ' "image": "board", "view": {"game": "knarr", "prompt": "choose an action"},'
        ' "names": ["alice", "bob"], "turn": true, "game_id": %d, "version": 3,'
        ' "mentions": ["11"], "acting": ["11"]}',
    ),
    (
        "dm",
        "22",
        '{"text": "Your private view of the Knarr game in <#900>.", "image": "hand",'
        ' "view": {"game": "knarr", "private": {"hand": []}}, "names": ["alice", "bob"],'
        ' "game_id": %d, "version": 3}',
    ),
    ("channel", CH, '{"text": "**alice** opened a Knarr lobby.", "lobby": %d}'),
    ("channel", CH, '{"text": "**alice** asks to take back their last move.", "undo": %d, "version": 3}'),
]


@pytest_asyncio.fixture
async def stored(database: str) -> AsyncIterator[tuple[Storage, int]]:
    storage = await Storage.open(database)
    table = Table(storage, clock=lambda: 1_800_000_000.0, seeds=lambda: 7)
    await table.lobby.new_game(CH, "11", "alice", "knarr")
    game = await table.context.active(CH)
    yield storage, game.id
    await storage.close()


async def _old_rows(storage: Storage, game_id: int) -> list[OutboxRow]:
    async with storage.transaction() as tx:
        await tx.execute("DELETE FROM outbox")
        for kind, target, text in OLD_ROWS:
            await tx.execute(
                "INSERT INTO outbox (game_id, kind, target, payload, created_at) VALUES (?, ?, ?, ?, ?)",
                (game_id, kind, target, text % game_id, 1_800_000_000.0),
            )
    return await storage.pending_outbox()


async def test_rows_stored_before_the_type_load_as_they_were(stored: tuple[Storage, int]) -> None:
    storage, game_id = stored
    rows = await _old_rows(storage, game_id)
    assert [r.payload for r in rows] == [json.loads(text % game_id) for _, _, text in OLD_ROWS]


async def test_rows_stored_before_the_type_go_out_as_they_did(stored: tuple[Storage, int]) -> None:
    storage, game_id = stored
    older, newer, hand, lobby, undo = await _old_rows(storage, game_id)
    text, parts = messages.public_parts(newer.payload)
    ids = [c["custom_id"] for row in parts for c in row["components"]]
    assert text.startswith("**bob** explores A.") and ids == [f"sk:t:{game_id}", f"sk:h:{game_id}"]
    assert [u.id for u in messages.mentions(newer.payload).users] == [11]
    assert messages.filename(hand.payload, "7") == "hand-7.png"
    # two boards waiting together: the newer carries the older one's lines and its pings
    both = merged([older, newer])
    assert both["text"].split("\n") == [
        "**alice** recruits a red Viking.",
        "**bob** explores A.",
        "It is **alice**'s turn: choose an action.",
    ]
    assert both["mentions"] == ["11"]
    _, lobby_parts = messages.public_parts(lobby.payload)
    assert len(lobby_parts[0]["components"]) == 3  # Join, Start, Bot
    _, undo_parts = messages.public_parts(undo.payload)
    assert [c["custom_id"] for c in undo_parts[0]["components"]][0].endswith(f"{game_id}:3")


def _fits(value: Any, hint: Any) -> bool:
    """Does a JSON value have the type ``hint`` declares (pairs stored as lists)?"""
    origin = get_origin(hint)
    if origin is Literal:
        return value in get_args(hint)
    if origin is list:
        (item,) = get_args(hint)
        return isinstance(value, list) and all(_fits(v, item) for v in value)
    if origin is tuple:
        return isinstance(value, list | tuple) and all(map(_fits, value, get_args(hint)))
    if origin is dict:
        return isinstance(value, dict)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def _check(payload: Any) -> None:
    hints = get_type_hints(Payload)
    for key, value in payload.items():
        assert key in hints, f"{key!r} is not a key of Payload: {payload}"
        assert _fits(value, hints[key]), f"{key}={value!r} is not a {hints[key]}"


def test_the_check_refuses_an_undeclared_key_and_a_wrong_type() -> None:
    _check({"text": "fine", "parts": [[["Ships", 3]]], "image": "final"})
    for bad in ({"hide_hand": True}, {"image": "map"}, {"version": True}, {"parts": [[["Ships", "3"]]]}):
        try:
            _check(bad)
        except AssertionError:
            continue
        raise AssertionError(f"{bad} passed")


async def test_every_payload_the_table_stores_is_declared(database: str) -> None:
    storage = await Storage.open(database)
    table = Table(storage, clock=lambda: 1_800_000_000.0, seeds=lambda: 7)
    try:
        await table.lobby.new_game(CH, "11", "alice", "knarr")
        await table.lobby.join(CH, "22", "bob")
        await table.lobby.start(CH, "11", "joined")
        user, _, _ = await acting(table, CH)
        recruit = next(a for a, _ in await table.moves.legal(CH, user) if a.startswith("recruit"))
        await table.moves.act(CH, user, recruit)
        take = next(a for a, _ in await table.moves.legal(CH, user) if a.startswith("take"))
        await table.moves.act(CH, user, take)  # refilling the row shows a new card
        await table.seating.undo(CH, user)  # so taking it back asks the other player
        await table.seating.resign(CH, "22")  # two players: the game ends, its replay is queued
        payloads = [r.payload for r in await storage.pending_outbox()]
        assert {"lobby", "image", "undo", "replay"} <= {k for p in payloads for k in p}
        for payload in payloads:
            _check(payload)
        # a game that ends by its rules: the final picture with its parts
        game = await table.context.current_or_last(CH)
        seats = await storage.seats(game.id)
        module = games.get("knarr")
        state = module.setup(7, 2)
        while module.outcome(state) is None:
            seat = module.to_act(state)[0]
            state = module.apply(state, seat, module.legal_actions(state, seat)[0])
        final = table.context.compose_change(
            game, module, seats, old=state, state=state, head=[], force=True
        ).board
        assert final is not None and final["image"] == "final"
        _check(json.loads(json.dumps(final)))
    finally:
        await storage.close()
