"""A player's own settings (time zone, quiet hours, how to be told, "you're next", away),
and the seats the bot covers while their players are away."""

from __future__ import annotations

from dataclasses import replace

import games
from bot.store.payloads import Payload
from bot.store.rows import GameRow
from bot.table import people, threads, turns
from bot.table.context import Context, Reply, TableError
from bot.table.people import NOTIFY_MODES, SettingsError


class Personal:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.storage = ctx.storage

    async def settings(
        self,
        user_id: str,
        *,
        zone: str | None = None,
        quiet: str | None = None,
        notify: str | None = None,
        heads_up: bool | None = None,
        away: str | None = None,
        stats: str | None = None,
    ) -> str:
        """Change what was given (all or nothing) and show every setting back."""
        now = self.ctx.clock()
        prefs = (await self.storage.people([user_id]))[user_id]
        try:
            if zone is not None:
                prefs = replace(prefs, zone=people.parse_zone(zone))
            if quiet is not None:
                start, end = people.parse_quiet(quiet)
                prefs = replace(prefs, quiet_from=start, quiet_to=end)
            if notify is not None:
                if notify not in NOTIFY_MODES:
                    raise SettingsError(f"Choose how to be told: {', '.join(NOTIFY_MODES)}.")
                prefs = replace(prefs, notify=notify)
            if heads_up is not None:
                prefs = replace(prefs, heads_up=heads_up)
            if away is not None:
                prefs = replace(prefs, away_until=people.parse_away(away, prefs.zone, now))
            if stats is not None:
                if stats not in ("public", "private"):
                    raise SettingsError("Your stats are either public or private.")
                prefs = replace(prefs, stats=stats)
        except SettingsError as error:
            raise TableError(str(error)) from None
        changed = any(v is not None for v in (zone, quiet, notify, heads_up, away, stats))
        if changed:
            async with self.storage.transaction() as tx:
                await self.storage.save_person(tx, prefs, now)
            if away is not None and not prefs.away(now):
                for game_id, _ in await self.storage.playing_seats_of(user_id):
                    await self.uncover(game_id, user_id, "is back")
        head = "Saved. " if changed else ""
        return head + people.describe(prefs, now)

    # --- covering an away player's seat -------------------------------------------------

    async def cover(self, channel_id: str, host_id: str, target_id: str) -> Reply:
        """The host lets the bot play an away player's seat until they are back."""
        async with self.ctx.lock(channel_id):
            game = await self.ctx.active(channel_id)
            if host_id != game.host_id:
                raise TableError("Only the host can let the bot play someone's seat.")
            if game.status != "playing" or game.state is None:
                raise TableError("The game has not started yet.")
            seats = await self.storage.seats(game.id)
            if not any(s.user_id == target_id for s in seats):
                raise TableError("That person is not seated in this game.")
            index, seat = await self.ctx.seat_of(game, target_id)
            if seat.is_bot or seat.resigned:
                raise TableError("That seat is already played by the bot.")
            if seat.covered_until is not None:
                raise TableError("The bot already plays that seat until its player is back.")
            now = self.ctx.clock()
            prefs = (await self.storage.people([target_id]))[target_id]
            if not prefs.away(now) or prefs.away_until is None:
                raise TableError(
                    f"{turns.plain(seat.name)} has not said they are away (/me settings away:...), "
                    "so their seat stays theirs; /game replace hands it to someone else."
                )
            seats[index].covered_until = prefs.away_until
            module = games.get(game.game)
            automatic = {i: s.level for i, s in enumerate(seats) if s.automatic}
            state, moves = await threads.lengthy(
                turns.play_automatic, module, game.state, automatic, f"{game.seed}:{game.version}:c"
            )
            back = people.day_words(prefs.away_until, "UTC", now)
            note = f"The bot plays **{turns.plain(seat.name)}**'s seat while they are away (until {back})."
            async with self.storage.transaction() as tx:
                await self.storage.cover_seat(tx, game.id, target_id, prefs.away_until)
                await self.ctx.log_moves(tx, game, seats, moves, now)
                announce = await self.ctx.commit_change(
                    tx, game, module, seats, old=game.state, state=state, now=now, head=[note]
                )
            return Reply("", announce)

    async def uncover(self, game_id: int, user_id: str, why: str) -> int | None:
        """The player takes their own seat back; returns the notice's outbox id."""
        game = await self.storage.game(game_id)
        if game is None or game.status != "playing":
            return None
        async with self.ctx.lock(game.channel_id):
            seats = await self.storage.seats(game_id)
            seat = next((s for s in seats if s.user_id == user_id), None)
            if seat is None or seat.covered_until is None:
                return None
            now = self.ctx.clock()
            text = f"**{turns.plain(seat.name)}** {why} and plays their own seat again."
            async with self.storage.transaction() as tx:
                await self.storage.cover_seat(tx, game_id, user_id, None)
                return await self.storage.insert_outbox(
                    tx, game_id, "channel", game.channel_id, _turn_payload(text, game), now
                )

    async def uncover_expired(self) -> list[int]:
        """Seats covered past their player's absence go back to them."""
        now = self.ctx.clock()
        queued = []
        for game_id, user_id, until in await self.storage.covered_seats():
            prefs = (await self.storage.people([user_id]))[user_id]
            if until <= now or not prefs.away(now):
                sent = await self.uncover(game_id, user_id, "is back")
                if sent is not None:
                    queued.append(sent)
        return queued


def _turn_payload(text: str, game: GameRow) -> Payload:
    return {"text": text, "turn": True, "game_id": game.id, "version": game.version}
