"""Migration 0009: Volga's and Pax's stored moves that named a seat from 0 (``offer 1``,
``challenge birka 1``) are rewritten to name it as the table lists it, from 1, so that stored
games replay to the same states and the same results (issue #33)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

import games
from bot.store import db
from bot.store.storage import Storage
from bot.table import turns
from bot.table.options import game_options
from games import upgrade
from games.core import Rng
from tests import postgres
from tests.conftest import NO_SERVER

Move = tuple[int, str]
BEFORE = 8  # the last migration before seats were counted from 1
EAGER = ("offer", "challenge", "accept", "send", "answer")


def played(game_id: str, players: int, seed: int) -> tuple[Any, list[Move]]:
    """A seeded game to its end, choosing a trade or a CHALLENGE whenever one is legal half the
    time (else any legal move): the final state and the moves, in today's form."""
    module = games.get(game_id)
    state = module.setup(seed, players, game_options({}))
    rng, moves = Rng(seed), []
    while module.outcome(state) is None:
        seat = module.to_act(state)[0]
        legal = module.legal_actions(state, seat)
        eager = [a for a in legal if a.split()[0] in EAGER and a != "offer cancel"]
        action = rng.choice(eager) if eager and rng.random() < 0.5 else rng.choice(legal)
        state = module.apply(state, seat, action)
        moves.append((seat, action))
    return state, moves


def old_form(action: str) -> str:
    """A move as it was stored before 0009: the seat it names counted from 0."""
    found = re.fullmatch(r"(offer|challenge [a-z_]+) (\d)", action)
    return f"{found[1]} {int(found[2]) - 1}" if found else action


async def store_at_0008(
    target: str, monkeypatch: pytest.MonkeyPatch, stored: list[tuple[str, int, list[Move]]]
) -> list[int]:
    """A database built by the migrations up to 0008 holding ``(game, players, moves)`` games
    (and an undo row in each); their ids."""
    every = db.migrations
    monkeypatch.setattr(db, "migrations", lambda: [m for m in every() if m[0] <= BEFORE])
    storage = await Storage.open(target)
    ids = []
    try:
        async with storage.transaction() as tx:
            for channel, (game, seed, moves) in enumerate(stored):
                game_id = await storage.create_game(tx, str(channel), game, "host", {}, seed, 24.0, 1.0)
                rows = [("move", seat, f"u{seat}", action) for seat, action in moves]
                await storage.append_actions(tx, game_id, [*rows, ("undo", None, None, "3")], 2.0)
                ids.append(game_id)
    finally:
        await storage.close()
        monkeypatch.setattr(db, "migrations", every)
    return ids


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database with no tables yet: a SQLite file, then a new PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "old.db")
    admin, problems = request.getfixturevalue("pg_admin")
    if admin is None:
        pytest.skip(NO_SERVER.format("; ".join(problems)))
    return asyncio.run(postgres.fresh_database(admin, "template0"))


GAMES = [("volga", 3, 3), ("pax", 5, 3)]  # (game, players, seed)


async def test_stored_moves_from_0008_replay_to_the_same_end(
    empty_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    finished = {game: played(game, players, seed) for game, players, seed in GAMES}
    old = {game: [(seat, old_form(a)) for seat, a in moves] for game, (_, moves) in finished.items()}
    assert any(a == "offer 0" for _, a in old["volga"]), "a Volga offer to the first seat"
    assert any(a.startswith("challenge") for _, a in old["pax"]) and any(
        a.startswith("offer ") and a[-1].isdigit() for _, a in old["pax"]
    ), "Pax trades and CHALLENGEs"
    others = [(0, "offer 1"), (1, "challenge birka 0")]  # another game's words stay as they are
    stored = [(game, seed, old[game]) for game, _, seed in GAMES] + [("knarr", 9, others)]
    ids = await store_at_0008(empty_database, monkeypatch, stored)

    storage = await Storage.open(empty_database)  # migrates: 0009
    try:
        await check_migrated(storage, ids, finished, old, others)
    finally:
        await storage.close()


async def check_migrated(
    storage: Storage,
    ids: list[int],
    finished: dict[str, tuple[Any, list[Move]]],
    old: dict[str, list[Move]],
    others: list[Move],
) -> None:
    assert await storage.migrate() == max(number for number, _ in db.migrations())
    for game_id, (game, players, seed) in zip(ids, GAMES, strict=False):
        rows = await storage.actions(game_id)
        assert [(r.kind, r.action) for r in rows[-1:]] == [("undo", "3")]
        moves = [(int(r.seat), r.action) for r in rows if r.kind == "move" and r.seat is not None]
        state, want = finished[game]
        assert moves == want and moves != old[game]
        assert moves == [(seat, upgrade.move(game, a)) for seat, a in old[game]]  # as game files are
        module = games.get(game)
        again = turns.replay(module, seed, players, {}, moves)
        assert again == state and module.outcome(again) == module.outcome(state) is not None
    knarr = await storage.actions(ids[-1])
    assert [(r.seat, r.action) for r in knarr if r.kind == "move"] == others


CRAFTED = ["offer 0", "OFFER 4", "offer send", "offer cancel", "offer 12", "offer seat 2", "end"]
CRAFTED += ["challenge birka 0", "Challenge Gulf_X 3", "challenge birka seat 2", "challenge  birka 1"]


async def test_the_migration_rewrites_exactly_what_games_upgrade_does(
    empty_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The SQL of 0009 and ``games.upgrade.move`` agree on every form, odd ones too."""
    stored = [(game, 1, [(0, a) for a in CRAFTED]) for game in ("volga", "pax", "saga")]
    ids = await store_at_0008(empty_database, monkeypatch, stored)
    storage = await Storage.open(empty_database)
    try:
        for game_id, (game, _, moves) in zip(ids, stored, strict=True):
            rows = [r.action for r in await storage.actions(game_id) if r.kind == "move"]
            assert rows == [upgrade.move(game, a) for _, a in moves], game
    finally:
        await storage.close()
    assert upgrade.move("volga", "OFFER 4") == "offer 5" and upgrade.move("pax", "challenge birka 0") == (
        "challenge birka 1"
    )
    assert upgrade.move("volga", "challenge birka 0") == "challenge birka 0"  # not a Volga move
