// Every table of every feature; drizzle-kit generates migrations from this.
export * from './admin';
export * from './applications';
export * from './assessments';
export * from './audit';
export * from './auth';
export * from './availability';
export * from './billing';
export * from './companies';
export * from './files';
export * from './jobs';
export * from './mail';
export * from './meetings';
export * from './messaging';
export * from './notifications';
export * from './settings';
export * from './site';
export * from './talent';
