CREATE TABLE "patient_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"relationship" text NOT NULL,
	"email" text,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"failed_tries" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp (3) with time zone,
	"ended_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_invitations_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "patient_invitations_relationship_check" CHECK ("patient_invitations"."relationship" in ('self', 'parent-or-guardian', 'carer')),
	CONSTRAINT "patient_invitations_failed_tries_check" CHECK ("patient_invitations"."failed_tries" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "patient_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"relationship" text NOT NULL,
	"invitation_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp (3) with time zone,
	CONSTRAINT "patient_links_relationship_check" CHECK ("patient_links"."relationship" in ('self', 'parent-or-guardian', 'carer'))
);
--> statement-breakpoint
ALTER TABLE "patient_invitations" ADD CONSTRAINT "patient_invitations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_invitations" ADD CONSTRAINT "patient_invitations_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_links" ADD CONSTRAINT "patient_links_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_links" ADD CONSTRAINT "patient_links_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_links" ADD CONSTRAINT "patient_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_links" ADD CONSTRAINT "patient_links_invitation_id_patient_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."patient_invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patient_invitations_open_key" ON "patient_invitations" USING btree ("patient_id") WHERE "patient_invitations"."used_at" is null and "patient_invitations"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "patient_links_live_key" ON "patient_links" USING btree ("user_id","patient_id") WHERE "patient_links"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "patient_links_patient_idx" ON "patient_links" USING btree ("patient_id","created_at");