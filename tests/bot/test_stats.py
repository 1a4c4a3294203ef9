"""Stats, the leaderboard, the switches about them, and /game history's filters, on the
table core (issue #34), on SQLite and on PostgreSQL: the same figures on both."""

from __future__ import annotations

from typing import Any

import pytest

import games
from bot.store.rows import ResultRow
from bot.table import Table, TableError, stats
from tests.bot.conftest import FakeClock


@pytest.fixture
def db_path(database: str) -> str:
    """These tests run on SQLite and on PostgreSQL (``table`` opens this)."""
    return database


async def finish(table: Table, clock: FakeClock, winner: tuple[str, str], loser: tuple[str, str]) -> None:
    """A Knarr game on server g, channel c1, that ``loser`` resigns."""
    await table.lobby.new_game("c1", winner[0], winner[1], "knarr", guild_id="g")
    await table.lobby.join("c1", loser[0], loser[1])
    await table.lobby.start("c1", winner[0], "joined")
    clock.now += 3600
    await table.seating.resign("c1", loser[0])
    clock.now += 60


ASTRID, BJORN = ("1", "Astrid"), ("2", "Bjorn")


@pytest.fixture
async def played(table: Table, clock: FakeClock) -> Table:
    for _ in range(3):
        await finish(table, clock, ASTRID, BJORN)
    await finish(table, clock, BJORN, ASTRID)
    return table


async def test_a_players_stats(played: Table) -> None:
    text = await played.stats.player("1", "g", "1", "Astrid")
    assert "**Stats of Astrid**" in text
    assert "4 games, 3 wins (places: 1st ×3, 2nd ×1)" in text
    assert "rating " in text and "over the last 4 games" in text
    knarr = await played.stats.player("2", "g", "1", "Astrid", "knarr")  # someone else's, public
    assert "in Knarr" in knarr
    with pytest.raises(
        TableError,
        match="^You have no finished games of Vikings on the Volga yet; stats come from finished games.$",
    ):
        await played.stats.player("1", "g", "1", "Astrid", "volga")
    with pytest.raises(TableError, match=r"^Unknown game 'chess'; choose one of: .*\.$"):
        await played.stats.player("1", "g", "1", "Astrid", "chess")


async def test_the_leaderboard_and_privacy(played: Table) -> None:
    board = await played.stats.leaderboard("g", "knarr")
    assert board.rated == [("1", "Astrid", "609", "4"), ("2", "Bjorn", "499", "4")]  # on either database
    assert int(board.rated[0][2]) > int(board.rated[1][2])
    assert [row[1] for row in board.active] == ["Astrid", "Bjorn"]
    assert board.movers[0][1] == "Astrid"
    assert "Top ratings" in board.text and "Most active" in board.text and "Fastest movers" in board.text
    assert "<@" not in board.text  # names as text, never a mention
    with pytest.raises(TableError, match="^No game of Knarr has finished on this server.$"):
        await played.stats.leaderboard("elsewhere", "knarr")
    with pytest.raises(
        TableError, match="^No game of Knarr has finished on this server in the last 7 days.$"
    ):
        await played.stats.leaderboard("elsewhere", "knarr", "week")
    await played.personal.settings("2", stats="private")
    hidden = await played.stats.leaderboard("g", "knarr")
    assert [row[1] for row in hidden.active] == [
        "Astrid"
    ] and "1 player keeping their stats private" in hidden.text
    with pytest.raises(TableError, match="^Bjorn keeps their stats private.$"):
        await played.stats.player("1", "g", "2", "Bjorn")
    assert "Stats of Bjorn" in await played.stats.player("2", "g", "2", "Bjorn")  # their own, always
    with pytest.raises(TableError, match="^Choose a period: week, month, year, all.$"):
        await played.stats.leaderboard("g", "knarr", "decade")


