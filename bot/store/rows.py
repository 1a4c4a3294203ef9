"""The rows the storage hands out: a game, a seat, a logged action, an outgoing message,
and how each is read from a database row (shared by every storage backend)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict
from zoneinfo import ZoneInfo

from bot.store import fastjson
from bot.store.payloads import Payload


class UndoRequest(TypedDict):
    """A request to take back moves that showed new information, waiting for consent (stored
    as JSON in the game's row)."""

    seat: int  # who asks
    moves: list[int]  # the numbers of the moves to take back, in the game's log
    version: int  # the game's version it was asked at: any move after it closes it
    approvals: list[int]  # the seats that allowed it so far


@dataclass
class GameRow:
    id: int
    channel_id: str
    game: str
    status: str
    host_id: str
    options: dict[str, str]
    seed: int
    state: dict[str, Any] | None
    version: int
    reminder_hours: float
    remind_at: float | None
    nudges: int
    undo_request: UndoRequest | None
    result: dict[str, Any] | None
    updated_at: float
    dm_due: list[int]
    board_log: int
    turn_since: float | None = None  # when who must act last changed
    board_due: float | None = None  # moves not yet on a board are posted then (boards=turn)
    guild_id: str | None = None  # the server it was opened in (None: made before servers were kept)


@dataclass
class SeatRow:
    user_id: str
    name: str
    position: int
    resigned: bool
    dm_closed: bool
    level: str = "sensible"
    covered_until: float | None = None  # the host lets the bot play it while its player is away
    kicked: bool = False  # the host removed its player (then also ``resigned``)
    overdue: bool = False  # kicked while the game had waited for it past the reminder time

    @property
    def is_bot(self) -> bool:
        return self.user_id.startswith("bot:")

    @property
    def automatic(self) -> bool:
        """Played by the bot: a bot seat, a seat whose player resigned, or one covered
        while its player is away."""
        return self.is_bot or self.resigned or self.covered_until is not None


@dataclass
class ActionRow:
    n: int
    kind: str
    seat: int | None
    user_id: str | None
    action: str
    at: float


@dataclass
class OutboxRow:
    id: int
    game_id: int
    kind: str
    target: str
    payload: Payload
    attempts: int = 0
    attempted_at: float | None = None  # an earlier send began then and was never confirmed
    next_try: float | None = None
    claimed_until: float | None = None

    def due(self, now: float) -> bool:
        """Not waiting for a retry, and not held by a live claim."""
        return (self.next_try is None or self.next_try <= now) and (
            self.claimed_until is None or self.claimed_until < now
        )


def outbox_row(row: Any) -> OutboxRow:
    return OutboxRow(
        row["id"],
        row["game_id"],
        row["kind"],
        row["target"],
        fastjson.loads(row["payload"]),
        row["attempts"],
        row["attempted_at"],
        row["next_try"],
        row["claimed_until"],
    )


def game_row(row: Any) -> GameRow:
    return GameRow(
        id=row["id"],
        channel_id=row["channel_id"],
        game=row["game"],
        status=row["status"],
        host_id=row["host_id"],
        options=fastjson.loads(row["options"]),
        seed=row["seed"],
        state=fastjson.loads(row["state"]) if row["state"] else None,
        version=row["version"],
        reminder_hours=row["reminder_hours"],
        remind_at=row["remind_at"],
        nudges=row["nudges"],
        undo_request=fastjson.loads(row["undo_request"]) if row["undo_request"] else None,
        result=fastjson.loads(row["result"]) if row["result"] else None,
        updated_at=row["updated_at"],
        dm_due=fastjson.loads(row["dm_due"]),
        board_log=row["board_log"],
        turn_since=row["turn_since"],
        board_due=row["board_due"],
        guild_id=row["guild_id"],
    )


# the seat columns ``seat_row`` reads, in SeatRow's order (a join names them with a prefix)
SEAT_COLUMNS = (
    "user_id",
    "name",
    "position",
    "resigned",
    "dm_closed",
    "level",
    "covered_until",
    "kicked",
    "overdue",
)


def seat_row(r: Any, prefix: str = "") -> SeatRow:
    user_id, name, position, resigned, dm_closed, level, covered_until, kicked, overdue = (
        r[prefix + c] for c in SEAT_COLUMNS
    )
    return SeatRow(
        user_id,
        name,
        position,
        bool(resigned),
        bool(dm_closed),
        level,
        covered_until,
        bool(kicked),
        bool(overdue),
    )


@dataclass
class Owed:
    """An interaction the bot deferred and has yet to answer (bot.adapter.owed)."""

    application_id: str
    token: str
    kind: str  # replay | board | hand
    channel_id: str
    user_id: str
    game_id: int | None
    created_at: float
    id: int = 0


@dataclass(frozen=True)
class Prefs:
    """A player's own settings across all their games (bot.table.people reads and explains them)."""

    user_id: str
    zone: str = "UTC"
    quiet_from: int | None = None  # minutes after local midnight
    quiet_to: int | None = None
    notify: str = "mention"
    heads_up: bool = False  # "you're next"
    away_until: float | None = None
    stats: str = "public"  # public | private: whether others may see their stats

    @property
    def has_quiet(self) -> bool:
        return self.quiet_from is not None and self.quiet_to is not None and self.quiet_from != self.quiet_to

    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.zone)

    def away(self, now: float) -> bool:
        return self.away_until is not None and now < self.away_until

    def mentions(self) -> bool:
        return self.notify in ("mention", "both")

    def dms(self) -> bool:
        return self.notify in ("dm", "both")


@dataclass
class ResultRow:
    """How one seat of a finished game ended (the ``results`` table, docs/ratings.md).
    ``mu_*`` and ``sigma_*`` are the rating before and after; ``None`` when not rated."""

    game_id: int
    seat: int
    game: str
    guild_id: str | None
    user_id: str  # a Discord id, or bot:<level>
    name: str
    players: int
    place: int
    score: int | None
    won: bool
    ended: str  # played | covered | resigned | kicked | bot
    turns: int
    turn_time: float
    mu_before: float | None
    sigma_before: float | None
    mu_after: float | None
    sigma_after: float | None
    finished_at: float

    @property
    def rated(self) -> bool:
        return self.mu_after is not None


RESULT_COLUMNS = (
    "game_id",
    "seat",
    "game",
    "guild_id",
    "user_id",
    "name",
    "players",
    "place",
    "score",
    "won",
    "ended",
    "turns",
    "turn_time",
    "mu_before",
    "sigma_before",
    "mu_after",
    "sigma_after",
    "finished_at",
)


def result_row(r: Any) -> ResultRow:
    values = {c: r[c] for c in RESULT_COLUMNS}
    values["won"] = bool(values["won"])
    return ResultRow(**values)


def result_values(row: ResultRow) -> tuple[Any, ...]:
    """The row's values in ``RESULT_COLUMNS`` order, as stored."""
    return tuple(int(row.won) if c == "won" else getattr(row, c) for c in RESULT_COLUMNS)
