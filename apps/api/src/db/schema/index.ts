export * from './users.ts';
export * from './patients.ts';
export * from './audit.ts';
export * from './billing.ts';
export * from './cluster.ts';
export * from './appointments.ts';
export * from './voice.ts';
export * from './clinical.ts';
