import type { QueryClient } from '@tanstack/react-query';

/**
 * Starts a screen's first reads as its route is drawn, before its code has arrived (app/router.tsx),
 * leaving out those switched off (no id stored: the screen itself says so). A read already answered
 * within the cache's freshness, or under way, is not asked for again.
 */
export function prefetchAll(qc: QueryClient, queries: { queryKey: readonly unknown[]; enabled?: unknown }[]) {
  for (const q of queries) if (q.enabled !== false) void qc.prefetchQuery(q as Parameters<QueryClient['prefetchQuery']>[0]);
}
