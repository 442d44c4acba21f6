export * from './faults.ts';
export * from './forecast.ts';
