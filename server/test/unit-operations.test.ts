import { describe, expect, it } from 'vitest';
import { runWatchdog } from '../src/gateway/watchdog.ts';
import { requestOperation } from '../src/modules/operations/operations.service.ts';
import { NO_AUTHORITY } from '../src/plugins/envelopes.ts';
import { MIN, useTelemetryApp, v2Url } from './fixtures/telemetry.ts';

// v3 and v2 telemetry, radar, markers, relay, operations and the table report, on a real database
// and the real MQTT gateway; an mqtt client acts as the unit.
// This file: operations and the relay, requested over HTTP and answered by the unit through the broker.

const { t, get, send, count, connectUnit } = useTelemetryApp();

describe('operations and relay through the broker', () => {
  const op = (q: string, id = t.unitA) => v2Url(id, `devices/{id}/operation?${q}`);
  const operations = () => count('select count(*)::int as n from operations');

  it('requests an operation and polls it: requested, then succeeded', async () => {
    const unit = await connectUnit('TA-1');
    const res = await send('POST', op('operation=restart'));
    expect(res.statusCode, res.body).toBe(200);
    const { seq } = res.json().result;
    expect(res.json()).toEqual({ success: true, result: { seq, operation: 'restart', state: 'requested' } });
    const down = await unit.waitFor(seq);
    expect(down.topic).toBe('fw/u/TA-1/down/op');
    expect(down.msg).toEqual({ seq, op: 'restart' });
    const poll = () => get(op(`sequence=${seq}&operation=restart`));
    expect((await poll()).json().result).toMatchObject({
      seq,
      operation: 'restart',
      state: 'requested',
      finishedAt: null,
    });
    expect((await get(v2Url(t.unitA, 'devices/{id}/relay'))).json().result.status).toBe('resetting');
    await unit.answer(down);
    await expect.poll(async () => (await poll()).json().result.state).toBe('succeeded');
    expect((await poll()).json().result.message).toBe('done');
    expect((await get(op(`sequence=${seq}&operation=get_data`))).statusCode).toBe(404);
  });

  it('fails an operation the unit does not answer in time', async () => {
    const { seq } = (await send('POST', op('operation=comm_test'))).json().result;
    await runWatchdog(t.db, t.bus, new Date(Date.now() + 10 * MIN));
    const res = await get(op(`sequence=${seq}&operation=comm_test`));
    expect(res.json().result).toMatchObject({ state: 'failed', message: 'No answer from the unit' });
  });

  it('fails an operation at once when the gateway cannot take it (503)', async () => {
    const down = { port: undefined, close: async () => {}, publish: async () => Promise.reject(new Error('down')) };
    const unit = { id: t.unitA, serial: 'TA-1' };
    await expect(requestOperation(t.db, down, unit, 'sync_clock')).rejects.toMatchObject({ statusCode: 503 });
    const [row] = await t.db.query<{ state: string }>(
      "select state from operations where unit_id = $1 and operation = 'sync_clock'",
      [t.unitA],
    );
    expect(row?.state).toBe('failed');
  });

  it('sends the stored settings with send_settings', async () => {
    const unit = await connectUnit('TA-1');
    const { seq } = (await send('POST', op('operation=send_settings'))).json().result;
    const down = await unit.waitFor(seq);
    expect(down.topic).toBe('fw/u/TA-1/down/settings');
    expect(down.msg.settings).toMatchObject({ UnitName: 'Unit TA-1', alarm: expect.any(Object) });
  });

  it('sets the relay: pending until the unit answers, then its reported state', async () => {
    const relay = v2Url(t.unitA, 'devices/{id}/relay');
    expect((await get(relay)).json().result).toEqual({
      state: null,
      status: 'initializing',
      requested: null,
      seq: null,
      message: '',
    });
    const unit = await connectUnit('TA-1');
    const res = await send('POST', relay, { state: '1010' });
    expect(res.statusCode, res.body).toBe(200);
    const { seq } = res.json().result;
    expect(res.json().result).toEqual({ seq, state: 'pending' });
    expect((await get(relay)).json().result).toMatchObject({ state: null, status: 'pending', requested: '1010', seq });
    const down = await unit.waitFor(seq);
    expect(down).toEqual({ topic: 'fw/u/TA-1/down/relay', msg: { seq, op: 'relay', state: '1010' } });
    await unit.answer(down);
    await expect.poll(async () => (await get(relay)).json().result.state).toBe('1010');
    expect((await get(relay)).json().result.status).toBe('ready');
    expect((await get(op(`sequence=${seq}&operation=relay`))).json().result.state).toBe('succeeded');
  });

  it('purges the measurement data when the unit confirms', async () => {
    const unit = await connectUnit('TP-1');
    const samples = () => count('select count(*)::int as n from samples where unit_id = $1', [t.unitP]);
    expect(await samples()).toBe(1);
    const { seq } = (await send('POST', op('operation=purge_data', t.unitP))).json().result;
    expect(await samples()).toBe(1);
    await unit.answer(await unit.waitFor(seq));
    await expect.poll(samples).toBe(0);
    expect(await count('select count(*)::int as n from samples where unit_id = $1', [t.unitA])).toBeGreaterThan(0);
  });

  it('refuses an unknown operation, a bad relay state, a Reader and a stranger, requesting nothing', async () => {
    const before = await operations();
    const unknown = await send('POST', op('operation=explode'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ success: false, error: expect.stringContaining('operation') });
    expect((await send('POST', op(''))).statusCode).toBe(400);
    expect((await get(op('sequence=1&operation=explode'))).statusCode).toBe(400);
    const relay = v2Url(t.unitA, 'devices/{id}/relay');
    for (const state of ['10a', '', '10101010101010101']) {
      const res = await send('POST', relay, { state });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain('state');
    }
    expect((await send('POST', relay, { state: 1010 })).statusCode).toBe(400);
    const byReader = await send('POST', op('operation=restart'), undefined, t.reader);
    expect(byReader.statusCode).toBe(403);
    expect(byReader.json()).toEqual({ success: false, error: NO_AUTHORITY });
    expect((await send('POST', relay, { state: '1' }, t.reader)).statusCode).toBe(403);
    expect((await send('POST', op('operation=restart'), undefined, t.stranger)).statusCode).toBe(404);
    expect((await get(relay, t.reader)).statusCode).toBe(200);
    expect(await operations()).toBe(before);
  });
});
