"""The test side of the fake Discord: waiting for what the bot does, and acting as users
(slash commands, autocomplete, button presses, select choices, messages).

``Acting`` is mixed into ``FakeDiscord``; it uses the server's store and gateway.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TypeVar

from tests.e2e.fake_records import (
    ALL_PERMISSIONS,
    APPLICATION_COMMAND,
    ATTACHMENT_SIZE_LIMIT,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    Channel,
    FakeUser,
    Interaction,
    Json,
    Message,
    RecordedRequest,
)

T = TypeVar("T")


class Acting:
    # --- waiting -----------------------------------------------------------------------

    async def wait_for(
        self, predicate: Callable[[], T | None], timeout: float | None = None, *, what: str = ""
    ) -> T:
        """Wait until ``predicate()`` is truthy and return its value; ``TimeoutError`` after
        ``timeout`` seconds (default ``self.timeout``)."""
        loop = asyncio.get_running_loop()
        limit = self.timeout if timeout is None else timeout
        deadline = loop.time() + limit
        while True:
            changed = self._changed
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {limit:g} s waiting for {what or predicate}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), min(remaining, 0.1))

    async def wait_for_request(
        self,
        predicate: Callable[[RecordedRequest], bool],
        timeout: float | None = None,
        *,
        since: int = 0,
        what: str = "",
    ) -> RecordedRequest:
        def find() -> RecordedRequest | None:
            return next((r for r in self.requests if r.seq > since and predicate(r)), None)

        return await self.wait_for(find, timeout, what=what or "a matching request")

    async def wait_for_message(
        self,
        predicate: Callable[[Message], bool],
        timeout: float | None = None,
        *,
        since: int = 0,
        what: str = "",
    ) -> Message:
        """The first live message, created or edited after ``since``, matching ``predicate``."""

        def find() -> Message | None:
            return next(
                (
                    m
                    for m in sorted(self.messages.values(), key=lambda m: m.seq)
                    if m.seq > since and not m.deleted and predicate(m)
                ),
                None,
            )

        return await self.wait_for(find, timeout, what=what or "a matching message")

    # --- acting as a user --------------------------------------------------------------

    def command(self, name: str) -> Json:
        """A synced command (guild commands first); ``LookupError`` if it was never synced."""
        command = self.guild_commands.get(self.guild_id, {}).get(name) or self.global_commands.get(name)
        if command is None:
            synced = sorted({*self.global_commands, *self.guild_commands.get(self.guild_id, {})})
            raise LookupError(f"/{name} was never synced (synced: {synced})")
        return command

    def _interaction_payload(self, ix: Interaction, extra: Json) -> Json:
        channel = self.channels[ix.channel_id]
        payload: Json = {
            "id": str(ix.id),
            "application_id": str(self.app_id),
            "type": ix.type,
            "token": ix.token,
            "version": 1,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,  # a hard KeyError in discord.py
            "data": ix.data,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
            # what the bot may do here, as Discord computes it for the channel
            "app_permissions": str(channel.bot_permissions()) if channel.guild_id else ALL_PERMISSIONS,
            "locale": "en-US",
            "entitlements": [],
            **extra,
        }
        if channel.guild_id is not None:
            payload["guild_id"] = str(channel.guild_id)
            payload["guild_locale"] = "en-US"
            payload["guild"] = {"id": str(channel.guild_id), "locale": "en-US", "features": []}
            payload["member"] = {**self.member_payload(ix.user), "permissions": ALL_PERMISSIONS}
            payload["authorizing_integration_owners"] = {"0": str(channel.guild_id)}
            payload["context"] = 0
        else:
            payload["user"] = ix.user.payload()
            payload["authorizing_integration_owners"] = {"1": str(ix.user.id)}
            payload["context"] = 1
        return payload

    async def _interact(
        self,
        kind: int,
        user: FakeUser,
        data: Json,
        *,
        channel_id: int | None = None,
        message: Message | None = None,
        wait: bool = True,
        timeout: float | None = None,
    ) -> Interaction:
        ix = Interaction(
            id=self.snowflake(),
            token=f"itoken-{self.snowflake()}",
            type=kind,
            user=user,
            channel_id=channel_id or (message.channel_id if message else self.channel.id),
            data=data,
            message_id=message.id if message else None,
            created=self.now(),  # its 3 seconds to be answered and 15 minutes of follow-ups
        )
        self.interactions[ix.id] = ix
        extra: Json = {"message": self.message_payload(message)} if message else {}
        await self.dispatch("INTERACTION_CREATE", self._interaction_payload(ix, extra))
        self._touch()
        if wait:
            await self.wait_for(
                lambda: ix.acknowledged.is_set(),
                timeout,
                what=f"the bot to answer interaction {data.get('name') or data.get('custom_id')}",
            )
        return ix

    def _options(
        self, schema: list[Json], given: Json, resolved: Json, *, partial: bool = False
    ) -> list[Json]:
        by_name = {o["name"]: o for o in schema}
        unknown = set(given) - set(by_name)
        if unknown:
            raise ValueError(f"unknown options {sorted(unknown)}; the command has {sorted(by_name)}")
        missing = [o["name"] for o in schema if o.get("required") and o["name"] not in given]
        if missing and not partial:
            raise ValueError(f"missing required options {missing}")
        options: list[Json] = []
        for name, value in given.items():
            kind = by_name[name]["type"]
            choices = [c["value"] for c in by_name[name].get("choices") or []]
            if kind in (6, 9) and not isinstance(value, FakeUser) and int(value) in self.users:
                value = self.users[int(value)]
            if isinstance(value, FakeUser):
                resolved.setdefault("users", {})[str(value.id)] = value.payload()
                members = resolved.setdefault("members", {})
                member = {**self.member_payload(value, with_user=False)}
                members[str(value.id)] = {**member, "permissions": ALL_PERMISSIONS}
                value = str(value.id)
            elif isinstance(value, Channel):
                resolved.setdefault("channels", {})[str(value.id)] = {
                    **value.payload(),
                    "permissions": ALL_PERMISSIONS,
                }
                value = str(value.id)
            if choices and value not in choices and not partial:
                raise ValueError(f"{value!r} is not one of the choices {choices} of {name}")
            options.append({"name": name, "type": kind, "value": value})
        return options

    def _command_data(
        self,
        user: FakeUser,
        name: str,
        options: Json | None,
        subcommand: str | None,
        focused: str | None = None,
    ) -> Json:
        command = self.command(name)
        resolved: Json = {}
        schema: list[Json] = command.get("options") or []
        path = subcommand.split() if subcommand else []
        wrappers: list[Json] = []
        for part in path:
            group = next((o for o in schema if o["name"] == part and o["type"] in (1, 2)), None)
            if group is None:
                raise LookupError(f"/{name} has no subcommand {part!r}")
            wrappers.append({"name": part, "type": group["type"], "options": []})
            schema = group.get("options") or []
        if any(o["type"] in (1, 2) for o in schema):
            raise ValueError(f"/{name} needs a subcommand: {[o['name'] for o in schema]}")
        given = dict(options or {})
        leaf = self._options(schema, given, resolved, partial=focused is not None)
        if focused is not None:
            for option in leaf:
                if option["name"] == focused:
                    option["focused"] = True
                    option["value"] = str(option["value"])
        inner: list[Json] = leaf
        for wrapper in reversed(wrappers):
            wrapper["options"] = inner
            inner = [wrapper]
        data: Json = {"id": command["id"], "name": name, "type": 1, "options": inner}
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    async def slash(
        self,
        user: FakeUser,
        name: str,
        options: Json | None = None,
        *,
        subcommand: str | None = None,
        channel_id: int | None = None,
        wait: bool = True,
        timeout: float | None = None,
    ) -> Interaction:
        """Run ``/name [subcommand] option:value ...`` as ``user``; waits for the bot's ack.

        ``subcommand`` may be ``"new"`` or ``"group sub"``. Values may be ``FakeUser`` or
        ``Channel`` for user and channel options. Refuses commands that were never synced,
        unknown or missing options and values outside the declared choices.
        """
        data = self._command_data(user, name, options, subcommand)
        return await self._interact(
            APPLICATION_COMMAND, user, data, channel_id=channel_id, wait=wait, timeout=timeout
        )

    async def autocomplete(
        self,
        user: FakeUser,
        name: str,
        options: Json,
        focused: str,
        *,
        subcommand: str | None = None,
        timeout: float | None = None,
    ) -> list[Json]:
        """The choices the bot offers while ``user`` types option ``focused``."""
        data = self._command_data(user, name, options, subcommand, focused=focused)
        ix = await self._interact(AUTOCOMPLETE, user, data, timeout=timeout)
        return ix.choices

    async def click(
        self,
        user: FakeUser,
        message: Message,
        custom_id: str,
        *,
        wait: bool = True,
        timeout: float | None = None,
    ) -> Interaction:
        """Press the button ``custom_id`` on ``message`` (it must be there and enabled)."""
        component = message.component(custom_id)
        if component is None or component.get("type") != 2:
            ids = [b.get("custom_id") for b in message.buttons()]
            raise LookupError(f"no button {custom_id!r} on message {message.id} (buttons: {ids})")
        if component.get("disabled"):
            raise ValueError(f"button {custom_id!r} is disabled")
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._interact(
            MESSAGE_COMPONENT, user, data, message=message, wait=wait, timeout=timeout
        )

    async def select(
        self,
        user: FakeUser,
        message: Message,
        custom_id: str,
        values: list[str],
        *,
        wait: bool = True,
        timeout: float | None = None,
    ) -> Interaction:
        """Pick ``values`` in the select menu ``custom_id`` on ``message``."""
        component = message.component(custom_id)
        if component is None or component.get("type") not in (3, 5, 6, 7, 8):
            ids = [s.get("custom_id") for s in message.selects()]
            raise LookupError(f"no select {custom_id!r} on message {message.id} (selects: {ids})")
        if component.get("disabled"):
            raise ValueError(f"select {custom_id!r} is disabled")
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise ValueError(f"select {custom_id!r} takes {low}..{high} values, got {values}")
        if component["type"] == 3:
            allowed = [o["value"] for o in component.get("options", [])]
            if not set(values) <= set(allowed):
                raise ValueError(f"{values} are not all options of {custom_id!r}: {allowed}")
        data = {"custom_id": custom_id, "component_type": component["type"], "values": values}
        return await self._interact(
            MESSAGE_COMPONENT, user, data, message=message, wait=wait, timeout=timeout
        )

    async def press_raw(
        self,
        user: FakeUser,
        message: Message,
        custom_id: str,
        *,
        component_type: int = 2,
        values: list[str] | None = None,
        timeout: float | None = None,
    ) -> Interaction:
        """A press as a modified client may send it: any custom id and values, whether or
        not the message carries such a component (Discord passes them on)."""
        data: Json = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = values
        return await self._interact(MESSAGE_COMPONENT, user, data, message=message, timeout=timeout)

    def seed_message(
        self, content: str = "", components: list[Json] | None = None, channel_id: int | None = None
    ) -> Message:
        """A message the bot "sent before a restart": in the store, unknown to the bot."""
        body = {"content": content, "components": components or []}
        return self._create_message(channel_id or self.channel.id, body, [], announce=False)

    async def say(self, user: FakeUser, content: str, channel_id: int | None = None) -> Message:
        """``user`` writes ``content`` in a channel (a MESSAGE_CREATE on the gateway)."""
        message = Message(
            id=self.snowflake(),
            channel_id=channel_id or self.channel.id,
            author_id=user.id,
            content=content,
        )
        message.seq = self._touch()
        self.messages[message.id] = message
        await self.dispatch("MESSAGE_CREATE", self.message_payload(message))
        return message
