export * from './dateTime.ts';
export * from './organizationPolicy.ts';
export * from './profileUpdate.ts';
export * from './timezones.ts';
