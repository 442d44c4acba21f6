export * from './onboarding.ts';
