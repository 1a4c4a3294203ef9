from __future__ import annotations

from bot.table.timing import average, turn_times


def test_a_turn_counts_from_when_the_game_waited_for_the_seat() -> None:
    # seat 0 moves after 1 h; seat 1 takes three steps ending 2 h later; seat 0 again 30 min later
    moves = [(0, 3600.0), (1, 3700.0), (1, 3800.0), (1, 3600.0 + 7200), (0, 3600.0 + 7200 + 1800)]
    times = turn_times(moves, started=0.0, seats=2)
    assert times == [[3600.0, 1800.0], [7200.0]]
    assert average(times[0]) == 2700.0
    assert average(times[1]) == 7200.0


def test_with_no_known_start_the_first_turn_is_not_timed() -> None:
    times = turn_times([(1, 50.0), (0, 80.0), (1, 200.0)], started=None, seats=2)
    assert times == [[30.0], [120.0]]


def test_seats_without_a_turn_have_no_average() -> None:
    times = turn_times([(0, 10.0), (None, 20.0)], started=0.0, seats=3)
    assert times == [[10.0], [], []]
    assert average(times[2]) is None
