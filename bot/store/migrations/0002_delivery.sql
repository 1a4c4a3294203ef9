-- Delivery that is exactly once across crashes, with bounded retries; boards after whole actions.
ALTER TABLE outbox ADD COLUMN attempts     INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN attempted_at REAL;     -- when the last send began (a crash may follow)
ALTER TABLE outbox ADD COLUMN claimed_by   TEXT;     -- the process sending it now
ALTER TABLE outbox ADD COLUMN claimed_until REAL;    -- its lease; another may take over after it
ALTER TABLE outbox ADD COLUMN next_try     REAL;     -- not before this time (back-off)
ALTER TABLE outbox ADD COLUMN failed       TEXT;     -- a permanent failure: never tried again
ALTER TABLE outbox ADD COLUMN message_id   TEXT;     -- the Discord message it became
-- Seats whose private view changed since the last board (their DM waits for the board).
ALTER TABLE games ADD COLUMN dm_due    TEXT    NOT NULL DEFAULT '[]';
-- How many log lines the last board already told.
ALTER TABLE games ADD COLUMN board_log INTEGER NOT NULL DEFAULT 0;
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
-- How a seat the bot plays chooses its moves (games.bots.LEVELS).
ALTER TABLE seats ADD COLUMN level TEXT NOT NULL DEFAULT 'sensible';
