import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const manifest = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};

const versionParts = (version: string) => version.split('.').map(Number);

// Tandem runs on the Node the `node` package pins (decision 016): npm scripts find it first on their PATH.
describe('the runtime', () => {
  it('is the pinned Node LTS, and engines names no older one', () => {
    const pinned = manifest.dependencies.node ?? '';
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(process.version).toBe(`v${pinned}`);
    const [major = 0, minor = 0] = versionParts(pinned);
    // An LTS line has an even major.
    expect(major % 2).toBe(0);
    const floor = manifest.engines.node.match(/^>=(\d+)\.(\d+)$/);
    expect(floor).not.toBeNull();
    const [floorMajor, floorMinor] = [Number(floor?.[1]), Number(floor?.[2])];
    expect(floorMajor).toBe(major);
    expect(floorMinor).toBeLessThanOrEqual(minor);
  });
});
