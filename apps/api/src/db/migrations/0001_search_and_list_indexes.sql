-- The planner misjudges how selective a LIKE fragment is and would walk the owner index fetching
-- every heap row. The list index carries search_text, so a search filters the owner's entries
-- index-only; search_text is capped so an entry always fits. Measured by
-- apps/api/test/measure-patient-search.ts (docs/performance.md).
DROP INDEX "patients_owner_name_idx";--> statement-breakpoint
DROP INDEX "patients_owner_created_idx";--> statement-breakpoint
ALTER TABLE "patients" drop column "search_text";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (left(lower(name || ' ' || phone || ' ' || coalesce(email, '') || ' ' || diagnosed_with), 600)) STORED;--> statement-breakpoint
CREATE INDEX "patients_search_trgm_idx" ON "patients" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_owner_live_idx" ON "patients" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("search_text") WHERE "patients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patients_owner_phone_idx" ON "patients" USING btree ("owner_id","phone") WHERE "patients"."deleted_at" is null;
