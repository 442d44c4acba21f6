import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { LiveBus, type LiveEvent } from './bus.ts';
import { type LiveFanout, startLiveFanout } from './pgFanout.ts';

// Two buses on one PostgreSQL stand for two API instances: an event published on one reaches both.
const url = process.env.DATABASE_URL;
const log = pino({ level: 'silent' });
const fanouts: LiveFanout[] = [];
afterAll(() => Promise.all(fanouts.map((f) => f.close())));

const relay = (unitId: number, state: string): LiveEvent => ({ kind: 'relay', organizationId: 1, unitId, state });

describe.skipIf(!url)('live fan-out through PostgreSQL LISTEN/NOTIFY', () => {
  it('delivers every event to every instance once, in order', async () => {
    const channel = `fw_live_test_${process.pid}`;
    const [a, b] = [new LiveBus(), new LiveBus()];
    for (const bus of [a, b]) fanouts.push(await startLiveFanout(bus, { url: url ?? '', channel, log }));
    const heard = { a: [] as LiveEvent[], b: [] as LiveEvent[] };
    a.subscribe((e) => heard.a.push(e));
    b.subscribe((e) => heard.b.push(e));

    for (let i = 0; i < 50; i++) a.publish(relay(i, 'on'));
    b.publish(relay(99, 'off'));
    await expect.poll(() => [heard.a.length, heard.b.length]).toEqual([51, 51]);
    const fromA = (list: LiveEvent[]) => list.flatMap((e) => ('unitId' in e && e.unitId < 99 ? [e.unitId] : []));
    expect(fromA(heard.b)).toEqual([...Array(50).keys()]);
    expect(fromA(heard.a)).toEqual([...Array(50).keys()]);
    expect(heard.a.find((e) => 'unitId' in e && e.unitId === 99)).toEqual(relay(99, 'off'));
  });

  it('delivers an event too large for NOTIFY on its own instance only', async () => {
    const channel = `fw_live_big_${process.pid}`;
    const [a, b] = [new LiveBus(), new LiveBus()];
    for (const bus of [a, b]) fanouts.push(await startLiveFanout(bus, { url: url ?? '', channel, log }));
    const heard = { a: 0, b: 0 };
    a.subscribe(() => heard.a++);
    b.subscribe(() => heard.b++);
    a.publish({ ...relay(1, 'x'.repeat(9000)) });
    a.publish(relay(2, 'on'));
    await expect.poll(() => [heard.a, heard.b]).toEqual([2, 1]);
  });

  it('wakes only its own instance with a stored curve, whose analysis reads it', async () => {
    const channel = `fw_live_radar_${process.pid}`;
    const [a, b] = [new LiveBus(), new LiveBus()];
    for (const bus of [a, b]) fanouts.push(await startLiveFanout(bus, { url: url ?? '', channel, log }));
    const heard = { a: [] as string[], b: [] as string[] };
    a.subscribe((e) => heard.a.push(e.kind));
    b.subscribe((e) => heard.b.push(e.kind));
    a.publish({ kind: 'radar', organizationId: 1, unitId: 1, channel: 1, t: new Date().toISOString() });
    a.publish(relay(2, 'on'));
    // The relay event comes back through PostgreSQL after the curve's: by then the curve would have too.
    await expect.poll(() => heard.b).toEqual(['relay']);
    expect(heard.a).toEqual(['radar', 'relay']);
  });

  it('ends sessions on every instance, in messages NOTIFY takes, never as a browser event', async () => {
    const channel = `fw_live_sessions_${process.pid}`;
    const [a, b] = [new LiveBus(), new LiveBus()];
    for (const bus of [a, b]) fanouts.push(await startLiveFanout(bus, { url: url ?? '', channel, log }));
    const events: unknown[] = [];
    b.subscribe((e) => events.push(e));
    const ids = Array.from({ length: 250 }, () => randomUUID());
    const ended = new Set<string>();
    for (const id of ids) b.watchSession(id, () => ended.add(id));
    a.sessionsEnded(ids);
    await expect.poll(() => ended.size).toBe(ids.length);
    expect(events).toEqual([]);
  });
});
