-- Decision 064: the change log's pruning finds its cut by the primary key (a short search over
-- ids reading "at"), so "at" needs no index, which every document write paid for. "at" becomes
-- the clock when the log's row is written (after its id was taken, in the BEFORE trigger or the
-- identity default) instead of the transaction's start: every change up to one written before
-- the cut then took its id before the cut, whatever transaction wrote it.
DROP INDEX "document_changes_at_idx";--> statement-breakpoint
ALTER TABLE "document_changes" ALTER COLUMN "at" SET DEFAULT clock_timestamp();
