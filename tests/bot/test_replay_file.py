"""``./run.sh replay FILE`` answers every file it cannot replay in one sentence (no
traceback, exit code 1), and prints plain text, not Discord's markdown."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import games
from bot import replay as bot_replay
from bot.replay import main as replay
from games import upgrade
from render import replay as render_replay
from tests.bot.test_seat_migration import old_form, played


def write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def good_export() -> dict[str, object]:
    module = games.get("knarr")
    state = module.setup(5, 2, {})
    moves = []
    for _ in range(10):
        seat = module.to_act(state)[0]
        action = module.legal_actions(state, seat)[0]
        moves.append([seat, action])
        state = module.apply(state, seat, action)
    return {
        "game": "knarr",
        "seed": 5,
        "players": ["Astrid", "Bot Ulf (random)"],
        "options": {},
        "moves": moves,
    }


def run(tmp_path: Path, content: str | None, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    code = replay([str(path), "--out", str(tmp_path / "board.png")])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (None, "There is no file"),
        ("not json at all", "it is not JSON"),
        ("[1, 2]", "names no game"),
        (json.dumps({"game": "knarr", "players": ["a", "b"], "public_log": []}), "still being played"),
        (json.dumps({"game": "chess", "seed": 1, "players": [], "moves": []}), "Skald does not know"),
        (json.dumps({"game": "knarr", "seed": "x", "players": ["a", "b"], "moves": []}), "damaged"),
    ],
)
def test_a_file_that_cannot_be_replayed_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, said: str
) -> None:
    code, out, err = run(tmp_path, content, capsys)
    assert code == 1 and out == ""
    assert said in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_changed_move_names_the_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    export = good_export()
    export["moves"][3][1] = "recruit V99"  # type: ignore[index]
    code, _, err = run(tmp_path, json.dumps(export), capsys)
    assert code == 1 and "Move 4" in err and "not legal" in err and err.count("\n") == 1


def test_a_good_file_prints_plain_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(tmp_path, json.dumps(good_export()), capsys)
    assert code == 0 and "10 moves replayed" in out
    assert "**" not in out and "\\(" not in out


# --- files written before seats in moves were counted from 1 (games.upgrade) ----------------


def old_volga_file() -> tuple[dict[str, Any], Any]:
    """A finished Volga game with trade offers, as a file without ``format`` held it (each
    offer's seat counted from 0), and the game's final state."""
    state, moves = played("volga", 3, 3)
    old = [[seat, old_form(action)] for seat, action in moves]
    assert any(action == "offer 0" for _, action in old) and old != [list(m) for m in moves]
    names = ["Astrid", "Bjørn", "Ulf"]
    return {"game": "volga", "seed": 3, "players": names, "options": {}, "moves": old}, state


def test_a_file_from_before_format_2_is_upgraded_and_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, final = old_volga_file()
    _, state, _ = bot_replay.replay(bot_replay.read(write(tmp_path, data)), tmp_path)
    assert state == final and games.get("volga").outcome(state) is not None
    code, out, _ = run(tmp_path, json.dumps(data), capsys)
    assert code == 0 and f"{len(data['moves'])} moves replayed" in out
    assert render_replay.turn_ends(data)[1][-1] == final  # the animated replay of a queued one


def test_a_file_in_format_2_is_not_upgraded_again(tmp_path: Path) -> None:
    data, final = old_volga_file()
    today = upgrade.export(data)
    assert today["format"] == upgrade.FORMAT and upgrade.export(today) is today
    _, state, _ = bot_replay.replay(bot_replay.read(write(tmp_path, today)), tmp_path)
    assert state == final


def test_a_file_from_a_newer_skald_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    newer = {**good_export(), "format": upgrade.FORMAT + 1}
    code, out, err = run(tmp_path, json.dumps(newer), capsys)
    assert code == 1 and out == "" and err.count("\n") == 1
    assert "was written by a newer Skald" in err