async def test_a_server_turns_ratings_off(played: Table, clock: FakeClock) -> None:
    with pytest.raises(TableError, match="Manage Server"):
        await played.stats.server_settings("g", ratings_on="off", can_manage=False)
    assert "Ratings: off" in await played.stats.server_settings("g", ratings_on="off", can_manage=True)
    board = await played.stats.leaderboard("g", "knarr")
    assert board.rated == [] and board.movers == [] and "Top ratings" not in board.text
    assert "This server shows no ratings." in await played.stats.player("1", "g", "1", "Astrid")
    before = await played.storage.backend.all("SELECT mu, sigma FROM ratings ORDER BY user_id")
    await finish(played, clock, ASTRID, BJORN)  # not rated here now
    after = await played.storage.backend.all("SELECT mu, sigma FROM ratings ORDER BY user_id")
    assert [tuple(r) for r in before] == [tuple(r) for r in after]


async def test_history_filters(played: Table) -> None:
    text, choices = await played.reading.history("c1", game="knarr", player=("2", "Bjorn"))
    assert len(choices) == 4 and "Finished games of Knarr with Bjorn" in text
    with pytest.raises(TableError, match="^No game with Carl has finished in this channel yet.$"):
        await played.reading.history("c1", player=("3", "Carl"))
    with pytest.raises(TableError, match="^Unknown game"):
        await played.reading.history("c1", game="chess")


def test_stats_text_of_several_titles() -> None:
    def row(game_id: int, title: str, place: int, mu: float) -> ResultRow:
        return ResultRow(
            game_id=game_id,
            seat=0,
            game=title,
            guild_id="g",
            user_id="1",
            name="Astrid",
            players=3,
            place=place,
            score=10,
            won=place == 1,
            ended="played",
            turns=10,
            turn_time=36000.0,
            mu_before=mu - 1,
            sigma_before=8.0,
            mu_after=mu,
            sigma_after=7.5,
            finished_at=float(game_id),
        )

    rows = [row(1, "knarr", 1, 26), row(2, "volga", 2, 25), row(3, "knarr", 3, 25.5), row(4, "pax", 1, 27)]
    text = stats.stats_text("Astrid", rows, None, True)
    assert "4 games, 2 wins (places: 1st ×2, 2nd ×1, 3rd ×1); on average 1 h 00 min a turn." in text
    assert "- Knarr: 2 games, 1 win (places: 1st ×1, 3rd ×1); rating 560 (+40 over the last 2 games)." in text
    assert "Favourite titles: Knarr, Vikings on the Volga and Pax Viking." in text
    assert "rating" not in stats.stats_text("Astrid", rows, None, False).replace("ratings", "")


async def _stored(table: Table, clock: FakeClock, channel: str, title: str, seats: list[str]) -> int:
    """A finished game stored by hand: its seats, then its end with Astrid (seat 0) the winner."""
    storage = table.storage
    module = games.get(title)
    async with storage.transaction() as tx:
        gid = await storage.create_game(tx, channel, title, seats[0], {}, 1, 24, clock(), "g")
        for i, who in enumerate(seats):
            await storage.add_seat(tx, gid, who, f"Player {who}", i)
    game = await storage.game(gid)
    assert game is not None
    async with storage.transaction() as tx:
        state = module.setup(1, len(seats), None)
        result = {"winners": [0], "scores": [1] + [0] * (len(seats) - 1)}
        kwargs: dict[str, Any] = {"remind_at": None, "dm_due": [], "board_log": 0, "board_due": None}
        assert await storage.save_state(tx, game, state, status="over", result=result, now=clock(), **kwargs)
    clock.now += 60
    return gid


async def _log(table: Table, gid: int, seats: list[int | None]) -> None:
    """Moves by these seats in order; ``None``: undo the move before it."""
    storage = table.storage
    for seat in seats:
        async with storage.transaction() as tx:
            if seat is None:
                last = max(r.n for r in await storage.actions_in(tx, gid) if r.kind == "move")
                await storage.append_actions(tx, gid, [("undo", None, None, str(last))], 0.0)
            else:
                await storage.append_actions(tx, gid, [("move", seat, None, "x")], 0.0)


