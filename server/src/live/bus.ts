import { EventEmitter } from 'node:events';
import type { OperationState } from '@fieldwatch/core';

/** What a signed-in browser is told about the units it may see (spec: live push). */
export type LiveEvent = { unitId: number; organizationId: number } & (
  | { kind: 'samples'; t: string; values: Record<string, number> }
  | { kind: 'alarm'; alarmId: number; alarmType: number; channel: number; text: string; time: string; cleared: boolean }
  | { kind: 'operation'; seq: number; operation: string; state: OperationState; message: string }
  | { kind: 'relay'; state: string }
  | { kind: 'event'; eventId: string; category: string; title: string }
  | { kind: 'task'; taskId: string; status: string }
  /** Only for `userId`: each user has notifications of their own. */
  | { kind: 'notification'; userId: number; notificationId: string; priority: string; message: string }
);

/** Where live events go: the bus itself, or a collector that holds them until a commit. */
export type LivePublisher = { publish(event: LiveEvent): void };

/**
 * The in-process fan-out of live events. One process today; with several API instances the same
 * interface is fed by PostgreSQL LISTEN/NOTIFY (fleet-scale issue).
 */
export class LiveBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  publish(event: LiveEvent) {
    this.emitter.emit('event', event);
  }
  subscribe(fn: (event: LiveEvent) => void): () => void {
    this.emitter.on('event', fn);
    return () => this.emitter.off('event', fn);
  }
}
