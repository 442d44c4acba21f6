export * from './builtins.ts';
export * from './ids.ts';
export * from './model.ts';
export * from './timeRanges.ts';
export * from './widgets.ts';
