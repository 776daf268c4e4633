/**
 * Whether running prompts on a model is set up on this server: the page's head says so
 * (`<meta name="model-runs" content="on">`, written by the server only then). Read once, synchronously,
 * with no call: where it is not set up, nothing of the feature loads or asks.
 */
let setUp: boolean | undefined;

export function modelRunsSetUp(): boolean {
  if (setUp === undefined) {
    setUp =
      typeof document !== 'undefined' &&
      document.querySelector('meta[name="model-runs"][content="on"]') !== null;
  }
  return setUp;
}
