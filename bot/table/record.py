"""The community's record of a finished game: one result per seat, and the ratings it
moves, written in the transaction that stores the game's end (``store_finished``, from
``Context.store_change``), and made again from every stored finished game, in the order
they finished (``recompute``), which gives the same figures.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

import games
from bot.store.rows import ActionRow, GameRow, ResultRow, SeatRow
from bot.store.storage import Storage, Tx
from bot.table import ratings, timing

Rating = tuple[float, float, int]  # mu, sigma, rated games
PAGE = 200  # finished games read at once while recomputing
YIELD = 20  # games rated between two looks at the database's work while recomputing
Stored = tuple[GameRow, list[SeatRow], list[tuple[int | None, float]]]  # a game, its seats, its runs


def timed_moves(log: list[ActionRow]) -> list[tuple[int | None, float]]:
    """The moves that stand, in order, as (seat, time)."""
    moves: dict[int, tuple[int | None, float]] = {}
    for row in log:
        if row.kind == "move" and row.seat is not None:
            moves[row.n] = (row.seat, row.at)
        elif row.kind == "undo":
            moves.pop(int(row.action), None)
    return [moves[n] for n in sorted(moves)]


def results_of(
    game: GameRow,
    module: ModuleType,
    seats: list[SeatRow],
    state: dict[str, Any],
    result: dict[str, Any] | None,
    moves: list[tuple[int | None, float]],
    now: float,
) -> list[ResultRow] | None:
    """Each seat's result, not yet rated (none for a seat removed while it was not overdue);
    ``None`` for a game that counts for nobody (every person in it left before the end, or
    the removed seats leave a single one)."""
    ends = [ratings.ended(s) for s in seats]
    if not any(how in ratings.HUMAN_ENDS for how in ends):
        return None
    if sum(how != ratings.REMOVED for how in ends) < 2:  # nobody left to have played against
        return None
    outcome = result or game.result or module.outcome(state) or {}
    places, won = ratings.places(outcome, ends)
    scores = list(outcome.get("scores") or [])
    times = timing.turn_times(moves, None, len(seats))
    rows = []
    for i, seat in enumerate(seats):
        if ends[i] == ratings.REMOVED:
            continue
        score = scores[i] if i < len(scores) and isinstance(scores[i], int | float) else None
        turns, spent = timing.own_turns(times[i])
        rows.append(
            ResultRow(
                game_id=game.id,
                seat=i,
                game=game.game,
                guild_id=game.guild_id,
                user_id=ratings.identity(seat),
                name=seat.name,
                players=len(seats),
                place=places[i],
                score=None if score is None else int(score),
                won=won[i],
                ended=ends[i],
                turns=turns,
                turn_time=spent,
                mu_before=None,
                sigma_before=None,
                mu_after=None,
                sigma_after=None,
                finished_at=now,
            )
        )
    return rows


def rateable(rows: list[ResultRow]) -> bool:
    """At least two identities to rate against each other."""
    return len({r.user_id for r in rows}) >= 2


def rate(rows: list[ResultRow], before: dict[str, Rating]) -> dict[str, Rating]:
    """Fill in each row's rating before and after (``before``: each identity's rating now);
    returns each identity's new rating."""
    start = [before[r.user_id][:2] for r in rows]
    bots = {i for i, r in enumerate(rows) if r.ended == "bot"}
    after = ratings.update(start, [r.place for r in rows], bots)
    seated: dict[str, list[tuple[float, float]]] = {}
    for row, was, now in zip(rows, start, after, strict=True):
        row.mu_before, row.sigma_before = was
        row.mu_after, row.sigma_after = now
        seated.setdefault(row.user_id, []).append(now)
    return {who: (*ratings.merge(news), before[who][2] + 1) for who, news in seated.items()}


async def store_finished(
    storage: Storage,
    tx: Tx,
    game: GameRow,
    module: ModuleType,
    seats: list[SeatRow],
    state: dict[str, Any],
    result: dict[str, Any] | None,
    now: float,
) -> None:
    """Record a game that has just ended, in the transaction that stores its end."""
    log = await storage.actions_in(tx, game.id)
    rows = results_of(game, module, seats, state, result, timed_moves(log), now)
    if rows is None:
        return
    if rateable(rows) and await storage.record.rates(game.guild_id, tx):
        identities = [r.user_id for r in rows]
        before = await storage.record.take_ratings(tx, game.game, identities, ratings.START, now)
        await storage.record.put_ratings(tx, game.game, rate(rows, before), now)
    await storage.record.add_results(tx, rows)


async def recompute(storage: Storage, clock: Callable[[], float], *, force: bool = True) -> int | None:
    """Make the record again from every stored finished game, in the order they finished:
    the results, then the ratings, as if each game had just ended. Without ``force``, only
    when it was never made (at start). Returns the number of games recorded (``None``: not
    made now).

    One transaction. The games come a page at a time; while one page is rated, the database
    writes the results of the page before and reads the page after (one statement at a time
    on the transaction's connection: the rating asks nothing of the database)."""
    recorded = 0
    async with storage.transaction() as tx:
        if not await storage.record.claim(tx, clock(), force=force):
            return None
        await storage.record.clear(tx)
        now: dict[tuple[str, str], Rating] = {}
        switches = await storage.record.all_rates(tx)
        modules: dict[str, ModuleType] = {}
        ids = await storage.record.finished_ids(tx)
        pages = [ids[start : start + PAGE] for start in range(0, len(ids), PAGE)]

        async def write_then_read(rows: list[ResultRow], page: int) -> list[Stored]:
            await storage.record.add_results(tx, rows)
            return await storage.record.games_in(tx, pages[page]) if page < len(pages) else []

        batch = await write_then_read([], 0)
        written: list[ResultRow] = []
        for page in range(len(pages)):
            coming = asyncio.ensure_future(write_then_read(written, page + 1))
            try:
                written, count = await _rate_page(batch, now, switches, modules)
            except BaseException:  # the transaction ends once the database's step is over
                with contextlib.suppress(Exception):
                    await coming
                raise
            recorded += count
            batch = await coming
        await storage.record.add_results(tx, written)
        await storage.record.put_all_ratings(tx, now, clock())
    return recorded


async def _rate_page(
    batch: list[Stored],
    now: dict[tuple[str, str], Rating],
    switches: dict[str | None, bool],
    modules: dict[str, ModuleType],
) -> tuple[list[ResultRow], int]:
    """A page of stored games' results, rated in order (``now``: each identity's rating,
    moved on as they are); and how many games counted."""
    written: list[ResultRow] = []
    count = 0
    for done, (game, seats, moves) in enumerate(batch):
        if done % YIELD == 0:
            await asyncio.sleep(0)  # the database's next step is asked for meanwhile
        if game.state is None or not seats:
            continue
        module = modules.get(game.game) or modules.setdefault(game.game, games.get(game.game))
        rows = results_of(game, module, seats, game.state, None, moves, game.updated_at)
        if rows is None:
            continue
        if rateable(rows) and switches.get(game.guild_id, True):
            before = {r.user_id: now.get((game.game, r.user_id), (*ratings.START, 0)) for r in rows}
            for who, rating in rate(rows, before).items():
                now[(game.game, who)] = rating
        written += rows
        count += 1
    return written, count
