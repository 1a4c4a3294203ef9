"""Buttons and select menus that survive a restart.

Each one is a ``DynamicItem``: everything it needs (game id, board version, action)
is in its ``custom_id``, so a press is understood after a restart, and a press on
an old board is refused by the version check in the table.
"""

from __future__ import annotations

import re
from typing import Any

import discord

MAX_BUTTONS = 20  # four rows of five; the fifth row holds the "My hand" button
MAX_SELECTS = 4
QUIET_VERBS = {"end", "skip", "cancel", "pass"}


def _controller(interaction: discord.Interaction) -> Any:
    return interaction.client.controller  # type: ignore[attr-defined]


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"sk:a:(?P<game>\d+):(?P<version>\d+):(?P<action>.+)"
):
    def __init__(self, game: int, version: int, action: str, label: str = "", quiet: bool = False) -> None:
        style = discord.ButtonStyle.secondary if quiet else discord.ButtonStyle.primary
        super().__init__(
            discord.ui.Button(
                label=(label or action)[:80], style=style, custom_id=f"sk:a:{game}:{version}:{action}"[:100]
            )
        )
        self.game, self.version, self.action = game, version, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActionButton:
        label = item.label if isinstance(item, discord.ui.Button) else ""
        return cls(int(match["game"]), int(match["version"]), match["action"], label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).play(interaction, self.action, self.version, self.game)


class ActionSelect(
    discord.ui.DynamicItem[discord.ui.Select], template=r"sk:s:(?P<game>\d+):(?P<version>\d+):(?P<n>\d+)"
):
    def __init__(
        self,
        game: int,
        version: int,
        n: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"sk:s:{game}:{version}:{n}",
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder[:150] or None,
            )
        )
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActionSelect:
        options = list(item.options) if isinstance(item, discord.ui.Select) else None
        return cls(int(match["game"]), int(match["version"]), int(match["n"]), options)

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or []
        if values:
            await _controller(interaction).play(interaction, values[0], self.version, self.game)


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sk:h:(?P<game>\d+)"):
    def __init__(self, game: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="My hand", emoji="🂠", style=discord.ButtonStyle.secondary, custom_id=f"sk:h:{game}"
            )
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).show_hand(interaction)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"sk:l:(?P<game>\d+):(?P<what>join|start|bot)"
):
    LABELS = {"join": "Join", "start": "Start", "bot": "Add a bot"}

    def __init__(self, game: int, what: str) -> None:
        style = discord.ButtonStyle.success if what == "join" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=self.LABELS[what], style=style, custom_id=f"sk:l:{game}:{what}")
        )
        self.game, self.what = game, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["game"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).lobby_button(interaction, self.what)


class AllowUndoButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"sk:u:(?P<game>\d+):(?P<version>\d+)"
):
    def __init__(self, game: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Allow", style=discord.ButtonStyle.success, custom_id=f"sk:u:{game}:{version}"
            )
        )
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AllowUndoButton:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).allow_undo(interaction, self.version)


DYNAMIC_ITEMS = (ActionButton, ActionSelect, HandButton, LobbyButton, AllowUndoButton)


def _groups(buttons: list[dict[str, str]]) -> list[tuple[str, list[dict[str, str]]]]:
    """Group actions by their first word; split groups that exceed a select's 25 options."""
    grouped: dict[str, list[dict[str, str]]] = {}
    for button in buttons:
        grouped.setdefault(button["action"].split()[0], []).append(button)
    out = []
    for verb, items in grouped.items():
        for start in range(0, len(items), 25):
            out.append((verb, items[start : start + 25]))
    while len(out) > MAX_SELECTS:  # fold the smallest groups together
        out.sort(key=lambda g: len(g[1]))
        verb_a, a = out.pop(0)
        verb_b, b = out.pop(0)
        if len(a) + len(b) > 25:
            out.append((verb_b, b))
            break
        out.append((f"{verb_a}/{verb_b}", a + b))
    return out[:MAX_SELECTS]


def for_payload(payload: dict[str, Any], *, with_hand_button: bool = True) -> discord.ui.View | None:
    view = discord.ui.View(timeout=None)
    game = payload.get("game_id") or payload.get("lobby") or payload.get("undo")
    if payload.get("lobby"):
        for what in ("join", "start", "bot"):
            view.add_item(LobbyButton(int(payload["lobby"]), what))
        return view
    if payload.get("undo"):
        view.add_item(AllowUndoButton(int(payload["undo"]), int(payload["version"])))
        return view
    buttons = payload.get("buttons") or []
    version = int(payload.get("version", 0))
    if game and buttons:
        if len(buttons) <= MAX_BUTTONS:
            for index, b in enumerate(buttons):
                item = ActionButton(
                    int(game), version, b["action"], b["label"], b["action"].split()[0] in QUIET_VERBS
                )
                item.item.row = index // 5
                view.add_item(item)
        else:
            for n, (verb, items) in enumerate(_groups(buttons)):
                options = [
                    discord.SelectOption(label=b["label"][:100], value=b["action"][:100]) for b in items
                ]
                select = ActionSelect(int(game), version, n, options, placeholder=f"{verb.capitalize()}...")
                select.item.row = n
                view.add_item(select)
    if game and with_hand_button and payload.get("image") == "board" and not payload.get("hide_hand"):
        hand = HandButton(int(game))
        hand.item.row = 4
        view.add_item(hand)
    return view if view.children else None
