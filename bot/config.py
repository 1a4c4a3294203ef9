"""Settings from the environment (and a ``.env`` file beside the project, if any),
checked at start: each wrong value is named in one sentence."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from dotenv import load_dotenv

# The same bounds as /game remind: one hour to two weeks.
MIN_REMINDER_HOURS, MAX_REMINDER_HOURS = 1, 336
MAX_DRAWERS = 64
# A drawing process's ceiling: a warmed one holds 50-65 MB, so less would replace it every
# hundred pictures; 65,536 MB is in effect no ceiling.
MIN_DRAWER_MB, MAX_DRAWER_MB = 60, 65536
DEFAULT_DRAWER_MB = 100
T = TypeVar("T")


class SettingsError(ValueError):
    """A setting that cannot be used; the message is one sentence for the person starting the bot."""


@dataclass(frozen=True)
class Shards:
    """The Discord shards this process serves, of how many in all."""

    ids: tuple[int, ...]
    count: int


@dataclass(frozen=True)
class Settings:
    token: str
    database: str
    test_guild: int | None
    reminder_hours: float
    fake_discord_url: str | None
    shards: Shards | None = None  # None: one process, discord.py decides
    drawers: int | None = None  # drawing processes; None: one per core, 0: a thread of the bot
    drawer_mb: int = DEFAULT_DRAWER_MB  # a drawing process holding more is replaced

    @property
    def rate_share(self) -> float:
        """This process's share of the token's global request budget: its shards of all."""
        return 1.0 if self.shards is None else len(self.shards.ids) / self.shards.count


def _test_guild(text: str) -> int | None:
    if not text:
        return None  # commands are registered globally
    if not text.isdigit():
        raise SettingsError(
            f"SKALD_TEST_GUILD must be a server id (digits only, e.g. 123456789012345678), not {text!r}; "
            "leave it empty to register the commands globally."
        )
    return int(text)


def _reminder_hours(text: str) -> float:
    try:
        hours = float(text) if text else 24.0
    except ValueError:
        hours = float("nan")
    if not MIN_REMINDER_HOURS <= hours <= MAX_REMINDER_HOURS:
        raise SettingsError(
            f"SKALD_REMINDER_HOURS must be a number of hours from {MIN_REMINDER_HOURS} to "
            f"{MAX_REMINDER_HOURS} (14 days), not {text!r}."
        )
    return hours


def _shards(text: str) -> Shards | None:
    if not text:
        return None
    wrong = SettingsError(
        f"SKALD_SHARDS must name this process's shards and how many there are in all, "
        f"such as 0,1/4 (shards 0 and 1 of 4), each below the total and none twice, not {text!r}; "
        "leave it empty to run every shard in one process."
    )
    ids_text, slash, count_text = text.partition("/")
    parts = [p.strip() for p in ids_text.split(",")]
    if not slash or not count_text.strip().isdigit() or not all(p.isdigit() for p in parts):
        raise wrong
    ids, count = tuple(int(p) for p in parts), int(count_text)
    if count < 1 or len(set(ids)) != len(ids) or any(i >= count for i in ids):
        raise wrong
    return Shards(tuple(sorted(ids)), count)


def drawers(text: str) -> int | None:
    """``SKALD_DRAWERS``: how many drawing processes (``None``: one per core; 0: pictures are
    drawn in a thread of the bot's own process)."""
    if not text:
        return None
    if not text.isdigit() or int(text) > MAX_DRAWERS:
        raise SettingsError(
            f"SKALD_DRAWERS must be a number of drawing processes from 0 (pictures drawn in a thread "
            f"of the bot) to {MAX_DRAWERS}, not {text!r}; leave it empty for one per core."
        )
    return int(text)


def drawer_mb(text: str) -> int:
    """``SKALD_DRAWER_MB``: the memory (MB, resident) past which a drawing process is
    replaced by a fresh one."""
    if not text:
        return DEFAULT_DRAWER_MB
    if not text.isdigit() or not MIN_DRAWER_MB <= int(text) <= MAX_DRAWER_MB:
        raise SettingsError(
            f"SKALD_DRAWER_MB must be the memory in MB past which a drawing process is replaced, "
            f"from {MIN_DRAWER_MB} to {MAX_DRAWER_MB}, not {text!r}; leave it empty for {DEFAULT_DRAWER_MB}."
        )
    return int(text)


def load_settings() -> Settings:
    """The settings, or a ``SettingsError`` with one line for each that is wrong."""
    load_dotenv()
    problems: list[str] = []

    def checked(parse: Callable[[str], T], name: str, fallback: T) -> T:
        try:
            return parse(os.environ.get(name, "").strip())
        except SettingsError as problem:
            problems.append(str(problem))
            return fallback

    settings = Settings(
        token=os.environ.get("DISCORD_TOKEN", "").strip(),
        database=os.environ.get("SKALD_DB", "skald.db").strip() or "skald.db",
        test_guild=checked(_test_guild, "SKALD_TEST_GUILD", None),
        reminder_hours=checked(_reminder_hours, "SKALD_REMINDER_HOURS", 24.0),
        fake_discord_url=os.environ.get("DISCORD_FAKE_URL", "").strip() or None,
        shards=checked(_shards, "SKALD_SHARDS", None),
        drawers=checked(drawers, "SKALD_DRAWERS", None),
        drawer_mb=checked(drawer_mb, "SKALD_DRAWER_MB", DEFAULT_DRAWER_MB),
    )
    if problems:
        raise SettingsError("\n".join(problems))
    return settings
