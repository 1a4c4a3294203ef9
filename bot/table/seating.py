"""Taking moves back, and people leaving, being removed or replaced mid-game, with
the host's seat passing on when the host leaves."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import games
from bot.store.payloads import Payload
from bot.store.rows import UndoRequest
from bot.store.storage import GameRow, SeatRow
from bot.table import notices, threads, turns
from bot.table.context import Context, Reply, TableError
from bot.table.lobby import Lobby
from games.core import revealed


def standing_scores(module: ModuleType, state: dict[str, Any], players: int) -> list[int]:
    """The scores as they stand, from the game's ``breakdown(state)`` (the labelled parts of
    each seat's score, valid mid-game)."""
    scores = [sum(int(points) for _, points in parts) for parts in module.breakdown(state)]
    return scores if len(scores) == players else []


class Seating:
    def __init__(self, ctx: Context, lobby: Lobby) -> None:
        self.ctx = ctx
        self.storage = ctx.storage
        self.lobby = lobby  # a kick before the start is the lobby's removal

    async def undo(self, channel_id: str, user_id: str) -> Reply:
        """Take back the caller's last move: at once if it revealed nothing, else ask the table."""
        async with self.ctx.lock(channel_id):
            game = await self.ctx.active(channel_id)
            if game.status != "playing" or game.state is None:
                raise TableError("There is no move to take back yet.")
            seats = await self.storage.seats(game.id)
            request = game.undo_request
            if request and user_id == game.host_id and seats[request["seat"]].user_id != user_id:
                return await self._do_undo(game, seats, request["moves"], "with the host's consent")
            index, _ = await self.ctx.seat_of(game, user_id)
            moves = await self.ctx.effective_moves(game.id)
            tail: list[int] = []
            for n, seat, _action in reversed(moves):
                tail.append(n)
                if not seats[seat].automatic:
                    if seat != index:
                        raise TableError("Only the last move can be taken back, and it was not yours.")
                    break
            else:
                raise TableError("You have no move to take back.")
            before = await self.ctx.replay_without(game, seats, moves, set(tail))
            if not revealed(before, game.state):
                return await self._do_undo(game, seats, tail, "")
            others = [i for i, s in enumerate(seats) if not s.automatic and i != index]
            if not others:
                return await self._do_undo(game, seats, tail, "")
            asked: UndoRequest = {"seat": index, "moves": tail, "version": game.version, "approvals": []}
            now = self.ctx.clock()
            async with self.storage.transaction() as tx:
                await self.storage.set_undo_request(tx, game.id, asked)
                asker = turns.plain(seats[index].name)
                called = await notices.call(
                    self.storage,
                    tx,
                    game,
                    [seats[i] for i in others],
                    f"{asker} asks to take back their last move in <#{game.channel_id}>; "
                    "press Allow on the request there if you agree.",
                    now,
                )
                text = (
                    f"{called.names}: **{asker}** asks to take back their last move. It showed new "
                    "information, so every other player (or the host) must allow it: press Allow, "
                    "or just keep playing to refuse."
                )
                payload: Payload = {
                    "text": text,
                    "undo": game.id,
                    "version": game.version,
                    "mentions": called.mentions,
                }
                announce = await self.storage.insert_outbox(
                    tx, game.id, "channel", game.channel_id, payload, now
                )
            return Reply("", announce)

    async def allow_undo(
        self, channel_id: str, user_id: str, version: int, game_id: int | None = None
    ) -> Reply:
        async with self.ctx.lock(channel_id):
            game = await self.ctx.active(channel_id)
            if game_id is not None and game.id != game_id:
                raise TableError("That request belongs to a game that has ended.")
            request = game.undo_request
            if not request or request["version"] != version or game.version != version:
                raise TableError("That request to take back a move is no longer open.")
            seats = await self.storage.seats(game.id)
            if user_id == game.host_id and seats[request["seat"]].user_id != user_id:
                return await self._do_undo(game, seats, request["moves"], "with the host's consent")
            index, seat = await self.ctx.seat_of(game, user_id)
            if index == request["seat"] or seat.automatic:
                raise TableError("The other players must allow this, not you.")
            approvals = sorted(set(request["approvals"]) | {index})
            needed = {i for i, s in enumerate(seats) if not s.automatic and i != request["seat"]}
            if needed <= set(approvals):
                return await self._do_undo(game, seats, request["moves"], "with everyone's consent")
            request["approvals"] = approvals
            async with self.storage.transaction() as tx:
                await self.storage.set_undo_request(tx, game.id, request)
            return Reply("Allowed; waiting for the other players.")

    async def _do_undo(self, game: GameRow, seats: list[SeatRow], drop: list[int], why: str) -> Reply:
        module = games.get(game.game)
        moves = await self.ctx.effective_moves(game.id)
        state = await self.ctx.replay_without(game, seats, moves, set(drop))
        acting = next((s for n, s, _ in moves if n == min(drop)), None)
        who = turns.plain(seats[acting].name) if acting is not None else "A player"
        head = f"**{who}** took back their last move{' ' + why if why else ''}."
        now = self.ctx.clock()
        async with self.storage.transaction() as tx:
            await self.storage.append_actions(tx, game.id, [("undo", None, None, str(n)) for n in drop], now)
            announce = await self.ctx.commit_change(
                tx, game, module, seats, old=game.state, state=state, now=now, head=[head], log=False
            )
        return Reply("", announce)

    # --- leaving, kicking, replacing -------------------------------------------------

    async def resign(self, channel_id: str, user_id: str) -> Reply:
        async with self.ctx.lock(channel_id):
            game = await self.ctx.active(channel_id)
            if game.status == "lobby":
                raise TableError("The game has not started; use /game leave to leave the lobby.")
            index, seat = await self.ctx.seat_of(game, user_id)
            if seat.resigned:
                raise TableError("You have already left this game.")
            return await self._retire(game, index, f"**{turns.plain(seat.name)}** resigned")

    async def kick(self, channel_id: str, host_id: str, target_id: str) -> Reply:
        async with self.ctx.lock(channel_id):
            game = await self.ctx.active(channel_id)
            if host_id != game.host_id:
                raise TableError("Only the host can remove a player.")
            if target_id == host_id:
                raise TableError("The host cannot remove themselves; use /game leave or /game resign.")
            seats = await self.storage.seats(game.id)
            if game.status == "lobby":
                if not any(s.user_id == target_id for s in seats):
                    raise TableError("That person is not seated in this game.")
                return await self.lobby.remove(game, games.get(game.game), seats, target_id)
            if not any(s.user_id == target_id for s in seats):
                raise TableError("That person is not seated in this game.")
            index, seat = await self.ctx.seat_of(game, target_id)
            if seat.automatic:
                raise TableError("That seat is already played by the bot.")
            overdue = await self.overdue(game, seats, index)
            why = (
                "their turn was overdue, so the game counts as their loss"
                if overdue
                else "their turn was not overdue, so the game does not count for them"
            )
            return await self._retire(
                game,
                index,
                f"The host removed **{turns.plain(seat.name)}** ({why})",
                kicked=True,
                overdue=overdue,
            )

    async def overdue(self, game: GameRow, seats: list[SeatRow], index: int) -> bool:
        """Has the game waited for this seat longer than the table's reminder time (its
        turn timer ran out), without its player having said they are away? A seat removed
        then forfeits the game (a loss); one removed otherwise is left out of the record
        (docs/ratings.md)."""
        now = self.ctx.clock()
        if index not in notices.humans_to_act(games.get(game.game), game.state, seats):
            return False
        if now - (game.turn_since or game.updated_at) < game.reminder_hours * 3600:
            return False
        prefs = await self.storage.people([seats[index].user_id])
        return not prefs[seats[index].user_id].away(now)

    async def _retire(
        self, game: GameRow, index: int, head: str, *, kicked: bool = False, overdue: bool = False
    ) -> Reply:
        """A seat leaves a running game (``kicked``: the host removed its player, ``overdue``:
        while its turn was overdue): the bot plays it, or the last one standing wins."""
        module = games.get(game.game)
        seats = await self.storage.seats(game.id)
        seats[index].resigned = True
        seats[index].kicked = kicked
        seats[index].overdue = kicked and overdue
        remaining = [i for i, s in enumerate(seats) if not s.resigned]
        assert game.state is not None
        state = game.state
        result = None
        moves: list[turns.Move] = []
        if len(remaining) <= 1 or all(seats[i].is_bot for i in remaining):
            humans = [i for i in remaining if not seats[i].is_bot]
            scores = await threads.quick(standing_scores, module, state, len(seats))
            result = {"winners": humans, "scores": scores, "reason": "the others left"}
            note = f"{head}; the game ends."
        else:
            automatic = {i: s.level for i, s in enumerate(seats) if s.automatic}
            state, moves = await threads.lengthy(
                turns.play_automatic, module, state, automatic, f"{game.seed}:{game.version}:r"
            )
            note = f"{head}; the bot plays their seat from now on and it cannot win."
        now = self.ctx.clock()
        if result is None:
            note += self.host_note(game, seats, seats[index].user_id)
        async with self.storage.transaction() as tx:
            await self.storage.resign_seat(
                tx, game.id, seats[index].user_id, kicked=kicked, overdue=seats[index].overdue
            )
            await self.storage.set_host(tx, game.id, game.host_id)
            await self.ctx.log_moves(tx, game, seats, moves, now)
            announce = await self.ctx.commit_change(
                tx, game, module, seats, old=game.state, state=state, now=now, head=[note], result=result
            )
        return Reply("", announce)

    def host_note(self, game: GameRow, seats: list[SeatRow], leaving: str) -> str:
        """When the host gives up their seat, the next person seated after them becomes host
        (``game.host_id`` is changed; the caller stores it). The sentence that says so."""
        if leaving != game.host_id:
            return ""
        start = next((i for i, s in enumerate(seats) if s.user_id == leaving), 0)
        order = seats[start + 1 :] + seats[: start + 1]
        heir = next((s for s in order if not s.automatic and s.user_id != leaving), None)
        if heir is None:
            return ""
        game.host_id = heir.user_id
        return f" **{turns.plain(heir.name)}** is the host now."

    async def replace(
        self, channel_id: str, host_id: str, target_id: str, new_id: str, new_name: str
    ) -> Reply:
        async with self.ctx.lock(channel_id):
            game = await self.ctx.active(channel_id)
            if host_id != game.host_id:
                raise TableError("Only the host can replace a player.")
            seats = await self.storage.seats(game.id)
            if any(s.user_id == new_id for s in seats):
                raise TableError("That person is already seated in this game.")
            if not any(s.user_id == target_id for s in seats):
                raise TableError("That person is not seated in this game, so there is no seat to hand over.")
            index, seat = await self.ctx.seat_of(game, target_id)
            now = self.ctx.clock()
            # The host's succession looks at the seats as they were, so it starts after theirs.
            note = self.host_note(game, seats, target_id)
            seats[index] = SeatRow(new_id, new_name, seat.position, False, False)
            text = f"**{turns.plain(new_name)}** takes over {turns.plain(seat.name)}'s seat.{note}"
            async with self.storage.transaction() as tx:
                await self.storage.hand_over_seat(tx, game.id, target_id, new_id, new_name)
                await self.storage.set_host(tx, game.id, game.host_id)
                announce = await self.storage.insert_outbox(
                    tx, game.id, "channel", channel_id, {"text": text}, now
                )
                if game.state is not None:
                    module = games.get(game.game)
                    view = await threads.quick(module.view, game.state, index)
                    if view.get("private") is not None:
                        names = [new_name if s.user_id == target_id else s.name for s in seats]
                        dm: Payload = {
                            "text": f"You took a seat in <#{channel_id}> ({module.title}); your hand:",
                            "image": "hand",
                            "view": view,
                            "names": names,
                            "game_id": game.id,
                            "version": game.version,
                        }
                        await self.storage.insert_outbox(tx, game.id, "dm", new_id, dm, now)
            return Reply("", announce)
