"""The slash commands: ``/game`` (lobby and table), ``/move`` and one group per game."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

import games
from bot.adapter.controller import Controller
from bot.adapter.me_commands import MeCommands
from bot.table import Reply, TableError, learning, permissions, turns
from bot.table.options import every_option
from games import bots

Callback = Callable[..., Coroutine[Any, Any, None]]
Completer = Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]


def _ids(interaction: discord.Interaction) -> tuple[str, str]:
    return str(interaction.channel_id), str(interaction.user.id)


def parse_options(text: str | None) -> dict[str, str]:
    """``"ship=advanced artifact=random"`` -> ``{"ship": "advanced", "artifact": "random"}``."""
    options: dict[str, str] = {}
    for part in (text or "").replace(",", " ").split():
        name, sep, value = part.partition("=")
        if not sep or not name or not value:
            raise TableError(
                f"Write options as name=value, for example ship=advanced (not '{turns.clip(part, 40)}')."
            )
        options[name.strip().lower()] = value.strip().lower()
    return options


GAME_CHOICES = [app_commands.Choice(name=games.get(g).title, value=g) for g in games.names()]


async def option_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    game_id = getattr(interaction.namespace, "game", None) or games.names()[0]
    module = games.get(game_id) if game_id in games.names() else None
    if module is None:
        return []
    done, _, last = current.rpartition(" ")
    out = []
    for option in every_option(module):
        for choice in option["choices"]:
            text = f"{option['name']}={choice}"
            if text.startswith(last.lower()):
                value = f"{done} {text}".strip()
                out.append(app_commands.Choice(name=value[:100], value=value[:100]))
    return out[:25]


class GameCommands(app_commands.Group):
    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        super().__init__(
            name="game", description="Start, join and run a board game in this channel", guild_only=True
        )

    @app_commands.command(description="Open a new game in this channel")
    @app_commands.describe(
        game="Which game to play", options="Game options as name=value, e.g. ship=advanced"
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(options=option_autocomplete)
    async def new(self, interaction: discord.Interaction, game: str, options: str | None = None) -> None:
        lacking = permissions.missing(interaction.app_permissions, permissions.is_thread(interaction.channel))
        if lacking:
            await self.ctl.say(interaction, permissions.refusal(lacking))
            return
        await self.ctl.run(interaction, self._new_game(interaction, game, options))

    async def _new_game(self, interaction: discord.Interaction, game: str, options: str | None) -> Reply:
        channel, user = _ids(interaction)
        return await self.ctl.table.lobby.new_game(
            channel, user, interaction.user.display_name, game, parse_options(options)
        )

    @app_commands.command(description="Take a seat in the game being set up here")
    async def join(self, interaction: discord.Interaction) -> None:
        channel, user = _ids(interaction)
        await self.ctl.run(
            interaction, self.ctl.table.lobby.join(channel, user, interaction.user.display_name)
        )

    @app_commands.command(description="Leave the game being set up here")
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.ctl.run(interaction, self.ctl.table.lobby.leave(*_ids(interaction)))

    @app_commands.command(name="addbot", description="Add a seat played by the bot")
    @app_commands.describe(level="How the bot plays: sensible (the default) or random moves")
    @app_commands.choices(level=[app_commands.Choice(name=lv, value=lv) for lv in bots.LEVELS])
    async def add_bot(self, interaction: discord.Interaction, level: str | None = None) -> None:
        request = self.ctl.table.lobby.add_bot(*_ids(interaction), level or bots.DEFAULT_LEVEL)
        await self.ctl.run(interaction, request)

    @app_commands.command(description="Start the game (host only)")
    @app_commands.describe(order="Seat order: random, or the order people joined")
    @app_commands.choices(
        order=[
            app_commands.Choice(name="random", value="random"),
            app_commands.Choice(name="as joined", value="joined"),
        ]
    )
    async def start(self, interaction: discord.Interaction, order: str | None = None) -> None:
        channel, user = _ids(interaction)
        await self.ctl.run(interaction, self.ctl.table.lobby.start(channel, user, order or "random"))

    @app_commands.command(description="Who is playing, whose turn it is, and how long it has waited")
    async def status(self, interaction: discord.Interaction) -> None:
        await self.ctl.tell(interaction, self.ctl.table.reading.status(str(interaction.channel_id)))

    @app_commands.command(description="Post the current board again")
    async def board(self, interaction: discord.Interaction) -> None:
        await self.ctl.serve(interaction, self.ctl.post_board(interaction))

    @app_commands.command(
        description="See your hand and anything else hidden from the others (only you see it)"
    )
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.ctl.serve(interaction, self.ctl.show_hand(interaction))

    @app_commands.command(description="The recent moves, and the whole game as a file")
    async def log(self, interaction: discord.Interaction) -> None:
        await self.ctl.serve(interaction, self.ctl.send_log(interaction))

    @app_commands.command(
        description="Take back your last move (others must allow it if it showed new cards)"
    )
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.ctl.run(interaction, self.ctl.table.seating.undo(*_ids(interaction)))

    @app_commands.command(description="Resign: the bot plays your seat from now on")
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.ctl.run(interaction, self.ctl.table.seating.resign(*_ids(interaction)))

    @app_commands.command(
        description="Host only: remove a player (the bot takes their seat once the game runs)"
    )
    @app_commands.describe(player="The player to remove")
    async def kick(self, interaction: discord.Interaction, player: discord.Member) -> None:
        channel, user = _ids(interaction)
        await self.ctl.run(interaction, self.ctl.table.seating.kick(channel, user, str(player.id)))

    @app_commands.command(description="Host only: give a player's seat to someone else")
    @app_commands.describe(player="Whose seat to hand over", newcomer="Who takes the seat")
    async def replace(
        self, interaction: discord.Interaction, player: discord.Member, newcomer: discord.Member
    ) -> None:
        channel, user = _ids(interaction)
        request = self.ctl.table.seating.replace(
            channel, user, str(player.id), str(newcomer.id), newcomer.display_name
        )
        await self.ctl.run(interaction, request)

    @app_commands.command(description="Post the animated replay of a finished game of this channel")
    @app_commands.describe(number="The game's number from /game history (default: the last one)")
    async def replay(self, interaction: discord.Interaction, number: int | None = None) -> None:
        await self.ctl.serve(interaction, self.ctl.send_replay(interaction, number))

    @app_commands.command(description="The finished games of this channel, and their game files")
    async def history(self, interaction: discord.Interaction) -> None:
        await self.ctl.serve(interaction, self.ctl.send_history(interaction))

    @app_commands.command(description="Host only: let the bot play an away player's seat until they are back")
    @app_commands.describe(player="A player who set /me settings away")
    async def cover(self, interaction: discord.Interaction, player: discord.Member) -> None:
        channel, user = _ids(interaction)
        await self.ctl.run(interaction, self.ctl.table.personal.cover(channel, user, str(player.id)))

    @app_commands.command(description="Host only: hours without a move before players are reminded")
    @app_commands.describe(hours="Idle hours before the first reminder, 1 to 336")
    async def remind(
        self, interaction: discord.Interaction, hours: app_commands.Range[float, 1, 336]
    ) -> None:
        channel, user = _ids(interaction)
        await self.ctl.run(interaction, self.ctl.table.reminders.set_reminder(channel, user, hours))


def move_command(ctl: Controller) -> app_commands.Command[Any, ..., None]:
    """``/move action:``, its autocomplete exactly the caller's legal actions."""

    async def legal_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        actions = await ctl.table.moves.legal(*_ids(interaction))
        needle = current.lower().strip()
        hits = [(a, label) for a, label in actions if needle in a.lower() or needle in label.lower()]
        return [app_commands.Choice(name=label[:100], value=a[:100]) for a, label in hits[:25]]

    @app_commands.command(name="move", description="Make a move: pick one of your legal actions")
    @app_commands.describe(action="Start typing; the list shows exactly what you may do now")
    @app_commands.autocomplete(action=legal_choices)
    @app_commands.guild_only()
    async def move(interaction: discord.Interaction, action: str) -> None:
        await ctl.serve(interaction, ctl.play(interaction, action))

    return move


