"""The table: the discord-free core of the bot.

It loads a channel's game, checks who is acting, applies the move, lets the bot
play its seats, stores state, log and outgoing messages in one transaction, and
says what must be sent. The Discord adapter, the offline sandbox and the tests
all drive this same class.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import aiosqlite

import games
from bot import turns
from bot.storage import GameRow, SeatRow, Storage, append_actions, insert_outbox
from games import IllegalAction
from games.core import revealed

BOT_NAMES = ("Bot Ragnar", "Bot Sigrid", "Bot Ulf", "Bot Freydis", "Bot Harald")
MAX_NUDGES = 3


class TableError(Exception):
    """A request that cannot be done; ``str(error)`` is one sentence for the person."""


@dataclass
class Reply:
    """What the person who asked sees, and the public message their request produced."""

    text: str
    announce: int | None = None  # outbox id of the public message answering the request


def _seat_view(rows: list[SeatRow]) -> list[turns.Seat]:
    return [turns.Seat(r.user_id, r.name, r.automatic) for r in rows]


class Table:
    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] | None = None,
        default_reminder_hours: float = 24.0,
    ) -> None:
        self.storage = storage
        self.clock = clock
        self._seeds = seeds or (lambda: random.SystemRandom().randrange(2**62))
        self._shuffle = random.SystemRandom()
        self.default_reminder_hours = default_reminder_hours
        self._locks: dict[str, asyncio.Lock] = {}

    def lock(self, channel_id: str) -> asyncio.Lock:
        """Moves on one channel's game run one at a time."""
        return self._locks.setdefault(channel_id, asyncio.Lock())

    # --- lookups -----------------------------------------------------------------

    async def active(self, channel_id: str) -> GameRow:
        game = await self.storage.active_game(channel_id)
        if game is None:
            raise TableError("There is no game in this channel; start one with /game new.")
        return game

    async def current_or_last(self, channel_id: str) -> GameRow:
        game = await self.storage.latest_game(channel_id)
        if game is None:
            raise TableError("No game has been played in this channel yet; start one with /game new.")
        return game

    async def seat_of(self, game: GameRow, user_id: str) -> tuple[int, SeatRow]:
        for index, seat in enumerate(await self.storage.seats(game.id)):
            if seat.user_id == user_id:
                return index, seat
        raise TableError("You are not playing in this game.")

    async def legal(self, channel_id: str, user_id: str) -> list[tuple[str, str]]:
        """The caller's legal actions with their labels (for autocomplete)."""
        game = await self.storage.active_game(channel_id)
        if game is None or game.status != "playing" or game.state is None:
            return []
        seats = await self.storage.seats(game.id)
        index = next((i for i, s in enumerate(seats) if s.user_id == user_id), None)
        if index is None or seats[index].automatic:
            return []
        module = games.get(game.game)

        def compute() -> list[tuple[str, str]]:
            state = game.state
            assert state is not None
            if index not in module.to_act(state):
                return []
            return [(a, turns.label(module, state, a)) for a in module.legal_actions(state, index)]

        return await asyncio.to_thread(compute)

    # --- lobby ---------------------------------------------------------------------

    def _parse_options(self, module: ModuleType, given: dict[str, str]) -> dict[str, str]:
        known = {o["name"]: o for o in getattr(module, "OPTIONS", [])}
        options = {name: o["default"] for name, o in known.items()}
        for name, value in given.items():
            if name not in known:
                names = ", ".join(known) or "none"
                raise TableError(f"{module.title} has no option '{name}' (its options: {names}).")
            if value not in known[name]["choices"]:
                choices = ", ".join(known[name]["choices"])
                raise TableError(f"Option '{name}' must be one of: {choices}.")
            options[name] = value
        return options

    async def new_game(
        self, channel_id: str, user_id: str, name: str, game_id: str, options: dict[str, str] | None = None
    ) -> Reply:
        if game_id not in games.names():
            raise TableError(f"Unknown game '{game_id}'; choose one of: {', '.join(games.names())}.")
        module = games.get(game_id)
        chosen = self._parse_options(module, options or {})
        async with self.lock(channel_id):
            if await self.storage.active_game(channel_id) is not None:
                raise TableError(
                    "This channel already has a game; finish it or use another channel or thread."
                )
            now = self.clock()
            async with self.storage.transaction() as db:
                cursor = await db.execute(
                    "INSERT INTO games (channel_id, game, status, host_id, options, seed,"
                    " reminder_hours, created_at, updated_at) VALUES (?, ?, 'lobby', ?, ?, ?, ?, ?, ?)",
                    (
                        channel_id,
                        game_id,
                        user_id,
                        json.dumps(chosen),
                        self._seeds(),
                        self.default_reminder_hours,
                        now,
                        now,
                    ),
                )
                gid = cursor.lastrowid
                assert gid is not None
                await db.execute(
                    "INSERT INTO seats (game_id, user_id, name, position) VALUES (?, ?, ?, 0)",
                    (gid, user_id, name),
                )
                text = self._lobby_text(module, chosen, [name], name)
                announce = await insert_outbox(
                    db, gid, "channel", channel_id, {"text": text, "lobby": gid}, now
                )
        return Reply("", announce)

    def _lobby_text(self, module: ModuleType, options: dict[str, str], names: list[str], host: str) -> str:
        shown = ", ".join(f"{k}: {v}" for k, v in options.items()) or "none"
        return (
            f"**{module.title}** is gathering players ({module.min_players}-{module.max_players}). "
            f"Host: {host}. Options: {shown}.\nSeated: {', '.join(names)}.\n"
            "Join with /game join or the button; the host starts with /game start."
        )

    async def _lobby(self, channel_id: str) -> tuple[GameRow, ModuleType, list[SeatRow]]:
        game = await self.active(channel_id)
        if game.status != "lobby":
            raise TableError("The game has already started.")
        return game, games.get(game.game), await self.storage.seats(game.id)

    async def _lobby_update(
        self, db: aiosqlite.Connection, game: GameRow, module: ModuleType, now: float
    ) -> int:
        async with db.execute(
            "SELECT name, user_id FROM seats WHERE game_id = ? ORDER BY position", (game.id,)
        ) as cursor:
            rows = list(await cursor.fetchall())
        host = next((r[0] for r in rows if r[1] == game.host_id), "?")
        text = self._lobby_text(module, game.options, [r[0] for r in rows], host)
        return await insert_outbox(
            db, game.id, "channel", game.channel_id, {"text": text, "lobby": game.id}, now
        )

    async def join(self, channel_id: str, user_id: str, name: str) -> Reply:
        async with self.lock(channel_id):
            game, module, seats = await self._lobby(channel_id)
            if any(s.user_id == user_id for s in seats):
                raise TableError("You are already seated in this game.")
            if len(seats) >= module.max_players:
                raise TableError(f"The game is full ({module.max_players} players).")
            return await self._add_seat(game, module, seats, user_id, name)

    async def add_bot(self, channel_id: str, user_id: str) -> Reply:
        async with self.lock(channel_id):
            game, module, seats = await self._lobby(channel_id)
            if not any(s.user_id == user_id for s in seats):
                raise TableError("Only a seated player can add a bot.")
            if len(seats) >= module.max_players:
                raise TableError(f"The game is full ({module.max_players} players).")
            taken = {s.user_id for s in seats}
            number = next(i for i in range(1, 99) if f"bot:{i}" not in taken)
            return await self._add_seat(game, module, seats, f"bot:{number}", BOT_NAMES[(number - 1) % 5])

    async def _add_seat(
        self, game: GameRow, module: ModuleType, seats: list[SeatRow], user_id: str, name: str
    ) -> Reply:
        now = self.clock()
        position = max((s.position for s in seats), default=-1) + 1
        async with self.storage.transaction() as db:
            await db.execute(
                "INSERT INTO seats (game_id, user_id, name, position) VALUES (?, ?, ?, ?)",
                (game.id, user_id, name, position),
            )
            announce = await self._lobby_update(db, game, module, now)
        return Reply("", announce)

    async def leave(self, channel_id: str, user_id: str) -> Reply:
        async with self.lock(channel_id):
            game, module, seats = await self._lobby(channel_id)
            if not any(s.user_id == user_id for s in seats):
                raise TableError("You are not seated in this game.")
            return await self._remove_from_lobby(game, module, seats, user_id)

    async def _remove_from_lobby(
        self, game: GameRow, module: ModuleType, seats: list[SeatRow], user_id: str
    ) -> Reply:
        now = self.clock()
        humans = [s for s in seats if not s.is_bot and s.user_id != user_id]
        async with self.storage.transaction() as db:
            await db.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game.id, user_id))
            if not humans:
                await db.execute(
                    "UPDATE games SET status = 'abandoned', updated_at = ? WHERE id = ?", (now, game.id)
                )
                text = f"The {module.title} lobby closed: nobody is left in it."
                return Reply(
                    "", await insert_outbox(db, game.id, "channel", game.channel_id, {"text": text}, now)
                )
            if user_id == game.host_id:
                game.host_id = humans[0].user_id
                await db.execute("UPDATE games SET host_id = ? WHERE id = ?", (game.host_id, game.id))
            return Reply("", await self._lobby_update(db, game, module, now))

    async def start(self, channel_id: str, user_id: str, order: str = "random") -> Reply:
        async with self.lock(channel_id):
            game, module, seats = await self._lobby(channel_id)
            if user_id != game.host_id:
                raise TableError("Only the host can start the game.")
            if len(seats) < module.min_players:
                raise TableError(
                    f"{module.title} needs at least {module.min_players} players; invite more or /game addbot."
                )
            if order not in ("random", "joined"):
                raise TableError("Seat order must be 'random' or 'joined'.")
            if order == "random":
                self._shuffle.shuffle(seats)
            views = _seat_view(seats)
            automatic = {i for i, s in enumerate(seats) if s.automatic}

            def begin() -> tuple[dict[str, Any], list[turns.Move]]:
                state = module.setup(game.seed, len(seats), game.options)
                return turns.play_automatic(module, state, automatic, f"{game.seed}:0")

            state, moves = await asyncio.to_thread(begin)
            now = self.clock()
            async with self.storage.transaction() as db:
                for index, seat in enumerate(seats):
                    await db.execute(
                        "UPDATE seats SET position = ? WHERE game_id = ? AND user_id = ?",
                        (index, game.id, seat.user_id),
                    )
                await append_actions(db, game.id, [("move", s, seats[s].user_id, a) for s, a in moves], now)
                order_text = ", ".join(f"{i + 1}. {s.name}" for i, s in enumerate(seats))
                head = f"**{module.title}** begins! Seat order: {order_text}."
                announce = await self._commit_change(
                    db, game, module, views, seats, None, state, now, [head], status_from_state=True
                )
        return Reply("", announce)

    # --- play ------------------------------------------------------------------------

    async def act(self, channel_id: str, user_id: str, action: str, version: int | None = None) -> Reply:
        async with self.lock(channel_id):
            game = await self.active(channel_id)
            if game.status != "playing" or game.state is None:
                raise TableError("The game has not started yet; the host starts it with /game start.")
            if version is not None and version != game.version:
                raise TableError("That board is out of date: the game has moved on, use the newest message.")
            index, seat = await self.seat_of(game, user_id)
            if seat.resigned:
                raise TableError("You have left this game.")
            seats = await self.storage.seats(game.id)
            module = games.get(game.game)
            automatic = {i for i, s in enumerate(seats) if s.automatic}
            old = game.state
            try:
                state, moves = await asyncio.to_thread(
                    turns.advance, module, old, index, action, automatic, f"{game.seed}:{game.version}"
                )
            except IllegalAction as error:
                raise TableError(str(error)) from None
            now = self.clock()
            async with self.storage.transaction() as db:
                await append_actions(db, game.id, [("move", s, seats[s].user_id, a) for s, a in moves], now)
                announce = await self._commit_change(
                    db, game, module, _seat_view(seats), seats, old, state, now, [], status_from_state=True
                )
        return Reply("", announce)

    async def _commit_change(
        self,
        db: aiosqlite.Connection,
        game: GameRow,
        module: ModuleType,
        views: list[turns.Seat],
        seats: list[SeatRow],
        old: dict[str, Any] | None,
        state: dict[str, Any],
        now: float,
        head: list[str],
        *,
        status_from_state: bool,
        result: dict[str, Any] | None = None,
    ) -> int:
        """Store a new state and queue the channel message and the DMs it calls for."""

        def compose() -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]], bool]:
            over = result is not None or module.outcome(state) is not None
            lines = head + turns.log_lines(old, state, views)
            tail = turns.outcome_line(result, views) if result else turns.whose_turn(module, state, views)
            mentions = (
                [] if over else [views[s].user_id for s in module.to_act(state) if not views[s].automatic]
            )
            payload = {
                "text": "\n".join([*lines, tail]),
                "image": "board",
                "view": module.view(state, None),
                "names": [v.name for v in views],
                "buttons": [] if over else turns.buttons(module, state, views),
                "game_id": game.id,
                "version": game.version + 1,
                "mentions": mentions,
            }
            dms = []
            for index in turns.private_changes(module, old, state, views):
                if seats[index].dm_closed:
                    continue
                dms.append(
                    (
                        index,
                        {
                            "text": f"Your hand in <#{game.channel_id}> ({module.title}).",
                            "image": "hand",
                            "view": module.view(state, index),
                            "names": [v.name for v in views],
                            "game_id": game.id,
                            "version": game.version + 1,
                        },
                    )
                )
            return payload, dms, over

        payload, dms, over = await asyncio.to_thread(compose)
        status = "over" if over else "playing"
        remind_at = None if over else now + game.reminder_hours * 3600
        cursor = await db.execute(
            "UPDATE games SET state = ?, version = version + 1, status = ?, remind_at = ?, nudges = 0,"
            " undo_request = NULL, result = COALESCE(?, result), updated_at = ? WHERE id = ? AND version = ?",
            (
                json.dumps(state),
                status,
                remind_at,
                json.dumps(result) if result else None,
                now,
                game.id,
                game.version,
            ),
        )
        if cursor.rowcount != 1:
            raise TableError("Someone else moved at the same moment; look at the newest board and try again.")
        announce = await insert_outbox(db, game.id, "channel", game.channel_id, payload, now)
        for index, dm in dms:
            await insert_outbox(db, game.id, "dm", seats[index].user_id, dm, now)
        return announce

    # --- views on demand -----------------------------------------------------------

    async def board(self, channel_id: str) -> dict[str, Any]:
        game = await self.current_or_last(channel_id)
        if game.state is None:
            raise TableError("The game has not started yet, so there is no board to show.")
        module = games.get(game.game)
        seats = _seat_view(await self.storage.seats(game.id))
        state = game.state

        def compose() -> dict[str, Any]:
            text = (
                turns.outcome_line(game.result, seats)
                if game.result
                else turns.whose_turn(module, state, seats)
            )
            over = game.status != "playing"
            return {
                "text": text,
                "image": "board",
                "view": module.view(state, None),
                "names": [s.name for s in seats],
                "buttons": [] if over else turns.buttons(module, state, seats),
                "game_id": game.id,
                "version": game.version,
            }

        return await asyncio.to_thread(compose)

    async def hand(self, channel_id: str, user_id: str) -> dict[str, Any]:
        game = await self.current_or_last(channel_id)
        if game.state is None:
            raise TableError("The game has not started yet; hands are dealt at /game start.")
        index, _ = await self.seat_of(game, user_id)
        module = games.get(game.game)
        seats = await self.storage.seats(game.id)
        view = await asyncio.to_thread(module.view, game.state, index)
        if view.get("private") is None:
            raise TableError(f"{module.title} has nothing hidden for you to see.")
        return {
            "text": f"Your hand ({module.title}).",
            "image": "hand",
            "view": view,
            "names": [s.name for s in seats],
            "game_id": game.id,
            "version": game.version,
        }

    async def status(self, channel_id: str) -> str:
        game = await self.current_or_last(channel_id)
        module = games.get(game.game)
        seats = await self.storage.seats(game.id)
        views = _seat_view(seats)
        names = ", ".join(s.name + (" (left)" if s.resigned else "") for s in seats)
        if game.status == "lobby":
            return self._lobby_text(module, game.options, [s.name for s in seats], "the host")
        assert game.state is not None
        state = game.state
        head = f"**{module.title}**, move {game.version}. Players: {names}."
        if game.result:
            return f"{head}\n{turns.outcome_line(game.result, views)}"
        line = await asyncio.to_thread(turns.whose_turn, module, state, views)
        if game.status == "playing":
            idle = (self.clock() - game.updated_at) / 3600
            line += f"\nIdle for {max(idle, 0):.1f} h; reminders after {game.reminder_hours:g} h."
        return f"{head}\n{line}"

    async def log(self, channel_id: str, last: int = 25) -> tuple[str, dict[str, Any]]:
        """The last public log lines, and a full export (seed, options, moves) for replay."""
        game = await self.current_or_last(channel_id)
        if game.state is None:
            raise TableError("The game has not started yet, so its log is empty.")
        seats = await self.storage.seats(game.id)
        views = _seat_view(seats)
        entries = game.state.get("log", [])[-last:]
        lines = turns.log_lines(None, {"log": entries}, views)
        moves = await self._effective_moves(game.id)
        export = {
            "game": game.game,
            "seed": game.seed,
            "players": [s.name for s in seats],
            "options": game.options,
            "moves": [[seat, action] for _, seat, action in moves],
        }
        return "\n".join(lines) or "Nothing has happened yet.", export

    async def _effective_moves(self, game_id: int) -> list[tuple[int, int, str]]:
        """The moves that stand, in order: (n, seat, action), with undone ones removed."""
        moves: dict[int, tuple[int, str]] = {}
        for row in await self.storage.actions(game_id):
            if row.kind == "move" and row.seat is not None:
                moves[row.n] = (row.seat, row.action)
            elif row.kind == "undo":
                moves.pop(int(row.action), None)
        return [(n, seat, action) for n, (seat, action) in sorted(moves.items())]

    # --- undo ---------------------------------------------------------------------------

    async def undo(self, channel_id: str, user_id: str) -> Reply:
        """Take back the caller's last move: at once if it revealed nothing, else ask the table."""
        async with self.lock(channel_id):
            game = await self.active(channel_id)
            if game.status != "playing" or game.state is None:
                raise TableError("There is no move to take back yet.")
            seats = await self.storage.seats(game.id)
            request = game.undo_request
            if request and user_id == game.host_id and seats[request["seat"]].user_id != user_id:
                return await self._do_undo(game, seats, request["moves"], "with the host's consent")
            index, _ = await self.seat_of(game, user_id)
            moves = await self._effective_moves(game.id)
            tail: list[int] = []
            for n, seat, _action in reversed(moves):
                tail.append(n)
                if not seats[seat].automatic:
                    if seat != index:
                        raise TableError("Only the last move can be taken back, and it was not yours.")
                    break
            else:
                raise TableError("You have no move to take back.")
            before = await self._state_without(game, seats, moves, set(tail))
            if not revealed(before, game.state):
                return await self._do_undo(game, seats, tail, "")
            others = [i for i, s in enumerate(seats) if not s.automatic and i != index]
            if not others:
                return await self._do_undo(game, seats, tail, "")
            request = {"seat": index, "moves": tail, "version": game.version, "approvals": []}
            now = self.clock()
            async with self.storage.transaction() as db:
                await db.execute(
                    "UPDATE games SET undo_request = ? WHERE id = ?", (json.dumps(request), game.id)
                )
                text = (
                    f"**{seats[index].name}** asks to take back their last move. It showed new "
                    "information, so every other player (or the host) must allow it: press Allow, "
                    "or just keep playing to refuse."
                )
                payload = {
                    "text": text,
                    "undo": game.id,
                    "version": game.version,
                    "mentions": [seats[i].user_id for i in others],
                }
                announce = await insert_outbox(db, game.id, "channel", game.channel_id, payload, now)
            return Reply("", announce)

    async def allow_undo(self, channel_id: str, user_id: str, version: int) -> Reply:
        async with self.lock(channel_id):
            game = await self.active(channel_id)
            request = game.undo_request
            if not request or request["version"] != version or game.version != version:
                raise TableError("That request to take back a move is no longer open.")
            seats = await self.storage.seats(game.id)
            if user_id == game.host_id and seats[request["seat"]].user_id != user_id:
                return await self._do_undo(game, seats, request["moves"], "with the host's consent")
            index, seat = await self.seat_of(game, user_id)
            if index == request["seat"] or seat.automatic:
                raise TableError("The other players must allow this, not you.")
            approvals = sorted(set(request["approvals"]) | {index})
            needed = {i for i, s in enumerate(seats) if not s.automatic and i != request["seat"]}
            if needed <= set(approvals):
                return await self._do_undo(game, seats, request["moves"], "with everyone's consent")
            request["approvals"] = approvals
            async with self.storage.transaction() as db:
                await db.execute(
                    "UPDATE games SET undo_request = ? WHERE id = ?", (json.dumps(request), game.id)
                )
            return Reply("Allowed; waiting for the other players.")

    async def _state_without(
        self, game: GameRow, seats: list[SeatRow], moves: list[tuple[int, int, str]], drop: set[int]
    ) -> dict[str, Any]:
        module = games.get(game.game)
        kept = [(seat, action) for n, seat, action in moves if n not in drop]
        return await asyncio.to_thread(turns.replay, module, game.seed, len(seats), game.options, kept)

    async def _do_undo(self, game: GameRow, seats: list[SeatRow], drop: list[int], why: str) -> Reply:
        module = games.get(game.game)
        moves = await self._effective_moves(game.id)
        state = await self._state_without(game, seats, moves, set(drop))
        acting = next((s for n, s, _ in moves if n == min(drop)), None)
        who = seats[acting].name if acting is not None else "A player"
        head = f"**{who}** took back their last move{' ' + why if why else ''}."
        now = self.clock()
        async with self.storage.transaction() as db:
            await append_actions(db, game.id, [("undo", None, None, str(n)) for n in drop], now)
            announce = await self._commit_change(
                db,
                game,
                module,
                _seat_view(seats),
                seats,
                None,
                state,
                now,
                [head],
                status_from_state=True,
            )
        return Reply("", announce)

    # --- leaving, kicking, replacing -------------------------------------------------

    async def resign(self, channel_id: str, user_id: str) -> Reply:
        async with self.lock(channel_id):
            game = await self.active(channel_id)
            if game.status == "lobby":
                raise TableError("The game has not started; use /game leave to leave the lobby.")
            index, seat = await self.seat_of(game, user_id)
            if seat.resigned:
                raise TableError("You have already left this game.")
            return await self._retire(game, index, f"**{seat.name}** resigned")

    async def kick(self, channel_id: str, host_id: str, target_id: str) -> Reply:
        async with self.lock(channel_id):
            game = await self.active(channel_id)
            if host_id != game.host_id:
                raise TableError("Only the host can remove a player.")
            if target_id == host_id:
                raise TableError("The host cannot remove themselves; use /game leave or /game resign.")
            seats = await self.storage.seats(game.id)
            if game.status == "lobby":
                if not any(s.user_id == target_id for s in seats):
                    raise TableError("That person is not seated in this game.")
                return await self._remove_from_lobby(game, games.get(game.game), seats, target_id)
            index, seat = await self.seat_of(game, target_id)
            if seat.automatic:
                raise TableError("That seat is already played by the bot.")
            return await self._retire(game, index, f"The host removed **{seat.name}**")

    async def _retire(self, game: GameRow, index: int, head: str) -> Reply:
        """A seat leaves a running game: the bot plays it, or the last one standing wins."""
        module = games.get(game.game)
        seats = await self.storage.seats(game.id)
        seats[index].resigned = True
        remaining = [i for i, s in enumerate(seats) if not s.resigned]
        assert game.state is not None
        state = game.state
        result = None
        moves: list[turns.Move] = []
        if len(remaining) <= 1 or all(seats[i].is_bot for i in remaining):
            humans = [i for i in remaining if not seats[i].is_bot]
            result = {"winners": humans, "scores": [], "reason": "the others resigned"}
            note = f"{head}; the game ends."
        else:
            automatic = {i for i, s in enumerate(seats) if s.automatic}
            state, moves = await asyncio.to_thread(
                turns.play_automatic, module, state, automatic, f"{game.seed}:{game.version}:r"
            )
            note = f"{head}; the bot plays their seat from now on and it cannot win."
        now = self.clock()
        async with self.storage.transaction() as db:
            await db.execute(
                "UPDATE seats SET resigned = 1 WHERE game_id = ? AND user_id = ?",
                (game.id, seats[index].user_id),
            )
            await append_actions(db, game.id, [("move", s, seats[s].user_id, a) for s, a in moves], now)
            announce = await self._commit_change(
                db,
                game,
                module,
                _seat_view(seats),
                seats,
                game.state,
                state,
                now,
                [note],
                status_from_state=True,
                result=result,
            )
        return Reply("", announce)

    async def replace(
        self, channel_id: str, host_id: str, target_id: str, new_id: str, new_name: str
    ) -> Reply:
        async with self.lock(channel_id):
            game = await self.active(channel_id)
            if host_id != game.host_id:
                raise TableError("Only the host can replace a player.")
            seats = await self.storage.seats(game.id)
            if any(s.user_id == new_id for s in seats):
                raise TableError("That person is already seated in this game.")
            index, seat = await self.seat_of(game, target_id)
            now = self.clock()
            async with self.storage.transaction() as db:
                await db.execute(
                    "UPDATE seats SET user_id = ?, name = ?, resigned = 0, dm_closed = 0"
                    " WHERE game_id = ? AND user_id = ?",
                    (new_id, new_name, game.id, target_id),
                )
                text = f"**{new_name}** takes over {seat.name}'s seat."
                announce = await insert_outbox(db, game.id, "channel", channel_id, {"text": text}, now)
                if game.state is not None:
                    module = games.get(game.game)
                    view = await asyncio.to_thread(module.view, game.state, index)
                    if view.get("private") is not None:
                        names = [new_name if s.user_id == target_id else s.name for s in seats]
                        dm = {
                            "text": f"You took a seat in <#{channel_id}> ({module.title}); your hand:",
                            "image": "hand",
                            "view": view,
                            "names": names,
                            "game_id": game.id,
                            "version": game.version,
                        }
                        await insert_outbox(db, game.id, "dm", new_id, dm, now)
            return Reply("", announce)

    # --- reminders and delivery ------------------------------------------------------

    async def set_reminder(self, channel_id: str, user_id: str, hours: float) -> Reply:
        game = await self.active(channel_id)
        if user_id != game.host_id:
            raise TableError("Only the host can change the reminder time.")
        if not 1 <= hours <= 24 * 14:
            raise TableError("The reminder time must be between 1 hour and 14 days (336 hours).")
        remind_at = self.clock() + hours * 3600 if game.status == "playing" else None
        async with self.storage.transaction() as db:
            await db.execute(
                "UPDATE games SET reminder_hours = ?, remind_at = ?, nudges = 0 WHERE id = ?",
                (hours, remind_at, game.id),
            )
        return Reply(f"Players who must act will be reminded after {hours:g} hours without a move.")

    async def send_reminders(self) -> list[int]:
        """Queue a nudge for every game idle past its reminder time; returns outbox ids."""
        now = self.clock()
        queued = []
        for game in await self.storage.due_reminders(now):
            async with self.lock(game.channel_id):
                fresh = await self.storage.game(game.id)
                if fresh is None or fresh.status != "playing" or fresh.remind_at != game.remind_at:
                    continue
                queued.append(await self._nudge(fresh, now))
        return queued

    async def _nudge(self, game: GameRow, now: float) -> int:
        module = games.get(game.game)
        seats = await self.storage.seats(game.id)
        views = _seat_view(seats)
        assert game.state is not None
        state = game.state
        waiting = [i for i in module.to_act(state) if not seats[i].automatic]
        idle_hours = round((now - game.updated_at) / 3600)
        names = " and ".join(views[i].mention for i in waiting)
        if game.nudges < MAX_NUDGES:
            prompt = module.view(state, None).get("prompt", "move")
            text = (
                f"Reminder {game.nudges + 1} of {MAX_NUDGES}: {names}, {module.title} is waiting "
                f"for you to {prompt} (no move for {idle_hours:g} h)."
            )
            nudges, remind_at = game.nudges + 1, now + game.reminder_hours * 3600 * 2 ** (game.nudges + 1)
            payload: dict[str, Any] = {
                "text": text,
                "buttons": turns.buttons(module, state, views),
                "game_id": game.id,
                "version": game.version,
                "mentions": [seats[i].user_id for i in waiting],
            }
        else:
            text = (
                f"This {module.title} game has stalled: no move for {idle_hours:g} hours, waiting on "
                f"{names}. It stays open; the host can /game kick or /game replace a player."
            )
            nudges, remind_at = game.nudges, None
            payload = {"text": text}
        async with self.storage.transaction() as db:
            await db.execute(
                "UPDATE games SET nudges = ?, remind_at = ? WHERE id = ?", (nudges, remind_at, game.id)
            )
            return await insert_outbox(db, game.id, "channel", game.channel_id, payload, now)

    async def dm_failed(self, game_id: int, user_id: str) -> int | None:
        """A DM was refused: remember it and tell the channel once; returns the notice's id."""
        game = await self.storage.game(game_id)
        if game is None:
            return None
        now = self.clock()
        async with self.storage.transaction() as db:
            cursor = await db.execute(
                "UPDATE seats SET dm_closed = 1 WHERE game_id = ? AND user_id = ? AND dm_closed = 0",
                (game_id, user_id),
            )
            if cursor.rowcount != 1:
                return None
            text = (
                f"<@{user_id}>, I could not send your hand by direct message (your DMs are closed "
                "to me). Use /game hand here to see it privately at any time."
            )
            payload = {"text": text, "mentions": [user_id]}
            return await insert_outbox(db, game_id, "channel", game.channel_id, payload, now)
