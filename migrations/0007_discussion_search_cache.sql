CREATE TABLE `discussion_search_cache` (
	`source` text NOT NULL,
	`query_key` text NOT NULL,
	`results` text NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`source`, `query_key`)
);
--> statement-breakpoint
CREATE INDEX `discussion_search_cache_expiry` ON `discussion_search_cache` (`expires_at`);