"""Nudging a game that waits: the reminder time, the escalating reminders and the
stall notice, and telling the channel once when a seat's DMs are closed."""

from __future__ import annotations

import games
from bot.store.payloads import Payload
from bot.store.rows import Prefs
from bot.store.storage import GameRow, Tx
from bot.table import notices, people, threads, turns
from bot.table.context import Context, Reply, TableError, seat_view
from bot.table.permissions import NEEDED

MAX_NUDGES = 3


class Reminders:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.storage = ctx.storage

    async def set_reminder(self, channel_id: str, user_id: str, hours: float) -> Reply:
        game = await self.ctx.active(channel_id)
        if user_id != game.host_id:
            raise TableError("Only the host can change the reminder time.")
        if not 1 <= hours <= 24 * 14:
            raise TableError("The reminder time must be between 1 hour and 14 days (336 hours).")
        remind_at = self.ctx.clock() + hours * 3600 if game.status == "playing" else None
        async with self.storage.transaction() as tx:
            await self.storage.set_reminder(tx, game.id, hours, remind_at)
        return Reply(f"Players who must act will be reminded after {hours:g} hours without a move.")

    async def send_reminders(self) -> list[int]:
        """Queue a nudge for every game idle past its reminder time, and the notices that
        quiet hours held back and whose hours are over; returns outbox ids."""
        now = self.ctx.clock()
        queued = []
        for game in await self.storage.due_reminders(now):
            async with self.ctx.lock(game.channel_id):
                fresh = await self.storage.game(game.id)
                if fresh is None or fresh.status != "playing" or fresh.remind_at != game.remind_at:
                    continue
                sent = await self._nudge(fresh, now)
                if sent is not None:
                    queued.append(sent)
        queued += await self.release_held(now)
        return queued

    async def _nudge(self, game: GameRow, now: float) -> int | None:
        """Remind whoever the game waits for, except inside their quiet hours (then the
        reminder waits until the first of them ends) or while they are away (the others
        are told instead). Returns the reminder's outbox id, or None when it waits or
        another process (or round) took this reminder first."""
        module = games.get(game.game)
        seats = await self.storage.seats(game.id)
        views = seat_view(seats)
        assert game.state is not None
        state = game.state
        waiting = notices.humans_to_act(module, state, seats)
        prefs = await self.storage.people([seats[i].user_id for i in waiting])
        away = [i for i in waiting if prefs[seats[i].user_id].away(now)]
        quiet: dict[int, float] = {}
        for i in waiting:
            end = people.quiet_end(prefs[seats[i].user_id], now)
            if end is not None and i not in away:
                quiet[i] = end
        ping = [i for i in waiting if i not in away and i not in quiet]
        if quiet and not ping:
            assert game.remind_at is not None
            async with self.storage.transaction() as tx:
                await self.storage.take_reminder(
                    tx, game.id, game.remind_at, game.nudges, min(quiet.values())
                )
            return None
        since = people.since_words(game.turn_since or game.updated_at, now)
        # Each person is reached as they asked: a mention, a DM, or both.
        mention = [i for i in ping if prefs[seats[i].user_id].mentions()]
        by_dm = [i for i in ping if prefs[seats[i].user_id].dms()]
        names = " and ".join(
            views[i].mention if i in mention else turns.plain(views[i].name) for i in waiting
        )
        away_note = "".join(
            f" {turns.plain(views[i].name)} is away until "
            f"{people.day_words(prefs[seats[i].user_id].away_until or now, 'UTC', now)}"
            "; the host can let the bot play their seat meanwhile with /game cover."
            for i in away
        )
        dms: list[str] = []
        if game.nudges < MAX_NUDGES:
            text = (
                f"Reminder {game.nudges + 1} of {MAX_NUDGES}: {names}, {module.title} is waiting "
                f"for you to {turns.prompt(module, state)} ({since}).{away_note}"
            )
            nudges, remind_at = game.nudges + 1, now + game.reminder_hours * 3600 * 2 ** (game.nudges + 1)
            payload: Payload = {
                "text": text,
                "turn": True,
                "game_id": game.id,
                "version": game.version,
                "mentions": [seats[i].user_id for i in mention],
            }
            dms = [seats[i].user_id for i in by_dm]
            dm_text = (
                f"Reminder {game.nudges + 1} of {MAX_NUDGES}: **{module.title}** in <#{game.channel_id}> "
                f"is waiting for you to {turns.prompt(module, state)} ({since})."
            )
        else:
            text = (
                f"This {module.title} game has stalled: waiting for {names} {since}. It stays open; "
                f"the host can /game kick or /game replace a player.{away_note}"
            )
            nudges, remind_at = game.nudges, None
            payload = {"text": text}
        assert game.remind_at is not None
        async with self.storage.transaction() as tx:
            if not await self.storage.take_reminder(tx, game.id, game.remind_at, nudges, remind_at):
                return None
            for user in dms:
                await self.storage.insert_outbox(tx, game.id, "dm", user, {"text": dm_text}, now)
            return await self.storage.insert_outbox(tx, game.id, "channel", game.channel_id, payload, now)

    async def release_held(self, now: float) -> list[int]:
        """Turn notices held by quiet hours that are over: one message per person gathers
        those still waiting for them (a DM, or one mention per channel, as they asked)."""
        queued: list[int] = []
        by_user: dict[str, list[tuple[int, int, float]]] = {}
        for held_id, user, game_id, created in await self.storage.due_held(now):
            by_user.setdefault(user, []).append((held_id, game_id, created))
        for user, items in by_user.items():
            prefs = (await self.storage.people([user]))[user]
            if people.quiet_end(prefs, now) is not None:
                continue  # their hours were moved since: wait for the new end
            waiting: dict[int, tuple[GameRow, float]] = {}
            for _, game_id, created in items:
                game = await self.storage.game(game_id)
                if game is None or game.status != "playing" or game.state is None or game_id in waiting:
                    continue
                seats = await self.storage.seats(game.id)
                module = games.get(game.game)
                if any(seats[s].user_id == user for s in notices.humans_to_act(module, game.state, seats)):
                    waiting[game_id] = (game, created)
            async with self.storage.transaction() as tx:
                taken = [await self.storage.drop_held(tx, held_id) for held_id, _, _ in items]
                if not all(taken) or not waiting:
                    continue  # another process released them, or the turns have passed
                queued += await self._gathered(tx, user, prefs, list(waiting.values()), now)
        return queued

    async def _gathered(
        self, tx: Tx, user: str, prefs: Prefs, waiting: list[tuple[GameRow, float]], now: float
    ) -> list[int]:
        lines = []
        for game, created in waiting:
            title = games.get(game.game).title
            lines.append(
                f"- **{title}** in <#{game.channel_id}>, your turn {people.since_words(created, now, prefs.zone)}"
            )
        ids = []
        if prefs.dms():
            text = "Your quiet hours are over. Waiting for you:\n" + "\n".join(lines)
            ids.append(
                await self.storage.insert_outbox(tx, waiting[0][0].id, "dm", user, {"text": text[:1900]}, now)
            )
        if prefs.mentions():
            for game, created in waiting:
                title = games.get(game.game).title
                payload: Payload = {
                    "text": f"<@{user}>, your turn in {title} came during your quiet hours "
                    f"({people.since_words(created, now, prefs.zone)}), and it is still yours.",
                    "turn": True,
                    "game_id": game.id,
                    "version": game.version,
                    "mentions": [user],
                }
                ids.append(
                    await self.storage.insert_outbox(tx, game.id, "channel", game.channel_id, payload, now)
                )
        return ids

    async def dm_failed(self, game_id: int, user_id: str) -> int | None:
        """A DM was refused: remember it and tell the channel once; returns the notice's id."""
        game = await self.storage.game(game_id)
        if game is None:
            return None
        now = self.ctx.clock()
        async with self.storage.transaction() as tx:
            if not await self.storage.close_dms(tx, game_id, user_id):
                return None
            text = (
                f"<@{user_id}>, I could not send your hand by direct message (your DMs are closed "
                "to me). Use /game hand here to see it privately at any time."
            )
            payload: Payload = {"text": text, "mentions": [user_id]}
            return await self.storage.insert_outbox(tx, game_id, "channel", game.channel_id, payload, now)

    async def channel_refused(self, game_id: int, lacking: list[str] | None) -> int | None:
        """Discord refused the game's channel messages (403): tell the host by DM, once a
        game, what to grant; returns the DM's outbox id."""
        game = await self.storage.game(game_id)
        if game is None:
            return None
        title = games.get(game.game).title
        why = f"I lack {turns.joined(lacking)} there" if lacking else "I lack a permission there"
        text = (
            f"I can't post the {title} game's messages in <#{game.channel_id}>: Discord refuses, because "
            f"{why}. Please grant me {turns.joined([name for _, name in NEEDED])} in that channel (Send Messages "
            "in Threads in a thread). Every move is kept; the next board posts once I may."
        )
        async with self.storage.transaction() as tx:
            if not await self.storage.mark_once(tx, f"refused:{game_id}"):
                return None
            return await self.storage.insert_outbox(
                tx, game_id, "dm", game.host_id, {"text": text}, self.ctx.clock()
            )

    async def post_waiting_boards(self) -> list[int]:
        """With boards=turn, the moves of a turn that goes on for long are posted as they
        stand (``BOARD_WAIT`` after the first of them), so the table is never left behind;
        nobody is pinged (those acting were told when their turn began). Returns outbox ids."""
        now = self.ctx.clock()
        queued = []
        for game in await self.storage.due_boards(now):
            async with self.ctx.lock(game.channel_id):
                fresh = await self.storage.game(game.id)
                if (
                    fresh is None
                    or fresh.status != "playing"
                    or fresh.state is None
                    or fresh.board_due is None
                ):
                    continue
                module = games.get(fresh.game)
                seats = await self.storage.seats(fresh.id)
                state = fresh.state
                composed = await threads.quick(
                    self.ctx.compose_change, fresh, module, seats, old=state, state=state, head=[], force=True
                )
                board = composed.board
                assert board is not None
                acting = notices.humans_to_act(module, state, seats)
                board["version"] = fresh.version
                board["mentions"] = []
                board["acting"] = [seats[s].user_id for s in acting]
                async with self.storage.transaction() as tx:
                    if not await self.storage.board_told(
                        tx, fresh, len(state.get("log", [])), composed.dm_due
                    ):
                        continue  # a move came first and said it
                    queued.append(
                        await self.storage.insert_outbox(
                            tx, fresh.id, "channel", fresh.channel_id, board, now
                        )
                    )
                    hands = [(seats[i].user_id, dm) for i, dm in composed.dms]
                    await notices.queue_hands(self.storage, tx, fresh, hands, now)
        return queued
