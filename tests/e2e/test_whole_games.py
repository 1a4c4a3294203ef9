"""Whole games of every title, at two players and at the most, played by presses only with
Skald on the strict fake Discord: every request the bot makes over a game (boards, panels,
hands, DMs, the lobby, the final scores, the replay, the log) is one Discord would take.

The ``fake`` fixture fails a test that left a refusal; each test also checks the game
reached its end by presses alone, and that no board pinged someone already acting.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import games
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.presses import play_game, skald_on

TABLES = [
    (game, players, min(players, 3))
    for game in games.names()
    for players in sorted({games.get(game).min_players, games.get(game).max_players})
]


@pytest.mark.parametrize(("game", "players", "humans"), TABLES, ids=[f"{g}-{p}p" for g, p, _ in TABLES])
async def test_a_whole_game_by_presses_sends_nothing_discord_refuses(
    fake: FakeDiscord, tmp_path: Path, game: str, players: int, humans: int
) -> None:
    async with skald_on(fake, tmp_path, seed=3) as bot:
        record = await play_game(fake, bot, game, players, humans, seed=3)
    assert record.over, f"{game} did not end by presses ({len(record.presses)} presses)"
    assert record.requests > 100 and not record.refusals, record.refusals
    boards = [m for m in record.public if m.has_png]
    assert boards and all(m.components for m in boards[:-1]), "every board but the last has buttons"
    # Pings follow turns: a person is pinged when a turn of theirs begins, never while acting.
    assert record.pings, "nobody was ever told it was their turn"
    assert record.pings_while_acting == 0
