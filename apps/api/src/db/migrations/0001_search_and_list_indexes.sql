-- Measured with scripts/measure-patient-search.ts (100,000 patients of one user among 200,000):
-- the planner misjudges how selective a LIKE fragment is and walked the owner index fetching
-- every heap row (220 ms for a rare fragment). The list index now carries search_text, so a
-- search filters the owner's entries index-only; search_text is capped so an entry always fits.
DROP INDEX "patients_owner_name_idx";--> statement-breakpoint
DROP INDEX "patients_owner_created_idx";--> statement-breakpoint
ALTER TABLE "patients" drop column "search_text";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (left(lower(name || ' ' || phone || ' ' || coalesce(email, '') || ' ' || diagnosed_with), 600)) STORED;--> statement-breakpoint
CREATE INDEX "patients_search_trgm_idx" ON "patients" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_owner_live_idx" ON "patients" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("search_text") WHERE "patients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patients_owner_phone_idx" ON "patients" USING btree ("owner_id","phone") WHERE "patients"."deleted_at" is null;
