import fs from 'node:fs/promises';

// Readers of the deployment files (Dockerfile, deploy/.env.example) for the tests that hold them to the code.

export interface Instruction {
  keyword: string;
  text: string;
}

// The Dockerfile's instructions by stage, continuation lines joined and comments dropped.
export async function dockerfileStages(): Promise<Array<{ from: string; instructions: Instruction[] }>> {
  const source = await fs.readFile('Dockerfile', 'utf8');
  const logical = source
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const stages: Array<{ from: string; instructions: Instruction[] }> = [];
  for (const line of logical) {
    const [, keyword = '', text = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') stages.push({ from: text, instructions: [] });
    else stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), text });
  }
  return stages;
}

export const instructionsOf = (instructions: Instruction[], keyword: string) =>
  instructions.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.text);

// ENV KEY=value KEY2="value two" …
export function environmentOf(instructions: Instruction[]): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const text of instructionsOf(instructions, 'ENV')) {
    for (const [, key = '', quoted, plain] of text.matchAll(/(\w+)=(?:"([^"]*)"|(\S*))/g)) {
      environment[key] = quoted ?? plain ?? '';
    }
  }
  return environment;
}

// An env file's settings, KEY=value per line; `# KEY=value` lines too when asked (the optional ones).
export function settingsOf(text: string, { withCommentedOut = false } = {}): Map<string, string> {
  const settings = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match && (withCommentedOut || !match[1])) settings.set(match[2] ?? '', match[3] ?? '');
  }
  return settings;
}
