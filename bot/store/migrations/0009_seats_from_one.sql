-- Seats in typed moves are counted from 1, as the table lists them (issue #33): Volga's
-- `offer N` and Pax's `offer N` and `challenge POST N` named the seat by its index from 0.
-- The stored moves of those games are rewritten to the new form, so that they replay to the
-- same states. These are exactly the moves games.upgrade.move changes (a single digit; Pax's
-- post is one word). Undo rows hold move numbers, not moves, and are left alone.
UPDATE actions
SET action = 'offer ' || CAST(CAST(substr(action, 7) AS INTEGER) + 1 AS TEXT)
WHERE kind = 'move'
  AND lower(action) IN ('offer 0', 'offer 1', 'offer 2', 'offer 3', 'offer 4',
                        'offer 5', 'offer 6', 'offer 7', 'offer 8', 'offer 9')
  AND game_id IN (SELECT id FROM games WHERE game IN ('volga', 'pax'));

UPDATE actions
SET action = lower(substr(action, 1, length(action) - 1))
    || CAST(CAST(substr(action, length(action)) AS INTEGER) + 1 AS TEXT)
WHERE kind = 'move'
  AND lower(action) LIKE 'challenge _% _'
  AND lower(action) NOT LIKE 'challenge % % _'
  AND substr(action, length(action)) IN ('0', '1', '2', '3', '4', '5', '6', '7', '8', '9')
  AND game_id IN (SELECT id FROM games WHERE game = 'pax');
