-- Storing trades checked the foreign key to users once per row: a quarter of a 100,000-trade import's database
-- time. The statements that store trades take the owner's row lock once per statement instead (FOR KEY SHARE, the
-- lock the check took, so a user's deletion still waits for them and a deleted user gets no trades), and a
-- trigger deletes a user's trades with the user, as the constraint's cascade did.
ALTER TABLE copy_trades DROP CONSTRAINT copy_trades_user_id_fkey;

CREATE FUNCTION copy_trades_delete_with_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM copy_trades WHERE user_id = OLD.id;
  RETURN OLD;
END
$$;

CREATE TRIGGER users_delete_copy_trades AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION copy_trades_delete_with_owner();
