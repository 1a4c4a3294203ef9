-- A board that waits. With boards=turn the channel gets a board when the turn passes to
-- someone else; the moves of a turn that goes on for long are posted at this time anyway,
-- so the table is never left behind.
ALTER TABLE games ADD COLUMN board_due REAL;
CREATE INDEX games_board_due ON games(board_due) WHERE board_due IS NOT NULL;
