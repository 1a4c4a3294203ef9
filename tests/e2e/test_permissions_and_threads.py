"""The real ``python -m bot`` where Discord's permissions and threads get in the way:
``/game new`` names what the bot lacks, a refused board tells the host once what to grant,
and a game in a thread Discord archived after a quiet week still gets its next board."""

from __future__ import annotations

import random

from tests.e2e.fake_records import ATTACH_FILES, SEND_MESSAGES
from tests.e2e.process import Bot
from tests.e2e.test_delivery import _answered, boards, move, open_game, settled


async def test_a_new_game_where_the_bot_may_not_attach_files_is_refused_by_name(bot: Bot) -> None:
    fake = bot.fake
    channel = fake.add_channel("no-pictures", denied=ATTACH_FILES)
    reply = await _answered(
        bot, await fake.slash(fake.alice, "game", {"game": "knarr"}, subcommand="new", channel_id=channel.id)
    )
    assert reply.ephemeral and "Attach Files" in reply.content, reply.content
    assert "Send Messages" not in reply.content
    assert bot.query("SELECT COUNT(*) FROM games")[0][0] == 0


async def test_a_refused_board_tells_the_host_once_what_to_grant(bot: Bot) -> None:
    fake = bot.fake
    channel = fake.add_channel("table-two")
    await open_game(bot, channel)
    await settled(bot)
    posted = len(boards(fake, channel))
    fake.set_denied(channel, SEND_MESSAGES)  # a moderator takes the right to post away
    rng = random.Random(3)
    for _ in range(3):
        await move(bot, channel, rng)
    assert bot.skald is not None
    told = await bot.skald.until(
        lambda: [m for m in fake.dms_to(fake.alice) if "can't post" in m.content], "the host's DM"
    )
    assert len(told) == 1 and "Send Messages" in told[0].content and f"<#{channel.id}>" in told[0].content
    assert len(boards(fake, channel)) == posted
    fake.set_denied(channel, 0)
    for _ in range(10):  # a step inside an action posts no board: move until one is due
        await move(bot, channel, rng)
        await settled(bot)
        if len(boards(fake, channel)) > posted:
            break
    assert len(boards(fake, channel)) > posted, "no board once allowed again"
    assert len([m for m in fake.dms_to(fake.alice) if "can't post" in m.content]) == 1


async def test_a_game_in_an_archived_thread_gets_its_next_board(bot: Bot) -> None:
    fake = bot.fake
    thread = fake.add_thread("knarr-game")
    await open_game(bot, thread)
    await settled(bot)
    posted = len(boards(fake, thread))
    fake.advance(8 * 24 * 3600)  # a quiet week and a day
    assert fake.archive_idle() == [thread]
    rng = random.Random(5)
    for _ in range(10):
        await move(bot, thread, rng)
        await settled(bot)
        if len(boards(fake, thread)) > posted:
            break
    assert len(boards(fake, thread)) > posted, "no board in the thread"
    assert not thread.archived
