"""Play that fits a life, at the table: quiet hours (held notices, reminders that wait),
how each player is told, "you're next", away and covered seats, "since Tuesday", and
each player's average time per turn. A fake clock; Knarr as the game; on SQLite and
PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
import pytest_asyncio

import games
from bot.store.storage import Storage
from bot.table import Table, TableError

CH = "900"
A, B, C = "11", "22", "33"
HOUR = 3600.0
KNARR = games.get("knarr")


def at(text: str, zone: str = "UTC") -> float:
    return datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(zone)).timestamp()


class Clock:
    def __init__(self) -> None:
        self.now = at("2026-11-23T09:00")  # a Monday

    def __call__(self) -> float:
        return self.now


class Game:
    def __init__(self, table: Table, storage: Storage, clock: Clock) -> None:
        self.table, self.storage, self.clock = table, storage, clock

    async def acting(self) -> str:
        game = await self.storage.latest_game(CH)
        assert game is not None and game.state is not None
        seats = await self.storage.seats(game.id)
        return seats[KNARR.to_act(game.state)[0]].user_id

    async def finish_turn(self) -> str:
        """The acting player plays legal moves until someone else must act; returns who acted."""
        user = await self.acting()
        while await self.acting() == user:
            moves = await self.table.moves.legal(CH, user)
            await self.table.moves.act(CH, user, moves[0][0])
        return user

    async def outbox(self) -> list[tuple[str, str, dict]]:
        rows = await self.storage.pending_outbox()
        for row in rows:
            await self.storage.mark_sent(row.id, self.clock())
        return [(r.kind, r.target, r.payload) for r in rows]


async def start(players: list[str], clock: Clock, database: str) -> Game:
    storage = await Storage.open(database)
    table = Table(storage, clock=clock, seeds=lambda: 7)
    await table.lobby.new_game(CH, players[0], "astrid", "knarr")
    for user, name in zip(players[1:], ["bjorn", "cnut"], strict=False):
        await table.lobby.join(CH, user, name)
    await table.lobby.start(CH, players[0], "joined")
    return Game(table, storage, clock)


@pytest_asyncio.fixture
async def two(database: str) -> AsyncIterator[Game]:
    game = await start([A, B], Clock(), database)
    await game.outbox()
    yield game
    await game.storage.close()


def boards(sent: list[tuple[str, str, dict]]) -> list[dict]:
    return [p for kind, _, p in sent if kind == "channel" and p.get("image") == "board"]


def dms_to(sent: list[tuple[str, str, dict]], user: str) -> list[str]:
    return [p["text"] for kind, target, p in sent if kind == "dm" and target == user and "image" not in p]


async def test_quiet_hours_hold_the_ping_and_one_message_gathers_it_when_they_end(two: Game) -> None:
    assert await two.acting() == A
    await two.table.personal.settings(B, zone="Asia/Tokyo", quiet="22:00-07:00")
    two.clock.now = at("2026-11-24T03:00", "Asia/Tokyo")
    await two.finish_turn()  # now it is Bjørn's turn, at 03:00 in Tokyo
    sent = await two.outbox()
    assert boards(sent)[-1]["mentions"] == []  # the board is posted, without the ping
    two.clock.now = at("2026-11-24T06:59", "Asia/Tokyo")
    assert await two.table.send_reminders() == []
    two.clock.now = at("2026-11-24T07:00", "Asia/Tokyo")
    released = await two.table.send_reminders()
    sent = await two.outbox()
    assert len(released) == 1 and len(sent) == 1
    kind, target, payload = sent[0]
    assert (kind, target, payload["mentions"]) == ("channel", CH, [B])
    assert "came during your quiet hours (since 03:00)" in payload["text"] and payload["turn"]
    assert await two.table.send_reminders() == []  # exactly once


async def test_a_held_notice_is_dropped_when_the_turn_has_passed(two: Game) -> None:
    await two.table.personal.settings(B, zone="UTC", quiet="01:00-08:00")
    two.clock.now = at("2026-11-24T02:00")
    await two.finish_turn()  # Bjørn's turn, held
    await two.table.personal.settings(B, quiet="off")
    await two.finish_turn()  # Bjørn played anyway (from a phone at 02:05)
    await two.outbox()
    two.clock.now = at("2026-11-24T08:00")
    assert await two.table.send_reminders() == []


async def test_a_reminder_due_inside_quiet_hours_waits_until_they_end_exactly_once(two: Game) -> None:
    await two.table.personal.settings(A, zone="Asia/Tokyo", quiet="22:00-07:00")
    game = await two.storage.latest_game(CH)
    assert game is not None and game.remind_at is not None
    # the reminder falls due at 03:00 in Tokyo (18:00 UTC)
    two.clock.now = at("2026-11-25T03:00", "Asia/Tokyo")
    assert two.clock.now >= game.remind_at
    assert await two.table.send_reminders() == []
    game = await two.storage.latest_game(CH)
    assert game is not None and game.remind_at == at("2026-11-25T07:00", "Asia/Tokyo") and game.nudges == 0
    two.clock.now = at("2026-11-25T07:00", "Asia/Tokyo")
    assert len(await two.table.send_reminders()) == 1
    sent = await two.outbox()
    assert sent[0][2]["mentions"] == [A] and sent[0][2]["text"].startswith("Reminder 1 of 3: <@11>")
    assert await two.table.send_reminders() == []


async def test_told_by_direct_message_instead_of_a_mention(two: Game) -> None:
    await two.table.personal.settings(B, notify="dm")
    await two.finish_turn()
    sent = await two.outbox()
    assert boards(sent)[-1]["mentions"] == []
    assert dms_to(sent, B) == [f"Your turn in **Knarr** in <#{CH}>: choose an action."]
    await two.table.personal.settings(A, notify="both")
    await two.finish_turn()
    sent = await two.outbox()
    assert boards(sent)[-1]["mentions"] == [A] and len(dms_to(sent, A)) == 1


async def test_youre_next_is_sent_once_per_turn_to_the_player_after(database: str) -> None:
    clock = Clock()
    game = await start([A, B, C], clock, database)
    await game.outbox()
    order, names = [A, B, C], ["astrid", "bjorn", "cnut"]
    first = order.index(await game.acting())
    second, third = (first + 1) % 3, (first + 2) % 3
    await game.table.personal.settings(order[third], heads_up=True)
    await game.finish_turn()  # the second player's turn begins: the third is next
    sent = await game.outbox()
    assert dms_to(sent, order[third]) == [
        f"Heads-up: you're next in **Knarr** in <#{CH}>. {names[second]} is playing now; "
        "I'll tell you when it's your turn."
    ]
    user = await game.acting()
    moves = await game.table.moves.legal(CH, user)
    await game.table.moves.act(CH, user, moves[0][0])  # one step inside that turn: no second heads-up
    assert dms_to(await game.outbox(), order[third]) == []
    await game.finish_turn()  # the third player's own turn: no heads-up for anyone
    sent = await game.outbox()
    assert all(dms_to(sent, u) == [] for u in order)
    await game.storage.close()


async def test_away_players_are_named_not_pinged_and_the_host_may_cover_them(two: Game) -> None:
    await two.finish_turn()  # Bjørn's turn
    await two.outbox()
    with pytest.raises(TableError, match="has not said they are away"):
        await two.table.personal.cover(CH, A, B)
    await two.table.personal.settings(B, away="2026-12-03")
    two.clock.now += 30 * HOUR
    await two.table.send_reminders()
    reminder = (await two.outbox())[0][2]
    assert reminder["mentions"] == [] and "bjorn is away until 3 December" in reminder["text"]
    with pytest.raises(TableError, match="Only the host"):
        await two.table.personal.cover(CH, B, B)
    await two.table.personal.cover(CH, A, B)
    assert await two.acting() == A  # the bot played Bjørn's turn
    sent = await two.outbox()
    assert "The bot plays **bjorn**'s seat while they are away (until 3 December)." in boards(sent)[0]["text"]
    game = await two.storage.latest_game(CH)
    assert game is not None
    played = len([r for r in await two.storage.actions(game.id) if r.user_id == B])
    while len([r for r in await two.storage.actions(game.id) if r.user_id == B]) == played:
        await two.table.moves.act(
            CH, A, (await two.table.moves.legal(CH, A))[0][0]
        )  # the bot goes on playing it
    assert await two.acting() == A
    await two.table.personal.settings(B, away="off")  # back early
    sent = await two.outbox()
    assert any(p["text"] == "**bjorn** is back and plays their own seat again." for _, _, p in sent)
    await two.finish_turn()
    assert await two.acting() == B


async def test_a_covered_seat_goes_back_when_the_absence_ends(two: Game) -> None:
    await two.table.personal.settings(A, away="2 days")
    await two.table.personal.cover(CH, A, A)  # the host may cover their own seat
    assert await two.acting() == B
    two.clock.now += 49 * HOUR
    await two.table.send_reminders()
    assert any("**astrid** is back" in p["text"] for _, _, p in await two.outbox())
    await two.finish_turn()
    assert await two.acting() == A


async def test_the_stall_notice_says_who_and_since_when_in_words(two: Game) -> None:
    await two.table.reminders.set_reminder(CH, A, 1)
    for _ in range(4):
        two.clock.now += 20 * HOUR
        await two.table.send_reminders()
    texts = [p["text"] for _, _, p in await two.outbox()]
    assert texts[-1].startswith("This Knarr game has stalled: waiting for <@11> since Monday.")


async def test_status_shows_each_players_average_time_per_turn(two: Game) -> None:
    two.clock.now += 2 * HOUR
    await two.finish_turn()  # the first turn has no known start: Astrid is not timed yet
    two.clock.now += 3 * HOUR
    await two.finish_turn()  # Bjørn: 3 h
    two.clock.now += 1 * HOUR
    await two.finish_turn()  # Astrid: 1 h
    two.clock.now += 5 * HOUR
    await two.finish_turn()  # Bjørn: 5 h
    text = await two.table.reading.status(CH)
    assert "Average time per turn: astrid: 1 h 00 min (1 turn); bjorn: 4 h 00 min (2 turns)." in text
    assert "Waiting since 20:00" in text


async def test_bad_settings_get_one_sentence_and_change_nothing(two: Game) -> None:
    await two.table.personal.settings(A, zone="Europe/Oslo")
    for kwargs in ({"zone": "Mars/Olympus"}, {"quiet": "late"}, {"away": "yesterday"}, {"notify": "pigeon"}):
        with pytest.raises(TableError) as caught:
            await two.table.personal.settings(A, **{"quiet": "22:00-06:00", **kwargs})  # type: ignore[arg-type]
        assert "\n" not in str(caught.value)
    shown = await two.table.personal.settings(A)
    assert "Europe/Oslo" in shown and "Quiet hours: none" in shown


async def test_hand_dms_wait_for_the_end_of_quiet_hours_and_only_the_newest_is_sent(two: Game) -> None:
    await two.table.personal.settings(A, zone="UTC", quiet="00:00-08:00")
    await two.table.personal.settings(B, zone="UTC", quiet="00:00-08:00")
    two.clock.now = at("2026-11-24T02:00")
    for _ in range(3):
        await two.finish_turn()  # hands change on every turn, deep in everyone's quiet hours
    rows = [r for r in await two.storage.pending_outbox() if r.kind == "dm"]
    assert rows, "the private views changed"
    assert all(r.next_try == at("2026-11-24T08:00") for r in rows)  # none goes out before 08:00
    for user in (A, B):
        assert len([r for r in rows if r.target == user]) <= 1  # older ones were replaced
