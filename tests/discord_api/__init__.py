"""What Discord refuses in a request, from its own API description and documented limits.

``refusal(method, path, body, file_sizes)`` is ``None`` for a request Discord would take,
or the ``Refusal`` it would answer with: the status, Discord's code and message, and the
error tree naming each refused field (``{"code": 50035, "message": "Invalid Form Body",
"errors": {"components": {"0": ... {"_errors": [...]}}}}``). The loopback fake Discord
(``tests/e2e/fake_discord.py``) and the simcord tests (``tests/bot/conftest.py``) both
refuse through it, so a payload Discord refuses fails the tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.discord_api import limits
from tests.discord_api.schema import Json, Problem, route_of, schema_problems

INVALID_FORM_BODY = 50035
EMPTY_MESSAGE = 50006
TOO_LARGE = 40005

MESSAGE_CREATES = {
    ("POST", "/channels/{channel_id}/messages"),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
}
MESSAGE_EDITS = {
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
}
CALLBACK = ("POST", "/interactions/{interaction_id}/{interaction_token}/callback")
COMMANDS = {
    ("PUT", "/applications/{application_id}/commands"),
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"),
}


@dataclass
class Refusal:
    status: int
    code: int
    message: str
    problems: list[Problem] = field(default_factory=list)
    route: str = ""

    def body(self) -> Json:
        answer: Json = {"code": self.code, "message": self.message}
        if self.problems:
            answer["errors"] = error_tree(self.problems)
        return answer

    def __str__(self) -> str:
        fields = "; ".join(str(p) for p in self.problems)
        return f"{self.route}: {self.status} {self.message} ({self.code}){': ' + fields if fields else ''}"


def error_tree(problems: list[Problem]) -> Json:
    """Discord's nested error object: each field path down to ``_errors``."""
    tree: Json = {}
    for problem in problems:
        node = tree
        for part in problem.path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": problem.code, "message": problem.message})
    return tree


def _empty(body: Json, files: int) -> bool:
    keys = ("content", "embeds", "components", "sticker_ids", "poll", "attachments")
    return not files and not any(body.get(k) for k in keys)


def refusal(method: str, path: str, body: Any, file_sizes: list[int] | None = None) -> Refusal | None:
    """How Discord would refuse this request, or None if it would take it."""
    template = route_of(method, path)
    if template is None:
        return None
    key = (method, template)
    sizes = file_sizes or []
    problems = schema_problems(method, template, body)
    status, upload = limits.upload_problems(sizes)
    if status == 413:
        return Refusal(413, TOO_LARGE, "Request entity too large", upload, f"{method} {template}")
    problems += upload
    data = body if isinstance(body, dict) else {}
    empty = False
    if key in MESSAGE_CREATES or key in MESSAGE_EDITS:
        problems += limits.message_problems(data)
        empty = key in MESSAGE_CREATES and _empty(data, len(sizes))
    elif key == CALLBACK:
        kind, inner = data.get("type"), data.get("data")
        inner = inner if isinstance(inner, dict) else {}
        if kind in (4, 7):
            problems += limits.message_problems(inner, ("data",))
            empty = kind == 4 and _empty(inner, len(sizes))
        elif kind == 8:
            problems += limits.choice_problems(inner, ("data",))
    elif key in COMMANDS:
        problems += limits.command_problems(body)
    if problems:
        return Refusal(400, INVALID_FORM_BODY, "Invalid Form Body", problems, f"{method} {template}")
    if empty:
        return Refusal(400, EMPTY_MESSAGE, "Cannot send an empty message", [], f"{method} {template}")
    return None
