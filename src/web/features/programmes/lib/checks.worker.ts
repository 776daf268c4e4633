import { checkProgramme } from '@shared/programme-checks';

/**
 * The programme checks off the main thread: on a whole programme they take tens of milliseconds (more on a
 * slow laptop), too long to run on every keystroke beside the typing. Each message is `{ id, activities }`;
 * the answer is `{ id, problems }`.
 */
self.onmessage = (event: MessageEvent<{ id: number; activities: readonly unknown[] }>) => {
  const { id, activities } = event.data;
  self.postMessage({ id, problems: checkProgramme(activities) });
};
