ALTER TABLE `research_pages` ADD `introduction` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `research_pages` ADD `draft_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `research_pages_draft` ON `research_pages` (`project_id`,`draft_key`);