"""Ratings of a finished game: each seat's place, and the Weng–Lin update of openskill's
Plackett–Luce model (2 to 6 players, ties shared). The rules of fairness are written in
docs/ratings.md; this module is them. Pure: no database, no clock.

A rating is ``(mu, sigma)``: the skill openskill believes in and how unsure it is. People
see ``500 + 20 * (mu - 3 * sigma)``, rounded: a skill we are fairly sure of, starting at 500
and rising as games show it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from openskill.models import PlackettLuce

from bot.store.rows import SeatRow

MODEL = PlackettLuce()  # its defaults: mu 25, sigma 25/3, tau 25/300
START: tuple[float, float] = (MODEL.mu, MODEL.sigma)
LEFT = ("resigned", "kicked")  # seats whose players left: last, a loss
REMOVED = "removed"  # kicked while not overdue: left out of the game's record
HUMAN_ENDS = ("played", "covered")  # a person's own result (a covered seat is still theirs)

Rating = tuple[float, float]


def shown(mu: float, sigma: float) -> int:
    """The rating people see: 500 for a newcomer."""
    return round(500 + 20 * (mu - 3 * sigma))


def identity(seat: SeatRow) -> str:
    """Whose rating a seat's result moves: its player's, or the bot's of that level."""
    return f"bot:{seat.level}" if seat.is_bot else seat.user_id


def ended(seat: SeatRow) -> str:
    """How a seat ended: played, covered (the bot played it while its player was away, and
    it counts as theirs), resigned, kicked while its turn was overdue (both a loss), removed
    (kicked while it was not: no result) or bot."""
    if seat.is_bot:
        return "bot"
    if seat.kicked:
        return "kicked" if seat.overdue else REMOVED
    if seat.resigned:
        return "resigned"
    return "covered" if seat.covered_until is not None else "played"


def places(outcome: Mapping[str, Any], ends: Sequence[str]) -> tuple[list[int], list[bool]]:
    """Each seat's place and whether it won. Winners first (sharing first place), then the
    others by score, equal scores sharing a place (1, 2, 2, 4); seats whose players left
    share the last place and never win, whatever the bot made of their seat. A removed
    seat is not placed (its place is 0, and the others are placed among themselves)."""
    left = {i for i, how in enumerate(ends) if how in LEFT}
    removed = {i for i, how in enumerate(ends) if how == REMOVED}
    winners = {int(s) for s in outcome.get("winners") or []} - left - removed
    scores = list(outcome.get("scores") or [])

    def key(seat: int) -> tuple[int, float]:
        if seat in left:
            return (2, 0.0)
        if seat in winners:
            return (0, 0.0)
        score = scores[seat] if seat < len(scores) and isinstance(scores[seat], int | float) else 0
        return (1, -float(score))

    keys = [key(s) for s in range(len(ends)) if s not in removed]
    return [0 if s in removed else 1 + sum(other < key(s) for other in keys) for s in range(len(ends))], [
        s in winners for s in range(len(ends))
    ]


def _ordinal(rating: Rating) -> float:
    return rating[0] - 3 * rating[1]


def _rate(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]
    return [(team[0].mu, team[0].sigma) for team in MODEL.rate(teams, ranks=list(ranks))]


def update(ratings: Sequence[Rating], ranks: Sequence[int], bots: set[int]) -> list[Rating]:
    """Every seat's rating after the game, from its rating before and its place.

    A bot's rating is a guess like any other, and a strong bot that is still new would make
    a person's win count for too little (or a loss for too much). So each person's update is
    worked out twice: with the bots' own ratings, and with a newcomer's rating in each bot's
    seat; of the two, the person keeps the one that moves their rating less. A bot never
    moves a person's rating more than a person new to the game would."""
    real = _rate(ratings, ranks)
    if not bots or len(bots) == len(ratings):
        return real
    stand_in = _rate([START if i in bots else r for i, r in enumerate(ratings)], ranks)
    out = []
    for i, before in enumerate(ratings):
        if i in bots:
            out.append(real[i])
            continue
        moved = abs(_ordinal(real[i]) - _ordinal(before))
        out.append(stand_in[i] if abs(_ordinal(stand_in[i]) - _ordinal(before)) < moved else real[i])
    return out


def merge(after: Sequence[Rating]) -> Rating:
    """One identity seated more than once (two sensible bots at a table): its seats' new
    ratings, averaged."""
    return (sum(r[0] for r in after) / len(after), sum(r[1] for r in after) / len(after))
