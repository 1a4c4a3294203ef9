"""Hostile input is refused in one clean sentence: a refusal never repeats control,
escape, bidi-override or zero-width characters, never more than a short piece of what was
typed, and nothing typed crashes the table (every game; /me settings; lobby options)."""

from __future__ import annotations

import unicodedata

import pytest

import games
from bot.table import Table, TableError

CH = "880"
NASTY = [
    "\x00recruit",
    "\u202eevil",
    "zero\u200bwidth\u200d",
    "a\x1b[31mred",
    "x" * 6000,
    "move " + "ü" * 90,
    "²",
    "   ",
    "recruit " + "\U0001f600" * 30,
    "take \t\n\r V01",
]


def clean_sentence(text: str, typed: str) -> None:
    assert text.strip(), "an answer, not nothing"
    assert not [c for c in text if unicodedata.category(c) in ("Cc", "Cf") and c != "\n"], repr(text)
    assert len(text) <= 600, len(text)
    longest = max((len(w) for w in typed.split()), default=0)
    if longest > 40:  # no more than a short piece of a long input comes back
        assert max(w for w in typed.split() if len(w) == longest)[:41] not in text


@pytest.mark.parametrize("game", games.names())
async def test_typed_moves_with_hostile_characters_are_refused_cleanly(table: Table, game: str) -> None:
    module = games.get(game)
    await table.lobby.new_game(CH, "11", "alice", game)
    for i in range(1, module.min_players):
        await table.lobby.join(CH, str(11 + i), f"p{i}")
    await table.lobby.start(CH, "11", "joined")
    state = (await table.context.active(CH)).state
    assert state is not None
    seats = await table.storage.seats((await table.context.active(CH)).id)
    user = seats[module.to_act(state)[0]].user_id
    before = (await table.context.active(CH)).version
    for typed in NASTY:
        with pytest.raises(TableError) as refused:
            await table.moves.act(CH, user, typed)
        clean_sentence(str(refused.value), typed)
    assert (await table.context.active(CH)).version == before


@pytest.mark.parametrize(
    "field", ["zone", "quiet", "notify", "away"], ids=["zone", "quiet", "notify", "away"]
)
async def test_settings_with_hostile_values_are_refused_cleanly(table: Table, field: str) -> None:
    for typed in [*NASTY, "Europe/" + "a" * 300, "../../etc/passwd", "2026-13-45"]:
        try:
            await table.personal.settings("11", **{field: typed})
        except TableError as error:
            clean_sentence(str(error), typed)


async def test_lobby_options_with_hostile_names_are_refused_cleanly(table: Table) -> None:
    for typed in NASTY:
        with pytest.raises(TableError) as refused:
            await table.lobby.new_game(CH, "11", "alice", "knarr", {typed: "x"})
        clean_sentence(str(refused.value), typed)
