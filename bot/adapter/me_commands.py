"""``/me settings`` and ``/me stats``: a player's own settings, across all their games and
servers, and their stats (or another player's, unless kept private)."""

from __future__ import annotations

import discord
from discord import app_commands

import games
from bot.adapter.controller import Controller
from bot.table import people

GAME_CHOICES = [app_commands.Choice(name=games.get(g).title, value=g) for g in games.names()]

STATS_CHOICES = [
    app_commands.Choice(name="public: others may see them", value="public"),
    app_commands.Choice(name="private: only you", value="private"),
]
NOTIFY_CHOICES = [
    app_commands.Choice(name="A mention in the channel", value="mention"),
    app_commands.Choice(name="A direct message", value="dm"),
    app_commands.Choice(name="Both", value="both"),
]


async def zone_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=z, value=z) for z in people.zone_choices(current)]


class MeCommands(app_commands.Group):
    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        super().__init__(
            name="me", description="Your own Skald settings, for all your games", guild_only=True
        )

    @app_commands.command(description="See or change how and when Skald tells you it is your turn")
    @app_commands.describe(
        zone="Your time zone, e.g. Europe/Oslo (start typing)",
        quiet="Quiet hours in your time, e.g. 22:00-07:00, or off: no pings or DMs then",
        notify="How to be told it is your turn",
        heads_up='A DM when the player before you starts their turn ("you\'re next")',
        away="Away until a day (2026-12-03) or for a time (5 days), or off",
        stats="Whether others may see your stats: public or private",
    )
    @app_commands.choices(notify=NOTIFY_CHOICES, stats=STATS_CHOICES)
    @app_commands.autocomplete(zone=zone_autocomplete)
    async def settings(
        self,
        interaction: discord.Interaction,
        zone: str | None = None,
        quiet: str | None = None,
        notify: str | None = None,
        heads_up: bool | None = None,
        away: str | None = None,
        stats: str | None = None,
    ) -> None:
        ctl = self.ctl
        request = ctl.table.personal.settings(
            str(interaction.user.id),
            zone=zone,
            quiet=quiet,
            notify=notify,
            heads_up=heads_up,
            away=away,
            stats=stats,
        )
        await ctl.tell(interaction, request)
        await ctl.deliver(interaction)  # "is back" notices when away ends

    @app_commands.command(
        name="stats", description="Your stats: games, wins, places, rating and its trend, pace"
    )
    @app_commands.describe(
        game="Only this game", player="Someone else's stats (unless they keep them private)"
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self, interaction: discord.Interaction, game: str | None = None, player: discord.User | None = None
    ) -> None:
        who = player or interaction.user
        request = self.ctl.table.stats.player(
            str(interaction.user.id), str(interaction.guild_id), str(who.id), who.display_name, game
        )
        await self.ctl.tell(interaction, request)
