import { EventEmitter } from 'node:events';
import type { OperationState } from '@fieldwatch/core';

/** What a signed-in browser is told about the units it may see (spec: live push). */
export type UnitLiveEvent = { unitId: number; organizationId: number } & (
  | { kind: 'samples'; t: string; values: Record<string, number> }
  | {
      kind: 'alarm';
      alarmId: number;
      alarmType: number;
      channel: number;
      value: number | null;
      limit: number | null;
      time: string;
      cleared: boolean;
    }
  | { kind: 'operation'; seq: number; operation: string; state: OperationState; message: string }
  | { kind: 'relay'; state: string }
  /** A radar curve was stored (the analysis reads it). */
  | { kind: 'radar'; channel: number; t: string }
  /** The radar analysis's findings of a channel changed (found, moved, accepted, dismissed). */
  | { kind: 'findings'; channel: number }
  | { kind: 'event'; eventId: string; category: string; title: string }
  | { kind: 'task'; taskId: string; status: string }
  /** Only for `userId`: each user has notifications of their own. */
  | { kind: 'notification'; userId: number; notificationId: string; priority: string; message: string }
  /** An event was acknowledged: who and when (the comment is read with the event). */
  | { kind: 'acknowledged'; eventId: string; by: string; at: string }
);

/**
 * What only one user's browsers are told, whatever organizations they see: some of their
 * notifications were marked seen (`notificationIds` null: too many to list, or all of them), so the
 * bell and the notification list of every open tab follow.
 */
type UserLiveEvent = { kind: 'notificationsSeen'; userId: number; notificationIds: string[] | null; at: string };

/** What a signed-in browser is told live. */
export type LiveEvent = UnitLiveEvent | UserLiveEvent;

/** Where live events go: the bus itself, or a collector that holds them until a commit. */
export type LivePublisher = { publish(event: LiveEvent): void };

/**
 * Sessions that ended (signed out, ended from a session list, a password change, their user
 * removed, expired): their sockets close. Travels between instances, never to a browser.
 */
type SessionsEnded = { kind: 'sessionsEnded'; sessionIds: string[] };

/**
 * Something was written through the API (a route that declares it writes answered without error):
 * what instances hold in memory (sessions, scopes, the fleet) is read again. Never to a browser.
 */
type DataChanged = { kind: 'dataChanged' };

/** What travels on the bus and between instances. */
export type BusMessage = LiveEvent | SessionsEnded | DataChanged;

/** Where ended sessions are announced: the bus itself, or a collector that holds them until a commit. */
export type SessionEndings = { sessionsEnded(sessionIds: readonly string[]): void };

/** Carries bus messages between API instances (PostgreSQL LISTEN/NOTIFY: live/pgFanout.ts). */
export type LiveRelay = { send(message: BusMessage): void };

/** Session ids per message, so that one fits a NOTIFY payload (under 8,000 bytes) with room to spare. */
const SESSIONS_PER_MESSAGE = 100;

/**
 * The fan-out of live events to this process's WebSocket connections. Alone, a published event is
 * delivered at once; with a relay (several instances on one PostgreSQL), it goes through the relay
 * and comes back to every instance, this one included, through `deliver`. Ended sessions travel
 * the same way and reach only the watchers of those sessions.
 */
export class LiveBus implements LivePublisher, SessionEndings {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly watchers = new Map<string, Set<() => void>>();
  private readonly observers = new Set<(message: BusMessage) => void>();
  private relay: LiveRelay | undefined;
  useRelay(relay: LiveRelay | undefined) {
    this.relay = relay;
  }
  publish(event: LiveEvent) {
    this.send(event);
  }
  sessionsEnded(sessionIds: readonly string[]) {
    for (let i = 0; i < sessionIds.length; i += SESSIONS_PER_MESSAGE) {
      this.send({ kind: 'sessionsEnded', sessionIds: sessionIds.slice(i, i + SESSIONS_PER_MESSAGE) });
    }
  }
  /** Announces that the API wrote something: every instance reads its memory again. */
  dataChanged() {
    this.send({ kind: 'dataChanged' });
  }
  private send(message: BusMessage) {
    // A stored curve wakes this instance's analysis only: the instance that stored it reads it, so
    // instances never wait on each other's claims (the analysis's catch-up covers one that stops).
    if (this.relay && message.kind !== 'radar') {
      // This instance's memory follows at once; the relay's copy comes back later (seen twice).
      this.observe(message);
      this.relay.send(message);
    } else this.deliver(message);
  }
  deliver(message: BusMessage) {
    this.observe(message);
    if (message.kind === 'dataChanged') return;
    if (message.kind !== 'sessionsEnded') return void this.emitter.emit('event', message);
    for (const id of message.sessionIds) for (const fn of this.watchers.get(id) ?? []) fn();
  }
  private observe(message: BusMessage) {
    for (const fn of this.observers) fn(message);
  }
  /**
   * Calls `fn` with every message, synchronously: this instance's own as they are sent, other
   * instances' as they arrive. For what an instance keeps in memory (caches), not for browsers.
   */
  onMessage(fn: (message: BusMessage) => void): () => void {
    this.observers.add(fn);
    return () => this.observers.delete(fn);
  }
  subscribe(fn: (event: LiveEvent) => void): () => void {
    this.emitter.on('event', fn);
    return () => this.emitter.off('event', fn);
  }
  /** Calls `fn` when the session ends (announced on any instance); returns the function that stops watching. */
  watchSession(sessionId: string, fn: () => void): () => void {
    const set = this.watchers.get(sessionId) ?? new Set();
    this.watchers.set(sessionId, set.add(fn));
    return () => {
      set.delete(fn);
      if (set.size === 0 && this.watchers.get(sessionId) === set) this.watchers.delete(sessionId);
    };
  }
}
