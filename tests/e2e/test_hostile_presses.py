"""Presses a modified client may send, through Skald on the fake Discord: custom ids that
fit no button, panel ids pressed on the public board, select values that are not numbers
or are too big to be an id. Each is answered privately in one sentence; nothing changes
and no message is turned into something else."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.fake_records import FLAG_EPHEMERAL
from tests.e2e.presses import Pressing, skald_on


def board_of(fake: FakeDiscord, channel_id: int) -> Message:
    return next(m for m in reversed(fake.messages_in(channel_id)) if m.has_png and not m.ephemeral)


async def test_hostile_presses_are_answered_in_one_sentence(fake: FakeDiscord, tmp_path: Path) -> None:
    async with skald_on(fake, tmp_path, seed=9) as bot:
        channel = fake.add_channel("hostile")
        table = Pressing(fake, bot, channel, __import__("random").Random(1))
        await table.open("knarr", [fake.alice, fake.bob], 0)
        board = board_of(fake, channel.id)
        game = (await table.storage.latest_game(str(channel.id))).id  # type: ignore[union-attr]
        version = (await table.storage.latest_game(str(channel.id))).version  # type: ignore[union-attr]
        before = (board.content, board.components, board.edits)
        crafted = [
            (f"sk:p:{game}:{version}:recruit V03", 2, None),  # a panel's move, on the public board
            (f"sk:p:{game}:{version}:0", 2, None),
            ("sk:t:" + "9" * 25, 2, None),  # an id too long to be a game
            ("sk:t:²", 2, None),
            (f"sk:q:{game}:{version}:0", 3, ["²"]),
            (f"sk:q:{game}:{version}:0", 3, ["1" * 21]),
            ("sk:x", 3, ["100000000000000000000"]),
            ("", 2, None),
            ("sk:", 2, None),
            ("\u202esk:t:1", 2, None),
            ("z" * 100, 2, None),
        ]
        for custom_id, kind, values in crafted:
            ix = await fake.press_raw(fake.alice, board, custom_id, component_type=kind, values=values)
            answer = await table.answered(ix)
            assert answer is not None and answer.flags & FLAG_EPHEMERAL, custom_id
            assert answer.content and "\n" not in answer.content.strip(), answer.content
            assert "Something went wrong" not in answer.content, (custom_id, answer.content)
        assert (board.content, board.components, board.edits) == before, "the board was never changed"
        assert (await table.storage.latest_game(str(channel.id))).version == version  # type: ignore[union-attr]
        # the history's select, with a value no game can have
        await table.slash(fake.bob, "resign")
        history = await table.slash(fake.alice, "history")
        assert history is not None and history.selects()
        ix = await fake.press_raw(fake.alice, history, "sk:x", component_type=3, values=["1" * 21])
        answer = await table.answered(ix)
        assert answer is not None and answer.content == "Pick one of the games in the list."
