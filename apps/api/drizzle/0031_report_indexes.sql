-- Reports for a year (issue #37; decision 0130): each report reads a restaurant's rows of a range
-- from an index alone (index-only scans, EXPLAIN ANALYZE on ≈ 100k orders in docs/performance/).
-- Sales: the orders of a range with the figures they sum (the same index keeps serving the board's
-- restaurant-and-date lists), and the refunds given in a range. Visits: page views by session, so
-- the distinct sessions come presorted from the index instead of a sort of every event.
DROP INDEX "orders_restaurant_created_idx";--> statement-breakpoint
CREATE INDEX "orders_restaurant_created_idx" ON "orders" USING btree ("restaurant_id","created_at","subtotal_cents","discount_cents");--> statement-breakpoint
CREATE INDEX "refunds_restaurant_created_idx" ON "refunds" USING btree ("restaurant_id","created_at","amount_cents");--> statement-breakpoint
CREATE INDEX "analytics_events_visits_idx" ON "analytics_events" USING btree ("restaurant_id","type","session_id","occurred_at","path");
