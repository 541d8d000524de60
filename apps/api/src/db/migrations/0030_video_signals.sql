CREATE TABLE "video_signals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"from_role" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_signals_role_check" CHECK ("video_signals"."from_role" in ('practitioner', 'patient')),
	CONSTRAINT "video_signals_type_check" CHECK ("video_signals"."type" in ('offer', 'answer', 'candidate', 'media'))
);
--> statement-breakpoint
ALTER TABLE "video_signals" ADD CONSTRAINT "video_signals_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_signals" ADD CONSTRAINT "video_signals_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_signals_created_idx" ON "video_signals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "video_signals_appointment_idx" ON "video_signals" USING btree ("appointment_id");