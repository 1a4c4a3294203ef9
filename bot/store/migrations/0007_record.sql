-- A community's record (docs/ratings.md): one row per seat of every finished game, each
-- player's rating of each title, and the switches servers and players set about them.

-- The server a game was opened in (NULL: made before servers were kept; such games count
-- for their players' own record and ratings, on no server's leaderboard).
ALTER TABLE games ADD COLUMN guild_id TEXT;
-- A seat the host removed from a running game (it is also marked resigned).
ALTER TABLE seats ADD COLUMN kicked INTEGER NOT NULL DEFAULT 0;
-- Whether others may see a player's stats: public | private.
ALTER TABLE people ADD COLUMN stats TEXT NOT NULL DEFAULT 'public';

-- A server's own settings (/game settings).
CREATE TABLE guilds (
    guild_id   TEXT    PRIMARY KEY,
    ratings    INTEGER NOT NULL DEFAULT 1,       -- 0: the server's games are not rated
    updated_at REAL    NOT NULL
);

-- How each seat of a finished game ended, written in the transaction that stores the end.
CREATE TABLE results (
    game_id      INTEGER NOT NULL REFERENCES games(id),
    seat         INTEGER NOT NULL,
    game         TEXT    NOT NULL,               -- the title: knarr, volga ...
    guild_id     TEXT,                           -- the game's server, as on games
    user_id      TEXT    NOT NULL,               -- a Discord id, or bot:<level> for a bot seat
    name         TEXT    NOT NULL,               -- the seat's name then (a player who left is shown by it)
    players      INTEGER NOT NULL,               -- seats at the table
    place        INTEGER NOT NULL,               -- 1 = first; equal results share a place
    score        INTEGER,
    won          INTEGER NOT NULL,
    ended        TEXT    NOT NULL,               -- played | covered | resigned | kicked | bot
    turns        INTEGER NOT NULL,               -- the seat's own turns that were timed
    turn_time    REAL    NOT NULL,               -- their length in seconds, summed
    mu_before    REAL,                           -- the rating (openskill) before and after;
    sigma_before REAL,                           -- NULL: the seat was not rated
    mu_after     REAL,
    sigma_after  REAL,
    finished_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
-- A server's leaderboard of one title over a period: every figure it sums is in the index,
-- in the order it groups them (by player), so it reads the index alone and sorts nothing
-- (100,000 games: docs/ratings.md).
CREATE INDEX results_board ON results(guild_id, game, user_id, finished_at, won, turns, turn_time,
    mu_before, sigma_before, mu_after, sigma_after);
-- A player's own record, oldest first (and the name of their latest result).
CREATE INDEX results_player ON results(user_id, finished_at);

-- Each identity's rating of each title now: the last of its results, kept for the
-- leaderboard and for the next game's update.
CREATE TABLE ratings (
    game       TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,                 -- a Discord id, or bot:<level>
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,       -- rated games
    updated_at REAL    NOT NULL,
    PRIMARY KEY (game, user_id)
);
-- The finished games in the order they finished (recomputing the record from them).
CREATE INDEX games_over ON games(updated_at, id) WHERE status = 'over';
