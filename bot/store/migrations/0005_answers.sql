-- Answers the bot owes: an interaction it deferred ("thinking") while it makes something
-- slow (a replay GIF, a picture). Kept until the answer is sent, so one that a crash left
-- unanswered is sent after the restart while its token lasts (15 minutes).
CREATE TABLE answers (
    id             INTEGER PRIMARY KEY,
    application_id TEXT    NOT NULL,
    token          TEXT    NOT NULL,
    kind           TEXT    NOT NULL,   -- replay | board | hand
    channel_id     TEXT    NOT NULL,
    user_id        TEXT    NOT NULL,
    game_id        INTEGER,
    created_at     REAL    NOT NULL
);
