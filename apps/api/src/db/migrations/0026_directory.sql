CREATE TABLE "directory_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"facility_id" uuid,
	"specialties" text[] DEFAULT '{}' NOT NULL,
	"languages" text[] DEFAULT '{}' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"visit_kinds" text[] DEFAULT '{}' NOT NULL,
	"online_booking" text DEFAULT 'off' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"city_key" text,
	"review_status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"reviewed_at" timestamp (3) with time zone,
	"reviewed_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directory_listings_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "directory_listings_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "directory_listings_bio_check" CHECK (char_length("directory_listings"."bio") <= 1000),
	CONSTRAINT "directory_listings_online_booking_check" CHECK ("directory_listings"."online_booking" in ('off', 'request', 'instant')),
	CONSTRAINT "directory_listings_review_status_check" CHECK ("directory_listings"."review_status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"phone" text,
	"lat" double precision,
	"lng" double precision,
	"review_status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"reviewed_at" timestamp (3) with time zone,
	"reviewed_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facilities_kind_check" CHECK ("facilities"."kind" in ('clinic', 'hospital', 'pharmacy')),
	CONSTRAINT "facilities_name_check" CHECK (char_length("facilities"."name") between 1 and 200),
	CONSTRAINT "facilities_address_check" CHECK (char_length("facilities"."address") between 1 and 300),
	CONSTRAINT "facilities_city_check" CHECK (char_length("facilities"."city") between 1 and 100),
	CONSTRAINT "facilities_country_check" CHECK ("facilities"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "facilities_phone_check" CHECK ("facilities"."phone" ~ '^\+[1-9][0-9]{1,14}$'),
	CONSTRAINT "facilities_coordinates_check" CHECK (("facilities"."lat" is null) = ("facilities"."lng" is null) and "facilities"."lat" between -90 and 90 and "facilities"."lng" between -180 and 180),
	CONSTRAINT "facilities_review_status_check" CHECK ("facilities"."review_status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "facility_staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"user_id" uuid,
	"accepted_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facility_staff_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "facility_staff_accepted_check" CHECK (("facility_staff"."user_id" is null) = ("facility_staff"."accepted_at" is null))
);
--> statement-breakpoint
ALTER TABLE "directory_listings" ADD CONSTRAINT "directory_listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_listings" ADD CONSTRAINT "directory_listings_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_listings" ADD CONSTRAINT "directory_listings_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_staff" ADD CONSTRAINT "facility_staff_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_staff" ADD CONSTRAINT "facility_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_listings_specialties_idx" ON "directory_listings" USING gin ("specialties") WHERE "directory_listings"."listed" and "directory_listings"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "directory_listings_public_name_idx" ON "directory_listings" USING btree ("name","public_id") WHERE "directory_listings"."listed" and "directory_listings"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "directory_listings_public_city_idx" ON "directory_listings" USING btree ("city_key","name","public_id") WHERE "directory_listings"."listed" and "directory_listings"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "directory_listings_name_trgm_idx" ON "directory_listings" USING gin ("name" gin_trgm_ops) WHERE "directory_listings"."listed" and "directory_listings"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "directory_listings_facility_idx" ON "directory_listings" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "directory_listings_pending_idx" ON "directory_listings" USING btree ("updated_at") WHERE "directory_listings"."listed" and "directory_listings"."review_status" = 'pending';--> statement-breakpoint
CREATE INDEX "facilities_owner_idx" ON "facilities" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "facilities_name_trgm_idx" ON "facilities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "facilities_approved_name_idx" ON "facilities" USING btree ("name","id") WHERE "facilities"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "facilities_approved_city_idx" ON "facilities" USING btree (lower("city"),"name","id") WHERE "facilities"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "facilities_pending_idx" ON "facilities" USING btree ("updated_at") WHERE "facilities"."review_status" = 'pending';--> statement-breakpoint
CREATE INDEX "facility_staff_facility_idx" ON "facility_staff" USING btree ("facility_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "facility_staff_member_key" ON "facility_staff" USING btree ("facility_id","user_id");--> statement-breakpoint
CREATE INDEX "facility_staff_user_idx" ON "facility_staff" USING btree ("user_id");--> statement-breakpoint
-- A listing carries the name and city the public search filters and sorts on, so a search
-- reads one table: the user's name, and lower() of the approved facility's city or else the
-- practice's. These triggers keep them whenever any of the three changes.
CREATE FUNCTION directory_listings_search_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.name, lower(coalesce(f.city, u.practice_city)) INTO NEW.name, NEW.city_key
  FROM users u
  LEFT JOIN facilities f ON f.id = NEW.facility_id AND f.review_status = 'approved'
  WHERE u.id = NEW.user_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER directory_listings_search_fields BEFORE INSERT OR UPDATE ON "directory_listings"
  FOR EACH ROW EXECUTE FUNCTION directory_listings_search_fields();--> statement-breakpoint
CREATE FUNCTION directory_listings_follow_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE directory_listings SET user_id = user_id WHERE user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_directory_listing AFTER UPDATE OF name, practice_city ON "users"
  FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name OR NEW.practice_city IS DISTINCT FROM OLD.practice_city)
  EXECUTE FUNCTION directory_listings_follow_user();--> statement-breakpoint
CREATE FUNCTION directory_listings_follow_facility() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE directory_listings SET facility_id = facility_id WHERE facility_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER facilities_directory_listing AFTER UPDATE OF city, review_status ON "facilities"
  FOR EACH ROW WHEN (NEW.city IS DISTINCT FROM OLD.city OR NEW.review_status IS DISTINCT FROM OLD.review_status)
  EXECUTE FUNCTION directory_listings_follow_facility();
