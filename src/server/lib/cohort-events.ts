import { EventEmitter } from 'node:events';
import type { CohortEvent } from '../../shared/schemas/cohort.ts';

export type CohortListener = (event: CohortEvent) => void;

/**
 * Where cohort changes and ballot counts go, for the live room (docs/product.md). Publishers (admin
 * cohort calls, ballot casting) call `publish`; the SSE route subscribes per cohort.
 */
export interface CohortEventBus {
  publish(tag: string, event: CohortEvent): Promise<void>;
  subscribe(tag: string, listener: CohortListener): () => void;
  close(): Promise<void>;
}

/** One process: events stay in memory (PGlite mode, where there is only ever one instance). */
export class InProcessCohortEventBus implements CohortEventBus {
  protected readonly emitter = new EventEmitter();

  constructor() {
    // Every open showcase or results page is a listener; a full room is far more than 10.
    this.emitter.setMaxListeners(0);
  }

  async publish(tag: string, event: CohortEvent): Promise<void> {
    this.deliver(tag, event);
  }

  protected deliver(tag: string, event: CohortEvent): void {
    this.emitter.emit(tag, event);
  }

  subscribe(tag: string, listener: CohortListener): () => void {
    this.emitter.on(tag, listener);
    return () => {
      this.emitter.off(tag, listener);
    };
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
