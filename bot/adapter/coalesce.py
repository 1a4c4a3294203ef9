"""Which waiting outbox rows of one target go out as one message, and what it says.

When a channel may not post yet (Discord allows 5 messages per 5 seconds), the boards
of its game pile up. They go out as one message: the newest board, with every line the
older boards told, so no move goes unsaid and no stale board is posted. A board's text
is the lines told since the board before, then one last line saying whose turn it is
(``bot.table.turns.whose_turn``); the older boards' last lines are out of date and
dropped. It pings whoever a board of the run would have told of a turn that is still
theirs at the newest. Waiting pictures of one seat's hand are the same: the newest
replaces the older ones.
"""

from __future__ import annotations

from itertools import takewhile

from bot.adapter.messages import MAX_TEXT
from bot.store.payloads import Payload
from bot.store.storage import OutboxRow

COALESCED = ("board", "hand")


def run_of(rows: list[OutboxRow]) -> list[OutboxRow]:
    """The rows at the head of one target's queue that go out as one message.

    A run whose send began before a crash is taken again exactly as it was (the rows
    claimed together share the moment the send began), so its nonce and its text are the
    ones Discord may already hold. Otherwise: the boards (or hands) of one game that wait
    in a row; anything else goes alone, in its turn.
    """
    head = rows[0]
    if head.attempted_at is not None:
        return list(takewhile(lambda r: r.attempted_at == head.attempted_at, rows))
    image = head.payload.get("image")
    if image not in COALESCED:
        return [head]
    run = [head]
    for row in rows[1:]:
        if row.attempted_at is not None or row.game_id != head.game_id or row.payload.get("image") != image:
            break
        run.append(row)
    return run


def merged(rows: list[OutboxRow]) -> Payload:
    """The payload of the one message that carries ``rows`` (the newest is the carrier)."""
    newest = rows[-1].payload
    if len(rows) == 1 or newest.get("image") != "board":
        return newest
    told: list[str] = []
    for row in rows[:-1]:
        told += row.payload.get("text", "").split("\n")[:-1]  # its last line: whose turn it was
    lines = [*told, *newest.get("text", "").split("\n")]
    # A turn that began on an older board and is still someone's at the newest: they were
    # not told yet (the older board never went out on its own).
    acting = newest.get("acting")
    if acting is None:  # a board stored before boards said who acts: its own pings
        return {**newest, "text": fit(lines)}
    called = [u for row in rows for u in row.payload.get("mentions", [])]
    mentions = [u for u in dict.fromkeys(called) if u in acting]
    return {**newest, "text": fit(lines), "mentions": mentions}


def fit(lines: list[str]) -> str:
    """The lines as one message under Discord's 2,000 characters: when they are more, the
    oldest give way to a note pointing at the log (the newest lines and the turn stay)."""
    text = "\n".join(lines)
    dropped = 0
    while len(text) > MAX_TEXT and len(lines) > 1:
        lines = lines[1:]
        dropped += 1
        text = f"({dropped} earlier lines: see /game log)\n" + "\n".join(lines)
    return text