def _count_statements(table: Table, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The statements read outside a transaction from now on (every read a command makes)."""
    backend = table.storage.backend
    calls: list[str] = []
    for name in ("all", "one"):
        real = getattr(backend, name)

        async def counted(sql: str, args: Any = (), real: Any = real) -> Any:
            calls.append(sql)
            return await real(sql, args)

        monkeypatch.setattr(backend, name, counted)
    return calls


async def test_stats_and_the_leaderboard_are_one_statement_each(
    played: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _count_statements(played, monkeypatch)
    for title in (None, "knarr"):
        await played.stats.player("2", "g", "1", "Astrid", title)
        assert len(calls) == 1
        calls.clear()
    for period in ("all", "week"):
        await played.stats.leaderboard("g", "knarr", period)
        assert len(calls) == 1
        calls.clear()


async def test_history_is_one_statement_counting_the_turns_that_stand(
    table: Table, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = await _stored(table, clock, "c2", "knarr", ["1", "2"])
    await _log(table, first, [0, 0, 1, 0, None, 1, 0])  # standing: 0 0 1 1 0, three turns
    second = await _stored(table, clock, "c2", "volga", ["3", "1", "2"])
    await _log(table, second, [0, 1, 2, 0])  # four turns
    third = await _stored(table, clock, "c2", "knarr", ["2", "3"])  # no move at all
    await _stored(table, clock, "elsewhere", "knarr", ["1", "2"])
    calls = _count_statements(table, monkeypatch)
    text, choices = await table.reading.history("c2")
    assert len(calls) == 1  # one statement, whatever the number of games
    assert [label.split(",")[0] for _, label in choices] == [
        f"#{third} Knarr",
        f"#{second} Vikings on the Volga",
        f"#{first} Knarr",
    ]
    assert choices[0][1].endswith("Player 2 won, 0 turns")
    assert choices[1][1].endswith("Player 3 won, 4 turns")
    assert choices[2][1].endswith("Player 1 won, 3 turns")
    calls.clear()
    text, choices = await table.reading.history("c2", game="knarr", player=("1", "Player 1"))
    assert len(calls) == 1 and [gid for gid, _ in choices] == [first]
    assert "Finished games of Knarr with Player 1 in this channel" in text


async def test_bad_input_is_answered_in_one_sentence_and_changes_nothing(played: Table) -> None:
    """Each refusal of /me stats, /game leaderboard, /game history and /game settings
    ratings: exactly one sentence, and the record and the switch as they were."""
    storage = played.storage
    kept = [tuple(r) for r in await storage.backend.all("SELECT * FROM results ORDER BY game_id, seat")]
    refusals = [
        (played.stats.player("1", "g", "3", "Carl"), "There are no stats of Carl to show."),
        (played.stats.player("1", "g", "1", "Astrid", "chess"), None),
        (played.stats.leaderboard("g", "chess"), None),
        (played.stats.leaderboard("g", "knarr", "forever"), "Choose a period: week, month, year, all."),
        (
            played.stats.leaderboard("g", "volga"),
            "No game of Vikings on the Volga has finished on this server.",
        ),
        (played.reading.history("c1", game="pax"), "No game of Pax Viking has finished in this channel yet."),
        (played.reading.history("nowhere"), "No game has finished in this channel yet."),
        (
            played.stats.server_settings("g", ratings_on="maybe", can_manage=True),
            "Ratings are either on or off.",
        ),
        (played.stats.server_settings("g", ratings_on="off", can_manage=False), stats.MANAGE_ONLY),
    ]
    for request, sentence in refusals:
        with pytest.raises(TableError) as refused:
            await request
        text = str(refused.value)
        assert "\n" not in text and text.endswith(".") and text.count(". ") == 0, text
        if sentence is not None:
            assert text == sentence
    assert [
        tuple(r) for r in await storage.backend.all("SELECT * FROM results ORDER BY game_id, seat")
    ] == kept
    assert await storage.record.rates("g")  # the refused switch stayed on
