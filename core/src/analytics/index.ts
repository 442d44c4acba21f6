export * from './alongPipes.ts';
export * from './faults.ts';
export * from './forecast.ts';
