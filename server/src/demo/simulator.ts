import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { initialRelayState, isReporting, type UnitDef } from './fleet.ts';
import { signalStrength } from './physics.ts';
import { radarCurve } from './radar.ts';
import { readings, type UnitSeries, unitSeries } from './unitSeries.ts';

/**
 * The unit simulator: one MQTT connection per unit, each logged in as that unit (a unit may
 * publish only for itself), speaking docs/device-protocol.md and nothing else. For fleets of
 * thousands it stays cheap: connections are opened a few hundred a second, and one timer drives
 * every report (a heap of due times) and every delayed answer; no unit has a timer of its own.
 */

export type SimUnit = UnitDef & { secret: string };

type Log = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

type SimulatorOptions = {
  /** mqtt://host:port of the broker; credentials in it are ignored (each unit logs in as itself). */
  brokerUrl: string;
  units: readonly SimUnit[];
  /** Seconds between two reports of a unit. */
  intervalS: number;
  log?: Log;
  /** New connections per second (default 250). */
  connectRate?: number;
  /** Delay before a unit answers an operation (ms, default 150–600). */
  answerDelayMs?: [number, number];
};

export type SimulatorStats = {
  units: number;
  connected: number;
  reports: number;
  acknowledged: number;
  failed: number;
  operations: number;
};

export interface Simulator {
  stats(): SimulatorStats;
  stop(): Promise<void>;
}

type Status = 'idle' | 'connecting' | 'up' | 'down' | 'stopped';
type UnitState = {
  u: SimUnit;
  series: UnitSeries[];
  client: MqttClient | null;
  status: Status;
  gen: number;
  failures: number;
  inflight: boolean;
  relay: string;
  settings: Record<string, unknown>;
};

type Due = { at: number; run: () => void };

/** A binary min-heap of due times. */
class Agenda {
  private items: Due[] = [];
  get size() {
    return this.items.length;
  }
  push(d: Due) {
    const a = this.items;
    a.push(d);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if ((a[p] as Due).at <= d.at) break;
      a[i] = a[p] as Due;
      i = p;
    }
    a[i] = d;
  }
  popDue(now: number): Due | undefined {
    const a = this.items;
    const top = a[0];
    if (!top || top.at > now) return undefined;
    const last = a.pop() as Due;
    if (a.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        const cur = (k: number) => (k === i ? last : (a[k] as Due));
        if (l < a.length && (a[l] as Due).at < cur(m).at) m = l;
        if (r < a.length && (a[r] as Due).at < cur(m).at) m = r;
        if (m === i) break;
        a[i] = a[m] as Due;
        i = m;
      }
      a[i] = last;
    }
    return top;
  }
  clear() {
    this.items = [];
  }
}

const TICK_MS = 100;

/** Strips any credentials from a broker URL (the server's own, under MQTT_URL). */
function unitBrokerUrl(url: string): string {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  return u.toString().replace(/\/$/, '');
}

