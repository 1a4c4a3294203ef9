"""How long each player takes over their turns, from the times moves were recorded."""

from __future__ import annotations

from collections.abc import Sequence
from statistics import mean


def turn_times(
    moves: Sequence[tuple[int | None, float]], started: float | None, seats: int
) -> list[list[float]]:
    """Per seat, the length of each of its turns.

    ``moves`` are (seat, time) in the order played. A turn is a run of moves by one seat;
    it lasts from the end of the run before it (or ``started``, the start of the game) to
    its last move, so the several steps of one action count once, and the time counts from
    when the game first waited for that seat. With ``started`` unknown (None) the first
    turn is not timed.
    """
    times: list[list[float]] = [[] for _ in range(seats)]
    mark = started
    run_seat: int | None = None
    run_end = 0.0
    for seat, at in moves:
        if seat is None or not 0 <= seat < seats:
            continue
        if seat != run_seat:
            if run_seat is not None:
                if mark is not None:
                    times[run_seat].append(max(0.0, run_end - mark))
                mark = run_end
            run_seat = seat
        run_end = at
    if run_seat is not None and mark is not None:
        times[run_seat].append(max(0.0, run_end - mark))
    return times


def average(times: list[float]) -> float | None:
    return mean(times) if times else None


def own_turns(times: list[float]) -> tuple[int, float]:
    """A seat's turns that its player took, counted and summed. The bot's moves are stored
    in the same moment as the move before them (a bot seat's, and a seat it plays after a
    resignation or while its player is away), so a turn that took no time at all was the
    bot's and is left out."""
    taken = [t for t in times if t > 0]
    return len(taken), sum(taken)
