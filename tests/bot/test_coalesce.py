"""Which waiting rows go out as one message, and what that message says."""

from __future__ import annotations

from typing import Any

from bot.adapter.coalesce import fit, merged, run_of
from bot.adapter.messages import MAX_TEXT
from bot.store.storage import OutboxRow


def board(row_id: int, lines: list[str], turn: str, game: int = 1, **extra: Any) -> OutboxRow:
    payload = {
        "text": "\n".join([*lines, turn]),
        "image": "board",
        "mentions": [turn[-4:-1]],
        "version": row_id,
    }
    return OutboxRow(row_id, game, "channel", "42", payload, **extra)


def test_boards_waiting_in_a_row_become_the_newest_with_every_line_told() -> None:
    rows = [
        board(1, ["**Astrid** recruits V05"], "Your turn, <@111>"),
        board(2, ["**Bjorn** trades 1 bracelet", "**Bjorn** scores 2"], "Your turn, <@222>"),
        board(3, ["**Astrid** explores A04"], "Your turn, <@333>"),
    ]
    run = run_of(rows)
    assert [r.id for r in run] == [1, 2, 3]
    out = merged(run)
    assert out["text"].split("\n") == [
        "**Astrid** recruits V05",
        "**Bjorn** trades 1 bracelet",
        "**Bjorn** scores 2",
        "**Astrid** explores A04",
        "Your turn, <@333>",
    ]
    # the picture, buttons and pings are the newest board's
    assert out["version"] == 3 and out["mentions"] == ["333"]


def test_a_reminder_or_another_game_ends_the_run() -> None:
    reminder = OutboxRow(2, 1, "channel", "42", {"text": "Reminder 1 of 3: <@222>"})
    rows = [board(1, ["a"], "t1"), reminder, board(3, ["b"], "t3")]
    assert [r.id for r in run_of(rows)] == [1]
    assert [r.id for r in run_of(rows[1:])] == [2]
    other = [board(1, ["a"], "t1"), board(2, ["b"], "t2", game=7)]
    assert [r.id for r in run_of(other)] == [1]


def test_a_run_whose_send_began_before_a_crash_is_taken_again_as_it_was() -> None:
    rows = [
        board(1, ["a"], "t1", attempted_at=50.0),
        board(2, ["b"], "t2", attempted_at=50.0),
        board(3, ["c"], "t3"),  # came after that send began: not in it
    ]
    run = run_of(rows)
    assert [r.id for r in run] == [1, 2]
    assert merged(run)["text"] == "a\nb\nt2"


def test_waiting_hands_of_one_seat_send_only_the_newest() -> None:
    hands = [
        OutboxRow(i, 1, "dm", "7", {"text": "Your private view", "image": "hand", "version": i})
        for i in (4, 5)
    ]
    run = run_of(hands)
    assert [r.id for r in run] == [4, 5]
    assert merged(run)["version"] == 5


def test_a_text_too_long_for_one_message_keeps_the_newest_lines() -> None:
    lines = [f"line {i} " + "x" * 90 for i in range(40)] + ["Your turn, <@1>"]
    text = fit(lines)
    assert len(text) <= MAX_TEXT
    assert text.endswith("Your turn, <@1>") and "line 39" in text
    assert text.startswith("(") and "/game log" in text.split("\n")[0]
    assert "line 0 " not in text


def test_a_turn_told_by_an_older_board_is_still_told_when_it_is_still_theirs() -> None:
    """Only the board that began a turn pings; merged, the message pings whoever a board of
    the run would have told of a turn that is still theirs at the newest."""
    rows = [
        board(1, ["a"], "Your turn, <@111>"),  # 111's turn began: pinged
        board(2, ["b"], "Your turn, <@111> and <@222>"),  # 222 asked as well (111 told already)
        board(3, ["c"], "Your turn, <@222>"),  # 111 answered: nobody new
    ]
    rows[0].payload.update(mentions=["111"], acting=["111"])
    rows[1].payload.update(mentions=["222"], acting=["111", "222"])
    rows[2].payload.update(mentions=[], acting=["222"])
    assert merged(rows)["mentions"] == ["222"]
    assert merged(rows[:2])["mentions"] == ["111", "222"]
