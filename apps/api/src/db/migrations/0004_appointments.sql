-- Appointments. Double booking is refused by PostgreSQL itself, not by a check
-- that races: two exclusion constraints over tstzrange(starts_at, ends_at) ('[)', so back-to-back
-- appointments do not clash), one per owner and one per patient, for live appointments only.
-- btree_gist lets the GiST index compare the uuid with '=' beside the range's '&&'; it is a
-- contrib extension shipped with embedded-postgres and every packaged PostgreSQL.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"kind" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_duration_check" CHECK ("appointments"."ends_at" - "appointments"."starts_at" between interval '5 minutes' and interval '480 minutes'),
	CONSTRAINT "appointments_kind_check" CHECK ("appointments"."kind" in ('in-person', 'video', 'phone')),
	CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('booked', 'arrived', 'fulfilled', 'cancelled', 'no-show'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "working_hours" jsonb DEFAULT '{"monday":{"start":"09:00","end":"17:00"},"tuesday":{"start":"09:00","end":"17:00"},"wednesday":{"start":"09:00","end":"17:00"},"thursday":{"start":"09:00","end":"17:00"},"friday":{"start":"09:00","end":"17:00"},"saturday":null,"sunday":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_minutes" integer DEFAULT 15;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_full_names" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_feed_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "appointment_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_owner_start_idx" ON "appointments" USING btree ("owner_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "appointments_patient_start_idx" ON "appointments" USING btree ("patient_id","starts_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_calendar_feed_hash_unique" UNIQUE("calendar_feed_hash");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_owner_no_overlap"
  EXCLUDE USING gist ("owner_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" in ('booked', 'arrived', 'fulfilled'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_no_overlap"
  EXCLUDE USING gist ("patient_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" in ('booked', 'arrived', 'fulfilled'));
