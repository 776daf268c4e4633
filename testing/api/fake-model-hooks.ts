import { afterAll, beforeAll } from 'vitest';
import type { ModelConfig } from '../../src/server/config.ts';
import { FakeModel } from './fake-model.ts';

/**
 * A fake model for the whole test file (started before its first test, closed after its last), and the
 * settings that point an app at it: `describeApi(name, suite, { config: model.appConfig })`.
 */
export function fakeModelForFile(overrides: Partial<ModelConfig> = {}) {
  let fake: FakeModel | undefined;
  beforeAll(async () => {
    fake = await FakeModel.start();
  });
  afterAll(async () => {
    await fake?.close();
  });
  return {
    get fake(): FakeModel {
      return fake!;
    },
    appConfig: () => ({ model: fake!.config(overrides) }),
  };
}
