"""Rules and cards one tap away: every topic of every game's guide, in pages that fit a
message, found by what a player types; every card found by its name; the commands answer
privately (simcord)."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
import simcord

import games
from bot.adapter import controller, pictures
from bot.table import TableError, learning
from games import guide
from tests.bot.flow import PNG, custom_ids

TOPICS = [(g, i) for g in games.names() for i in range(len(guide.topics(g)))]


@pytest.mark.parametrize(("game", "index"), TOPICS, ids=[f"{g}-{i}" for g, i in TOPICS])
def test_every_topic_reads_in_pages_that_fit_a_message(game: str, index: int) -> None:
    title, text = guide.topics(game)[index]
    shown = learning.rules_page(game, title)
    assert shown.topic == index, "a topic is found by its own title"
    pages = [learning.rules_page(game, index, n) for n in range(shown.pages)]
    assert "\n\n".join(p.text for p in pages).split() == text.split(), "nothing lost between pages"
    for page in pages:
        heading = f"**{games.get(game).title}: {title}** (page 1 of {shown.pages})"
        assert len(heading) + 1 + len(page.text) <= 2000
    assert learning.rules_page(game, title.upper()[:6]).topic <= index  # a prefix in any case


def test_a_topic_nobody_wrote_is_refused_with_the_list() -> None:
    with pytest.raises(TableError, match="no topic 'juggling'; its topics: Overview and goal"):
        learning.rules_page("knarr", "juggling")


def test_long_text_is_cut_at_paragraphs_then_spaces() -> None:
    text = "\n\n".join(["word " * 100] * 10 + ["x" * 2500])
    pages = learning.split_pages(text, 1800)
    assert all(len(p) <= 1800 for p in pages) and len(pages) >= 4
    assert "".join(pages).replace("\n", "").replace(" ", "") == text.replace("\n", "").replace(" ", "")


CARDS = [(g, c["id"]) for g in games.names() for c in games.get(g).CARDS]


@pytest.mark.parametrize("game", games.names())
def test_every_card_is_found_by_its_name_and_listed_while_typing(game: str) -> None:
    for found in games.get(game).CARDS:
        assert learning.card(game, found["name"])["id"] == found["id"]
        assert learning.card(game, str(found["id"]).lower())["id"] == found["id"]
    choices = learning.card_choices(game, "")
    assert 0 < len(choices) <= 25 and all(len(name) <= 100 for name, _ in choices)
    with pytest.raises(TableError, match="no card or tile called"):
        learning.card(game, "zzz no such thing")


def test_names_match_without_accents_or_case() -> None:
    assert learning.folded("Læsø") == learning.folded("laeso") == "laeso"
    assert learning.game_of("pax viking", None) == "pax"
    with pytest.raises(TableError, match="No game is played in this channel"):
        learning.game_of(None, None)


async def test_rules_and_cards_answer_privately(simcord_env: simcord.Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("learn")
    alice = guild.add_member(simcord_env.create_user("alice"))
    longest = max(guide.topics("pax"), key=lambda topic: len(topic[1]))
    result = await alice.slash(channel, "rules", game="pax", topic=longest[0])
    assert result.ephemeral and longest[0] in result.response.content
    if learning.rules_page("pax", longest[0]).pages > 1:
        following = await alice.click(result.response, custom_id=custom_ids(result.response, "sk:r:")[0])
        assert "page 2 of" in following.response.content
    card = games.get("knarr").CARDS[0]
    result = await alice.slash(channel, "card", name=card["name"], game="knarr")
    assert result.ephemeral and card["name"] in result.response.content
    assert (await result.response.attachments[0].read()).startswith(PNG)
    result = await alice.slash(channel, "rules")
    assert result.ephemeral and "name one" in result.response.content


async def test_a_card_drawn_slowly_is_sent_after_a_thinking_answer(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A picture not drawn within DRAW_WAIT: the answer is deferred ("thinking", private),
    and the card's text and picture follow in its place."""
    card_async = pictures.card_async

    async def slow(game_id: str, card_id: str) -> bytes | None:
        await asyncio.sleep(1.0)  # a hundred times DRAW_WAIT
        return await card_async(game_id, card_id)

    deferred: list[dict[str, object]] = []
    defer = discord.InteractionResponse.defer

    async def noted(self: discord.InteractionResponse, **kwargs: Any) -> Any:
        deferred.append(kwargs)
        return await defer(self, **kwargs)

    monkeypatch.setattr(controller, "DRAW_WAIT", 0.01)
    monkeypatch.setattr(pictures, "card_async", slow)
    monkeypatch.setattr(discord.InteractionResponse, "defer", noted)
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("learn")
    alice = guild.add_member(simcord_env.create_user("alice"))
    card = games.get("volga").CARDS[0]
    result = await alice.slash(channel, "card", name=card["name"], game="volga")
    assert deferred == [{"ephemeral": True, "thinking": True}] and result.ephemeral
    assert result.response is not None and card["name"] in result.response.content
    assert (await result.response.attachments[0].read()).startswith(PNG)
