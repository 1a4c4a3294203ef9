"""The fake Discord refuses what Discord refuses, with Discord's status, code and field path.

Each case sends one request straight to the fake over HTTP, as a bot would, and checks the
answer; the refusals are then taken, so the fixture's check (no refusal left) still holds.
The classes are the ones an audit found the fake accepting, plus the documented limits
the issue lists; every accepted counterpart is checked too, so the fake is not simply
refusing everything.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.e2e.fake_discord import FakeDiscord, Interaction
from tests.e2e.fake_records import (
    ATTACH_FILES,
    FLAG_EPHEMERAL,
    FLAG_SUPPRESS_NOTIFICATIONS,
    MANAGE_THREADS,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    Channel,
    Message,
)

Json = dict[str, Any]


def button(custom_id: str, label: str = "Go", **extra: Any) -> Json:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label, **extra}


def row(*items: Json) -> Json:
    return {"type": 1, "components": list(items)}


def select(custom_id: str, options: int, **extra: Any) -> Json:
    choices = [{"label": f"Option {i}", "value": f"v{i}"} for i in range(options)]
    return {"type": 3, "custom_id": custom_id, "options": choices, **extra}


def command(name: str = "game", **extra: Any) -> Json:
    return {"name": name, "description": "Play a game", "type": 1, **extra}


def string_option(name: str, *, required: bool = False, **extra: Any) -> Json:
    return {"type": 3, "name": name, "description": "An option", "required": required, **extra}


class Client:
    """Requests to the fake as the bot sends them (token, JSON or multipart)."""

    def __init__(self, fake: FakeDiscord, session: aiohttp.ClientSession) -> None:
        self.fake, self.session = fake, session

    async def send(
        self, method: str, path: str, body: Any = None, files: list[bytes] | None = None
    ) -> tuple[int, Json]:
        headers = {"Authorization": f"Bot {self.fake.token}"}
        url = self.fake.api_url + path
        if files:
            form = aiohttp.FormData()
            form.add_field("payload_json", json.dumps(body), content_type="application/json")
            for i, data in enumerate(files):
                form.add_field(f"files[{i}]", data, filename=f"f{i}.png", content_type="image/png")
            request = self.session.request(method, url, data=form, headers=headers)
        else:
            request = self.session.request(method, url, json=body, headers=headers)
        async with request as response:
            text = await response.text()
            return response.status, json.loads(text) if text else {}

    def interaction(self, kind: int = 2) -> Interaction:
        """An interaction the fake has just sent to the bot (not dispatched: no bot here)."""
        ix = Interaction(
            id=self.fake.snowflake(),
            token=f"itoken-{self.fake.snowflake()}",
            type=kind,
            user=self.fake.alice,
            channel_id=self.fake.channel.id,
            data={"name": "game"},
            created=self.fake.now(),
        )
        self.fake.interactions[ix.id] = ix
        return ix


@pytest.fixture
async def client(fake: FakeDiscord) -> AsyncIterator[Client]:
    async with aiohttp.ClientSession() as session:
        yield Client(fake, session)


def field_errors(answer: Json, path: str) -> list[str]:
    """The codes Discord's error tree gives at ``path`` (dot-separated)."""
    node: Any = answer.get("errors", {})
    for part in path.split(".") if path else []:
        node = node.get(part, {})
    return [e["code"] for e in node.get("_errors", [])]


def messages(fake: FakeDiscord) -> str:
    return f"/channels/{fake.channel.id}/messages"


def commands(fake: FakeDiscord) -> str:
    return f"/applications/{fake.app_id}/commands"


