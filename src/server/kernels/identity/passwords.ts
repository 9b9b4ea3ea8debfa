import fs from 'node:fs';
import path from 'node:path';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm is a const enum, which isolated modules cannot read: 2 is its Argon2id.
const ARGON2ID = 2 as Algorithm;

// argon2id with the OWASP Password Storage Cheat Sheet's first configuration: 19 MiB, 2 passes, 1 lane.
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Checking a password against no account costs the same as against one, so response times do not
// tell which emails have accounts.
let decoyHash: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy password that no account has');
  await verifyPassword(await decoyHash, password);
}

let commonPasswords: Set<string> | undefined;
function loadCommonPasswords(): Set<string> {
  const file = path.join(import.meta.dirname, 'common-passwords.txt');
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  return new Set(lines.filter((line) => line && !line.startsWith('# ')).map((line) => line.trim().toLowerCase()));
}

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords.has(password.toLowerCase());
}
