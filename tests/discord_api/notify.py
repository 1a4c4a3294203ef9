"""Whom a new guild message notifies, as Discord decides it.

- Only the message's ``content`` mentions anyone: a mention inside an embed never pings.
- ``SUPPRESS_NOTIFICATIONS`` (4096) posts the message silently; an ephemeral message and
  an edit notify nobody (edits are not new messages; the caller does not ask here).
- ``allowed_mentions`` absent: every mention in the text pings. Present: a user mention
  pings if ``parse`` has ``users`` or the user is listed in ``users``; a role mention
  if ``parse`` has ``roles`` or the role is listed (and the role is mentionable or the
  sender may mention everyone), pinging the role's members; ``@everyone`` and ``@here``
  only if ``parse`` has ``everyone`` and the sender may mention everyone.
- A reply notifies the author of the message replied to when ``replied_user`` is true
  (the default without ``allowed_mentions``).
- Only members of the guild are notified, never the sender itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

SUPPRESS_NOTIFICATIONS = 1 << 12
EPHEMERAL = 1 << 6

USER = re.compile(r"<@!?(\d+)>")
ROLE = re.compile(r"<@&(\d+)>")
EVERYONE = re.compile(r"@(everyone|here)\b")


@dataclass
class Audience:
    """Who could be notified: the guild's members, its roles and what the sender may do."""

    members: list[int]
    roles: dict[int, list[int]] = field(default_factory=dict)  # role id -> member ids
    mentionable: set[int] = field(default_factory=set)  # roles anyone may mention
    sender: int = 0
    may_mention_everyone: bool = False


def _ids(values: Any) -> set[int]:
    return {int(v) for v in values or [] if str(v).isdigit()}


def notified(
    content: str,
    *,
    flags: int,
    allowed: dict[str, Any] | None,
    audience: Audience,
    replied_to: int | None = None,
) -> list[int]:
    """The members a new message notifies, in the order the message names them."""
    if flags & (SUPPRESS_NOTIFICATIONS | EPHEMERAL):
        return []
    parse = set((allowed or {}).get("parse") or []) if allowed is not None else {"users", "roles", "everyone"}
    users = _ids((allowed or {}).get("users"))
    roles = _ids((allowed or {}).get("roles"))
    found: list[int] = []
    for match in USER.finditer(content):
        user = int(match.group(1))
        if "users" in parse or user in users:
            found.append(user)
    for match in ROLE.finditer(content):
        role = int(match.group(1))
        may = role in audience.mentionable or audience.may_mention_everyone
        if may and ("roles" in parse or role in roles):
            found += audience.roles.get(role, [])
    if EVERYONE.search(content) and "everyone" in parse and audience.may_mention_everyone:
        found += audience.members
    if replied_to is not None:
        replied = True if allowed is None else bool(allowed.get("replied_user"))
        if replied:
            found.append(replied_to)
    members = set(audience.members)
    return [u for u in dict.fromkeys(found) if u in members and u != audience.sender]
