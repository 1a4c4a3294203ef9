"""Buttons and select menus that survive a restart.

Each one is a ``DynamicItem``: everything it needs is in its ``custom_id``, so a press
is understood after a restart. Two kinds:

- **public** ones sit on channel messages, which every member's client receives whole
  (labels, ids, options). They name nothing secret: "Your turn", "My hand", the lobby
  buttons and "Allow".
- **panel** ones sit on a seat's ephemeral panel, which only that person receives. They
  carry the seat's own moves: the move itself after a ``=`` (``panel_move``), or, for a
  long one, its index in its legal actions at that version (the table re-checks the
  version, so the index always means the same move).

Every callback answers the person itself, whatever goes wrong.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.store.payloads import Payload

log = logging.getLogger("skald")

BUTTONS_PER_PAGE = 20  # four rows of five; the fifth row holds the page buttons
SELECTS_PER_PAGE = 4
OPTIONS_PER_SELECT = 25
QUIET_VERBS = {"end", "skip", "cancel", "pass", "done", "decline"}
MOVE_ROOM = 100 - len("sk:p:2147483647:2147483647:")  # a move's room in a custom id of 100
# Before a move carried this mark, Volga's and Pax's seat numbers in moves were counted from
# 0 (``offer 1`` was the table's seat 2): a move without it may mean another seat today.
MOVE_MARK = "="
OLD_PANEL = "That panel was drawn before an update of the bot, so it is not used; here are your moves now."
FAILED = "Something went wrong on my side; nothing was changed. Please try again."


def _controller(interaction: discord.Interaction) -> Any:
    return interaction.client.controller  # type: ignore[attr-defined]


async def _guarded(interaction: discord.Interaction, work: Any) -> None:
    """Run a press through the controller's error layer (a table refusal is the presser's
    one-sentence answer); anything unexpected is logged and excused in one sentence."""
    try:
        await _controller(interaction).serve(interaction, work)
    except Exception:
        log.exception("a button press failed")
        await _controller(interaction).say(interaction, FAILED)


def _button(label: str, custom_id: str, style: discord.ButtonStyle, **extra: Any) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=label[:80], custom_id=custom_id[:100], style=style, **extra)


# --- public ------------------------------------------------------------------------


class TurnButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sk:t:(?P<game>[0-9]{1,18})"):
    """On a board or reminder: opens the presser's private panel of moves."""

    def __init__(self, game: int) -> None:
        super().__init__(_button("Your turn", f"sk:t:{game}", discord.ButtonStyle.primary, emoji="🎲"))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TurnButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(interaction, _controller(interaction).open_panel(interaction, self.game))


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sk:h:(?P<game>[0-9]{1,18})"):
    def __init__(self, game: int) -> None:
        super().__init__(_button("My hand", f"sk:h:{game}", discord.ButtonStyle.secondary, emoji="🃏"))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(interaction, _controller(interaction).show_hand(interaction, self.game))


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"sk:l:(?P<game>[0-9]{1,18}):(?P<what>join|start|bot)"
):
    LABELS = {"join": "Join", "start": "Start", "bot": "Add a bot"}

    def __init__(self, game: int, what: str) -> None:
        style = discord.ButtonStyle.success if what == "join" else discord.ButtonStyle.secondary
        super().__init__(_button(self.LABELS[what], f"sk:l:{game}:{what}", style))
        self.game, self.what = game, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["game"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(interaction, _controller(interaction).lobby_button(interaction, self.game, self.what))


class AllowUndoButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"sk:u:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,18})"
):
    def __init__(self, game: int, version: int) -> None:
        super().__init__(_button("Allow", f"sk:u:{game}:{version}", discord.ButtonStyle.success))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AllowUndoButton:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        work = _controller(interaction).allow_undo(interaction, self.game, self.version)
        await _guarded(interaction, work)


# --- the private panel -----------------------------------------------------------------


def number(value: Any) -> int | None:
    """A component's value as the id or count it should be: ASCII digits, at most 18 of
    them (whatever a modified client sends, never a number the database cannot hold)."""
    text = str(value)
    return int(text) if 0 < len(text) <= 18 and text.isascii() and text.isdigit() else None


def panel_move(action: str, index: int) -> str:
    """What a panel's button or option carries for a move: the move itself after
    ``MOVE_MARK`` (so a press on a panel the game has since moved past still means that
    move), or, for a move too long for Discord's 100 characters, its place in the panel of
    that version."""
    return MOVE_MARK + action if len(MOVE_MARK + action) <= MOVE_ROOM else str(index)


def read_move(move: str) -> tuple[int | None, str | None]:
    """``(place, None)`` for a place in the panel, ``(None, action)`` for a move, ``(None,
    None)`` for a move pressed on a panel drawn before moves carried ``MOVE_MARK``: its
    seat numbers may mean other seats now (``OLD_PANEL``)."""
    if move.isascii() and move.isdigit():
        return int(move), None
    if move.startswith(MOVE_MARK):
        return None, move[len(MOVE_MARK) :]
    return None, None


class PanelButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"sk:p:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,18}):(?P<move>.{1,100})",
):
    def __init__(self, game: int, version: int, move: str, label: str = "-", quiet: bool = False) -> None:
        style = discord.ButtonStyle.secondary if quiet else discord.ButtonStyle.primary
        super().__init__(_button(label or "-", f"sk:p:{game}:{version}:{move}", style))
        self.game, self.version, self.move = game, version, move

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PanelButton:
        return cls(int(match["game"]), int(match["version"]), match["move"])

    async def callback(self, interaction: discord.Interaction) -> None:
        work = _controller(interaction).panel_press(interaction, self.game, self.version, self.move)
        await _guarded(interaction, work)


class PanelSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"sk:q:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,18}):(?P<n>[0-9]{1,18})",
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
                custom_id=f"sk:q:{game}:{version}:{n}",
                options=options or [discord.SelectOption(label="-", value="0")],
                placeholder=placeholder[:150] or None,
            )
        )
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PanelSelect:
        return cls(int(match["game"]), int(match["version"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values: list[Any] = data.get("values") or []
        if not values or not isinstance(values[0], str) or not values[0]:
            await _controller(interaction).say(interaction, "Pick one of the moves in the list.")
            return
        work = _controller(interaction).panel_press(interaction, self.game, self.version, values[0])
        await _guarded(interaction, work)


class HintButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sk:i:(?P<game>[0-9]{1,18})"):
    """In the panel (when the table allows hints): the sensible bot's choice, privately."""

    def __init__(self, game: int) -> None:
        super().__init__(_button("Hint", f"sk:i:{game}", discord.ButtonStyle.secondary, emoji="💡"))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HintButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(interaction, _controller(interaction).hint_press(interaction, self.game))


class RulesPageButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"sk:r:(?P<game>[a-z]{1,20}):(?P<topic>[0-9]{1,3}):(?P<page>[0-9]{1,3})",
):
    """Under a private rules page: the previous or next page of the topic."""

    def __init__(self, game: str, topic: int, page: int, label: str = "Next page") -> None:
        super().__init__(_button(label, f"sk:r:{game}:{topic}:{page}", discord.ButtonStyle.secondary))
        self.game, self.topic, self.page = game, topic, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RulesPageButton:
        return cls(match["game"], int(match["topic"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        work = _controller(interaction).show_rules(interaction, self.game, self.topic, self.page)
        await _guarded(interaction, work)


def _view() -> discord.ui.View:
    """An empty view for a message, marked finished so that discord.py sends it without
    keeping it: every item in it is a dynamic item, dispatched by the patterns registered
    at start-up, so a kept view would only hold memory (discord.py keeps a private
    answer's view for 15 minutes)."""
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


def rules_view(shown: Any) -> discord.ui.View | None:
    """Previous and next under a rules page that has more than one."""
    if shown.pages < 2:
        return None
    view = _view()
    if shown.page > 0:
        view.add_item(RulesPageButton(shown.game, shown.topic, shown.page - 1, "Previous page"))
    if shown.page + 1 < shown.pages:
        view.add_item(RulesPageButton(shown.game, shown.topic, shown.page + 1, "Next page"))
    return view


class UndoButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sk:z:(?P<game>[0-9]{1,18})"):
    """In the panel after a move: take it back (the same rule as /game undo)."""

    def __init__(self, game: int) -> None:
        super().__init__(_button("Undo", f"sk:z:{game}", discord.ButtonStyle.secondary, emoji="↩️"))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> UndoButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(interaction, _controller(interaction).undo_press(interaction, self.game))


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"sk:g:(?P<game>[0-9]{1,18}):(?P<page>[0-9]{1,18}):(?P<label>[a-z]+)",
):
    def __init__(self, game: int, page: int, label: str) -> None:
        text = "More moves" if label == "next" else "Back to the first moves"
        super().__init__(_button(text, f"sk:g:{game}:{page}:{label}", discord.ButtonStyle.secondary))
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        return cls(int(match["game"]), int(match["page"]), match["label"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(interaction, _controller(interaction).open_panel(interaction, self.game, self.page))


class ExportSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"sk:x"):
    """Under /game history (a private answer): the finished game whose file to send."""

    def __init__(self, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id="sk:x",
                options=options or [discord.SelectOption(label="-", value="0")],
                placeholder="The game whose file you want",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ExportSelect:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values: list[Any] = data.get("values") or []
        game = number(values[0]) if values else None
        if game is None:
            await _controller(interaction).say(interaction, "Pick one of the games in the list.")
            return
        await _guarded(interaction, _controller(interaction).send_export(interaction, game))


def history_view(choices: list[tuple[int, str]]) -> discord.ui.View:
    view = _view()
    options = [
        discord.SelectOption(label=label[:100], value=str(game_id))
        for game_id, label in choices[:OPTIONS_PER_SELECT]
    ]
    view.add_item(ExportSelect(options))
    return view


DYNAMIC_ITEMS = (
    TurnButton,
    HandButton,
    LobbyButton,
    AllowUndoButton,
    PanelButton,
    PanelSelect,
    UndoButton,
    HintButton,
    RulesPageButton,
    PageButton,
    ExportSelect,
)


# --- layouts ---------------------------------------------------------------------------


def public_view(payload: Payload, *, with_hand_button: bool = True) -> discord.ui.View | None:
    """The components of a channel message: nothing on them names a secret."""
    view = _view()
    if payload.get("lobby"):
        for what in ("join", "start", "bot"):
            view.add_item(LobbyButton(int(payload["lobby"]), what))
        return view
    if payload.get("undo"):
        view.add_item(AllowUndoButton(int(payload["undo"]), int(payload["version"])))
        return view
    game = payload.get("game_id")
    if game and payload.get("turn"):
        view.add_item(TurnButton(int(game)))
    if game and with_hand_button and payload.get("image") == "board":
        view.add_item(HandButton(int(game)))
    return view if view.children else None


Group = tuple[str, list[tuple[int, str]]]  # (placeholder, [(index, label)])


def select_groups(actions: list[tuple[str, str]]) -> list[Group]:
    """Every move in select menus of at most 25 options, grouped by verb; small groups share
    a menu. Nothing is ever dropped."""
    by_verb: dict[str, list[tuple[int, str]]] = {}
    for index, (action, label) in enumerate(actions):
        verb = action.split()[0] if action.split() else action
        by_verb.setdefault(verb, []).append((index, label))
    groups: list[Group] = []
    for verb, items in by_verb.items():
        for start in range(0, len(items), OPTIONS_PER_SELECT):
            groups.append((verb.capitalize(), items[start : start + OPTIONS_PER_SELECT]))
    merged: list[Group] = []
    for name, items in groups:  # keep the rules' order; join neighbours that fit together
        if merged and len(merged[-1][1]) + len(items) <= OPTIONS_PER_SELECT:
            merged[-1] = (f"{merged[-1][0]} / {name}", merged[-1][1] + items)
        else:
            merged.append((name, items))
    return merged


def panel_pages(actions: list[tuple[str, str]]) -> int:
    if len(actions) <= BUTTONS_PER_PAGE:
        return 1
    return -(-len(select_groups(actions)) // SELECTS_PER_PAGE)


def panel_view(
    game: int,
    version: int,
    actions: list[tuple[str, str]],
    page: int = 0,
    *,
    undo: bool = False,
    hints: bool = False,
) -> discord.ui.View:
    """A seat's own moves: buttons when they fit, otherwise select menus, in pages; in the
    last row, with ``undo`` an Undo for the move just made, with ``hints`` a Hint."""
    view = _view()
    if len(actions) <= BUTTONS_PER_PAGE:
        for index, (action, label) in enumerate(actions):
            verb = action.split()[0] if action.split() else action
            item = PanelButton(game, version, panel_move(action, index), label, verb in QUIET_VERBS)
            item.item.row = index // 5
            view.add_item(item)
    else:
        groups = select_groups(actions)
        pages = panel_pages(actions)
        page = min(max(page, 0), pages - 1)
        for n, (name, items) in enumerate(groups[page * SELECTS_PER_PAGE : (page + 1) * SELECTS_PER_PAGE]):
            options = [
                discord.SelectOption(label=label[:100] or "-", value=panel_move(actions[index][0], index))
                for index, label in items
            ]
            select = PanelSelect(
                game, version, page * SELECTS_PER_PAGE + n, options, placeholder=f"{name}..."
            )
            select.item.row = n
            view.add_item(select)
        if pages > 1:
            nxt = PageButton(game, (page + 1) % pages, "next" if page + 1 < pages else "first")
            nxt.item.row = 4
            view.add_item(nxt)
    if undo:
        back = UndoButton(game)
        back.item.row = 4
        view.add_item(back)
    if hints:
        hint = HintButton(game)
        hint.item.row = 4
        view.add_item(hint)
    return view


def undo_view(game: int) -> discord.ui.View:
    """After a move that ended the mover's turn: only the Undo."""
    view = _view()
    view.add_item(UndoButton(game))
    return view


def handled(interaction: discord.Interaction) -> bool:
    """Will one of the items above take this press? Its custom id fits one of their
    templates, and the message it came from carries that component (discord.py gives a
    press to an item only then). Anything else a modified client sends is answered by
    ``bot.adapter.app`` in one sentence rather than left to fail."""
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id, kind = str(data.get("custom_id", "")), data.get("component_type")
    if not any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS):
        return False
    message = interaction.message
    if message is None:
        return False
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if getattr(child, "custom_id", None) == custom_id and child.type.value == kind:
                return True
    return False
