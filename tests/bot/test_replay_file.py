"""``./run.sh replay FILE`` answers every file it cannot replay in one sentence (no
traceback, exit code 1), and prints plain text, not Discord's markdown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import games
from bot.replay import main as replay


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
