-- A seat the host removed while the game had waited for it longer than the table's reminder
-- time (its turn was overdue): a forfeit, rated as a loss. A seat removed while it was not
-- overdue is left out of the game's record (docs/ratings.md). Kicks from before this was
-- kept stay losses, as they were rated when they happened.
ALTER TABLE seats ADD COLUMN overdue INTEGER NOT NULL DEFAULT 0;
UPDATE seats SET overdue = 1 WHERE kicked = 1;
