"""What every part of the table shares: the storage, the clock, one lock per channel,
loading a channel's game, replaying its log, and committing a change.

A change is committed in one transaction: the new state, the actions that led to it,
and the messages it calls for (the outbox), so a crash loses none and sends none twice.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass, field
from types import ModuleType
from typing import Any, NamedTuple

import games
from bot.store.payloads import Payload
from bot.store.storage import ActionRow, GameRow, SeatRow, Storage, Tx
from bot.table import notices, record, threads, turns
from bot.table.options import table_option
from games import scores, upgrade

NO_GAME = "There is no game in this channel; start one with /game new."


class TableError(Exception):
    """A request that cannot be done; ``str(error)`` is one sentence for the person."""


class Conflict(TableError):
    """The game changed between reading it and storing a move (another process stored a
    move first): the move lost only a race for the row."""

    def __init__(self) -> None:
        super().__init__("Someone else moved at the same moment; look at the newest board and try again.")
        self.action: str | None = None  # the move that lost the race


class Covered(TableError):
    """The caller's seat in game ``game_id`` is covered by the bot while they are away:
    they take it back (``Personal.uncover``) before they act."""

    def __init__(self, game_id: int) -> None:
        super().__init__("The bot is playing your seat while you are away.")
        self.game_id = game_id


@dataclass
class Panel:
    """One seat's private choices now: its own moves, labelled with its own cards."""

    game_id: int
    version: int
    seat: int
    text: str
    actions: list[tuple[str, str]]
    hints: bool = False  # the table allows a Hint (the lobby's hints=on)
    # the public board now, to draw the part of it the choices are about (render.detail)
    board: Payload | None = None

    def detail(self) -> Payload | None:
        """The picture payload of the part of the board this panel's choices name."""
        if self.board is None:
            return None
        return {**self.board, "image": "detail", "labels": [label for _, label in self.actions]}


@dataclass
class Reply:
    """What the person who asked sees, and the public message their request produced."""

    text: str
    announce: int | None = None  # outbox id of the public message the request produced
    _: KW_ONLY  # what a move adds, by name
    game_id: int | None = None  # the game and version after a move (for the mover's panel)
    version: int | None = None
    panel: Panel | None = None  # after a move: the mover's next choices, if they still act
    waiting: str = ""  # else who the game waits for
    label: str = ""  # the move as the mover's panel named it
    board: Payload | None = None  # after a move: the public board as it stands, for the mover
    told: list[str] = field(default_factory=list)  # after a move: the public lines it added, named


BOARD_WAIT = 3600.0  # seconds a turn's moves may wait for its board (boards=turn)


def board_due(module: ModuleType, game: GameRow, old: dict[str, Any], state: dict[str, Any]) -> bool:
    """Does this move call for a board? When who must act changes, or another seat (the
    bot's) moved in it; with ``boards=move``, also when an action is complete."""
    before = module.to_act(old)
    if before != module.to_act(state):
        return True
    told = state.get("log", [])[len(old.get("log", [])) :]
    if any(line.get("seat") is not None and line["seat"] not in before for line in told):
        return True
    return table_option(game.options, "boards") == "move" and not turns.midway(module, state)


@dataclass
class Composed:
    """What a new state calls for, worked out before the transaction that stores it."""

    board: Payload | None  # the channel's new board, or None when none is due now
    dms: list[tuple[int, Payload]]  # (seat, payload) of the private views to send
    over: bool
    dm_due: list[int]  # seats whose changed private view waits for the next board
    waiting: bool = False  # moves were told to nobody yet: a board is due later (boards=turn)


def seat_in(seats: list[SeatRow], user_id: str) -> tuple[int, SeatRow]:
    """The caller's place and seat among ``seats``."""
    for index, seat in enumerate(seats):
        if seat.user_id == user_id:
            return index, seat
    raise TableError("You are not playing in this game.")


def seat_view(rows: list[SeatRow]) -> list[turns.Seat]:
    return [turns.Seat(r.user_id, r.name, r.automatic) for r in rows]


class LoggedMove(NamedTuple):
    """A move that stands in a game's log: its number there, the seat and the action."""

    n: int
    seat: int
    action: str


