"""Whom undo requests and reminders reach, under each ``/me settings notify`` choice.

What the table queues is read as Discord would deliver it: a channel message notifies the
users ``tests.discord_api.notify`` says its text and allowed mentions (the payload's
``mentions``, as ``bot.adapter.messages.mentions`` sends them) let through; a DM reaches its user.
"""

from __future__ import annotations

from typing import Any

import pytest

import games
from bot.store.rows import Prefs
from bot.store.storage import OutboxRow
from bot.table import Table
from tests.bot.conftest import FakeClock
from tests.discord_api.notify import Audience, notified

CH = "700"
ALICE, BOB, CAROL = "11", "22", "33"
HOUR = 3600.0


async def set_notify(table: Table, user: str, notify: str, **extra: Any) -> None:
    async with table.storage.transaction() as tx:
        await table.storage.save_person(tx, Prefs(user, notify=notify, **extra), 0.0)


def reached(row: OutboxRow) -> list[str]:
    """Who Discord notifies with this channel message."""
    allowed = {"parse": [], "users": [str(u) for u in row.payload.get("mentions", [])]}
    audience = Audience(members=[int(u) for u in (ALICE, BOB, CAROL)])
    return [str(u) for u in notified(row.payload["text"], flags=0, allowed=allowed, audience=audience)]


async def new_rows(table: Table, since: int) -> tuple[list[OutboxRow], dict[str, list[str]]]:
    """Channel rows and DMs (user -> texts) queued after outbox id ``since``."""
    rows = [r for r in await table.storage.pending_outbox() if r.id > since]
    dms: dict[str, list[str]] = {}
    for row in rows:
        if row.kind == "dm" and "image" not in row.payload:
            dms.setdefault(row.target, []).append(row.payload["text"])
    return [r for r in rows if r.kind == "channel"], dms


async def last_id(table: Table) -> int:
    return max((r.id for r in await table.storage.pending_outbox()), default=0)


async def started(table: Table) -> None:
    await table.lobby.new_game(CH, ALICE, "alice", "knarr")
    await table.lobby.join(CH, BOB, "bob")
    await table.lobby.join(CH, CAROL, "carol")
    await table.lobby.start(CH, ALICE, "joined")


async def acting(table: Table) -> str:
    game = await table.context.active(CH)
    assert game.state is not None
    seats = await table.storage.seats(game.id)
    return seats[games.get("knarr").to_act(game.state)[0]].user_id


async def request_undo(table: Table) -> tuple[str, int]:
    """The acting player takes a card (which shows a new one) and asks to take it back;
    returns who asked and the outbox id before the request."""
    user = await acting(table)
    actions = [a for a, _ in await table.moves.legal(CH, user)]
    await table.moves.act(CH, user, next(a for a in actions if a.startswith("recruit")))
    actions = [a for a, _ in await table.moves.legal(CH, user)]
    await table.moves.act(CH, user, next(a for a in actions if a.startswith("take")))
    before = await last_id(table)
    reply = await table.seating.undo(CH, user)
    assert reply.announce is not None
    return user, before


@pytest.mark.parametrize("notify", ["mention", "dm", "both"])
async def test_an_undo_request_reaches_exactly_those_who_may_allow_it(table: Table, notify: str) -> None:
    await started(table)
    for user in (ALICE, BOB, CAROL):
        await set_notify(table, user, notify)
    asker, before = await request_undo(table)
    others = sorted({ALICE, BOB, CAROL} - {asker})
    [request], dms = await new_rows(table, before)
    assert "asks to take back" in request.payload["text"]
    assert sorted(reached(request)) == (others if notify != "dm" else [])
    assert sorted(dms) == (others if notify != "mention" else [])
    names = {ALICE: "alice", BOB: "bob", CAROL: "carol"}
    for user in others:  # named in the request either way
        assert f"<@{user}>" in request.payload["text"] or names[user] in request.payload["text"]


async def test_an_undo_request_in_quiet_hours_names_without_pinging(table: Table) -> None:
    await started(table)
    asker = await acting(table)
    sleeper = next(u for u in (ALICE, BOB, CAROL) if u != asker)
    await set_notify(table, sleeper, "both", quiet_from=0, quiet_to=24 * 60 - 1)
    _, before = await request_undo(table)
    [request], dms = await new_rows(table, before)
    assert sleeper not in reached(request) and sleeper not in dms
    awake = sorted({ALICE, BOB, CAROL} - {asker, sleeper})
    assert reached(request) == awake


@pytest.mark.parametrize("notify", ["mention", "dm", "both"])
async def test_a_reminder_reaches_the_waiting_player_as_they_asked(
    table: Table, clock: FakeClock, notify: str
) -> None:
    await started(table)
    waiting = await acting(table)
    await set_notify(table, waiting, notify)
    before = await last_id(table)
    clock.now += 25 * HOUR
    await table.send_reminders()
    [reminder], dms = await new_rows(table, before)
    assert reminder.payload["text"].startswith("Reminder 1 of")
    assert reached(reminder) == ([waiting] if notify != "dm" else [])
    assert list(dms) == ([waiting] if notify != "mention" else [])
    if notify != "mention":
        assert dms[waiting][0].startswith("Reminder 1 of") and f"<#{CH}>" in dms[waiting][0]
