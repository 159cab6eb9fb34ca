CREATE TABLE `llm_daily_usage` (
	`day` text PRIMARY KEY NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tool_counters` (
	`tool` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tool_results` (
	`id` text PRIMARY KEY NOT NULL,
	`tool` text NOT NULL,
	`input` text NOT NULL,
	`result` text NOT NULL,
	`offline_demo` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
