import { describe, expect, it } from 'vitest';
import { operationsByFile } from './operation-files';

// One operation per file, named for it (docs/style.md): a file that changes stored state does one thing, so its
// name says what and a reader finds the rule where its name points. The files below still hold several; each is
// split when next changed, and taken off the list then. No file may join it.
const SPLIT_LEFT: string[] = [];

describe('server operations', () => {
  const severalOperations = [...operationsByFile()].filter(([, names]) => names.length > 1).map(([file]) => file);

  it('are one to a file, but for the files still to split', () => {
    expect(severalOperations.filter((file) => !SPLIT_LEFT.includes(file))).toEqual([]);
  });

  it('leave the list as each file is split', () => {
    expect(SPLIT_LEFT.filter((file) => !severalOperations.includes(file))).toEqual([]);
  });
});
