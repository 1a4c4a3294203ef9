"""The words of a finished game: who won and why, and each player's score with its parts.

Pure text from the public view and the game's ``breakdown`` (both public): the channel's
final message (``final_text``, used by the table) and the score table of the final
picture (``render.final``) both read it. No drawing here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core import name_seats
from games.words import seat_name

Parts = Sequence[Sequence[tuple[str, int]]]

UNITS = {"knarr": "VP", "volga": "rubles", "saga": "", "reavers": "Glory", "pax": "Followers"}
MESSAGE_LIMIT = 2000  # characters in one Discord message


def outcome_of(view: Mapping[str, Any]) -> Mapping[str, Any]:
    outcome = view.get("outcome")
    if not outcome:
        raise ValueError("the game is not over: no final picture yet")
    return outcome


def score_rows(view: Mapping[str, Any], parts: Parts | None) -> list[tuple[str, list[int]]]:
    """(label, value per seat) for every part, in the order of the first seat's parts."""
    players = int(view["players"])
    if not parts:
        return []
    labels: list[str] = []
    for row in parts:
        labels += [label for label, _ in row if label not in labels]
    return [(label, [dict(parts[s]).get(label, 0) for s in range(players)]) for label in labels]


def score_totals(view: Mapping[str, Any], parts: Parts | None) -> list[int]:
    if parts:
        return [sum(n for _, n in row) for row in parts]
    return [int(n) for n in outcome_of(view).get("scores") or []]


def winner_line(view: Mapping[str, Any], names: Sequence[str]) -> str:
    winners = [int(s) for s in outcome_of(view).get("winners") or []]
    if not winners:
        return "Game over"
    who = " & ".join(seat_name(names, s) for s in winners)
    return f"{who} {'wins' if len(winners) == 1 else 'win'}!"


def reason_line(view: Mapping[str, Any], names: Sequence[str]) -> str:
    return name_seats(str(outcome_of(view).get("reason") or ""), list(names))


def final_text(view: Mapping[str, Any], parts: Parts | None, *, names: Sequence[str]) -> str:
    """The winner, the reason and each player's score with its parts, best first, in a
    few lines under 2,000 characters. ``names`` come already markdown-escaped."""
    outcome = outcome_of(view)
    unit = UNITS.get(str(view.get("game")), "points")
    winners = {int(s) for s in outcome.get("winners") or []}
    totals = score_totals(view, parts)
    head = f"**{winner_line(view, names)}** {reason_line(view, names)}".strip()
    order = sorted(range(len(totals)), key=lambda s: (s not in winners, -totals[s]))

    def line(seat: int, detailed: bool) -> str:
        text = (
            f"{'🏆 ' if seat in winners else ''}**{seat_name(names, seat)}**: {totals[seat]} {unit}".rstrip()
        )
        shown = [f"{label} {n}" for label, n in (parts[seat] if parts else []) if n]
        return text + (f" ({', '.join(shown)})" if detailed and shown else "")

    if not unit:  # Saga: the result is who won, there is no score to list
        return head[:MESSAGE_LIMIT]
    for detailed in (True, False):
        text = "\n".join([head, *(line(s, detailed) for s in order)])
        if len(text) <= MESSAGE_LIMIT:
            return text
    return text[: MESSAGE_LIMIT - 3] + "..."
