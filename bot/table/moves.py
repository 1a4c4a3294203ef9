"""Playing: a seat's move (and the bot's seats after it), its legal moves, and its
private panel of choices."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from types import ModuleType
from typing import TypeVar

import games
from bot.store.payloads import Payload
from bot.store.storage import GameRow, SeatRow
from bot.table import threads, turns
from bot.table.context import (
    Composed,
    Conflict,
    Context,
    Covered,
    Panel,
    Reply,
    TableError,
    seat_in,
    seat_view,
)
from bot.table.options import table_option
from bot.table.turns import State
from games import IllegalAction, bots
from games.core import Rng

T = TypeVar("T")

MAX_ACTION = 100  # longer than any move of any game (the longest is 33; Knarr's explore-and-pay about 60)
QUOTED = 40  # the most of a typed move a refusal repeats
RACE_TRIES = 4  # a move that lost a race for the row to another process is tried this often
STALE_BOARD = "That board is out of date: the game has moved on, use the newest message."
STALE_PANEL = "The game has moved on since this panel was drawn; here are your moves now."
NOT_LISTED = "That move is not in your list; pick one of these."


@dataclass(frozen=True)
class Played:
    """A move worked out in a thread, before the transaction that stores it."""

    label: str  # the move as the mover's panel names it
    state: State  # the game after the move and the bot seats' moves after it
    moves: list[turns.Move]  # those moves, the mover's first
    composed: Composed  # the board and the DMs they call for
    panel: Panel | None  # the mover's next choices, if they still act
    waiting: str  # else who the game waits for
    board: Payload  # the public board as it stands, for the mover
    told: list[str]  # the public lines the moves added, named


def panel_of(
    module: ModuleType,
    game_id: int,
    version: int,
    state: State,
    index: int,
    seats: list[SeatRow],
    hints: bool = False,
) -> Panel:
    """Seat ``index``'s panel in ``state``; a ``TableError`` saying who is awaited if it
    is not their turn."""
    if index not in module.to_act(state):
        raise TableError(turns.awaited(module, state, seat_view(seats)))
    names = [s.name for s in seats]
    text = f"Your move in {module.title}: {turns.prompt(module, state, index)}."
    board: Payload = {"image": "board", "view": module.view(state, None), "names": names}
    return Panel(game_id, version, index, text, turns.choices(module, state, index, names), hints, board)


def hints_on(game: GameRow) -> bool:
    return table_option(game.options, "hints") == "on"


def since(state: State, seats: list[SeatRow]) -> str:
    """What changed since an older panel was drawn, in one sentence: the newest public line."""
    views = seat_view(seats)
    lines = turns.log_lines(state, views, since=max(0, len(state.get("log", [])) - 1))
    if not lines:
        return "The game has moved on since this panel was drawn."
    return f"The game has moved on: {lines[-1].rstrip('.')}."


def caller(game_id: int, seats: list[SeatRow], user_id: str) -> tuple[int, SeatRow]:
    """The caller's place and seat; ``Covered`` if the bot is covering it (they take it
    back first)."""
    index, seat = seat_in(seats, user_id)
    if seat.covered_until is not None:
        raise Covered(game_id)
    return index, seat


class Moves:
    def __init__(self, ctx: Context, uncover: Callable[[int, str, str], Awaitable[int | None]]) -> None:
        """``uncover(game_id, user_id, why)``: hand a seat the bot covers back to its player."""
        self.ctx = ctx
        self.storage = ctx.storage
        self.uncover = uncover

    async def _as_player(self, user_id: str, call: Callable[[], Awaitable[T]]) -> T:
        """``call()``; a player whose seat the bot covers (``Covered``) takes it back first."""
        try:
            return await call()
        except Covered as covered:
            await self.uncover(covered.game_id, user_id, "is back")
            return await call()

    async def _in_play(self, channel_id: str, game_id: int | None) -> tuple[GameRow, State, list[SeatRow]]:
        """The channel's game in play, its state and its seats (``game_id``: the game a
        message or panel belongs to, which must still be that one)."""
        game, seats = await self.ctx.active_and_seats(channel_id)
        if game_id is not None and game.id != game_id:
            raise TableError("That message belongs to a game that has ended.")
        if game.status != "playing" or game.state is None:
            raise TableError("The game has not started yet; the host starts it with /game start.")
        return game, game.state, seats

    async def act(
        self,
        channel_id: str,
        user_id: str,
        action: str | None,
        version: int | None = None,
        game_id: int | None = None,
        *,
        choice: int | None = None,
        pressed: bool = False,
    ) -> Reply:
        """The caller's move: ``action`` itself, or (``choice``) the move at that place in
        their panel. ``pressed``: ``action`` was pressed on a panel drawn at ``version``; if
        the game has moved on since, it is played if it is still one of the seat's moves.
        A player whose seat the bot covers takes it back first."""
        return await self._as_player(
            user_id, lambda: self._retried(channel_id, user_id, action, version, game_id, choice, pressed)
        )

    async def _retried(
        self,
        channel_id: str,
        user_id: str,
        action: str | None,
        version: int | None,
        game_id: int | None,
        choice: int | None,
        pressed: bool,
    ) -> Reply:
        """``_act``; a move that lost only a race for the game's row to another process
        (several seats deciding at once) is tried again on the game as it now is, if it is
        still one of the seat's moves (then it is refused with what changed)."""
        for _ in range(RACE_TRIES - 1):
            try:
                return await self._act(channel_id, user_id, action, version, game_id, choice, pressed)
            except Conflict as lost:
                if lost.action is None:
                    raise
                action, choice, pressed = lost.action, None, True
        return await self._act(channel_id, user_id, action, version, game_id, choice, pressed)

    async def _act(
        self,
        channel_id: str,
        user_id: str,
        action: str | None,
        version: int | None,
        game_id: int | None,
        choice: int | None,
        pressed: bool,
    ) -> Reply:
        """The move, the board and DMs it calls for, and the mover's next panel are worked
        out in one trip to a thread, then stored in one transaction."""
        if action is not None:
            action = turns.clean(action)
            if len(action) > MAX_ACTION:
                raise TableError("That is far too long to be a move; pick one from the list as you type.")
        async with self.ctx.lock(channel_id):
            game, old, seats = await self._in_play(channel_id, game_id)
            moved_on = version is not None and version != game.version
            if moved_on and not pressed:
                raise TableError(STALE_BOARD if choice is None else STALE_PANEL)
            index, seat = caller(game.id, seats, user_id)
            if seat.resigned:
                raise TableError("You have left this game.")
            module = games.get(game.game)
            automatic = {i: s.level for i, s in enumerate(seats) if s.automatic}
            if module.outcome(old) is None and index not in module.to_act(old):
                raise TableError(turns.awaited(module, old, seat_view(seats)))
            seed = f"{game.seed}:{game.version}"

            def work() -> Played:
                chosen, listed, names = action, None, [s.name for s in seats]
                if moved_on and action not in module.legal_actions(old, index):
                    raise TableError(f"{since(old, seats)} Here are your moves now.")
                if choice is not None:
                    # the panel lists the legal actions in order (turns.choices): only the
                    # pressed one needs its label
                    listed = module.legal_actions(old, index)
                    if not 0 <= choice < len(listed):
                        raise TableError(NOT_LISTED)
                    chosen = listed[choice]
                    label = turns.label(module, old, chosen, names)
                else:
                    assert chosen is not None
                    label = turns.label(module, old, chosen, names) if pressed else chosen
                try:
                    state, moves = turns.advance(module, old, index, chosen, automatic, seed, listed, names)
                except IllegalAction as error:  # it may quote the move: a short piece of it at most
                    raise TableError(str(error).replace(chosen, turns.clip(chosen, QUOTED))) from None
                if choice is None and not pressed and moves[0][1] in module.legal_actions(old, index):
                    label = turns.label(module, old, moves[0][1], names)  # as the panel names it
                composed = self.ctx.compose_change(game, module, seats, old=old, state=state, head=[])
                try:
                    panel = panel_of(module, game.id, game.version + 1, state, index, seats, hints_on(game))
                    waiting = ""
                except TableError as error:
                    panel, waiting = None, str(error)
                # the panel carries the board it was drawn from: the public view made once
                board: Payload = (panel.board if panel is not None else None) or {
                    "image": "board",
                    "view": module.view(state, None),
                    "names": names,
                }
                told = turns.log_lines(state, seat_view(seats), since=len(old.get("log", [])))
                return Played(label, state, moves, composed, panel, waiting, board, told)

            played = await threads.by_seats(automatic, work)
            now = self.ctx.clock()
            try:
                async with self.storage.transaction() as tx:
                    await self.ctx.log_moves(tx, game, seats, played.moves, now)
                    announce = await self.ctx.store_change(
                        tx, game, module, seats, played.composed, old=old, state=played.state, now=now
                    )
            except Conflict as lost:
                # The move itself, to try again on the newer game, unless what got there first
                # was this player's own move (the same press twice): that one stands alone.
                logged = await self.storage.actions(game.id)
                lost.action = None if logged and logged[-1].user_id == user_id else played.moves[0][1]
                raise
        return Reply(
            "",
            announce,
            game_id=game.id,
            version=game.version + 1,
            panel=played.panel,
            waiting=played.waiting,
            label=played.label,
            board=played.board,
            told=played.told,
        )

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
            names = [s.name for s in seats]
            return [(a, turns.label(module, state, a, names)) for a in module.legal_actions(state, index)]

        return await threads.quick(compute)

    async def panel(self, channel_id: str, user_id: str, game_id: int | None = None) -> Panel:
        """The caller's private panel; a ``TableError`` saying who is awaited if it is not
        their turn. A player whose seat the bot covers takes it back first."""
        return await self._as_player(user_id, lambda: self._panel(channel_id, user_id, game_id))

    async def _panel(self, channel_id: str, user_id: str, game_id: int | None) -> Panel:
        game, state, seats = await self._in_play(channel_id, game_id)
        index, seat = caller(game.id, seats, user_id)
        if seat.automatic:
            raise TableError("You have left this game; the bot plays your seat.")
        module = games.get(game.game)
        return await threads.quick(
            panel_of, module, game.id, game.version, state, index, seats, hints_on(game)
        )

    async def hint(self, channel_id: str, user_id: str) -> str:
        """The move the sensible bot would make in the caller's seat, from what that seat
        sees (never the state), in one sentence for the caller alone."""
        game, state, seats = await self._in_play(channel_id, None)
        if not hints_on(game):
            raise TableError("This table plays without hints (the lobby set hints=off).")
        index, seat = caller(game.id, seats, user_id)
        module = games.get(game.game)
        if index not in module.to_act(state) or seat.automatic:
            raise TableError(turns.awaited(module, state, seat_view(seats)))

        def think() -> str:
            actions = module.legal_actions(state, index)
            rng = Rng(game.seed * 31 + game.version)
            chosen = bots.choose(module.id, "sensible", module.view(state, index), actions, rng)
            label = turns.label(module, state, chosen, [s.name for s in seats])
            return f"The sensible bot would play: {label} ({chosen})."

        return await threads.lengthy(think)
