"""What anyone may look at on demand: the board, a seat's own hand, the status line,
and the log (the replayable export only once the game is over)."""

from __future__ import annotations

from typing import Any

import games
from bot.store.payloads import Payload
from bot.store.rows import GameRow, SeatRow
from bot.table import people, threads, timing, turns
from bot.table.context import Context, TableError, seat_view
from bot.table.lobby import lobby_text
from games import upgrade
from games.core import name_seats, plural


def public_lines(state: dict[str, Any], names: list[str]) -> list[str]:
    """The whole public log, one line per entry, with the players' names."""
    return [
        (f"{names[e['seat']]}: " if e.get("seat") is not None and e["seat"] < len(names) else "")
        + name_seats(e["text"], names)
        for e in state.get("log", [])
    ]


class Reading:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.storage = ctx.storage

    async def board(self, channel_id: str) -> Payload:
        game = await self.ctx.current_or_last(channel_id)
        if game.state is None:
            raise TableError("The game has not started yet, so there is no board to show.")
        module = games.get(game.game)
        seats = seat_view(await self.storage.seats(game.id))
        state = game.state

        def compose() -> Payload:
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
                "turn": not over and any(not seats[i].automatic for i in module.to_act(state)),
                "game_id": game.id,
                "version": game.version,
            }

        return await threads.quick(compose)

    async def hand(self, channel_id: str, user_id: str) -> Payload:
        game = await self.ctx.current_or_last(channel_id)
        if game.state is None:
            raise TableError("The game has not started yet; hands are dealt at /game start.")
        index, seat = await self.ctx.seat_of(game, user_id)
        if seat.resigned:
            raise TableError("You have left this game, so its hand is no longer yours to see.")
        module = games.get(game.game)
        seats = await self.storage.seats(game.id)
        view = await threads.quick(module.view, game.state, index)
        if view.get("private") is None:
            raise TableError(f"{module.title} has nothing hidden for you to see.")
        text = f"What only you can see in this {module.title} game."
        if game.status == "playing":
            mine = (await threads.quick(module.score_now, game.state, index))[index]
            text += (
                f"\nYour score if the game ended now, your hidden parts counted: {turns.score_words(mine)}."
            )
        return {
            "text": text,
            "image": "hand",
            "view": view,
            "names": [s.name for s in seats],
            "game_id": game.id,
            "version": game.version,
        }

    async def status(self, channel_id: str) -> str:
        game = await self.ctx.current_or_last(channel_id)
        module = games.get(game.game)
        seats = await self.storage.seats(game.id)
        views = seat_view(seats)
        names = ", ".join(turns.plain(s.name) + (" (left)" if s.resigned else "") for s in seats)
        if game.status == "lobby":
            host = next((s.name for s in seats if s.user_id == game.host_id), "the host")
            return lobby_text(module, game.options, [s.name for s in seats], host)
        assert game.state is not None
        state = game.state
        head = f"**{module.title}**, move {game.version}. Players: {names}."
        if game.result:
            return f"{head}\n{turns.outcome_line(game.result, views)}"
        line = await threads.quick(turns.whose_turn, module, state, views)
        if game.status == "playing":
            since = people.since_words(game.turn_since or game.updated_at, self.ctx.clock())
            line += f"\nWaiting {since}; reminders after {game.reminder_hours:g} h without a move."
            line += "\n" + await threads.quick(turns.standings, module, state, views)
        return f"{head}\n{line}\n{await self._pace(game.id, seats)}"

    async def _pace(self, game_id: int, seats: list[SeatRow]) -> str:
        """How long each player takes over a turn, on average."""
        rows = [r for r in await self.storage.actions(game_id) if r.kind == "move"]
        if not rows:
            return "No turns taken yet."
        times = timing.turn_times([(r.seat, r.at) for r in rows], None, len(seats))
        parts = []
        for seat, spent in zip(seats, times, strict=True):
            if seat.is_bot:
                parts.append(f"{turns.plain(seat.name)}: the bot")
                continue
            mean = timing.average(spent)
            took = (
                "no turn timed yet"
                if mean is None
                else f"{people.duration_words(mean)} ({plural(len(spent), 'turn')})"
            )
            parts.append(f"{turns.plain(seat.name)}: {took}")
        return "Average time per turn: " + "; ".join(parts) + "."

    async def log(self, channel_id: str) -> tuple[str, dict[str, Any]]:
        """The public log as text and as a file; once the game is over, the file is the
        whole export (seed, options, moves), which replays every secret."""
        game = await self.ctx.current_or_last(channel_id)
        if game.state is None:
            raise TableError("The game has not started yet, so its log is empty.")
        seats = await self.storage.seats(game.id)
        views = seat_view(seats)
        entries = game.state.get("log", [])
        names = [s.name for s in seats]
        lines = public_lines(game.state, names)
        if game.status == "playing":
            shown = turns.log_lines(game.state, views, since=max(0, len(entries) - 25))
            text = "\n".join(shown) or "Nothing has happened yet."
            text += "\nThe whole public log is attached; the replayable game file comes when the game ends."
            return text, {"game": game.game, "players": names, "public_log": lines}
        export = await self._export(game, names, lines)
        text = "\n".join(turns.log_lines(game.state, views, since=max(0, len(entries) - 25)))
        return (
            text or "Nothing happened."
        ) + "\nThe game is over: the attached file replays it exactly.", export

    async def _export(self, game: GameRow, names: list[str], lines: list[str]) -> dict[str, Any]:
        moves = await self.ctx.effective_moves(game.id)
        return {
            "game": game.game,
            "format": upgrade.FORMAT,  # how its moves are written (games.upgrade)
            "seed": game.seed,
            "players": names,
            "options": game.options,
            "moves": [[seat, action] for _, seat, action in moves],
            "public_log": lines,
        }

    # --- finished games -------------------------------------------------------------------

    async def history(
        self, channel_id: str, *, game: str | None = None, player: tuple[str, str] | None = None
    ) -> tuple[str, list[tuple[int, str]]]:
        """The channel's finished games, newest first (of one title, or where one player,
        given as (id, name), had a seat): the text, and (game id, label) pairs for choosing
        one to fetch."""
        if game is not None and game not in games.names():
            raise TableError(
                f"Unknown game '{turns.clip(game, 30)}'; choose one of: {', '.join(games.names())}."
            )
        rows = await self.storage.history(channel_id, game=game, user_id=player[0] if player else None)
        which = (f" of {games.get(game).title}" if game else "") + (
            f" with {turns.plain(player[1])}" if player else ""
        )
        if not rows:
            if which:
                raise TableError(f"No game{which} has finished in this channel yet.")
            raise TableError("No game has finished in this channel yet.")
        lines = [f"**Finished games{which} in this channel** (newest first, {len(rows)} shown):"]
        choices = []
        for found in rows:
            module = games.get(found.game)
            result = found.result or (module.outcome(found.state) if found.state else None) or {}
            winners = " and ".join(
                turns.plain(found.names[i]) for i in result.get("winners", []) if i < len(found.names)
            )
            day = people.day_words(found.finished_at, "UTC", self.ctx.clock())
            label = f"#{found.id} {module.title}, {day}: {winners or 'no winner'} won, {plural(found.turns, 'turn')}"
            lines.append(f"- {label}")
            choices.append((found.id, label))
        lines.append("Pick one below to get its game file (it replays the whole game).")
        return "\n".join(lines), choices

    async def last_finished(self, channel_id: str) -> int:
        rows = await self.storage.finished_games(channel_id, limit=1)
        if not rows:
            raise TableError("No game has finished in this channel yet.")
        return rows[0].id

    async def export(self, channel_id: str, game_id: int | None = None) -> tuple[str, dict[str, Any]]:
        """The replayable file of one of the channel's finished games (``None``: the latest)."""
        if game_id is None:
            game_id = await self.last_finished(channel_id)
        game = await self.storage.game(game_id)
        if game is None or game.channel_id != channel_id or game.status == "playing" or game.state is None:
            raise TableError("That is not a finished game of this channel.")
        seats = await self.storage.seats(game.id)
        names = [s.name for s in seats]
        lines = public_lines(game.state, names)
        title = games.get(game.game).title
        return f"The {title} game #{game.id}: the attached file replays it exactly.", await self._export(
            game, names, lines
        )
