import type { AnswerStore, StoreWrites } from './answer-store';
import { practiceWrites } from './practice-store';
import { type AnswerPlace, answerQueriesFor } from './queries';
import { workspaceWrites } from './workspace-store';

const WRITES: Record<AnswerStore['kind'], (teamId: string) => StoreWrites> = {
  workspace: workspaceWrites,
  practice: () => practiceWrites,
};

const stores = new Map<string, AnswerStore>();

/**
 * The answer store of a workspace's team, or of practice mode: where answers live, decided by
 * `answerQueriesFor` (store/queries.ts), with that kind's saves. One store per team, so a page keeps the
 * same one while it shows it.
 */
export function answerStoreFor(place: AnswerPlace): AnswerStore {
  const queries = answerQueriesFor(place);
  let store = stores.get(queries.key);
  if (!store) {
    store = { ...queries, ...WRITES[queries.kind](place.kind === 'workspace' ? place.team.id : '') };
    stores.set(queries.key, store);
  }
  return store;
}