def learning_commands(ctl: Controller) -> list[app_commands.Command[Any, ..., None]]:
    """``/rules game: topic:`` and ``/card name: game:``: the game's rules and its cards,
    privately, for the channel's game or one named; both autocompleted."""
    titles = [app_commands.Choice(name=games.get(g).title, value=g) for g in games.names()]

    async def named_game(interaction: discord.Interaction) -> str:
        chosen = getattr(interaction.namespace, "game", None)
        game = await ctl.table.storage.latest_game(str(interaction.channel_id))
        return learning.game_of(chosen, game.game if game else None)

    async def topics(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            game_id = await named_game(interaction)
        except TableError:
            return []
        return [
            app_commands.Choice(name=t[:100], value=t[:100]) for t in learning.topic_choices(game_id, current)
        ]

    async def cards(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            game_id = await named_game(interaction)
        except TableError:
            return []
        found = learning.card_choices(game_id, current)
        return [app_commands.Choice(name=name[:100], value=card_id[:100]) for name, card_id in found]

    @app_commands.command(name="rules", description="The rules of a game in short pages, only for you")
    @app_commands.describe(game="Which game (default: this channel's)", topic="Start typing a topic")
    @app_commands.choices(game=titles)
    @app_commands.autocomplete(topic=topics)
    @app_commands.guild_only()
    async def rules(
        interaction: discord.Interaction, game: str | None = None, topic: str | None = None
    ) -> None:
        await ctl.serve(interaction, ctl.show_rules(interaction, game, topic))

    @app_commands.command(
        name="card", description="Any card, tile, Jarl or leader: its picture and what it does"
    )
    @app_commands.describe(name="Start typing its name", game="Which game (default: this channel's)")
    @app_commands.choices(game=titles)
    @app_commands.autocomplete(name=cards)
    @app_commands.guild_only()
    async def card(interaction: discord.Interaction, name: str, game: str | None = None) -> None:
        await ctl.serve(interaction, ctl.show_card(interaction, game, name))

    return [rules, card]


def _argument_autocomplete(
    ctl: Controller, verbs: list[str] | None, verb: str, position: int, names: list[str]
) -> Completer:
    """Completes argument ``position`` of a command from the caller's legal actions, keeping
    only actions that agree with the arguments already filled in (``interaction.namespace``).
    With ``verbs`` the command's first argument is itself the verb (one of ``verbs``)."""

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        actions = await ctl.table.moves.legal(*_ids(interaction))
        filled = [str(getattr(interaction.namespace, names[i], "") or "") for i in range(position)]
        needle = current.lower()
        seen: dict[str, str] = {}
        for action, label in actions:
            words = action.split()
            if verbs is None:
                if not words or words[0] != verb:
                    continue
                words = words[1:]
            elif not words or words[0] not in verbs:
                continue
            if len(words) <= position or any(f and f != w for f, w in zip(filled, words, strict=False)):
                continue
            token = words[position]
            if needle in token.lower() or needle in label.lower():
                seen.setdefault(token, label if len(words) == position + 1 else token)
        return [
            app_commands.Choice(name=text[:100], value=token[:100]) for token, text in list(seen.items())[:25]
        ]

    return complete


def _verb_command(
    ctl: Controller, game_id: str, spec: dict[str, Any]
) -> app_commands.Command[Any, ..., None]:
    """A typed command for one verb (``verb arg1 arg2``), or, with ``"verbs"``, for a family
    of verbs whose first argument names the verb (``arg1 arg2 arg3`` is the action)."""
    verb = spec["name"]
    verbs: list[str] | None = spec.get("verbs")
    args = list(spec.get("args", []))
    if verbs is not None:
        args = [{"name": "step", "description": "Which step: " + ", ".join(verbs)}, *args]
    prefix = [] if verbs is not None else [verb]

    async def send(interaction: discord.Interaction, *values: str | None) -> None:
        words = [*prefix, *(v for v in values if v)]
        await ctl.serve(interaction, ctl.play(interaction, " ".join(words)))

    callback: Callback
    if len(args) == 0:

        async def callback(interaction: discord.Interaction) -> None:
            await send(interaction)
    elif len(args) == 1:

        async def callback(interaction: discord.Interaction, arg1: str) -> None:
            await send(interaction, arg1)
    elif len(args) == 2:

        async def callback(interaction: discord.Interaction, arg1: str, arg2: str | None = None) -> None:
            await send(interaction, arg1, arg2)
    elif len(args) == 3:

        async def callback(
            interaction: discord.Interaction, arg1: str, arg2: str | None = None, arg3: str | None = None
        ) -> None:
            await send(interaction, arg1, arg2, arg3)
    else:
        raise ValueError(f"{game_id} {verb}: at most two arguments (three with verbs) are supported")
    names = {f"arg{i + 1}": a["name"] for i, a in enumerate(args)}
    texts = {f"arg{i + 1}": a.get("description", a["name"])[:100] for i, a in enumerate(args)}
    if names:
        callback = app_commands.describe(**texts)(app_commands.rename(**names)(callback))
    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=verb, description=spec.get("description", verb)[:100], callback=callback
    )
    for i in range(len(args)):
        command.autocomplete(f"arg{i + 1}")(
            _argument_autocomplete(ctl, verbs, verb, i, [a["name"] for a in args])
        )
    return command


MAX_SUBCOMMANDS = 20  # Discord allows 25; leave room to grow


def game_group(ctl: Controller, game_id: str) -> app_commands.Group:
    module = games.get(game_id)
    specs = module.COMMANDS
    if len(specs) > MAX_SUBCOMMANDS:
        raise ValueError(f"/{game_id} has {len(specs)} commands; at most {MAX_SUBCOMMANDS}")
    group = app_commands.Group(name=game_id, description=f"Moves in {module.title}"[:100], guild_only=True)
    for spec in specs:
        group.add_command(_verb_command(ctl, game_id, spec))
    return group


def install(
    tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None, ctl: Controller
) -> None:
    """Every command, each given the controller it works through."""
    tree.add_command(GameCommands(ctl), guild=guild)
    tree.add_command(MeCommands(ctl), guild=guild)
    tree.add_command(move_command(ctl), guild=guild)
    for command in learning_commands(ctl):
        tree.add_command(command, guild=guild)
    for game_id in games.names():
        tree.add_command(game_group(ctl, game_id), guild=guild)
