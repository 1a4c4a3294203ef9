"""Glue between Discord interactions and the table: answer privately, then deliver.

Every request follows one path: the table validates and applies it (errors come back
as one ephemeral sentence, nothing changed) and queues what must be said in the outbox;
the person who asked gets a private answer at once (an acknowledgement, or their panel
updated); then the outbox is delivered. Boards go out as **new** channel messages, so
their mention of whoever must act notifies them (an edit or a follow-up that fills a
deferred answer notifies nobody).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
from collections.abc import Awaitable
from typing import Any

import discord

import games
from bot.adapter import components, messages, pictures
from bot.adapter.delivery import Delivery
from bot.adapter.owed import Answer, Owing, picture
from bot.adapter.pacing import TOKEN_PER_SECOND
from bot.store.payloads import Payload
from bot.store.rows import Owed
from bot.table import Panel, Reply, Table, TableError, learning, turns

log = logging.getLogger("skald")

DRAW_WAIT = 2.0  # an interaction must be answered within 3 s; a picture normally takes 20 ms
STANDS = "Your move stands; the board will follow as soon as Discord takes it."


class Controller:
    def __init__(
        self,
        client: discord.Client,
        table: Table,
        *,
        owner: str = "skald",
        per_second: float = TOKEN_PER_SECOND * 0.9,
    ) -> None:
        self.client = client
        self.table = table
        self.delivery = Delivery(client, table, owner=owner, per_second=per_second)
        self.owing = Owing(client, table.storage)
        self.owing.makers.update(replay=self._owed_replay, board=self._owed_picture, hand=self._owed_picture)

    # --- answering -----------------------------------------------------------------

    async def say(self, interaction: discord.Interaction, text: str) -> None:
        """One private sentence to the person who asked."""
        text = messages.clip(text)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException as error:  # the interaction expired: nobody to tell
            log.warning("could not answer an interaction: %s", error)

    async def serve(self, interaction: discord.Interaction, work: Awaitable[Any]) -> None:
        """The one error layer every command, button and select goes through: a table
        refusal (``TableError``) is the person's one-sentence answer, and nothing changed."""
        try:
            await work
        except TableError as error:
            await self.say(interaction, str(error))

    async def run(
        self, interaction: discord.Interaction, request: Awaitable[Reply], done: str = "Done."
    ) -> None:
        """Carry out a table request: a private answer, then the public messages."""
        await self.serve(interaction, self._ran(interaction, request, done))

    async def _ran(self, interaction: discord.Interaction, request: Awaitable[Reply], done: str) -> None:
        reply = await request
        await self.say(interaction, reply.text or done)
        await self.deliver(interaction)

    async def tell(self, interaction: discord.Interaction, text: Awaitable[str]) -> None:
        """A table answer that is only words (status, settings), privately."""
        await self.serve(interaction, self._told(interaction, text))

    async def _told(self, interaction: discord.Interaction, text: Awaitable[str]) -> None:
        await self.say(interaction, await text)

    async def deliver(self, interaction: discord.Interaction | None) -> None:
        """Send what the outbox holds; if the board could not go out, say so privately."""
        try:
            behind = await self.delivery.flush()
        except Exception:  # the move is saved whatever happens here; the next round retries
            log.exception("delivery failed")
            behind = True
        if behind and interaction is not None:
            with contextlib.suppress(discord.HTTPException):
                await interaction.followup.send(STANDS, ephemeral=True)

    async def flush(self) -> None:
        await self.delivery.flush()

    # --- moves and the private panel --------------------------------------------------

    async def play(self, interaction: discord.Interaction, action: str) -> None:
        """A move typed with /move or a game command: done privately, then the board
        (``/move hint``: the sensible bot's choice instead)."""
        channel, user = str(interaction.channel_id), str(interaction.user.id)
        if action.strip().lower() == "hint":
            await self.hint_press(interaction, 0)
            return
        reply = await self.table.moves.act(channel, user, action)
        head = f"Done: {turns.clip(action, 100)}."
        await self._answer_with_panel(interaction, reply, head, edit=False)
        await self.deliver(interaction)

    async def open_panel(self, interaction: discord.Interaction, game_id: int, page: int = 0) -> None:
        """The "Your turn" button (or a page button): the presser's own moves, privately."""
        channel, user = str(interaction.channel_id), str(interaction.user.id)
        panel = await self.table.moves.panel(channel, user, game_id)
        content, view = self._panel_message(panel, page)
        is_panel = interaction.message is not None and interaction.message.flags.ephemeral
        if is_panel:
            await interaction.response.edit_message(content=content, view=view)
        else:
            files = await self._picture(panel.detail(), "board.png")
            await interaction.response.send_message(content, view=view, files=files, ephemeral=True)

    async def panel_press(
        self, interaction: discord.Interaction, game_id: int, version: int, move: str
    ) -> None:
        """A press on a panel's move (``components.panel_move``): the move itself, played if
        it is still one of the presser's moves though the game moved on since the panel was
        drawn; or its place in the panel of that version. Refused: why, and the panel anew."""
        channel, user = str(interaction.channel_id), str(interaction.user.id)
        if interaction.message is None or not interaction.message.flags.ephemeral:
            await self.say(
                interaction, "Moves are pressed in your own panel: press Your turn on the newest board."
            )
            return
        index, action = components.read_move(move)
        if index is None and action is None:
            await self._refresh_panel(interaction, components.OLD_PANEL)
            return
        try:
            reply = await self.table.moves.act(
                channel, user, action, version, game_id, choice=index, pressed=action is not None
            )
        except TableError as error:
            await self._refresh_panel(interaction, str(error))
            return
        await self._answer_with_panel(interaction, reply, f"Done: {reply.label}.", edit=True)
        await self.deliver(interaction)

    async def hint_press(self, interaction: discord.Interaction, game_id: int) -> None:
        """The panel's Hint (and /move hint): the sensible bot's choice, to the asker alone."""
        if game_id and not await self._same_game(interaction, game_id):
            return
        hint = await self.table.moves.hint(str(interaction.channel_id), str(interaction.user.id))
        await self.say(interaction, hint)

    async def undo_press(self, interaction: discord.Interaction, game_id: int) -> None:
        """The panel's Undo: the presser's last move taken back, as /game undo does."""
        if await self._same_game(interaction, game_id):
            await self.run(
                interaction, self.table.seating.undo(str(interaction.channel_id), str(interaction.user.id))
            )

    async def _refresh_panel(self, interaction: discord.Interaction, problem: str) -> None:
        """A refused press: say why and redraw the panel, so a select can be chosen again."""
        channel, user = str(interaction.channel_id), str(interaction.user.id)
        try:
            panel = await self.table.moves.panel(channel, user)
        except TableError as error:
            await interaction.response.edit_message(content=messages.clip(f"{problem}\n{error}"), view=None)
            return
        content, view = self._panel_message(panel, 0)
        await interaction.response.edit_message(content=messages.clip(f"{problem}\n{content}"), view=view)

    async def _answer_with_panel(
        self, interaction: discord.Interaction, reply: Reply, head: str, *, edit: bool
    ) -> None:
        """After a move: the board as it now stands, the mover's next choices if they still
        act (else a plain "done"), and an Undo for the move just made."""
        if reply.panel is not None:
            body, view = self._panel_message(reply.panel, 0, undo=True)
        else:
            body = reply.waiting if "not your turn" not in reply.waiting else "The board shows who is next."
            view = components.undo_view(reply.game_id or 0)
        content = messages.around(head, reply.told, body)
        shown = reply.panel.detail() if reply.panel is not None else None
        files = await self._picture(shown or reply.board, "board.png")
        try:
            if edit:
                await interaction.response.edit_message(content=content, view=view, attachments=files)
            else:
                await interaction.response.send_message(content, view=view, files=files, ephemeral=True)
        except discord.HTTPException as error:
            log.warning("could not answer a move: %s", error)

    async def _picture(self, payload: Payload | None, name: str) -> list[discord.File]:
        """A panel's picture: the public board, or the part of it the panel's choices are
        about (none if drawing it would keep the answer past its deadline)."""
        if payload is None:
            return []
        try:
            png = await asyncio.wait_for(messages.draw_async(payload), DRAW_WAIT)
        except TimeoutError:
            return []
        return picture(png, name)

    def _panel_message(self, panel: Panel, page: int, *, undo: bool = False) -> tuple[str, discord.ui.View]:
        pages = components.panel_pages(panel.actions)
        text = panel.text
        if pages > 1:
            text += f" (moves {min(page, pages - 1) + 1} of {pages} pages)"
        view = components.panel_view(
            panel.game_id, panel.version, panel.actions, page, undo=undo, hints=panel.hints
        )
        return messages.clip(text), view

    # --- rules and cards ----------------------------------------------------------------

    async def _channel_game(self, interaction: discord.Interaction) -> str | None:
        game = await self.table.storage.latest_game(str(interaction.channel_id))
        return game.game if game is not None else None

    async def show_rules(
        self, interaction: discord.Interaction, game: str | None, topic: str | int | None, page: int = 0
    ) -> None:
        """A page of a game's rules, privately, with buttons to the other pages; a page
        button edits the same private answer."""
        game_id = learning.game_of(game, await self._channel_game(interaction))
        shown = learning.rules_page(game_id, topic, page)
        title = f"**{games.get(game_id).title}: {shown.title}**"
        if shown.pages > 1:
            title += f" (page {shown.page + 1} of {shown.pages})"
        content = messages.clip(f"{title}\n{shown.text}")
        view = components.rules_view(shown)
        is_answer = interaction.message is not None and interaction.message.flags.ephemeral
        if is_answer:
            await interaction.response.edit_message(content=content, view=view)
        else:
            await interaction.response.send_message(
                content, view=view or discord.utils.MISSING, ephemeral=True
            )

    async def show_card(self, interaction: discord.Interaction, game: str | None, name: str) -> None:
        """A card, tile, Jarl or leader by name, privately: its picture and what it does."""
        game_id = learning.game_of(game, await self._channel_game(interaction))
        found = learning.card(game_id, name)
        drawing = pictures.card_async(game_id, str(found["id"]))
        await self._send_drawn(interaction, messages.clip(learning.card_text(found)), drawing, "card.png")

    # --- the other buttons and commands ------------------------------------------------

    async def _same_game(self, interaction: discord.Interaction, game_id: int) -> bool:
        game = await self.table.storage.active_game(str(interaction.channel_id))
        if game is None or game.id != game_id:
            await self.say(interaction, "That message belongs to a game that has ended.")
            return False
        return True

    async def show_hand(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        if game_id is not None and not await self._same_game(interaction, game_id):
            return
        payload = await self.table.reading.hand(str(interaction.channel_id), str(interaction.user.id))
        await self._send_picture(interaction, payload, ephemeral=True)

    async def post_board(self, interaction: discord.Interaction) -> None:
        payload = await self.table.reading.board(str(interaction.channel_id))
        await self._send_picture(interaction, payload, ephemeral=False)

    async def _send_drawn(
        self,
        interaction: discord.Interaction,
        text: str,
        drawing: Awaitable[bytes | None],
        filename: str,
        *,
        ephemeral: bool = True,
    ) -> None:
        """Answer with ``text`` and the picture ``drawing`` makes in a drawing process: at
        once when it is drawn within ``DRAW_WAIT``, else as the follow-up of a "thinking"
        defer. Names in ``text`` ping nobody."""
        task = asyncio.ensure_future(drawing)
        done, _ = await asyncio.wait({task}, timeout=DRAW_WAIT)
        quiet = discord.AllowedMentions.none()
        if done:
            files = picture(task.result(), filename)
            await interaction.response.send_message(
                text, files=files, ephemeral=ephemeral, allowed_mentions=quiet
            )
            return
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        files = picture(await task, filename)
        await interaction.followup.send(text, files=files, ephemeral=ephemeral, allowed_mentions=quiet)

    async def _send_picture(
        self, interaction: discord.Interaction, payload: Payload, *, ephemeral: bool
    ) -> None:
        """Answer with a picture: drawn first when it is quick (no "thinking" placeholder
        that a crash could leave behind), else deferred and sent as the follow-up."""
        drawing = asyncio.ensure_future(messages.draw_async(payload))
        done, _ = await asyncio.wait({drawing}, timeout=DRAW_WAIT)
        quiet = discord.AllowedMentions.none()
        if done:
            answer = self._picture_answer(payload, drawing.result(), ephemeral=ephemeral)
            await interaction.response.send_message(
                answer.text,
                files=answer.files,
                view=answer.view or discord.utils.MISSING,
                ephemeral=ephemeral,
                allowed_mentions=quiet,
            )
            return
        # Written down as owed before the defer: a crash from here on leaves the answer to
        # the restart (bot.adapter.owed), not "thinking" for good.
        owed = await self.owing.begin(interaction, "hand" if ephemeral else "board")
        try:
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
            answer = self._picture_answer(payload, await drawing, ephemeral=ephemeral)
            await interaction.followup.send(
                answer.text,
                files=answer.files,
                view=answer.view or discord.utils.MISSING,
                ephemeral=ephemeral,
                allowed_mentions=quiet,
            )
        finally:
            await self.owing.paid(owed)

    @staticmethod
    def _picture_answer(payload: Payload, png: bytes | None, *, ephemeral: bool) -> Answer:
        view = components.public_view(payload) if not ephemeral else None
        return Answer(messages.clip(payload.get("text", "")), picture(png, messages.filename(payload)), view)

    async def _owed_picture(self, owed: Owed) -> Answer:
        """A board or hand a restart left owed, drawn as it stands now."""
        if owed.kind == "hand":
            payload = await self.table.reading.hand(owed.channel_id, owed.user_id)
        else:
            payload = await self.table.reading.board(owed.channel_id)
        return self._picture_answer(
            payload, await messages.draw_async(payload), ephemeral=owed.kind == "hand"
        )

    async def lobby_button(self, interaction: discord.Interaction, game_id: int, what: str) -> None:
        if not await self._same_game(interaction, game_id):
            return
        channel, user = str(interaction.channel_id), str(interaction.user.id)
        if what == "join":
            await self.run(
                interaction,
                self.table.lobby.join(channel, user, interaction.user.display_name),
                "You joined.",
            )
        elif what == "start":
            await self.run(interaction, self.table.lobby.start(channel, user), "The game begins.")
        else:
            await self.run(interaction, self.table.lobby.add_bot(channel, user), "A bot took a seat.")

    async def allow_undo(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        channel, user = str(interaction.channel_id), str(interaction.user.id)
        await self.run(
            interaction, self.table.seating.allow_undo(channel, user, version, game_id), "Allowed."
        )

    async def send_history(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        player: discord.User | discord.Member | None = None,
    ) -> None:
        """The channel's finished games (of one title, or one player's), privately."""
        who = (str(player.id), player.display_name) if player is not None else None
        text, choices = await self.table.reading.history(str(interaction.channel_id), game=game, player=who)
        view = components.history_view(choices)
        await interaction.response.send_message(messages.clip(text), view=view, ephemeral=True)

    async def send_leaderboard(self, interaction: discord.Interaction, game: str, period: str) -> None:
        """The server's leaderboard of a title, in the channel: a picture of its tables and
        the same as text, names written as text (allowed mentions: none, so nobody is pinged)."""
        board = await self.table.stats.leaderboard(str(interaction.guild_id), game, period)
        tables = [("Most active", ("games", "wins"), board.active)]
        if board.ratings:
            tables.insert(0, ("Top ratings", ("rating", "games"), board.rated))
            tables.append(("Fastest movers", ("change", "rating"), board.movers))
        if not board.active:
            await interaction.response.send_message(
                messages.clip(board.text), allowed_mentions=discord.AllowedMentions.none()
            )
            return
        drawing = pictures.leaderboard_async(title=board.title, period=board.period, tables=tables)
        await self._send_drawn(
            interaction, messages.clip(board.text), drawing, "leaderboard.png", ephemeral=False
        )

    async def send_export(self, interaction: discord.Interaction, game_id: int) -> None:
        text, export = await self.table.reading.export(str(interaction.channel_id), game_id)
        data = json.dumps(export, indent=1, ensure_ascii=False).encode()
        file = discord.File(io.BytesIO(data), filename=f"skald-game-{game_id}.json")
        await interaction.response.send_message(messages.clip(text), file=file, ephemeral=True)

    async def send_replay(self, interaction: discord.Interaction, game_id: int | None) -> None:
        """The animated replay of a finished game, posted in the channel (it takes seconds
        to make, so the answer is deferred; it pings nobody)."""
        _, export = await self.table.reading.export(str(interaction.channel_id), game_id)
        # Written down as owed before the defer: a crash while the GIF is made leaves the
        # answer to the restart (bot.adapter.owed), not "thinking" for good.
        owed = await self.owing.begin(interaction, "replay", game_id)
        try:
            await interaction.response.defer(thinking=True)
            answer = await self._replay_answer(export, game_id)
            await interaction.followup.send(
                answer.text, files=answer.files, allowed_mentions=discord.AllowedMentions.none()
            )
        finally:
            await self.owing.paid(owed)

    async def _replay_answer(self, export: dict[str, Any], game_id: int | None) -> Answer:
        gif = await messages.replay_async({"replay": export})
        if gif is None:
            return Answer("This game has no pictures to replay.", [])
        title = games.get(export["game"]).title
        return Answer(f"The {title} game, turn by turn.", picture(gif, f"replay-{game_id or 'last'}.gif"))

    async def _owed_replay(self, owed: Owed) -> Answer:
        _, export = await self.table.reading.export(owed.channel_id, owed.game_id)
        return await self._replay_answer(export, owed.game_id)

    async def send_log(self, interaction: discord.Interaction) -> None:
        text, export = await self.table.reading.log(str(interaction.channel_id))
        data = json.dumps(export, indent=1, ensure_ascii=False).encode()
        name = "skald-game.json" if "seed" in export else "skald-public-log.json"
        file = discord.File(io.BytesIO(data), filename=name)
        await interaction.response.send_message(messages.clip(text), file=file, ephemeral=True)
