"""Settings from the environment (and a ``.env`` file beside the project, if any)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from dotenv import load_dotenv


@dataclass(frozen=True)
class Settings:
    token: str
    database: str
    test_guild: int | None
    reminder_hours: float
    fake_discord_url: str | None


def load_settings() -> Settings:
    load_dotenv()
    guild = os.environ.get("SKALD_TEST_GUILD", "").strip()
    return Settings(
        token=os.environ.get("DISCORD_TOKEN", "").strip(),
        database=os.environ.get("SKALD_DB", "skald.db").strip() or "skald.db",
        test_guild=int(guild) if guild.isdigit() else None,
        reminder_hours=float(os.environ.get("SKALD_REMINDER_HOURS", "24") or 24),
        fake_discord_url=os.environ.get("DISCORD_FAKE_URL", "").strip() or None,
    )
