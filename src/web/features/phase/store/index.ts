import type { AnswerStore, StoreWrites } from './answer-store';
import { practiceWrites } from './practice-store';
import { answerQueriesFor } from './queries';
import { workspaceWrites } from './workspace-store';

const WRITES: Record<AnswerStore['kind'], (teamId: string) => StoreWrites> = {
  workspace: workspaceWrites,
  practice: () => practiceWrites,
};

const stores = new Map<string, AnswerStore>();

/**
 * The answer store of a workspace's team, or of practice mode (none): where answers live, decided by
 * `answerQueriesFor` (store/queries.ts), with that kind's saves. One store per team, so a page keeps the
 * same one while it shows it.
 */
export function answerStoreFor(teamId: string | undefined): AnswerStore {
  const queries = answerQueriesFor(teamId);
  let store = stores.get(queries.key);
  if (!store) {
    store = { ...queries, ...WRITES[queries.kind](teamId ?? '') };
    stores.set(queries.key, store);
  }
  return store;
}
