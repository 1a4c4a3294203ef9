-- A player's own settings, across all their games (bot/people.py).
CREATE TABLE people (
    user_id    TEXT    PRIMARY KEY,
    zone       TEXT    NOT NULL DEFAULT 'UTC',
    quiet_from INTEGER,                          -- minutes after local midnight
    quiet_to   INTEGER,
    notify     TEXT    NOT NULL DEFAULT 'mention',  -- mention | dm | both
    heads_up   INTEGER NOT NULL DEFAULT 0,       -- "you're next" DMs
    away_until REAL,
    updated_at REAL    NOT NULL
);
-- Turn notices held back by someone's quiet hours; gathered into one message when they end.
CREATE TABLE held (
    id         INTEGER PRIMARY KEY,
    user_id    TEXT    NOT NULL,
    game_id    INTEGER NOT NULL REFERENCES games(id),
    version    INTEGER NOT NULL,                 -- the game's version when it was held
    release_at REAL    NOT NULL,
    created_at REAL    NOT NULL
);
CREATE INDEX held_due ON held(release_at);
-- When who must act last changed ("waiting for Astrid since Tuesday").
ALTER TABLE games ADD COLUMN turn_since REAL;
-- A seat the host lets the bot play while its player is away, until this time.
ALTER TABLE seats ADD COLUMN covered_until REAL;
