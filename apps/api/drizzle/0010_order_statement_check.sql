-- The order statement's own check of what it wrote (modules/orders/repository.ts, placedOrderSql): it
-- counts the rows each of its parts wrote and calls this with the count it expected; a difference is an
-- error, so the statement fails and its transaction rolls back. The check is made in the statement, not
-- in Node after its answer, because a batch of orders sends its COMMIT right behind the statement
-- (decision 0025): by the time Node reads the answer, the transaction is already over.
CREATE OR REPLACE FUNCTION expect_written(what text, written bigint, wanted bigint) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF written IS DISTINCT FROM wanted THEN
    RAISE EXCEPTION '% of % % written', written, wanted, what USING ERRCODE = 'P0004';
  END IF;
  RETURN true;
END;
$$;
