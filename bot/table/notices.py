"""Telling players it is their turn the way each of them asked (bot/table/people.py): a mention
in the channel, a DM, or both; nothing inside their quiet hours (the notice is held and
one message gathers what was held when the hours end); and a "you're next" heads-up.

``on_board`` runs inside the transaction that stores a new board, so a notice is queued
exactly when its board is, and never twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from bot.store.payloads import Payload
from bot.store.rows import GameRow, Prefs, SeatRow
from bot.store.storage import Storage, Tx
from bot.table import people, turns


def humans_to_act(module: ModuleType, state: dict[str, Any] | None, seats: list[SeatRow]) -> list[int]:
    if state is None or module.outcome(state) is not None:
        return []
    return [s for s in module.to_act(state) if not seats[s].automatic]


def next_after(seats: list[SeatRow], seat: int) -> int | None:
    """The first seat after ``seat`` in seat order that a person plays."""
    count = len(seats)
    for step in range(1, count):
        other = (seat + step) % count
        if not seats[other].automatic:
            return other
    return None


def turn_dm(module: ModuleType, game: GameRow, prompt: str) -> str:
    return f"Your turn in **{module.title}** in <#{game.channel_id}>: {prompt}."


async def on_board(
    storage: Storage,
    tx: Tx,
    game: GameRow,
    module: ModuleType,
    seats: list[SeatRow],
    payload: Payload,
    *,
    old: dict[str, Any] | None,
    state: dict[str, Any],
    now: float,
) -> None:
    """Settle who a new board pings, and queue the DMs and held notices it calls for. A
    person is told once, when a turn of theirs begins: the seats that must act now and did
    not before this move (a board made by their own press, or by another's while they
    were already deciding, pings nobody)."""
    before = set(humans_to_act(module, old, seats))
    acting = humans_to_act(module, state, seats)
    if old is None or module.to_act(old) != module.to_act(state):
        await storage.set_turn_since(tx, game.id, now)
    following = next_after(seats, acting[0]) if len(module.to_act(state)) == 1 and acting else None
    users = [seats[s].user_id for s in acting] + ([seats[following].user_id] if following is not None else [])
    prefs = await storage.people(users, tx)
    prompt = str(payload.get("view", {}).get("prompt") or "make your move")
    version = game.version + 1
    mentions = []
    for seat in acting:
        if seat in before:
            continue  # told when this turn of theirs began (their own press, or another's)
        user = seats[seat].user_id
        mine = prefs[user]
        quiet = people.quiet_end(mine, now)
        if quiet is not None:
            await storage.hold(tx, user, game.id, version, quiet, now)
            continue
        if mine.mentions():
            mentions.append(user)
        if mine.dms():
            await storage.insert_outbox(tx, game.id, "dm", user, {"text": turn_dm(module, game, prompt)}, now)
    payload["mentions"] = mentions
    payload["acting"] = [seats[s].user_id for s in acting]  # whom a later coalesced board may still ping
    if following is not None and following not in before and acting[0] not in before:
        await _heads_up(
            storage, tx, game, module, seats, acting=acting[0], prefs=prefs[seats[following].user_id], now=now
        )


@dataclass
class Called:
    """People named in a channel message: the words naming them, and whom it pings."""

    names: str
    mentions: list[str]


async def call(
    storage: Storage, tx: Tx, game: GameRow, seats: list[SeatRow], dm_text: str, now: float
) -> Called:
    """Ask these people for something (outside a turn: an undo to allow), each as they
    asked to be told: a mention in the channel message, a DM of ``dm_text``, or both;
    inside their quiet hours or while away only their name, which pings nobody."""
    prefs = await storage.people([s.user_id for s in seats], tx)
    names, mentions = [], []
    for seat in seats:
        mine = prefs[seat.user_id]
        name = turns.plain(seat.name)
        if people.quiet_end(mine, now) is not None or mine.away(now):
            names.append(name)
            continue
        if mine.mentions():
            names.append(f"<@{seat.user_id}>")
            mentions.append(seat.user_id)
        else:
            names.append(name)
        if mine.dms():
            await storage.insert_outbox(tx, game.id, "dm", seat.user_id, {"text": dm_text}, now)
    return Called(turns.joined(names), mentions)


async def queue_hands(
    storage: Storage, tx: Tx, game: GameRow, dms: list[tuple[str, Payload]], now: float
) -> None:
    """Queue each player's new private view; inside their quiet hours it waits until they
    end, and replaces one still waiting, so they get one DM with the newest view."""
    prefs = await storage.people([user for user, _ in dms], tx)
    for user, dm in dms:
        quiet = people.quiet_end(prefs[user], now)
        await storage.supersede_waiting(tx, game.id, user, now)
        row = await storage.insert_outbox(tx, game.id, "dm", user, dm, now)
        if quiet is not None:
            await storage.delay(tx, row, quiet)


async def _heads_up(
    storage: Storage,
    tx: Tx,
    game: GameRow,
    module: ModuleType,
    seats: list[SeatRow],
    *,
    acting: int,
    prefs: Prefs,
    now: float,
) -> None:
    """A new turn began: the player after it, if they asked, hears they are next (once)."""
    if not prefs.heads_up or people.quiet_end(prefs, now) is not None or prefs.away(now):
        return
    name = turns.plain(seats[acting].name)
    text = (
        f"Heads-up: you're next in **{module.title}** in <#{game.channel_id}>. "
        f"{name} is playing now; I'll tell you when it's your turn."
    )
    await storage.insert_outbox(tx, game.id, "dm", prefs.user_id, {"text": text}, now)