# (name, method, path maker, body, files, status, code, field path or None)
MESSAGE_CASES: list[tuple[str, Json, list[int], int, int, str | None]] = [
    ("content of 2,001 characters", {"content": "x" * 2001}, [], 400, 50035, "content"),
    ("6 action rows", {"components": [row(button(f"b{i}")) for i in range(6)]}, [], 400, 50035, "components"),
    (
        "6 buttons in a row",
        {"components": [row(*[button(f"b{i}") for i in range(6)])]},
        [],
        400,
        50035,
        "components.0.components",
    ),
    (
        "26 select options",
        {"components": [row(select("s", 26))]},
        [],
        400,
        50035,
        "components.0.components.0.options",
    ),
    (
        "a select beside a button",
        {"components": [row(select("s", 2), button("b"))]},
        [],
        400,
        50035,
        "components.0.components",
    ),
    (
        "a repeated custom id",
        {"components": [row(button("same"), button("same"))]},
        [],
        400,
        50035,
        "components.0.components.1.custom_id",
    ),
    (
        "a 101-character custom id",
        {"components": [row(button("c" * 101))]},
        [],
        400,
        50035,
        "components.0.components.0.custom_id",
    ),
    (
        "an 81-character label",
        {"components": [row(button("b", "l" * 81))]},
        [],
        400,
        50035,
        "components.0.components.0.label",
    ),
    (
        "an unknown emoji (the playing-card back)",
        {"components": [row(button("b", emoji={"name": "\U0001f0a0"}))]},
        [],
        400,
        50035,
        "components.0.components.0.emoji.name",
    ),
    (
        "an emoji given by its text name",
        {"components": [row(button("b", emoji={"name": "black_nib"}))]},
        [],
        400,
        50035,
        "components.0.components.0.emoji.name",
    ),
    ("a 30-character nonce", {"content": "hi", "nonce": "n" * 30}, [], 400, 50035, "nonce"),
    ("an empty message", {"content": ""}, [], 400, 50006, None),
    (
        "parse: users together with a users list",
        {"content": "hi", "allowed_mentions": {"parse": ["users"], "users": ["1"]}},
        [],
        400,
        50035,
        "allowed_mentions",
    ),
    ("11 files", {"content": "hi"}, [10] * 11, 400, 50035, "files"),
    ("an 11 MiB file", {"content": "hi"}, [11 * 1024 * 1024], 413, 40005, None),
    (
        "a 101-character option value",
        {"components": [row({"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "v" * 101}]})]},
        [],
        400,
        50035,
        "components.0.components.0.options.0.value",
    ),
    (
        "a 101-character option description",
        {
            "components": [
                row(
                    {
                        "type": 3,
                        "custom_id": "s",
                        "options": [{"label": "a", "value": "v", "description": "d" * 101}],
                    }
                )
            ]
        },
        [],
        400,
        50035,
        "components.0.components.0.options.0.description",
    ),
    (
        "a 151-character placeholder",
        {"components": [row(select("s", 2, placeholder="p" * 151))]},
        [],
        400,
        50035,
        "components.0.components.0.placeholder",
    ),
    (
        "two options with the same value",
        {"components": [row({"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "v"}] * 2})]},
        [],
        400,
        50035,
        "components.0.components.0.options",
    ),
    (
        "a button with neither label nor emoji",
        {"components": [row({"type": 2, "style": 1, "custom_id": "b"})]},
        [],
        400,
        50035,
        "components.0.components.0.label",
    ),
    ("content that is not text", {"content": 5}, [], 400, 50035, "content"),
]


@pytest.mark.parametrize(
    ("name", "body", "files", "status", "code", "where"), MESSAGE_CASES, ids=[c[0] for c in MESSAGE_CASES]
)
async def test_a_message_discord_refuses_is_refused(
    fake: FakeDiscord,
    client: Client,
    name: str,
    body: Json,
    files: list[int],
    status: int,
    code: int,
    where: str | None,
) -> None:
    got, answer = await client.send("POST", messages(fake), body, [b"\0" * n for n in files])
    assert (got, answer.get("code")) == (status, code), answer
    if where is not None:
        assert field_errors(answer, where), answer
    assert fake.take_refusals()
    assert fake.messages_in(fake.channel.id) == []  # nothing was posted


async def test_what_discord_takes_is_taken(fake: FakeDiscord, client: Client) -> None:
    body = {
        "content": "x" * 2000,
        "components": [row(*[button(f"b{i}", "l" * 80, emoji={"name": "🃏"}) for i in range(5)])]
        + [row(select(f"s{i}", 25, placeholder="p" * 150)) for i in range(4)],
        "nonce": "n" * 25,
        "allowed_mentions": {"parse": [], "users": ["1"]},
    }
    status, answer = await client.send("POST", messages(fake), body, [b"\0" * (1024 * 1024)] * 10)
    assert status == 200, answer
    assert not fake.refusals


async def test_the_same_limits_hold_for_answers_and_follow_ups(fake: FakeDiscord, client: Client) -> None:
    ix = client.interaction()
    wide = {"components": [row(*[button(f"b{i}") for i in range(6)])]}
    status, answer = await client.send(
        "POST", f"/interactions/{ix.id}/{ix.token}/callback", {"type": 4, "data": wide}
    )
    assert (status, answer["code"]) == (400, 50035)
    assert field_errors(answer, "data.components.0.components")
    status, _ = await client.send("POST", f"/interactions/{ix.id}/{ix.token}/callback", {"type": 5})
    assert status == 200
    status, answer = await client.send(
        "POST", f"/webhooks/{fake.app_id}/{ix.token}?wait=1", {"content": "y" * 2001}
    )
    assert (status, answer["code"]) == (400, 50035) and field_errors(answer, "content")
    status, answer = await client.send(
        "PATCH",
        f"/webhooks/{fake.app_id}/{ix.token}/messages/@original",
        {"components": [row(select("s", 26))]},
    )
    assert status == 400 and field_errors(answer, "components.0.components.0.options")
    assert len(fake.take_refusals()) == 3


COMMAND_CASES: list[tuple[str, list[Json], str]] = [
    ("a name with capitals", [command("Game")], "0.name"),
    ("a name with a space", [command("new game")], "0.name"),
    ("a 33-character name", [command("g" * 33)], "0.name"),
    ("a command without a description", [{"name": "game", "type": 1}], "0.description"),
    ("an empty description", [command(description="")], "0.description"),
    ("26 options", [command(options=[string_option(f"o{i}") for i in range(26)])], "0.options"),
    (
        "a required option after an optional one",
        [command(options=[string_option("a"), string_option("b", required=True)])],
        "0.options.1.required",
    ),
    (
        "26 choices",
        [
            command(
                options=[string_option("a", choices=[{"name": f"c{i}", "value": f"{i}"} for i in range(26)])]
            )
        ],
        "0.options.0.choices",
    ),
    ("two commands of one name", [command("game"), command("game")], "1.name"),
    (
        "subcommands mixed with options",
        [command(options=[{"type": 1, "name": "new", "description": "d"}, string_option("a")])],
        "0.options",
    ),
    ("an option name with capitals", [command(options=[string_option("Game")])], "0.options.0.name"),
    (
        "over 4,000 characters in one command",
        [
            command(
                options=[
                    string_option(
                        f"o{i}", description="d" * 100, choices=[{"name": "n" * 100, "value": "v" * 100}] * 25
                    )
                    for i in range(2)
                ]
            )
        ],
        "0",
    ),
]


@pytest.mark.parametrize(("name", "body", "where"), COMMAND_CASES, ids=[c[0] for c in COMMAND_CASES])
async def test_a_command_discord_refuses_is_refused(
    fake: FakeDiscord, client: Client, name: str, body: list[Json], where: str
) -> None:
    status, answer = await client.send("PUT", commands(fake), body)
    assert (status, answer.get("code")) == (400, 50035), answer
    assert field_errors(answer, where), answer
    assert fake.take_refusals()
    assert fake.global_commands == {}


async def test_a_good_command_is_synced(fake: FakeDiscord, client: Client) -> None:
    options = [string_option("game", required=True), string_option("options", autocomplete=True)]
    status, answer = await client.send("PUT", commands(fake), [command(options=options)])
    assert status == 200, answer
    assert list(fake.global_commands) == ["game"]


async def test_autocomplete_answers_keep_to_25_choices_of_100_characters(
    fake: FakeDiscord, client: Client
) -> None:
    for choices, where in (
        ([{"name": f"c{i}", "value": f"{i}"} for i in range(26)], "data.choices"),
        ([{"name": "n" * 101, "value": "v"}], "data.choices.0.name"),
        ([{"name": "n", "value": "v" * 101}], "data.choices.0.value"),
    ):
        ix = client.interaction(kind=4)
        status, answer = await client.send(
            "POST", f"/interactions/{ix.id}/{ix.token}/callback", {"type": 8, "data": {"choices": choices}}
        )
        assert (status, answer.get("code")) == (400, 50035), answer
        assert field_errors(answer, where), answer
    assert len(fake.take_refusals()) == 3
    ix = client.interaction(kind=4)
    good = [{"name": "n" * 100, "value": "v" * 100}] * 25
    status, _ = await client.send(
        "POST", f"/interactions/{ix.id}/{ix.token}/callback", {"type": 8, "data": {"choices": good}}
    )
    assert status == 200


async def test_an_answer_after_3_seconds_is_unknown(fake: FakeDiscord, client: Client) -> None:
    late, on_time = client.interaction(), client.interaction()
    fake.advance(2.9)
    status, _ = await client.send("POST", f"/interactions/{on_time.id}/{on_time.token}/callback", {"type": 5})
    assert status == 200
    fake.advance(0.6)  # 3.5 s after both were sent
    status, answer = await client.send("POST", f"/interactions/{late.id}/{late.token}/callback", {"type": 5})
    assert (status, answer["code"]) == (404, 10062)
    assert not late.acknowledged.is_set()


async def test_a_follow_up_after_15_minutes_has_an_invalid_token(fake: FakeDiscord, client: Client) -> None:
    ix = client.interaction()
    status, _ = await client.send("POST", f"/interactions/{ix.id}/{ix.token}/callback", {"type": 5})
    assert status == 200
    fake.advance(14 * 60)
    status, _ = await client.send(
        "POST", f"/webhooks/{fake.app_id}/{ix.token}?wait=1", {"content": "in time"}
    )
    assert status == 200
    fake.advance(61)
    for method, path in (
        ("POST", f"/webhooks/{fake.app_id}/{ix.token}?wait=1"),
        ("PATCH", f"/webhooks/{fake.app_id}/{ix.token}/messages/@original"),
    ):
        status, answer = await client.send(method, path, {"content": "too late"})
        assert (status, answer["code"]) == (401, 50027)


@pytest.mark.parametrize(
    ("denied", "files", "code"),
    [
        (VIEW_CHANNEL, 0, 50001),
        (SEND_MESSAGES, 0, 50013),
        (ATTACH_FILES, 1, 50013),
        (ATTACH_FILES, 0, None),  # a text-only post needs no Attach Files
    ],
)
async def test_a_post_the_channel_forbids_is_refused(
    fake: FakeDiscord, client: Client, denied: int, files: int, code: int | None
) -> None:
    channel = fake.add_channel("closed", denied=denied)
    status, answer = await client.send(
        "POST", f"/channels/{channel.id}/messages", {"content": "hi"}, [b"png"] * files
    )
    if code is None:
        assert status == 200, answer
    else:
        assert (status, answer["code"]) == (403, code), answer
        assert fake.messages_in(channel.id) == []


async def test_interactions_carry_the_bots_permissions_in_the_channel(fake: FakeDiscord) -> None:
    channel = fake.add_channel("read-only", denied=SEND_MESSAGES)
    payload = fake._interaction_payload(
        Interaction(id=1, token="t", type=2, user=fake.alice, channel_id=channel.id, data={}), {}
    )
    assert not int(payload["app_permissions"]) & SEND_MESSAGES
    assert int(payload["app_permissions"]) & VIEW_CHANNEL


async def test_an_idle_thread_is_archived_and_a_post_unarchives_it(fake: FakeDiscord, client: Client) -> None:
    parent = fake.add_channel("games", denied=MANAGE_THREADS)  # a bot that may manage threads may unlock
    thread: Channel = fake.add_thread("knarr-game", parent=parent, minutes=60 * 24 * 7)
    fake.advance(7 * 24 * 3600 + 1)
    assert fake.archive_idle() == [thread] and thread.archived
    status, answer = await client.send("POST", f"/channels/{thread.id}/messages", {"content": "next board"})
    assert status == 200, answer
    assert not thread.archived
    thread.locked = True
    fake.advance(7 * 24 * 3600 + 1)
    status, answer = await client.send("POST", f"/channels/{thread.id}/messages", {"content": "later"})
    assert (status, answer["code"]) == (400, 50083)


async def test_a_thread_needs_send_messages_in_threads(fake: FakeDiscord, client: Client) -> None:
    parent = fake.add_channel("games", denied=1 << 38)
    thread = fake.add_thread("game", parent=parent)
    status, answer = await client.send("POST", f"/channels/{thread.id}/messages", {"content": "hi"})
    assert (status, answer["code"]) == (403, 50013)


async def test_an_ephemeral_flag_on_a_channel_post_is_dropped(fake: FakeDiscord, client: Client) -> None:
    status, answer = await client.send(
        "POST", messages(fake), {"content": "for everyone", "flags": FLAG_EPHEMERAL}
    )
    assert status == 200 and answer["flags"] == 0
    assert not fake.messages_in(fake.channel.id)[-1].ephemeral


# --- who is notified -----------------------------------------------------------------------


async def notify(client: Client, body: Json) -> list[int]:
    status, answer = await client.send("POST", messages(client.fake), body)
    assert status == 200, answer
    return client.fake.pings_for(int(answer["id"]))


async def test_notifications_follow_discord(fake: FakeDiscord, client: Client) -> None:
    alice, bob, carol = fake.alice.id, fake.bob.id, fake.carol.id
    none: Json = {"parse": []}
    # allowed_mentions absent: every mention in the text pings
    assert await notify(client, {"content": f"<@{alice}> and <@!{bob}>"}) == [alice, bob]
    # an empty parse and no list: nobody, though the text names them
    assert await notify(client, {"content": f"<@{alice}>", "allowed_mentions": none}) == []
    # a listed user only; one listed but not in the text is not pinged
    body = {
        "content": f"<@{alice}> <@{bob}>",
        "allowed_mentions": {"parse": [], "users": [str(bob), str(carol)]},
    }
    assert await notify(client, body) == [bob]
    # a mention in an embed never pings
    embed = {"content": "board", "embeds": [{"description": f"<@{alice}>"}]}
    assert await notify(client, {**embed, "allowed_mentions": {"parse": ["users"]}}) == []
    # the silent flag
    silent = {"content": f"<@{alice}>", "flags": FLAG_SUPPRESS_NOTIFICATIONS}
    assert await notify(client, silent) == []
    # @everyone only with parse everyone (and the bot may mention everyone)
    assert await notify(client, {"content": "@everyone", "allowed_mentions": {"parse": ["users"]}}) == []
    assert set(await notify(client, {"content": "@here", "allowed_mentions": {"parse": ["everyone"]}})) == {
        alice,
        bob,
        carol,
    }
    # a role pings its members when allowed
    role = fake.snowflake()
    fake.roles[role] = [bob, carol]
    assert await notify(client, {"content": f"<@&{role}>", "allowed_mentions": {"parse": []}}) == []
    assert await notify(client, {"content": f"<@&{role}>", "allowed_mentions": {"parse": ["roles"]}}) == [
        bob,
        carol,
    ]
    # a reply pings the author replied to only with replied_user
    said = Message(id=fake.snowflake(), channel_id=fake.channel.id, author_id=alice, content="my move")
    fake.messages[said.id] = said
    reply = {"content": "ok", "message_reference": {"message_id": str(said.id)}}
    assert await notify(client, {**reply, "allowed_mentions": {"parse": []}}) == []
    assert await notify(client, {**reply, "allowed_mentions": {"parse": [], "replied_user": True}}) == [alice]


async def test_edits_and_ephemeral_answers_notify_nobody(fake: FakeDiscord, client: Client) -> None:
    status, answer = await client.send(
        "POST", messages(fake), {"content": "board", "allowed_mentions": {"parse": []}}
    )
    mention = {"content": f"<@{fake.alice.id}>", "allowed_mentions": {"parse": ["users"]}}
    await client.send("PATCH", f"{messages(fake)}/{answer['id']}", mention)
    assert fake.pings == []
    ix = client.interaction()
    status, _ = await client.send(
        "POST",
        f"/interactions/{ix.id}/{ix.token}/callback",
        {"type": 4, "data": {**mention, "flags": FLAG_EPHEMERAL}},
    )
    assert status == 200 and fake.pings == []
    status, _ = await client.send("POST", f"/webhooks/{fake.app_id}/{ix.token}?wait=1", mention)
    assert status == 200 and [user for user, _ in fake.pings] == [fake.alice.id]
