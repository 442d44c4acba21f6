export * from './events.ts';
export * from './keyValue.ts';
export * from './messages.ts';
export * from './notifications.ts';
export * from './records.ts';
export * from './severity.ts';
export * from './tasks.ts';
