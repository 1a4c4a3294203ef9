"""Pure, synchronous turn helpers of the table: apply moves, let the bot play its
seats, replay the log, and compose what must be said after a change.

Nothing here touches Discord, the database or the event loop; ``bot.table`` runs
these functions in a worker thread.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from games import IllegalAction
from games.core import name_seats

State = dict[str, Any]
Move = tuple[int, str]

MAX_AUTOMATIC_STEPS = 3000
LOG_LINES_PER_MESSAGE = 12


@dataclass
class Seat:
    """What the pure helpers need to know of a seat."""

    user_id: str
    name: str
    automatic: bool

    @property
    def mention(self) -> str:
        return self.name if self.user_id.startswith("bot:") else f"<@{self.user_id}>"


def play_automatic(
    module: ModuleType, state: State, automatic: set[int], salt: str
) -> tuple[State, list[Move]]:
    """Let the bot play its seats (random legal moves) until a person must act."""
    rng = random.Random(salt)
    moves: list[Move] = []
    for _ in range(MAX_AUTOMATIC_STEPS):
        if module.outcome(state) is not None:
            break
        seats = [s for s in module.to_act(state) if s in automatic]
        if not seats:
            break
        seat = seats[0]
        options = module.legal_actions(state, seat)
        if not options:
            break
        action = rng.choice(options)
        state = module.apply(state, seat, action)
        moves.append((seat, action))
    return state, moves


def advance(
    module: ModuleType, state: State, seat: int, action: str, automatic: set[int], salt: str
) -> tuple[State, list[Move]]:
    """Apply one person's move, then the bot's moves that follow it."""
    if module.outcome(state) is not None:
        raise IllegalAction("This game is over.")
    if seat not in module.to_act(state):
        raise IllegalAction("It is not your turn.")
    state = module.apply(state, seat, action.strip())
    state, more = play_automatic(module, state, automatic, salt)
    return state, [(seat, action.strip()), *more]


def replay(module: ModuleType, seed: int, players: int, options: dict[str, str], moves: list[Move]) -> State:
    state = module.setup(seed, players, options)
    for seat, action in moves:
        state = module.apply(state, seat, action)
    return state


def label(module: ModuleType, state: State, action: str, names: list[str] | None = None) -> str:
    text = module.label(state, action) if hasattr(module, "label") else action
    return name_seats(text, names or [])[:80]


def buttons(module: ModuleType, state: State, seats: list[Seat]) -> list[dict[str, str]]:
    """The actions people can press now: the union over the persons who must act."""
    seen: dict[str, str] = {}
    for seat in module.to_act(state):
        if seats[seat].automatic:
            continue
        for action in module.legal_actions(state, seat):
            seen.setdefault(action, label(module, state, action, [s.name for s in seats]))
    return [{"action": a, "label": text} for a, text in seen.items()]


def log_lines(old: State | None, new: State, seats: list[Seat]) -> list[str]:
    start = len(old.get("log", [])) if old else 0
    lines = []
    for entry in new.get("log", [])[start:]:
        who = entry.get("seat")
        name = f"**{seats[who].name}** " if who is not None and who < len(seats) else ""
        lines.append(name + name_seats(entry["text"], [s.name for s in seats]))
    if len(lines) > LOG_LINES_PER_MESSAGE:
        skipped = len(lines) - LOG_LINES_PER_MESSAGE + 1
        lines = [f"... {skipped} earlier steps ...", *lines[-LOG_LINES_PER_MESSAGE + 1 :]]
    return lines


def outcome_line(result: dict[str, Any], seats: list[Seat]) -> str:
    winners = [seats[s].name for s in result.get("winners", [])]
    scores = result.get("scores") or []
    board = ", ".join(f"{seats[i].name} {score}" for i, score in enumerate(scores))
    who = " and ".join(winners) if winners else "nobody"
    verb = "win" if len(winners) > 1 else "wins"
    reason = f" ({result['reason']})" if result.get("reason") else ""
    return f"**Game over.** {who} {verb}{reason}. Final scores: {board}."


def whose_turn(module: ModuleType, state: State, seats: list[Seat]) -> str:
    result = module.outcome(state)
    if result is not None:
        return outcome_line(result, seats)
    prompt = module.view(state, None).get("prompt", "move")
    acting = [seats[s].mention for s in module.to_act(state)]
    return f"Your turn, {' and '.join(acting)}: {prompt}."


def _holds_something(private: Any) -> bool:
    """Is there anything to show in a private view (an empty hand is not worth a DM)?"""
    if isinstance(private, dict):
        return any(_holds_something(value) for value in private.values())
    if isinstance(private, list):
        return bool(private)
    return private is not None and private is not False and private != 0


def private_changes(module: ModuleType, old: State | None, new: State, seats: list[Seat]) -> list[int]:
    """The human seats whose private view differs between two states."""
    changed = []
    for index, seat in enumerate(seats):
        if seat.automatic:
            continue
        after = module.view(new, index).get("private")
        before = module.view(old, index).get("private") if old is not None else None
        if after != before and (_holds_something(after) or _holds_something(before)):
            changed.append(index)
    return changed
