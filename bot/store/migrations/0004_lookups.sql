-- Indexes for the lookups that read every row of a table that only grows (games, seats)
-- or every undelivered message, so that their cost follows what they find, not how many
-- games the bot has ever hosted or how much delivery has piled up (tests/bot/test_query_plans.py).
-- A channel's games, newest first (/game history, the last game of a channel).
CREATE INDEX games_channel ON games(channel_id, id);
-- A player's seats (their games in play) and the seats the bot covers for someone away.
CREATE INDEX seats_user ON seats(user_id);
CREATE INDEX seats_covered ON seats(covered_until) WHERE covered_until IS NOT NULL;
-- Undelivered messages of one target (delivery, and superseding a held DM at every move).
CREATE INDEX outbox_target ON outbox(kind, target, id) WHERE sent_at IS NULL;
