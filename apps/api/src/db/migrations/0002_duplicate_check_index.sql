-- The duplicate warning looks for the owner's live patients with the same phone and name, oldest
-- first, at most 5. An index on (owner_id, phone) alone fetches and sorts every patient sharing
-- the phone; with created_at in the index the scan stops at the fifth match.
DROP INDEX "patients_owner_phone_idx";--> statement-breakpoint
CREATE INDEX "patients_owner_phone_created_idx" ON "patients" USING btree ("owner_id","phone","created_at") WHERE "patients"."deleted_at" is null;