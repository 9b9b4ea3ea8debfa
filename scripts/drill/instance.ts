// How a production instance starts. The drills start theirs this way, and the Dockerfile's CMD,
// HEALTHCHECK and environment are held to it by a test, so what the drills prove is what the image runs.
export const INSTANCE_COMMAND = ['node', '--enable-source-maps', 'build/server/main.js'] as const;

// Ready means migrated, listening, and the database answering (without Redis: ready, degraded).
export const READINESS_PATH = '/api/ready';

// The settings every production instance has, whatever its deployment.
export const PRODUCTION_ENVIRONMENT = {
  NODE_ENV: 'production',
  HOST: '0.0.0.0',
  PORT: '3000',
} as const;
