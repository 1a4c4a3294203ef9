"""``python -m bot`` runs the bot; ``python -m bot local`` plays offline in the terminal;
``python -m bot restats`` makes the ratings and stats again from the stored games."""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from typing import Any

NO_TOKEN = (
    "Skald needs a Discord bot token: copy .env.example to .env and set DISCORD_TOKEN "
    "(see the README, 'Running the bot'). To try a game offline without Discord, run: "
    "./run.sh local (or python -m bot local)"
)


WRONG_TOKEN = (
    "Discord refused the token in DISCORD_TOKEN: copy it again from the developer portal "
    "(your application, Bot, Reset Token) into .env."
)


def _point_at_fake_discord(url: str) -> None:
    """Talk to a local fake Discord (used by the smoke tests) instead of discord.com."""
    import discord
    import yarl

    base = url.rstrip("/")
    discord.http.Route.BASE = f"{base}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(base.replace("http", "ws", 1) + "/")


def _quiet_voice() -> None:
    """Skald has no voice: drop discord.py's warnings about the missing voice libraries."""
    import discord

    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


async def _serve() -> int:
    import aiohttp
    import discord

    from bot.adapter.app import ShardedSkaldBot, SkaldBot
    from bot.config import SettingsError, load_settings
    from bot.store.storage import Storage
    from bot.table import Table, record

    try:
        settings = load_settings()
    except SettingsError as problems:
        print(problems, file=sys.stderr)
        return 2
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    extra: dict[str, Any] = {}
    if settings.fake_discord_url:
        _point_at_fake_discord(settings.fake_discord_url)
        extra["guild_ready_timeout"] = 0.2
    _quiet_voice()
    kind = SkaldBot
    if settings.shards is not None:
        kind = ShardedSkaldBot
        extra.update(shard_ids=list(settings.shards.ids), shard_count=settings.shards.count)
        logging.getLogger("skald").info(
            "serving shards %s of %d (%.0f%% of the request budget)",
            ",".join(map(str, settings.shards.ids)),
            settings.shards.count,
            settings.rate_share * 100,
        )
    storage = await Storage.open(settings.database)
    made = await record.recompute(storage, time.time, force=False)  # a new record: from the history
    if made is not None:
        logging.getLogger("skald").info("recorded %d finished games (results and ratings)", made)
    table = Table(storage, default_reminder_hours=settings.reminder_hours)
    try:
        async with kind(
            table, test_guild=settings.test_guild, rate_share=settings.rate_share, **extra
        ) as bot:
            await bot.start(settings.token)
    except discord.LoginFailure:
        print(WRONG_TOKEN, file=sys.stderr)
        return 3
    except (aiohttp.ClientConnectionError, TimeoutError, OSError) as error:
        print(
            f"Could not reach Discord ({error}): check the network connection and try again.", file=sys.stderr
        )
        return 4
    finally:
        await storage.close()
    return 0


def main(argv: list[str]) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if argv[:1] == ["local"]:
        from bot.sandbox import main as sandbox

        return sandbox(argv[1:])
    if argv[:1] == ["replay"]:
        from bot.replay import main as replay

        return replay(argv[1:])
    if argv[:1] == ["restats"]:
        from bot.restats import main as restats

        return restats(argv[1:])
    from bot.adapter import memory

    memory.one_arena()  # before the database's and the rules' threads start
    try:
        return asyncio.run(_serve())
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
