"""Rules and cards one tap away: each game's guide in pages, and its cards by name.

The words are the game's own (``games.guide``: ``games/<id>/guide.md``, in our words; a
game's ``CARDS``); this part finds a topic or a card from what a player typed and cuts a
long topic into pages that fit a Discord message.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import games
from bot.table.context import TableError
from bot.table.turns import folded
from games import guide

PAGE = 1800  # characters of a topic on one page (a message holds 2,000)


@dataclass(frozen=True)
class RulesPage:
    game: str
    topic: int  # its place in the game's topics
    title: str
    text: str
    page: int
    pages: int


def split_pages(text: str, limit: int = PAGE) -> list[str]:
    """A topic cut at paragraph ends (then line ends) into pages of at most ``limit``."""
    pages: list[str] = []
    current = ""
    for block in text.split("\n\n"):
        pieces = [block] if len(block) <= limit else block.split("\n")
        for piece in pieces:
            while len(piece) > limit:  # a paragraph longer than a page: cut at a space
                cut = piece.rfind(" ", 0, limit)
                cut = cut if cut > 0 else limit
                pages, current = _add(pages, current, piece[:cut], limit)
                piece = piece[cut:].lstrip()
            pages, current = _add(pages, current, piece, limit)
    if current:
        pages.append(current)
    return pages or [""]


def _add(pages: list[str], current: str, piece: str, limit: int) -> tuple[list[str], str]:
    joined = f"{current}\n\n{piece}" if current else piece
    if len(joined) <= limit:
        return pages, joined
    return [*pages, current], piece


def game_of(named: str | None, channel_game: str | None) -> str:
    """The game a player asks about: the one named, else the channel's."""
    if named:
        wanted = folded(named)
        for game_id in games.names():
            if wanted in (game_id, folded(games.get(game_id).title)):
                return game_id
        known = ", ".join(games.get(g).title for g in games.names())
        raise TableError(f"There is no game called '{named[:40]}'; the games are {known}.")
    if channel_game is None:
        raise TableError("No game is played in this channel: name one, e.g. /rules game: Knarr.")
    return channel_game


def rules_page(game_id: str, topic: str | int | None, page: int = 0) -> RulesPage:
    """A page of one topic (``None``: the first topic, the overview)."""
    topics = guide.topics(game_id)
    if topic is None or topic == "":
        index = 0
    elif isinstance(topic, int):
        if not 0 <= topic < len(topics):
            raise TableError("That rules page is no longer there; ask /rules again.")
        index = topic
    else:
        index = _find(game_id, topics, topic)
    title, text = topics[index]
    pages = split_pages(text)
    page = min(max(page, 0), len(pages) - 1)
    return RulesPage(game_id, index, title, pages[page], page, len(pages))


def _find(game_id: str, topics: list[tuple[str, str]], typed: str) -> int:
    wanted = folded(typed)
    titles = [folded(title) for title, _ in topics]
    for match in (lambda t: t == wanted, lambda t: t.startswith(wanted), lambda t: wanted in t):
        found = [i for i, t in enumerate(titles) if match(t)]
        if found:
            return found[0]
    listed = ", ".join(title for title, _ in topics)
    raise TableError(f"{games.get(game_id).title} has no topic '{typed[:40]}'; its topics: {listed}.")


def topic_choices(game_id: str, typed: str, limit: int = 25) -> list[str]:
    wanted = folded(typed)
    return [title for title, _ in guide.topics(game_id) if wanted in folded(title)][:limit]


def card(game_id: str, typed: str) -> dict[str, Any]:
    """A card (tile, Jarl, leader ...) of the game by the name players see, or its id."""
    cards: list[dict[str, Any]] = games.get(game_id).CARDS
    wanted = folded(typed)
    for match in (
        lambda c: folded(c["name"]) == wanted or folded(c["id"]) == wanted,
        lambda c: folded(c["name"]).startswith(wanted),
        lambda c: wanted in folded(c["name"]),
    ):
        found = [c for c in cards if match(c)]
        if found:
            return found[0]
    raise TableError(f"{games.get(game_id).title} has no card or tile called '{typed[:40]}'.")


def card_choices(game_id: str, typed: str, limit: int = 25) -> list[tuple[str, str]]:
    """(name shown, id) of the cards whose name or kind holds what was typed."""
    wanted = folded(typed)
    cards: list[dict[str, Any]] = games.get(game_id).CARDS
    hits = [c for c in cards if wanted in folded(c["name"]) or wanted in folded(c["kind"])]
    return [(f"{c['name']} ({c['kind']})", str(c["id"])) for c in hits[:limit]]


def card_text(found: dict[str, Any]) -> str:
    designed = " Designed for Skald (see the rules notes)." if found.get("designed") else ""
    return f"**{found['name']}** ({found['kind']})\n{found['text']}{designed}"
