"""A helper for table tests that play Knarr games through ``Table``."""

from __future__ import annotations

import games
from bot.table import Table


async def acting(table: Table, channel: str) -> tuple[str, str, int]:
    """Who must act in ``channel``'s Knarr game, their first legal move and the game's version."""
    game = await table.context.active(channel)
    assert game.state is not None
    seats = await table.storage.seats(game.id)
    user = seats[games.get("knarr").to_act(game.state)[0]].user_id
    return user, (await table.moves.legal(channel, user))[0][0], game.version
