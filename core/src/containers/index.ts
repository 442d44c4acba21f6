export * from './containers.ts';
