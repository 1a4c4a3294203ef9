"""Score now through the table: /game status gives every seat's score if the game ended now
from public parts only, and the hand adds the seat's own hidden parts (every game; a few
seeded random moves in, so the scores are not all zero at the start)."""

from __future__ import annotations

import random

import pytest

import games
from bot.table import Table, TableError, turns

CH = "881"


async def _game_after_moves(table: Table, game: str, moves: int) -> tuple[object, list[str]]:
    module = games.get(game)
    await table.lobby.new_game(CH, "11", "alice", game)
    for i in range(1, module.min_players):
        await table.lobby.join(CH, str(11 + i), f"p{i}")
    await table.lobby.start(CH, "11", "joined")
    rng = random.Random(5)
    for _ in range(moves):
        row = await table.context.active(CH)
        if row.state is None or module.outcome(row.state) is not None:
            break
        seats = await table.storage.seats(row.id)
        seat = module.to_act(row.state)[0]
        legal = [a for a, _ in await table.moves.legal(CH, seats[seat].user_id)]
        await table.moves.act(CH, seats[seat].user_id, rng.choice(legal))
    row = await table.context.active(CH)
    return row, [s.user_id for s in await table.storage.seats(row.id)]


@pytest.mark.parametrize("game", games.names())
async def test_status_and_hand_give_the_score_now(table: Table, game: str) -> None:
    module = games.get(game)
    row, users = await _game_after_moves(table, game, 10)
    public = module.score_now(row.state, None)
    status = await table.reading.status(CH)
    assert "If the game ended now: " in status
    for parts in public:
        assert turns.score_words(parts) in status
    for seat, user in enumerate(users):
        mine = module.score_now(row.state, seat)[seat]
        try:
            hand = await table.reading.hand(CH, user)
        except TableError:  # a game with nothing hidden for this seat
            continue
        assert (
            f"Your score if the game ended now, your hidden parts counted: {turns.score_words(mine)}."
            in hand["text"]
        )


@pytest.mark.parametrize("game", games.names())
async def test_a_seat_sees_no_other_seats_hidden_parts(table: Table, game: str) -> None:
    module = games.get(game)
    row, _ = await _game_after_moves(table, game, 10)
    public = module.score_now(row.state, None)
    for seat in range(len(public)):
        rows = module.score_now(row.state, seat)
        for other, parts in enumerate(rows):
            if other != seat:
                assert parts == public[other], (seat, other)
