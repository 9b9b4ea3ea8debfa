import { describe, expect, it } from 'vitest';
import { addTag, tagTexts } from './tag-input';

describe('addTag', () => {
  it('adds a trimmed skill', () => {
    expect(addTag(['React'], '  Node.js ')).toEqual({ tags: ['React', 'Node.js'], error: null });
  });

  it('refuses a blank skill and a duplicate in any case', () => {
    expect(addTag(['React'], '   ')).toEqual({ tags: ['React'], error: tagTexts.skillBlank });
    expect(addTag(['React'], 'react')).toEqual({ tags: ['React'], error: tagTexts.skillDuplicate('React') });
  });
});
