"""What the record shows (docs/ratings.md): a player's stats (``/me stats``), a server's
leaderboard of a title (``/game leaderboard``), and the switches about them (a server's
ratings, a player's privacy). Each answer is read in one statement; names are the ones
the players had at their latest game, written as text (nobody is pinged by a figure).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import games
from bot.store.record import BoardRow
from bot.store.rows import ResultRow
from bot.table import people, ratings, turns
from bot.table.context import Context, TableError
from games.core import plural
from games.words import ordinal

MIN_GAMES = 3  # rated games on the server in the period, to stand on the rating table
TOP = 10  # people on the rating table
SHORT = 5  # people among the most active and the fastest movers
TREND = 10  # the trend of a rating: the change over this many of its latest games
PERIODS = {"week": 7, "month": 30, "year": 365, "all": None}  # days back, None: ever
MANAGE_ONLY = "Only members with the Manage Server permission can change the server's settings."


def game_or_refuse(game: str | None) -> str | None:
    """A title's id as given (None: every title), or one sentence naming the titles."""
    if game is None or game in games.names():
        return game
    raise TableError(f"Unknown game '{turns.clip(game, 30)}'; choose one of: {', '.join(games.names())}.")


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else ("±0" if points == 0 else f"−{-points}")


def rating_line(rows: list[ResultRow]) -> str | None:
    """A title's rating now and its trend over its latest games (None: never rated)."""
    rated = [r for r in rows if r.rated]
    if not rated:
        return None
    last, first = rated[-1], rated[-TREND:][0]
    assert last.mu_after is not None and last.sigma_after is not None
    assert first.mu_before is not None and first.sigma_before is not None
    now = ratings.shown(last.mu_after, last.sigma_after)
    change = now - ratings.shown(first.mu_before, first.sigma_before)
    span = min(len(rated), TREND)
    return f"rating {now} ({signed(change)} over the last {plural(span, 'game')})"


def pace(rows: list[ResultRow]) -> str | None:
    turns_taken = sum(r.turns for r in rows)
    if not turns_taken:
        return None
    return f"{people.duration_words(sum(r.turn_time for r in rows) / turns_taken)} a turn"


def summary(rows: list[ResultRow]) -> str:
    """Games, wins and places of some results."""
    wins = sum(r.won for r in rows)
    counted = Counter(r.place for r in rows)
    places = ", ".join(f"{ordinal(p)} ×{n}" for p, n in sorted(counted.items()))
    return f"{plural(len(rows), 'game')}, {plural(wins, 'win')} (places: {places})"


def stats_text(name: str, rows: list[ResultRow], game: str | None, shows_ratings: bool) -> str:
    """A player's stats: of one title, or of all with each title's line and favourites."""
    who = turns.plain(name)
    titles: dict[str, list[ResultRow]] = {}
    for row in rows:
        titles.setdefault(row.game, []).append(row)
    lines = [f"**Stats of {who}**" + (f" in {games.get(game).title}" if game else "") + ":"]
    overall = [summary(rows)]
    if (spent := pace(rows)) is not None:
        overall.append(f"on average {spent}")
    if len(titles) == 1 and shows_ratings and (rating := rating_line(rows)) is not None:
        overall.append(rating)
    lines.append("; ".join(overall) + ".")
    if len(titles) > 1:
        for title, found in sorted(titles.items(), key=lambda item: -len(item[1])):
            parts = [f"{games.get(title).title}: {summary(found)}"]
            if shows_ratings and (rating := rating_line(found)) is not None:
                parts.append(rating)
            lines.append("- " + "; ".join(parts) + ".")
    if game is None and len(titles) > 1:
        favourites = [games.get(t).title for t, _ in Counter(r.game for r in rows).most_common(3)]
        lines.append(f"Favourite titles: {turns.joined(favourites)}.")
    if not shows_ratings:
        lines.append("This server shows no ratings.")
    return "\n".join(lines)


@dataclass
class Leaderboard:
    """A server's leaderboard of a title, as text and as the rows of its picture."""

    title: str
    period: str
    text: str
    ratings: bool = True  # the server shows ratings (the top ratings and the movers)
    rated: list[tuple[str, str, str, str]] = field(default_factory=list)  # rank, name, rating, games
    active: list[tuple[str, str, str, str]] = field(default_factory=list)  # rank, name, games, wins
    movers: list[tuple[str, str, str, str]] = field(default_factory=list)  # rank, name, change, rating


PERIOD_WORDS = {
    "week": "the last 7 days",
    "month": "the last 30 days",
    "year": "the last year",
    "all": "all time",
}


