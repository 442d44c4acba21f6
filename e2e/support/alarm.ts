import fs from 'node:fs';
import path from 'node:path';
import mqtt from 'mqtt';
import type { Page } from 'playwright-core';
import type { RunningServer } from './server.ts';

export type DemoUnit = { id: number; name: string; serial: string; status: string; type: { code: number } };
const PIPE_TYPES = [1, 6, 21, 25, 26, 33];

/**
 * A pipe unit the signed-in page sees whose status is OK, with its MQTT credentials from the demo
 * fleet file, and a way to make it report wet insulation (0.4 MΩ, below every resistance level).
 */
export async function okPipeUnit(page: Page, server: RunningServer) {
  const devices: DemoUnit[] = await page.evaluate(async () => (await fetch('/api/v1/device')).json());
  const fleet = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'demo-fleet.json'), 'utf8')) as {
    units: { serial: string; secret: string }[];
  };
  const unit = devices.find((d) => d.status === 'ok' && PIPE_TYPES.includes(d.type.code));
  const secret = fleet.units.find((u) => u.serial === unit?.serial)?.secret;
  if (!unit || !secret || !server.mqttUrl) throw new Error('no OK pipe unit with credentials');
  return {
    unit,
    /**
     * Publishes the wet-insulation sample over MQTT (QoS 1, acknowledged after the server's commit),
     * to the server's broker of now (its port may change at a restart).
     */
    reportWetInsulation: async ({ waitForLive = true } = {}) => {
      // The page hears it live only once its live connection is open (the top bar's indicator);
      // a test of what a page missed while offline reports without waiting.
      if (waitForLive) await page.locator('[data-testid=connection][data-status=live]').waitFor();
      const url = server.mqttUrl;
      if (!url) throw new Error('the server has no embedded broker');
      const client = await mqtt.connectAsync(url, { username: unit.serial, password: secret });
      try {
        await client.publishAsync(
          `fw/u/${unit.serial}/up/samples`,
          JSON.stringify({ t: new Date().toISOString(), v: { Resistance1: 0.4, Loop1: 24 } }),
          { qos: 1 },
        );
      } finally {
        await client.endAsync();
      }
    },
  };
}
