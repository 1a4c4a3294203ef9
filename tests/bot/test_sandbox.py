"""The offline sandbox as a newcomer uses it: every move typed exactly as ``moves`` lists
it is played, names as printed on the board are accepted, a refused move names the
closest legal ones, and no line ends the session."""

from __future__ import annotations

import io
import json
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

import games
from bot.adapter import messages
from bot.sandbox import CHANNEL, Clock, Sandbox
from bot.store.storage import Storage
from bot.table import Table, TableError

NAMES = ["astrid", "bjorn", "sigrid", "ulf", "thora"]


async def _no_picture(payload: dict[str, Any]) -> bytes | None:
    return None


@pytest_asyncio.fixture
async def box(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[Sandbox, io.StringIO]]:
    # Pictures are tested in tests/render; here they would only cost time.
    monkeypatch.setattr(messages, "draw_async", _no_picture)
    storage = await Storage.open(":memory:")
    out = io.StringIO()
    clock = Clock()
    yield Sandbox(Table(storage, clock=clock, seeds=lambda: 11), clock, tmp_path, out), out
    await storage.close()


async def _open(box: Sandbox, game: str, players: int) -> None:
    for line in [f"@astrid new {game}", *(f"@{n} join" for n in NAMES[1:players])]:
        assert await box.run_line(line)
    assert await box.run_line("@astrid start joined")
    assert (await box.table.context.active(CHANNEL)).status == "playing"


async def _seat_to_act(table: Table, players: int) -> tuple[str, list[tuple[str, str]]]:
    for name in NAMES[:players]:
        try:
            panel = await table.moves.panel(CHANNEL, str(1000 + NAMES.index(name)))
        except TableError:
            continue
        return name, panel.actions
    raise AssertionError("nobody can act")


@pytest.mark.parametrize("game", games.names())
async def test_every_move_typed_as_moves_lists_it_is_played(
    box: tuple[Sandbox, io.StringIO], game: str
) -> None:
    sandbox_, out = box
    players = games.get(game).min_players
    await _open(sandbox_, game, players)
    table, rng = sandbox_.table, random.Random(5)
    verbs = set()
    for _ in range(800):
        game_row = await table.context.current_or_last(CHANNEL)
        if game_row.status != "playing":
            break
        name, actions = await _seat_to_act(table, players)
        action = rng.choice(actions)[0]
        verbs.add(action.split()[0])
        before = len(out.getvalue())
        assert await sandbox_.run_line(f"@{name} {action}")
        after = await table.context.current_or_last(CHANNEL)
        assert after.version == game_row.version + 1, out.getvalue()[before:]
    assert (await table.context.current_or_last(CHANNEL)).status == "over"  # a whole game
    if game in ("volga", "saga"):
        assert "move" in verbs  # the verb that used to be read as the generic /move


async def test_names_as_printed_on_the_board_are_accepted_by_the_table(
    box: tuple[Sandbox, io.StringIO],
) -> None:
    """Saga's region ids have underscores; typed as the board prints them, in any case,
    through ``Table.act`` (as ``/move`` does), each is the same move."""
    sandbox_, _ = box
    await _open(sandbox_, "saga", 2)
    table, rng, spaced = sandbox_.table, random.Random(8), 0
    for _ in range(150):
        if (await table.context.current_or_last(CHANNEL)).status != "playing":
            break
        name, actions = await _seat_to_act(table, 2)
        spelled = [a for a, _ in actions if "_" in a]  # prefer moves that name a region
        action = rng.choice(spelled or [a for a, _ in actions])
        typed = action.replace("_", " ").title()
        spaced += typed.casefold() != action.casefold()
        game = await table.context.active(CHANNEL)
        done = len(await table.context.effective_moves(game.id))
        await table.moves.act(CHANNEL, str(1000 + NAMES.index(name)), typed)
        moves = await table.context.effective_moves(game.id)
        assert moves[done][1:] == (NAMES.index(name), action)  # stored as the game spells it
        assert (await table.context.current_or_last(CHANNEL)).version == game.version + 1
    assert spaced >= 5


async def test_a_refused_move_names_the_closest_legal_ones(box: tuple[Sandbox, io.StringIO]) -> None:
    sandbox_, out = box
    await _open(sandbox_, "knarr", 2)
    name, actions = await _seat_to_act(sandbox_.table, 2)
    version = (await sandbox_.table.context.active(CHANNEL)).version
    recruits = [a for a, _ in actions if a.startswith("recruit ")]
    wrong = recruits[0][:-1] + ("9" if recruits[0][-1] != "9" else "8")
    wrong = wrong if wrong not in recruits else "recruit V99"
    start = len(out.getvalue())
    assert await sandbox_.run_line(f"@{name} {wrong}")
    said = out.getvalue()[start:].strip()
    assert said.count("\n") == 0 and "Closest legal moves: recruit V" in said
    close = said.split("Closest legal moves: ")[1].rstrip(".").split("; ")
    assert set(close) <= {a for a, _ in actions}
    start = len(out.getvalue())
    assert await sandbox_.run_line(f"@{name} {recruits[0].upper()}")  # any case
    assert "Closest" not in out.getvalue()[start:]
    assert (await sandbox_.table.context.active(CHANNEL)).version == version + 1


