CREATE TABLE "game_share_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_share_messages_kind" CHECK ("game_share_messages"."kind" in ('win', 'loss')),
	CONSTRAINT "game_share_messages_text" CHECK (char_length("game_share_messages"."text") between 1 and 280)
);
