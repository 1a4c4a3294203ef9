"""What the bot needs in a channel to run a game there, and what is missing.

Discord answers a call the channel forbids with 403 (code 50013) and no word of which
permission; the bot knows its own permissions from the interaction (``app_permissions``)
or from the channel it has cached, and names what to grant. No discord import: the table
names these permissions too.
"""

from __future__ import annotations

from typing import Any

from bot.table.turns import joined

# (attribute of discord.Permissions, the name Discord's settings show)
NEEDED = [
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("attach_files", "Attach Files"),
    ("embed_links", "Embed Links"),
    ("read_message_history", "Read Message History"),
]
IN_THREADS = ("send_messages_in_threads", "Send Messages in Threads")
THREAD_TYPES = ("public_thread", "private_thread", "news_thread")


def needed(in_thread: bool) -> list[tuple[str, str]]:
    """In a thread, Send Messages in Threads stands for Send Messages."""
    return [IN_THREADS if in_thread and attr == "send_messages" else (attr, name) for attr, name in NEEDED]


def missing(permissions: Any, in_thread: bool) -> list[str]:
    """The names of what ``permissions`` (a ``discord.Permissions``) lacks."""
    return [name for attr, name in needed(in_thread) if not getattr(permissions, attr)]


def is_thread(channel: Any) -> bool:
    return str(getattr(channel, "type", "")) in THREAD_TYPES


def missing_in(channel: Any) -> list[str] | None:
    """What the bot lacks in a channel it has cached; None if it cannot tell."""
    guild = getattr(channel, "guild", None)
    if guild is None or guild.me is None or not hasattr(channel, "permissions_for"):
        return None
    return missing(channel.permissions_for(guild.me), is_thread(channel))


def refusal(names: list[str]) -> str:
    """The one sentence for a channel where a game cannot run."""
    return (
        f"I can't run a game here: I need the permission{'s' if len(names) > 1 else ''} {joined(names)} "
        "in this channel (someone who can edit the channel's permissions can grant them)."
    )