BAD_LINES = [
    "@astrid remind abc",
    "@astrid remind 0",
    "@astrid replace bjorn",
    "@astrid replace nobody somebody",
    "@astrid kick",
    "@astrid kick nobody",
    "@astrid addbot wizard",
    "@astrid start sideways",
    "@astrid frobnicate the fjord",
    "@astrid move",
    "@astrid move nowhere at all",
    "@astrid export",
    "@astrid export /nonexistent-folder/game.json",
    "@bjorn moves",
    "@nobody hand",
    "@astrid new chess",
    "wait forever",
    "hello there",
    "@astrid me zone=Midgard/Asgard",
    "@astrid me quiet=late",
    "@astrid me colour=blue",
    "@astrid cover bjorn",
    "@astrid cover nobody",
]


async def test_bad_lines_get_one_sentence_each_and_the_session_goes_on(
    box: tuple[Sandbox, io.StringIO],
) -> None:
    sandbox_, out = box
    await _open(sandbox_, "knarr", 2)
    name, _ = await _seat_to_act(sandbox_.table, 2)
    other = "bjorn" if name == "astrid" else "astrid"
    version = (await sandbox_.table.context.active(CHANNEL)).version
    for line in BAD_LINES:
        line = line.replace("@bjorn", f"@{other}")
        start = len(out.getvalue())
        assert await sandbox_.run_line(line), line
        said = out.getvalue()[start:].strip()
        assert said and "\n" not in said and "Traceback" not in said, (line, said)
        if line.endswith(" moves"):
            assert f"waiting for {name} to" in said  # who is awaited, and for what
    assert (await sandbox_.table.context.active(CHANNEL)).version == version  # nothing was played
    assert not await sandbox_.run_line("quit")


async def test_help_lists_moves_and_the_flags(box: tuple[Sandbox, io.StringIO]) -> None:
    sandbox_, out = box
    assert await sandbox_.run_line("help")
    for word in ("moves", "--seed", "--out", "--db", "export", "addbot [sensible|random]"):
        assert word in out.getvalue()


async def test_addbot_takes_a_level_and_export_writes_the_game_file(
    box: tuple[Sandbox, io.StringIO], tmp_path: Path
) -> None:
    sandbox_, out = box
    for line in ["@astrid new knarr", "@astrid addbot random", "@astrid start joined"]:
        assert await sandbox_.run_line(line)
    assert "Bot Ragnar (random)" in out.getvalue()
    path = tmp_path / "during.json"
    assert await sandbox_.run_line(f"@astrid export {path}")
    during = json.loads(path.read_text())
    assert "public_log" in during and "seed" not in during and "moves" not in during
    name, actions = await _seat_to_act(sandbox_.table, 1)
    assert await sandbox_.run_line(f"@{name} {actions[0][0]}")
    assert await sandbox_.run_line("@astrid resign")  # no person left: the game ends
    assert (await sandbox_.table.context.current_or_last(CHANNEL)).status == "over"
    path = tmp_path / "after.json"
    assert await sandbox_.run_line(f"@astrid export {path}")
    after = json.loads(path.read_text())
    assert after["seed"] == 11 and after["game"] == "knarr"
    assert [0, actions[0][0]] in after["moves"]  # astrid's move stands in the file
    assert f"replay {path}" in out.getvalue()


async def test_me_settings_and_cover_in_the_sandbox(box: tuple[Sandbox, io.StringIO]) -> None:
    sandbox_, out = box
    await _open(sandbox_, "knarr", 2)
    assert await sandbox_.run_line(
        "@bjorn me zone=america/new_york quiet=22:00-07:00 notify=dm next=on away=3_days"
    )
    said = out.getvalue()
    assert (
        "(only @bjorn sees) Saved." in said
        and "America/New_York" in said
        and "Quiet hours: 22:00-07:00" in said
    )
    assert "a direct message" in said and "heads-up: on" in said and "Away: until" in said
    assert await sandbox_.run_line("@astrid cover bjorn")
    assert "while they are away" in out.getvalue()


async def test_stats_and_leaderboard_in_the_sandbox(box: tuple[Sandbox, io.StringIO]) -> None:
    sandbox_, out = box
    assert await sandbox_.run_line("@astrid leaderboard knarr")
    assert out.getvalue().strip().endswith("No game of Knarr has finished on this server.")
    await _open(sandbox_, "knarr", 2)
    assert await sandbox_.run_line("@bjorn resign")
    assert await sandbox_.run_line("@astrid stats")
    assert "Stats of astrid" in out.getvalue() and "1 game, 1 win" in out.getvalue()
    assert await sandbox_.run_line("@astrid leaderboard knarr week")
    assert (
        "Knarr leaderboard of this server" in out.getvalue() and "1. astrid: 1 game, 1 win" in out.getvalue()
    )
    assert await sandbox_.run_line("@bjorn me stats=private")
    assert "Stats: private" in out.getvalue()
