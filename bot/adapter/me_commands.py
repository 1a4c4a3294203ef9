"""``/me settings``: a player's own settings, across all their games and servers."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.adapter.controller import Controller
from bot.table import people

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
    )
    @app_commands.choices(notify=NOTIFY_CHOICES)
    @app_commands.autocomplete(zone=zone_autocomplete)
    async def settings(
        self,
        interaction: discord.Interaction,
        zone: str | None = None,
        quiet: str | None = None,
        notify: str | None = None,
        heads_up: bool | None = None,
        away: str | None = None,
    ) -> None:
        ctl = self.ctl
        request = ctl.table.personal.settings(
            str(interaction.user.id), zone=zone, quiet=quiet, notify=notify, heads_up=heads_up, away=away
        )
        await ctl.tell(interaction, request)
        await ctl.deliver(interaction)  # "is back" notices when away ends
