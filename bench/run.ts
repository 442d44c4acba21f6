/**
 * Benchmarks, each measured as a ratio against a baseline in the same run: `npm run bench`.
 * Figures are recorded in bench/README.md.
 */
import { accessBench } from './access.bench.ts';
import { adminUsageBench } from './admin-usage.bench.ts';
import { alarmStormBench } from './alarm-storm.bench.ts';
import { analyticsBench } from './analytics.bench.ts';
import { chartBench } from './chart.bench.ts';
import { chartRenderBench } from './chart-render.ts';
import { csvExportBench } from './csv-export.bench.ts';
import { dashboardBench } from './dashboard.bench.ts';
import { deviceListBench } from './device-list.bench.ts';
import { eventLoopBench, ingestDuringQueryBench } from './event-loop.bench.ts';
import { frontendScaleBench } from './frontend-scale.ts';
import { ingestBench } from './ingest.bench.ts';
import { mapClusterBench } from './map-cluster.ts';
import { multichartRenderBench } from './multichart-render.ts';

// `npm run bench -- ingest` runs only the benchmarks whose name starts with one of the arguments.
const all = {
  access: accessBench,
  'event-loop': eventLoopBench,
  'ingest-during-query': ingestDuringQueryBench,
  ingest: ingestBench,
  chart: chartBench,
  'chart-render': chartRenderBench,
  'device-list': deviceListBench,
  dashboard: dashboardBench,
  'map-cluster': mapClusterBench,
  'multichart-render': multichartRenderBench,
  'csv-export': csvExportBench,
  'alarm-storm': alarmStormBench,
  'admin-usage': adminUsageBench,
  'frontend-scale': frontendScaleBench,
  analytics: analyticsBench,
};
const wanted = process.argv.slice(2);
const results = [];
for (const [name, run] of Object.entries(all)) {
  if (wanted.length === 0 || wanted.some((w) => name.startsWith(w))) results.push(await run());
}
for (const r of results) {
  console.log(`\n${r.name}`);
  for (const line of r.lines) console.log(`  ${line}`);
}
