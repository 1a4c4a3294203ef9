-- Games, their seats, the append-only action log and the outbox of messages.
CREATE TABLE games (
    id             INTEGER PRIMARY KEY,
    channel_id     TEXT    NOT NULL,
    game           TEXT    NOT NULL,
    status         TEXT    NOT NULL,            -- lobby | playing | over | abandoned
    host_id        TEXT    NOT NULL,
    options        TEXT    NOT NULL DEFAULT '{}',
    seed           INTEGER NOT NULL,
    state          TEXT,                         -- JSON; NULL while in the lobby
    version        INTEGER NOT NULL DEFAULT 0,
    reminder_hours REAL    NOT NULL DEFAULT 24,
    remind_at      REAL,                         -- unix time of the next nudge; NULL: none due
    nudges         INTEGER NOT NULL DEFAULT 0,
    undo_request   TEXT,                         -- JSON of an undo waiting for consent
    result         TEXT,                         -- JSON outcome decided by the table (resignation)
    created_at     REAL    NOT NULL,
    updated_at     REAL    NOT NULL
);
-- One active game per channel or thread.
CREATE UNIQUE INDEX games_one_active ON games(channel_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX games_remind ON games(remind_at) WHERE remind_at IS NOT NULL;

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games(id),
    user_id   TEXT    NOT NULL,                  -- a Discord id, or 'bot:N' for a seat the bot plays
    name      TEXT    NOT NULL,
    position  INTEGER NOT NULL,                  -- join order in the lobby, then the seat number
    resigned  INTEGER NOT NULL DEFAULT 0,
    dm_closed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, user_id)
);

CREATE TABLE actions (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    n        INTEGER NOT NULL,                   -- 1, 2, 3 ... in the order recorded
    kind     TEXT    NOT NULL,                   -- move | undo
    seat     INTEGER,
    user_id  TEXT,
    action   TEXT    NOT NULL,
    at       REAL    NOT NULL,
    PRIMARY KEY (game_id, n)
);

CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games(id),
    kind       TEXT    NOT NULL,                 -- channel | dm
    target     TEXT    NOT NULL,                 -- channel id or user id
    payload    TEXT    NOT NULL,                 -- JSON: text, views to draw, buttons
    created_at REAL    NOT NULL,
    sent_at    REAL
);
CREATE INDEX outbox_pending ON outbox(id) WHERE sent_at IS NULL;
