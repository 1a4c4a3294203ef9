"""The words every board shares (games.words): places go as far as the largest
table, Pax's six seats."""

from __future__ import annotations

import games
from games.words import final_places, ordinal


def test_ordinals_cover_every_seat_of_every_game() -> None:
    most = max(games.get(g).max_players for g in games.names())
    assert most >= 6
    assert [ordinal(n) for n in range(1, most + 1)][:6] == ["1st", "2nd", "3rd", "4th", "5th", "6th"]
    assert [ordinal(n) for n in (11, 12, 13, 21, 22, 23, 101, 111)] == [
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "23rd",
        "101st",
        "111th",
    ]


def test_six_seats_are_placed_by_score_winners_first() -> None:
    outcome = {"winners": [4], "scores": [10, 30, 20, 5, 30, 1]}  # seat 4 won the tie-break
    assert final_places(outcome, 6) == ["4th", "2nd", "3rd", "5th", "1st", "6th"]