def board_of(title: str, period: str, rows: list[BoardRow], shows_ratings: bool) -> Leaderboard:
    """The three tables of a server's leaderboard: the top ratings among people with
    ``MIN_GAMES`` rated games here, the most active, and the fastest movers. People who
    keep their stats private are left out."""
    shown = [r for r in rows if not r.private]
    hidden = len(rows) - len(shown)
    board = Leaderboard(title, PERIOD_WORDS[period], "", shows_ratings)
    lines = [f"**{title} leaderboard of this server**, {board.period}:"]
    if not shown:
        lines.append(
            "No finished games here in that time."
            if not rows
            else "Every player here keeps their stats private."
        )
        board.text = "\n".join(lines)
        return board

    def rating(row: BoardRow) -> int:
        assert row.mu is not None and row.sigma is not None
        return ratings.shown(row.mu, row.sigma)

    if shows_ratings:
        standing = sorted(
            (r for r in shown if r.rated >= MIN_GAMES and r.mu is not None),
            key=lambda r: (-rating(r), r.name),
        )[:TOP]
        board.rated = [(str(i + 1), r.name, str(rating(r)), str(r.games)) for i, r in enumerate(standing)]
        lines.append(f"Top ratings (at least {plural(MIN_GAMES, 'rated game')} here):")
        lines += [
            f"{i + 1}. {turns.plain(r.name)}: {rating(r)} ({plural(r.games, 'game')})"
            for i, r in enumerate(standing)
        ]
        if not standing:
            lines.append("nobody yet.")
    busy = sorted(shown, key=lambda r: (-r.games, -r.wins, r.name))[:SHORT]
    board.active = [(str(i + 1), r.name, str(r.games), str(r.wins)) for i, r in enumerate(busy)]
    lines.append("Most active:")
    lines += [
        f"{i + 1}. {turns.plain(r.name)}: {plural(r.games, 'game')}, {plural(r.wins, 'win')}"
        for i, r in enumerate(busy)
    ]
    if shows_ratings:
        moving = sorted((r for r in shown if r.rated and r.moved > 0), key=lambda r: (-r.moved, r.name))[
            :SHORT
        ]
        board.movers = [
            (str(i + 1), r.name, signed(round(20 * r.moved)), str(rating(r)) if r.mu is not None else "")
            for i, r in enumerate(moving)
        ]
        lines.append("Fastest movers:")
        lines += [
            f"{i + 1}. {turns.plain(r.name)}: {signed(round(20 * r.moved))}" for i, r in enumerate(moving)
        ]
        if not moving:
            lines.append("nobody rose in that time.")
    if hidden:
        lines.append(f"({plural(hidden, 'player')} keeping their stats private not shown.)")
    board.text = "\n".join(lines)
    return board


class Stats:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.storage = ctx.storage

    async def player(
        self, asker_id: str, guild_id: str | None, user_id: str, name: str, game: str | None = None
    ) -> str:
        """``/me stats``: the player's stats (the asker's own, or someone else's unless they
        keep them private)."""
        game = game_or_refuse(game)
        privacy, shows_ratings, rows = await self.storage.record.player(user_id, guild_id, game)
        own = asker_id == user_id
        if not own and privacy == "private":
            raise TableError(f"{turns.plain(name)} keeps their stats private.")
        if not rows:
            what = f" of {games.get(game).title}" if game else ""
            if own:
                raise TableError(f"You have no finished games{what} yet; stats come from finished games.")
            raise TableError(f"There are no stats{what} of {turns.plain(name)} to show.")
        return stats_text(rows[-1].name if not own else name, rows, game, shows_ratings)

    async def leaderboard(self, guild_id: str, game: str, period: str = "all") -> Leaderboard:
        """``/game leaderboard``: the server's leaderboard of a title over a period."""
        found = game_or_refuse(game)
        assert found is not None
        if period not in PERIODS:
            raise TableError(f"Choose a period: {', '.join(PERIODS)}.")
        days = PERIODS[period]
        since = 0.0 if days is None else self.ctx.clock() - days * 86400
        shows_ratings, rows = await self.storage.record.board(guild_id, found, since)
        if not rows:
            within = "" if days is None else f" in {PERIOD_WORDS[period]}"
            raise TableError(f"No game of {games.get(found).title} has finished on this server{within}.")
        return board_of(games.get(found).title, period, rows, shows_ratings)

    async def server_settings(self, guild_id: str, *, ratings_on: str | None, can_manage: bool) -> str:
        """``/game settings``: the server's settings, shown back; changed only by members
        who may manage the server."""
        if ratings_on is not None:
            if ratings_on not in ("on", "off"):
                raise TableError("Ratings are either on or off.")
            if not can_manage:
                raise TableError(MANAGE_ONLY)
            async with self.storage.transaction() as tx:
                await self.storage.record.set_rates(tx, guild_id, ratings_on == "on", self.ctx.clock())
        on = await self.storage.record.rates(guild_id)
        head = "Saved. " if ratings_on is not None else ""
        if on:
            return (
                head
                + "Ratings: on (finished games here move the players' ratings; /game leaderboard shows them)."
            )
        return head + "Ratings: off (games here move no rating, and no rating is shown here)."
