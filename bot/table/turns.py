"""Pure, synchronous turn helpers of the table: apply moves, let the bot play its
seats, replay the log, and compose what must be said after a change.

Nothing here touches Discord, the database or the event loop; ``bot.table`` runs
these functions in a worker thread.
"""

from __future__ import annotations

import difflib
import hashlib
import re
import unicodedata
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from bot.table.options import game_options
from games import IllegalAction, bots
from games.core import Rng, name_seats

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
        return plain(self.name) if self.user_id.startswith("bot:") else f"<@{self.user_id}>"


_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]()<])")


def plain(name: str) -> str:
    """A display name made safe to put in a message: markdown escaped, no mass mention."""
    text = _MARKDOWN.sub(r"\\\1", name)
    return text.replace("@everyone", "@\u200beveryone").replace("@here", "@\u200bhere")


def joined(names: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def clean(text: str) -> str:
    """What someone typed without control, format, bidi or zero-width characters (none of
    them is ever part of a move or a name the bot knows), spaces gathered."""
    return " ".join("".join(c if unicodedata.category(c)[0] not in "CZ" else " " for c in text).split())


def clip(text: str, limit: int = 80) -> str:
    """What someone typed, fit to be repeated back: cleaned, at most ``limit`` characters."""
    kept = clean(text)
    return kept if len(kept) <= limit else kept[: limit - 1] + "…"


def midway(module: ModuleType, state: State) -> bool:
    """Is the acting seat in the middle of one action whose steps happen in its panel?"""
    return module.outcome(state) is None and bool(module.midway(state))


def play_automatic(
    module: ModuleType, state: State, automatic: dict[int, str], salt: str
) -> tuple[State, list[Move]]:
    """Let the bot play its seats until a person must act. ``automatic`` maps each seat
    the bot plays to its level; the bot sees only that seat's view and moves."""
    rng = Rng(int(hashlib.sha256(salt.encode()).hexdigest()[:16], 16))
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
        view = module.view(state, seat)
        action = bots.choose(module.id, automatic[seat], view, options, rng)
        state = module.apply(state, seat, action)
        moves.append((seat, action))
    return state, moves


def advance(
    module: ModuleType,
    state: State,
    seat: int,
    action: str,
    automatic: dict[int, str],
    salt: str,
    legal: list[str] | None = None,
    names: list[str] | None = None,
) -> tuple[State, list[Move]]:
    """Apply one person's move, then the bot's moves that follow it. ``legal``: the seat's
    legal actions in ``state``, when the caller has them already. ``names``: the seats'
    names, so a move may name a seat as the table does ('offer Bjørn', 'offer seat 2'),
    and a refusal names them too."""
    if module.outcome(state) is not None:
        raise IllegalAction("This game is over.")
    if seat not in module.to_act(state):
        raise IllegalAction("It is not your turn.")
    action = action.strip()
    if action not in (legal if legal is not None else module.legal_actions(state, seat)):
        options = choices(module, state, seat, names or [])  # labels only for a move not typed exactly
        action = resolve(action, options, names or [])
        try:
            state = module.apply(state, seat, action)
        except IllegalAction as error:
            named = [plain(name) for name in names or []]
            raise IllegalAction(name_seats(f"{error}{suggest(action, options)}", named)) from None
    else:
        state = module.apply(state, seat, action)
    state, more = play_automatic(module, state, automatic, salt)
    return state, [(seat, action), *more]


def _words(text: str) -> str:
    """Typed text and actions compared without case, underscores or extra spaces, so a
    name as printed on the board (``East Anglia``) stands for its id (``east_anglia``)."""
    return " ".join(text.replace("_", " ").replace("-", " ").casefold().split())


def folded(text: str) -> str:
    """Lower case without accents or punctuation, ids split from names: 'Læsø' and 'laeso'
    meet, and so do 'Minsk (T02)' and 'minsk t02'."""
    text = text.lower().replace("æ", "ae").replace("ø", "o").replace("å", "a").replace("ð", "d")
    text = unicodedata.normalize("NFKD", text.replace("þ", "th").replace("_", " ").replace("-", " "))
    return " ".join(
        "".join(
            c if c.isalnum() or c.isspace() else " " for c in text if not unicodedata.combining(c)
        ).split()
    )


_SEAT_TYPED = re.compile(r"(?<!\w)seat\s*#?(\d+)(?!\w)", re.IGNORECASE)


def seats_by_name(typed: str, names: list[str]) -> str:
    """``typed`` with each 'seat 2' (seats counted from 1, as the table lists them) turned
    into that seat's name, as the labels print it."""
    if not names:
        return typed

    def name(match: re.Match[str]) -> str:
        n = int(match[1])
        return names[n - 1] if 1 <= n <= len(names) else match[0]

    return _SEAT_TYPED.sub(name, typed)


def resolve(typed: str, options: list[tuple[str, str]], names: list[str] | None = None) -> str:
    """The legal action meant by ``typed``: itself if legal; else the one action (or label)
    it spells up to case, underscores and spacing; else the one action of that verb whose
    label or action holds every other word typed, names as the board prints them ('ship
    minsk' for 'Ship to Minsk (T02)'), seats by name or as 'seat 2' (with ``names``);
    otherwise ``typed`` unchanged, for the game to refuse with its own reason."""
    typed = typed.strip()
    if any(typed == action for action, _ in options):
        return typed
    typed = seats_by_name(typed, names or [])
    wanted = _words(typed)
    for field in (0, 1):
        found = {option[0] for option in options if _words(option[field]) == wanted}
        if len(found) == 1:
            return found.pop()
    words = folded(typed).split()
    if len(words) < 2:
        return typed
    verb, names = words[0], words[1:]
    found = {
        action
        for action, label in options
        if verb in (folded(action).split()[:1] + folded(label).split()[:1])
        and set(names) <= set(folded(action).split()) | set(folded(label).split())
    }
    return found.pop() if len(found) == 1 else typed


def suggest(typed: str, options: list[tuple[str, str]], limit: int = 3) -> str:
    """A sentence naming the legal actions closest to a refused one ("" if none is near)."""
    spelled = {_words(action): action for action, _ in options}
    close = difflib.get_close_matches(_words(typed), list(spelled), n=limit, cutoff=0.5)
    if not close:
        verb = _words(typed).partition(" ")[0]
        close = [w for w in spelled if w.partition(" ")[0] == verb][:limit]
    if not close:
        return ""
    return " Closest legal moves: " + "; ".join(spelled[w] for w in close) + "."


def replay(module: ModuleType, seed: int, players: int, options: dict[str, str], moves: list[Move]) -> State:
    state = module.setup(seed, players, game_options(options))
    for seat, action in moves:
        state = module.apply(state, seat, action)
    return state


def label(module: ModuleType, state: State, action: str, names: list[str] | None = None) -> str:
    text = module.label(state, action)
    return name_seats(text, names or [])[:80]


def choices(module: ModuleType, state: State, seat: int, names: list[str]) -> list[tuple[str, str]]:
    """One seat's legal actions with their labels: its private panel and autocomplete."""
    return [(a, label(module, state, a, names)) for a in module.legal_actions(state, seat)]


def log_lines(state: State, seats: list[Seat], *, since: int = 0) -> list[str]:
    """The public log from line ``since`` on, with names, shortened to fit one message."""
    lines = []
    for entry in state.get("log", [])[since:]:
        who = entry.get("seat")
        name = f"**{plain(seats[who].name)}** " if who is not None and who < len(seats) else ""
        lines.append(name + name_seats(entry["text"], [plain(s.name) for s in seats]))
    if len(lines) > LOG_LINES_PER_MESSAGE:
        skipped = len(lines) - LOG_LINES_PER_MESSAGE + 1
        lines = [
            f"... {skipped} earlier lines (all of them in /game log) ...",
            *lines[-LOG_LINES_PER_MESSAGE + 1 :],
        ]
    return lines


def outcome_line(result: dict[str, Any], seats: list[Seat]) -> str:
    winners = [plain(seats[s].name) for s in result.get("winners", [])]
    scores = result.get("scores") or []
    board = ", ".join(f"{plain(seats[i].name)} {score}" for i, score in enumerate(scores))
    who = " and ".join(winners) if winners else "nobody"
    verb = "win" if len(winners) > 1 else "wins"
    reason = name_seats(str(result.get("reason") or ""), [plain(s.name) for s in seats])
    reason = f" ({reason})" if reason else ""
    tail = f" Final scores: {board}." if board else ""
    return f"**Game over.** {who} {verb}{reason}.{tail}"


def score_words(parts: list[tuple[str, int]]) -> str:
    """'23 (Reputation 12, Destinations 8, Trades 3)': a total and the parts that count."""
    shown = [f"{label} {points}" for label, points in parts if points]
    total = sum(points for _, points in parts)
    return f"{total}" + (f" ({', '.join(shown)})" if shown else "")


def standings(module: ModuleType, state: State, seats: list[Seat]) -> str:
    """The score of every seat if the game ended now, from what everyone can see."""
    rows = module.score_now(state, None)
    return (
        "If the game ended now: "
        + "; ".join(f"{plain(seats[i].name)} {score_words(parts)}" for i, parts in enumerate(rows))
        + "."
    )


def prompt(module: ModuleType, state: State, seat: int | None = None) -> str:
    """``view(state, seat)["prompt"]`` without the whole view: asked at every move, a view is
    not worth building for it (a Pax view: about 0.3 ms)."""
    return str(module.prompt(state, seat))


def private(module: ModuleType, state: State, seat: int) -> Any:
    """``view(state, seat)["private"]`` without the whole view."""
    return module.private(state, seat)


def whose_turn(module: ModuleType, state: State, seats: list[Seat]) -> str:
    result = module.outcome(state)
    if result is not None:
        return outcome_line(result, seats)
    acting = [seats[s].mention for s in module.to_act(state)]
    return f"Your turn, {' and '.join(acting)}: {prompt(module, state)}."


def awaited(module: ModuleType, state: State, seats: list[Seat]) -> str:
    """Who the game waits for, without a ping: for someone who is not among them."""
    result = module.outcome(state)
    if result is not None:
        return outcome_line(result, seats)
    names = " and ".join(plain(seats[s].name) for s in module.to_act(state))
    return f"It is not your turn: waiting for {names} to {prompt(module, state)}."


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
        after = private(module, new, index)
        before = private(module, old, index) if old is not None else None
        if after != before and (_holds_something(after) or _holds_something(before)):
            changed.append(index)
    return changed
