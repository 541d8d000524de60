ALTER TABLE "visits" ADD COLUMN "patient_sharing" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_patient_idx" ON "audit_events" USING btree ("patient_id","id");--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_patient_sharing_check" CHECK ("visits"."patient_sharing" in ('default', 'shared', 'private'));