"""Ratings (issue #34): the places a finished game gives, the Weng–Lin update at every
player count with ties, the cap on what a bot seat moves, a finished game recorded in the
transaction that stores its end, and the record made again from the stored games equal to
the one kept game by game (on SQLite and on PostgreSQL)."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import games
from bot.store.rows import SeatRow
from bot.store.storage import Storage
from bot.table import Table, ratings, record, turns
from tests.bot.conftest import FakeClock
from tests.bot.knarr_table import acting

START = ratings.START


def test_places_share_ties_and_put_leavers_last() -> None:
    ends = ["played", "played", "played", "played"]
    assert ratings.places({"winners": [2], "scores": [10, 7, 12, 7]}, ends) == (
        [2, 3, 1, 3],
        [False, False, True, False],
    )
    # two winners share first place; a resigned seat is last and never wins
    places, won = ratings.places({"winners": [0, 1], "scores": [5, 5, 9]}, ["played", "played", "resigned"])
    assert places == [1, 1, 3] and won == [True, True, False]
    places, won = ratings.places({"winners": [1], "scores": [3, 9, 4]}, ["kicked", "resigned", "covered"])
    assert places == [2, 2, 1] and won == [False, False, False]  # first, but the game named no winner


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_rating_updates_at_every_player_count_with_ties(players: int) -> None:
    rng = random.Random(players)
    for _ in range(20):
        before = [(25 + rng.uniform(-5, 5), rng.uniform(3, 8.4)) for _ in range(players)]
        scores = [rng.randint(0, 3) for _ in range(players)]  # small scores: ties are common
        best = max(scores)
        outcome = {"winners": [i for i, s in enumerate(scores) if s == best], "scores": scores}
        places, _ = ratings.places(outcome, ["played"] * players)
        after = ratings.update(before, places, set())
        assert len(after) == players
        for i in range(players):
            assert after[i][1] <= before[i][1] + 1e-9  # every game makes the model surer
            if places[i] == 1 and places.count(1) == 1:
                assert after[i][0] > before[i][0]  # a sole winner's skill rises
            if places[i] == max(places) and places.count(max(places)) == 1:
                assert after[i][0] < before[i][0]  # the sole last one's falls
        # seats that tie move alike: of two equal ratings sharing a place, equal ratings after
        same = [START] * players
        shared = [1] + [2] * (players - 1)
        moved = ratings.update(same, shared, set())
        assert all(r == pytest.approx(moved[1]) for r in moved[1:])
    # equal players tying take the same rating
    tied = ratings.update([START] * players, [1] * players, set())
    assert all(r == pytest.approx(tied[0]) for r in tied)
    assert ratings.shown(*START) == 500


def test_a_bot_moves_a_person_no_more_than_a_newcomer_would() -> None:
    strong_bot = (40.0, 1.0)  # a bot seat rated far above a newcomer, and sure of it
    # the person beats the bot: against the real bot rating the win would count for much
    # more than a win over a newcomer; it counts for what the newcomer gives
    after = ratings.update([START, strong_bot], [1, 2], {1})
    as_if_new = ratings.update([START, START], [1, 2], set())
    assert after[0] == as_if_new[0]
    uncapped = ratings.update([START, strong_bot], [1, 2], set())
    assert ratings.shown(*uncapped[0]) > ratings.shown(*after[0])
    # a weak bot: losing to it would cost more than losing to a newcomer; capped the same way
    weak_bot = (10.0, 1.0)
    lost = ratings.update([START, weak_bot], [2, 1], {1})
    assert lost[0] == ratings.update([START, START], [2, 1], set())[0]
    # the bot's own rating moves with the real figures
    assert after[1] == uncapped[1]
    # a person who moves less against the bot's real rating keeps that smaller move
    even_bot = (20.0, START[1])  # beating a weaker bot gains less than beating a newcomer
    kept = ratings.update([START, even_bot], [1, 2], {1})
    assert kept[0] == ratings.update([START, even_bot], [1, 2], set())[0]


# --- stored games ------------------------------------------------------------------------

TITLES = {2: "knarr", 3: "knarr", 4: "knarr", 5: "volga", 6: "pax"}
PEOPLE = [f"10{i}" for i in range(8)]


async def _store_game(storage: Storage, clock: FakeClock, rng: random.Random, players: int) -> int:
    """A finished game stored as the table stores one: seats (some bots, some who left),
    timed moves, the end with its result, and its record in the same transaction."""
    title = TITLES[players]
    module = games.get(title)
    people = rng.sample(PEOPLE, players)
    seats: list[SeatRow] = []
    for i, who in enumerate(people):
        kind = rng.random()
        if kind < 0.2:
            seats.append(
                SeatRow(f"bot:{i + 1}", f"Bot {i}", i, False, False, rng.choice(["random", "sensible"]))
            )
        else:
            seat = SeatRow(who, f"Player {who}", i, False, False)
            seat.resigned = kind > 0.9
            seat.kicked = seat.resigned and kind > 0.95
            seat.overdue = seat.kicked and kind > 0.975  # a forfeit; else the seat is left out
            seat.covered_until = clock() + 99 if 0.85 < kind <= 0.9 else None
            seats.append(seat)
    scores = [rng.randint(0, 4) for _ in range(players)]
    best = max(scores)
    result = {"winners": [i for i, s in enumerate(scores) if s == best], "scores": scores}
    state = module.setup(rng.randrange(1000), players, None)
    async with storage.transaction() as tx:
        gid = await storage.create_game(
            tx, "chan", title, people[0], {}, 1, 24, clock(), rng.choice(["g1", "g2", None])
        )
        for seat in seats:
            await storage.add_seat(tx, gid, seat.user_id, seat.name, seat.position, seat.level)
            if seat.resigned:
                await storage.resign_seat(tx, gid, seat.user_id, kicked=seat.kicked, overdue=seat.overdue)
            if seat.covered_until is not None:
                await storage.cover_seat(tx, gid, seat.user_id, seat.covered_until)
    for turn in range(players * 2):
        clock.now += rng.randint(1, 5000)
        async with storage.transaction() as tx:
            seat_index = turn % players
            await storage.append_actions(
                tx, gid, [("move", seat_index, seats[seat_index].user_id, "x")], clock()
            )
            if rng.random() < 0.3:  # a second step of the same turn, or a move taken back
                last = max(r.n for r in await storage.actions_in(tx, gid))
                extra = ("move", seat_index, seats[seat_index].user_id, "y")
                await storage.append_actions(
                    tx, gid, [extra if rng.random() < 0.5 else ("undo", None, None, str(last))], clock() + 1
                )
    clock.now += 10
    game = await storage.game(gid)
    assert game is not None
    async with storage.transaction() as tx:
        stored = await storage.save_state(
            tx,
            game,
            state,
            status="over",
            remind_at=None,
            result=result,
            dm_due=[],
            board_log=0,
            board_due=None,
            now=clock(),
        )
        assert stored
        await record.store_finished(storage, tx, game, module, seats, state, result, clock())
    return gid


async def _snapshot(storage: Storage) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    results = await storage.backend.all("SELECT * FROM results ORDER BY game_id, seat")
    rates = await storage.backend.all(
        "SELECT game, user_id, mu, sigma, games FROM ratings ORDER BY game, user_id"
    )
    return [tuple(r) for r in results], [tuple(r) for r in rates]


async def test_recomputing_gives_the_figures_kept_game_by_game(database: str) -> None:
    storage = await Storage.open(database)
    clock = FakeClock()
    rng = random.Random(34)
    try:
        async with storage.transaction() as tx:  # one server does not rate its games
            await storage.record.set_rates(tx, "g2", False, clock())
        for _ in range(40):
            await _store_game(storage, clock, rng, rng.randint(2, 6))
        kept = await _snapshot(storage)
        results, rates = kept
        assert len(results) > 100 and len(rates) > 10
        rated = [tuple(r) for r in await storage.backend.all("SELECT guild_id, mu_after FROM results")]
        assert any(mu is None for guild, mu in rated if guild == "g2")  # a server that rates nothing
        assert all(mu is not None for guild, mu in rated if guild == "g1")
        kicks = await storage.backend.all(
            "SELECT s.overdue, COUNT(r.seat) FROM seats s LEFT JOIN results r"
            " ON r.game_id = s.game_id AND r.seat = s.position WHERE s.kicked = 1 GROUP BY s.overdue ORDER BY 1"
        )
        (removed, unrecorded), (overdue, forfeits) = (tuple(k) for k in kicks)
        assert removed == 0 and unrecorded == 0 and overdue == 1 and forfeits > 0  # both kinds of kick
        made = await record.recompute(storage, clock, force=False)  # at the first start: made
        assert made is not None and 30 <= made <= 40  # games abandoned by every person count for nobody
        assert await _snapshot(storage) == kept
        assert await record.recompute(storage, clock, force=False) is None  # made once, not at every start
        assert await record.recompute(storage, clock) == made  # ./run.sh restats
        assert await _snapshot(storage) == kept
    finally:
        await storage.close()


async def test_a_game_abandoned_by_everyone_counts_for_nobody(table: Table, clock: FakeClock) -> None:
    storage = table.storage
    await table.lobby.new_game("c1", "1", "Astrid", "knarr", guild_id="g")
    await table.lobby.add_bot("c1", "1")
    await table.lobby.start("c1", "1", "joined")
    clock.now += 60
    await table.seating.resign("c1", "1")
    game = await storage.latest_game("c1")
    assert game is not None and game.status == "over"
    assert await storage.backend.all("SELECT * FROM results") == []


async def test_a_resignation_is_a_loss_recorded_with_the_end(table: Table, clock: FakeClock) -> None:
    storage = table.storage
    await table.lobby.new_game("c1", "1", "Astrid", "knarr", guild_id="g")
    await table.lobby.join("c1", "2", "Bjorn")
    await table.lobby.start("c1", "1", "joined")
    clock.now += 3600
    await table.seating.resign("c1", "2")
    rows = await storage.backend.all("SELECT user_id, place, won, ended, mu_after FROM results ORDER BY seat")
    assert [tuple(r) for r in rows][0][:4] == ("1", 1, 1, "played")
    assert [tuple(r) for r in rows][1][:4] == ("2", 2, 0, "resigned")
    rates = {r[0]: (r[1], r[2]) for r in await storage.backend.all("SELECT user_id, mu, sigma FROM ratings")}
    assert ratings.shown(*rates["1"]) > 500 > ratings.shown(*rates["2"]) or rates["1"][0] > rates["2"][0]


def test_restats_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "skald.db"

    async def one_game() -> None:
        storage = await Storage.open(str(path))
        try:
            await _store_game(storage, FakeClock(), random.Random(1), 2)
        finally:
            await storage.close()

    asyncio.run(one_game())
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-m", "bot", "restats", "--db", str(path)],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Recorded 1 finished games again in ")
    missing = subprocess.run(
        [sys.executable, "-m", "bot", "restats", "--db", str(tmp_path / "none.db")],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=120,
    )
    assert missing.returncode == 1 and missing.stderr.startswith("There is no database at ")
    assert len(missing.stderr.strip().splitlines()) == 1


REAL = [("knarr", 2), ("saga", 2), ("knarr", 3), ("knarr", 4), ("volga", 5), ("reavers", 5), ("pax", 6)]


async def test_seeded_whole_games_at_every_player_count(tmp_path: Path) -> None:
    """Whole games played to their end by the random bot in every seat, stored as people's
    games (one seat a bot's at the larger tables): each seat's place follows the game's own
    outcome, the winners' ratings rise, and recomputing gives the same figures."""
    storage = await Storage.open(str(tmp_path / "skald.db"))
    clock = FakeClock()
    try:
        for number, (title, players) in enumerate(REAL):
            module = games.get(title)
            state = module.setup(number, players, None)
            state, moves = turns.play_automatic(
                module, state, dict.fromkeys(range(players), "random"), str(number)
            )
            outcome = module.outcome(state)
            assert outcome is not None
            seats = [
                SeatRow(PEOPLE[(number + i) % len(PEOPLE)], f"P{i}", i, False, False) for i in range(players)
            ]
            if players >= 4:
                seats[-1] = SeatRow("bot:9", "Bot", players - 1, False, False, "sensible")
            async with storage.transaction() as tx:
                gid = await storage.create_game(
                    tx, "chan", title, seats[0].user_id, {}, number, 24, clock(), "g1"
                )
                for seat in seats:
                    await storage.add_seat(tx, gid, seat.user_id, seat.name, seat.position, seat.level)
            for seat_index, action in moves:
                clock.now += 7
                async with storage.transaction() as tx:
                    await storage.append_actions(
                        tx, gid, [("move", seat_index, seats[seat_index].user_id, action)], clock()
                    )
            game = await storage.game(gid)
            assert game is not None
            async with storage.transaction() as tx:
                assert await storage.save_state(
                    tx,
                    game,
                    state,
                    status="over",
                    remind_at=None,
                    result=None,
                    dm_due=[],
                    board_log=0,
                    board_due=None,
                    now=clock(),
                )
                await record.store_finished(storage, tx, game, module, seats, state, None, clock())
            rows = await storage.backend.all(
                "SELECT seat, place, won, mu_before, mu_after, turns FROM results WHERE game_id = ? ORDER BY seat",
                (gid,),
            )
            assert len(rows) == players
            for seat_index, place, won, mu_before, mu_after, timed in rows:
                assert bool(won) == (seat_index in outcome["winners"])
                assert (place == 1) == (seat_index in outcome["winners"])
                assert mu_after is not None and timed >= 0
                if len(outcome["winners"]) == 1 and won:
                    assert mu_after > mu_before
            clock.now += 60
        kept = await _snapshot(storage)
        assert await record.recompute(storage, clock) == len(REAL)
        assert await _snapshot(storage) == kept
    finally:
        await storage.close()


async def _to_act(table: Table, channel: str, user: str) -> None:
    """The others play their first legal moves until the game waits for ``user``."""
    while (found := await acting(table, channel))[0] != user:
        await table.moves.act(channel, found[0], found[1])


async def _kicked_after(
    table: Table, clock: FakeClock, channel: str, hours: float, *, away: bool = False
) -> None:
    """A Knarr game of Astrid (the host) and Bjorn, in which the host removes Bjorn ``hours``
    after the game began waiting for him (``away``: he said he would be away)."""
    await table.lobby.new_game(channel, "1", "Astrid", "knarr", guild_id="g")
    await table.lobby.join(channel, "2", "Bjorn")
    await table.lobby.start(channel, "1", "joined")
    await _to_act(table, channel, "2")
    if away:
        await table.personal.settings("2", away="3 days")
    clock.now += hours * 3600
    await table.seating.kick(channel, "1", "2")  # Astrid alone is left: the game ends


async def _last_said(table: Table) -> str:
    """The texts of the last three messages to the channel."""
    rows = await table.storage.backend.all("SELECT payload FROM outbox WHERE kind = 'channel' ORDER BY id")
    return "\n".join(json.loads(r[0]).get("text", "") for r in rows[-3:])


async def test_a_seat_kicked_while_overdue_is_a_loss(table: Table, clock: FakeClock) -> None:
    await _kicked_after(table, clock, "c1", 25)  # the table's reminder time is 24 hours
    assert "their turn was overdue, so the game counts as their loss" in await _last_said(table)
    seat = await table.storage.backend.one("SELECT kicked, overdue FROM seats WHERE user_id = '2'")
    assert seat is not None and tuple(seat) == (1, 1)
    rows = await table.storage.backend.all(
        "SELECT user_id, place, won, ended, mu_after IS NOT NULL FROM results ORDER BY seat"
    )
    assert [tuple(r) for r in rows] == [("1", 1, 1, "played", 1), ("2", 2, 0, "kicked", 1)]


@pytest.mark.parametrize(("hours", "away"), [(23, False), (25, True)])
async def test_a_seat_kicked_while_not_overdue_is_not_rated(
    table: Table, clock: FakeClock, hours: float, away: bool
) -> None:
    """Removed before the reminder time ran out, or while away: no result, no rating, and
    a game left with one seat counts for nobody (no win for the host)."""
    await _kicked_after(table, clock, "c1", hours, away=away)
    assert "their turn was not overdue, so the game does not count for them" in await _last_said(table)
    game = await table.storage.latest_game("c1")
    assert game is not None and game.status == "over"
    seat = await table.storage.backend.one("SELECT kicked, overdue FROM seats WHERE user_id = '2'")
    assert seat is not None and tuple(seat) == (1, 0)
    assert await table.storage.backend.all("SELECT * FROM results") == []
    assert await table.storage.backend.all("SELECT * FROM ratings") == []


async def test_the_others_count_among_themselves_and_a_seat_handed_over_is_the_newcomers(
    table: Table, clock: FakeClock
) -> None:
    storage = table.storage
    await table.lobby.new_game("c1", "1", "Astrid", "knarr", guild_id="g")
    await table.lobby.join("c1", "2", "Bjorn")
    await table.lobby.join("c1", "3", "Carl")
    await table.lobby.start("c1", "1", "joined")
    clock.now += 60
    await table.seating.kick("c1", "1", "2")  # the bot plays Bjorn's seat
    await table.seating.replace("c1", "1", "2", "4", "Dagny")  # Dagny takes it over
    seat = await storage.backend.one("SELECT resigned, kicked, overdue FROM seats WHERE user_id = '4'")
    assert seat is not None and tuple(seat) == (0, 0, 0)
    await table.seating.kick("c1", "1", "3")  # not overdue: Carl's seat is left out
    clock.now += 60
    await table.seating.resign("c1", "4")  # Astrid alone is left: the game ends
    rows = await storage.backend.all("SELECT user_id, place, won, ended FROM results ORDER BY seat")
    assert [tuple(r) for r in rows] == [("1", 1, 1, "played"), ("4", 2, 0, "resigned")]
    rated = await storage.backend.all("SELECT user_id FROM ratings ORDER BY user_id")
    assert [r[0] for r in rated] == ["1", "4"]
    assert await record.recompute(storage, clock) == 1
    again = await storage.backend.all("SELECT user_id, place, won, ended FROM results ORDER BY seat")
    assert [tuple(r) for r in again] == [tuple(r) for r in rows]


def test_a_removed_seat_has_no_place_and_the_others_are_placed_among_themselves() -> None:
    outcome = {"winners": [1], "scores": [3, 9, 5, 5]}
    assert ratings.places(outcome, ["played", "removed", "played", "kicked"]) == (
        [2, 0, 1, 3],
        [False, False, False, False],
    )
    assert ratings.places(outcome, ["played", "played", "removed", "played"]) == (
        [3, 1, 0, 2],
        [False, True, False, False],
    )


async def test_a_recomputation_that_fails_leaves_the_record_as_it_was(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failure while a page is rated (the database busy with the next page meanwhile)
    rolls the whole recomputation back."""
    storage = await Storage.open(database)
    clock = FakeClock()
    rng = random.Random(7)
    try:
        for _ in range(8):
            await _store_game(storage, clock, rng, 3)
        kept = await _snapshot(storage)
        monkeypatch.setattr(record, "PAGE", 2)
        real = record.rate
        calls = []

        def failing(*args: Any) -> Any:
            calls.append(1)
            if len(calls) == 5:
                raise RuntimeError("broken")
            return real(*args)

        monkeypatch.setattr(record, "rate", failing)
        with pytest.raises(RuntimeError, match="broken"):
            await record.recompute(storage, clock)
        assert await _snapshot(storage) == kept
        monkeypatch.setattr(record, "rate", real)
        assert await record.recompute(storage, clock) is not None
        assert await _snapshot(storage) == kept
    finally:
        await storage.close()