def standing(rows: list[ActionRow]) -> list[LoggedMove]:
    """The moves of a log that stand, in order, undone ones removed."""
    moves: dict[int, tuple[int, str]] = {}
    for row in rows:
        if row.kind == "move" and row.seat is not None:
            moves[row.n] = (row.seat, row.action)
        elif row.kind == "undo":
            moves.pop(int(row.action), None)
    return [LoggedMove(n, seat, action) for n, (seat, action) in sorted(moves.items())]


def finish(
    payload: Payload,
    module: ModuleType,
    state: dict[str, Any],
    lines: list[str],
    views: list[turns.Seat],
) -> None:
    """A game that ended by its rules: the final picture (board and score table) and the
    scores with where they came from, in place of the last board."""
    parts = module.breakdown(state)
    names = [turns.plain(v.name) for v in views]
    payload["image"] = "final"
    payload["parts"] = parts
    payload["text"] = "\n".join([*lines, scores.final_text(payload["view"], parts, names=names)])


class Context:
    def __init__(self, storage: Storage, clock: Callable[[], float]) -> None:
        self.storage = storage
        self.clock = clock
        self._locks: dict[str, asyncio.Lock] = {}

    def lock(self, channel_id: str) -> asyncio.Lock:
        """Moves on one channel's game run one at a time in this process (other processes
        on the same database are held back by the game's row lock, see ``Storage.lock_game``)."""
        return self._locks.setdefault(channel_id, asyncio.Lock())

    # --- lookups -----------------------------------------------------------------

    async def active(self, channel_id: str) -> GameRow:
        game = await self.storage.active_game(channel_id)
        if game is None:
            raise TableError(NO_GAME)
        return game

    async def active_and_seats(self, channel_id: str) -> tuple[GameRow, list[SeatRow]]:
        """``active`` and the game's seats, read together."""
        found = await self.storage.active_game_and_seats(channel_id)
        if found is None:
            raise TableError(NO_GAME)
        return found

    async def current_or_last(self, channel_id: str) -> GameRow:
        game = await self.storage.latest_game(channel_id)
        if game is None:
            raise TableError("No game has been played in this channel yet; start one with /game new.")
        return game

    async def seat_of(self, game: GameRow, user_id: str) -> tuple[int, SeatRow]:
        return seat_in(await self.storage.seats(game.id), user_id)

    # --- the log -------------------------------------------------------------------

    async def effective_moves(self, game_id: int) -> list[LoggedMove]:
        """The moves that stand, in order, with undone ones removed."""
        return standing(await self.storage.actions(game_id))

    async def replay_without(
        self, game: GameRow, seats: list[SeatRow], moves: list[LoggedMove], drop: set[int]
    ) -> dict[str, Any]:
        """The state the game would have without the moves numbered in ``drop``."""
        module = games.get(game.game)
        kept = [(seat, action) for n, seat, action in moves if n not in drop]
        return await threads.lengthy(turns.replay, module, game.seed, len(seats), game.options, kept)

    async def log_moves(
        self, tx: Tx, game: GameRow, seats: list[SeatRow], moves: list[turns.Move], now: float
    ) -> None:
        await self.storage.append_actions(
            tx, game.id, [("move", s, seats[s].user_id, a) for s, a in moves], now
        )

    # --- committing a change ----------------------------------------------------------

    async def commit_change(
        self,
        tx: Tx,
        game: GameRow,
        module: ModuleType,
        seats: list[SeatRow],
        *,
        old: dict[str, Any] | None,
        state: dict[str, Any],
        now: float,
        head: list[str],
        result: dict[str, Any] | None = None,
        log: bool = True,
    ) -> int | None:
        """Store a new state and queue the board and the DMs it calls for: compose the
        messages, then store them (``compose_change`` and ``store_change``)."""
        composed = await threads.quick(
            self.compose_change, game, module, seats, old=old, state=state, head=head, result=result, log=log
        )
        return await self.store_change(
            tx, game, module, seats, composed, old=old, state=state, now=now, result=result
        )

    def compose_change(
        self,
        game: GameRow,
        module: ModuleType,
        seats: list[SeatRow],
        *,
        old: dict[str, Any] | None,
        state: dict[str, Any],
        head: list[str],
        result: dict[str, Any] | None = None,
        log: bool = True,
        force: bool = False,
    ) -> Composed:
        """The board and the DMs a new state calls for. Blocking work: callers run it in a
        thread (a move, in the same one as the move itself), outside any transaction, so
        the database's write lock is held only while rows are written.

        A board (a new channel message that pings whoever must act) is queued when who must
        act changes, or when the bot's seats moved; with the lobby's ``boards=move`` also
        when any action completes (the sub-steps of one action, the game's ``midway``, happen
        in the actor's private panel). Until the board, the moves wait (``Composed.waiting``)
        and so do the DMs. ``old`` is the state before (``None``: everyone's hand is sent
        again); ``log=False`` leaves the game's log lines out of the board (an undo tells its
        own story); ``force``: a board of the state as it stands (moves that waited too long).
        """
        views = seat_view(seats)
        over = result is not None or module.outcome(state) is not None
        changed = sorted(set(game.dm_due) | set(turns.private_changes(module, old, state, views)))
        if not (force or over or old is None or head or board_due(module, game, old, state)):
            told = len(state.get("log", [])) > game.board_log
            return Composed(None, [], over, changed, waiting=told or game.board_due is not None)
        lines = head + (turns.log_lines(state, views, since=game.board_log) if log else [])
        tail = turns.outcome_line(result, views) if result else turns.whose_turn(module, state, views)
        acting = [] if over else [s for s in module.to_act(state) if not views[s].automatic]
        payload: Payload = {
            "text": "\n".join([*lines, tail]),
            "image": "board",
            "view": module.view(state, None),
            "names": [v.name for v in views],
            "turn": bool(acting),
            "game_id": game.id,
            "version": game.version + 1,
            "mentions": [views[s].user_id for s in acting],
        }
        if module.outcome(state) is not None:
            finish(payload, module, state, lines, views)
        dms: list[tuple[int, Payload]] = []
        for index in changed:
            if seats[index].dm_closed or seats[index].automatic:
                continue
            dm: Payload = {
                "text": f"Your private view of the {module.title} game in <#{game.channel_id}>.",
                "image": "hand",
                "view": module.view(state, index),
                "names": [v.name for v in views],
                "game_id": game.id,
                "version": game.version + 1,
            }
            dms.append((index, dm))
        return Composed(payload, dms, over, [])

    async def store_change(
        self,
        tx: Tx,
        game: GameRow,
        module: ModuleType,
        seats: list[SeatRow],
        composed: Composed,
        *,
        old: dict[str, Any] | None,
        state: dict[str, Any],
        now: float,
        result: dict[str, Any] | None = None,
    ) -> int | None:
        """Store a new state and queue what ``compose_change`` made of it; returns the
        board's outbox id, or ``None`` when no board was due."""
        payload, dms, over = composed.board, composed.dms, composed.over
        waiting_since = game.board_due if game.board_due is not None else now + BOARD_WAIT
        stored = await self.storage.save_state(
            tx,
            game,
            state,
            status="over" if over else "playing",
            remind_at=None if over else now + game.reminder_hours * 3600,
            result=result,
            dm_due=composed.dm_due,
            board_log=len(state.get("log", [])) if payload is not None else game.board_log,
            board_due=waiting_since if composed.waiting and payload is None and not over else None,
            now=now,
        )
        if not stored:
            raise Conflict()
        if over:  # the game's results and the ratings they move, in the same transaction
            await record.store_finished(self.storage, tx, game, module, seats, state, result, now)
        if payload is None:
            return None
        if not over:
            await notices.on_board(
                self.storage, tx, game, module, seats, payload, old=old, state=state, now=now
            )
        announce = await self.storage.insert_outbox(tx, game.id, "channel", game.channel_id, payload, now)
        await notices.queue_hands(self.storage, tx, game, [(seats[i].user_id, dm) for i, dm in dms], now)
        if over:
            await self.storage.insert_outbox(
                tx, game.id, "channel", game.channel_id, await self.replay_payload(tx, game, seats), now
            )
        return announce

    async def replay_payload(self, tx: Tx, game: GameRow, seats: list[SeatRow]) -> Payload:
        """The message that carries a finished game's animated replay (drawn when sent)."""
        moves = standing(await self.storage.actions_in(tx, game.id))
        export = {
            "game": game.game,
            "format": upgrade.FORMAT,  # how its moves are written (games.upgrade)
            "seed": game.seed,
            "players": [s.name for s in seats],
            "options": game.options,
            "moves": [[seat, action] for _, seat, action in moves],
        }
        text = "The whole game, turn by turn (/game replay makes it again, /game history has its file):"
        return {"text": text, "replay": export, "game_id": game.id}
