// Every table of every feature; drizzle-kit generates migrations from this.
export * from './audit';
export * from './auth';
export * from './companies';
export * from './mail';
export * from './settings';
export * from './site';
export * from './talent';
