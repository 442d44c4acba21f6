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

/** Carries live events between API instances (PostgreSQL LISTEN/NOTIFY: live/pgFanout.ts). */
export type LiveRelay = { send(event: LiveEvent): void };

/**
 * The fan-out of live events to this process's WebSocket connections. Alone, a published event is
 * delivered at once; with a relay (several instances on one PostgreSQL), it goes through the relay
 * and comes back to every instance, this one included, through `deliver`.
 */
export class LiveBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private relay: LiveRelay | undefined;
  useRelay(relay: LiveRelay | undefined) {
    this.relay = relay;
  }
  publish(event: LiveEvent) {
    if (this.relay) this.relay.send(event);
    else this.deliver(event);
  }
  deliver(event: LiveEvent) {
    this.emitter.emit('event', event);
  }
  subscribe(fn: (event: LiveEvent) => void): () => void {
    this.emitter.on('event', fn);
    return () => this.emitter.off('event', fn);
  }
}
