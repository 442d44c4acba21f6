export * from './dateTime.ts';
export * from './organisationPolicy.ts';
export * from './profileUpdate.ts';
export * from './timezones.ts';