export function startSimulator(opts: SimulatorOptions): Simulator {
  const log = opts.log;
  const url = unitBrokerUrl(opts.brokerUrl);
  const intervalMs = Math.max(100, opts.intervalS * 1000);
  const connectRate = opts.connectRate ?? 250;
  const [delayMin, delayMax] = opts.answerDelayMs ?? [150, 600];
  const tag = randomBytes(3).toString('hex');
  const agenda = new Agenda();
  const stats: SimulatorStats = {
    units: opts.units.length,
    connected: 0,
    reports: 0,
    acknowledged: 0,
    failed: 0,
    operations: 0,
  };
  let stopping = false;
  let authWarnings = 0;

  const states: UnitState[] = opts.units.map((u) => ({
    u,
    series: unitSeries(u),
    client: null,
    status: 'idle',
    gen: 0,
    failures: 0,
    inflight: false,
    relay: initialRelayState(u),
    settings: {},
  }));

  const at = (delayMs: number, run: () => void) => agenda.push({ at: Date.now() + delayMs, run });
  const answerDelay = () => delayMin + Math.random() * (delayMax - delayMin);

  function publish(s: UnitState, kind: string, payload: unknown, done?: (err?: Error) => void) {
    const client = s.client;
    if (!client || s.status !== 'up') return done?.(new Error('not connected'));
    client.publish(`fw/u/${s.u.serial}/up/${kind}`, JSON.stringify(payload), { qos: 1 }, (err) => done?.(err));
  }

  function report(s: UnitState, t = Date.now()) {
    stats.reports++;
    s.inflight = true;
    publish(s, 'samples', { t: new Date(t).toISOString(), v: readings(s.u, t, s.series) }, (err) => {
      s.inflight = false;
      if (err) stats.failed++;
      else stats.acknowledged++;
    });
  }

  /** The next report of a connection generation; stops when the unit went quiet or reconnected. */
  function scheduleReport(s: UnitState, gen: number, delayMs: number) {
    at(delayMs, () => {
      if (stopping || s.gen !== gen || s.status !== 'up') return;
      const now = Date.now();
      if (!isReporting(s.u, now)) {
        // The unit falls silent: it stops reporting and drops off the network.
        stats.connected--;
        s.status = 'stopped';
        s.client?.end(true);
        return;
      }
      if (!s.inflight) report(s, now); // a unit with an unacknowledged report skips a turn
      scheduleReport(s, gen, intervalMs);
    });
  }

  function connect(s: UnitState) {
    if (stopping) return;
    if (!isReporting(s.u, Date.now())) {
      s.status = 'stopped';
      return;
    }
    s.status = 'connecting';
    const gen = ++s.gen;
    const client = mqtt.connect(url, {
      username: s.u.serial,
      password: s.u.secret,
      clientId: `${s.u.serial}-sim-${tag}`,
      clean: true,
      keepalive: 120,
      reconnectPeriod: 0,
      connectTimeout: 20_000,
    });
    s.client = client;
    client.on('connect', () => {
      if (s.gen !== gen) return;
      s.status = 'up';
      s.failures = 0;
      s.inflight = false;
      stats.connected++;
      client.subscribe(`fw/u/${s.u.serial}/down/#`, { qos: 1 });
      // The first report at a random point of the interval spreads the fleet's reports evenly.
      scheduleReport(s, gen, Math.random() * intervalMs);
    });
    client.on('message', (topic, payload) => {
      if (s.gen === gen) onMessage(s, topic, payload);
    });
    client.on('error', (err) => {
      if ((err as { code?: number }).code === 5 || /not authori[sz]ed/i.test(err.message)) {
        if (authWarnings++ < 5)
          log?.warn({ serial: s.u.serial }, 'simulated unit refused by the broker (not authorised)');
        s.failures = Math.max(s.failures, 5);
      }
    });
    client.on('close', () => {
      if (s.gen !== gen || s.client !== client) return;
      if (s.status === 'up') stats.connected--;
      s.client = null;
      client.end(true);
      if (stopping || s.status === 'stopped') return;
      s.status = 'down';
      s.failures++;
      const backoff = Math.min(60_000, 1000 * 2 ** Math.min(s.failures, 6)) * (0.5 + Math.random());
      at(backoff, () => queueConnect(s));
    });
  }

  // Connections open at `connectRate` a second, in order of arrival.
  const connectQueue: UnitState[] = [];
  let connectHead = 0;
  let connectBudget = 0;
  function queueConnect(s: UnitState) {
    connectQueue.push(s);
  }

  function answer(s: UnitState, seq: number, op: string, ok: boolean, message = '', data?: Record<string, unknown>) {
    stats.operations++;
    publish(s, 'result', { seq, op, ok, message, ...(data ? { data } : {}) });
  }

  function settingsOf(s: UnitState): Record<string, unknown> {
    return {
      UnitName: s.u.name,
      UnitType: s.u.type,
      UnitLocation: s.u.location,
      Channels: s.u.channels.length,
      Schedule: 10,
      MeasureInterval: 10,
      ReportInterval: 60,
      ...(s.u.relays ? { RelayCount: s.u.relays } : {}),
      Timezone: 'GMT +01:00 Stockholm',
      ...s.settings,
    };
  }

  function onMessage(s: UnitState, topic: string, payload: Buffer) {
    let msg: { seq?: unknown; op?: unknown; state?: unknown; settings?: unknown };
    try {
      msg = JSON.parse(payload.toString());
    } catch {
      return;
    }
    const seq = typeof msg.seq === 'number' ? msg.seq : 0;
    if (seq < 1) return;
    const kind = topic.slice(topic.lastIndexOf('/') + 1);
    at(answerDelay(), () => {
      if (s.status !== 'up') return;
      if (kind === 'settings') {
        if (msg.settings && typeof msg.settings === 'object') Object.assign(s.settings, msg.settings);
        return answer(s, seq, 'send_settings', true, 'settings stored');
      }
      if (kind === 'relay') {
        const state = typeof msg.state === 'string' ? msg.state : '';
        if (s.u.relays === 0) return answer(s, seq, 'relay', false, 'unit has no relays');
        if (!/^[01]{1,16}$/.test(state)) return answer(s, seq, 'relay', false, 'invalid relay state');
        s.relay = state;
        publish(s, 'relay', { state });
        return answer(s, seq, 'relay', true, `relays set to ${state}`);
      }
      if (kind !== 'op') return;
      const now = Date.now();
      switch (msg.op) {
        case 'get_data':
          report(s, now);
          return answer(s, seq, 'get_data', true, 'data sent');
        case 'get_radar_and_data':
          if (!s.u.radar) {
            report(s, now);
            return answer(s, seq, 'get_radar_and_data', false, 'unit has no radar');
          }
          s.u.channels.forEach((c, i) => {
            publish(s, 'radar', {
              t: new Date(now).toISOString(),
              ch: i + 1,
              pulseSpeed: c.pulseSpeed,
              points: radarCurve(s.u, i + 1, now),
            });
          });
          report(s, now);
          return answer(s, seq, 'get_radar_and_data', true, 'radar and data sent');
        case 'get_settings':
          return answer(s, seq, 'get_settings', true, '', settingsOf(s));
        case 'purge_data':
          return answer(s, seq, 'purge_data', true, 'measurement data purged');
        case 'send_settings':
          return answer(s, seq, 'send_settings', true, 'settings stored');
        case 'sync_clock':
          return answer(s, seq, 'sync_clock', true, `clock set to ${new Date(now).toISOString()}`);
        case 'comm_test':
          return answer(s, seq, 'comm_test', true, `signal ${signalStrength(s.u, now)} dBm`);
        case 'restart': {
          stats.operations++;
          // Answer, then drop the connection and come back a few seconds later.
          return publish(s, 'result', { seq, op: 'restart', ok: true, message: 'restarting' }, () => {
            const client = s.client;
            if (!client || s.status !== 'up') return;
            s.gen++;
            s.status = 'down';
            s.client = null;
            stats.connected--;
            client.end(true);
            at(2000 + Math.random() * 2000, () => queueConnect(s));
          });
        }
        default:
          return;
      }
    });
  }

  const timer = setInterval(() => {
    if (stopping) return;
    const now = Date.now();
    connectBudget = Math.min(connectRate, connectBudget + (connectRate * TICK_MS) / 1000);
    while (connectBudget >= 1 && connectHead < connectQueue.length) {
      const s = connectQueue[connectHead++] as UnitState;
      connectBudget--;
      connect(s);
    }
    if (connectHead > 1000 && connectHead * 2 > connectQueue.length) {
      connectQueue.splice(0, connectHead);
      connectHead = 0;
    }
    for (let d = agenda.popDue(now); d; d = agenda.popDue(now)) d.run();
  }, TICK_MS);

  for (const s of states) queueConnect(s);
  log?.info({ units: states.length, broker: url, intervalS: opts.intervalS }, 'unit simulator started');

  return {
    stats: () => ({ ...stats }),
    async stop() {
      if (stopping) return;
      stopping = true;
      clearInterval(timer);
      agenda.clear();
      await Promise.all(
        states.map(async (s) => {
          const client = s.client;
          s.client = null;
          s.status = 'stopped';
          if (client) await client.endAsync(true).catch(() => {});
        }),
      );
      log?.info({ units: states.length }, 'unit simulator stopped');
    },
  };
}
