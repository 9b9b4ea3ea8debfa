import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

// Runs one of poppler's programs (Debian's poppler-utils, which .ci/run installs) on a PDF. A missing
// program fails the test that asks: the check that names come out right must not quietly not run.
async function poppler(program: 'pdftotext' | 'pdffonts' | 'pdfsig', pdf: Buffer, args: (file: string) => string[]) {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-pdf-'));
  const file = path.join(directory, 'document.pdf');
  try {
    await fs.writeFile(file, pdf);
    return (await execFileAsync(program, args(file))).stdout;
  } catch (error) {
    // pdfsig exits non-zero for a signature it finds broken: what it printed is the answer.
    const { code, stdout } = error as NodeJS.ErrnoException & { stdout?: string };
    if (program === 'pdfsig' && typeof code === 'number' && stdout) return stdout;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${program} is not installed: apt-get install poppler-utils (.ci/run installs it).`);
    }
    throw error;
  } finally {
    await fs.rm(directory, { recursive: true, force: true });
  }
}

// The text of a PDF as another program reads it, with the page layout kept so a row's cells stay on
// one line.
export function pdfText(pdf: Buffer): Promise<string> {
  return poppler('pdftotext', pdf, (file) => ['-layout', '-enc', 'UTF-8', file, '-']);
}

// The fonts a PDF uses: the name without its subset prefix, and whether the file carries it.
export async function pdfFonts(pdf: Buffer): Promise<Array<{ name: string; embedded: boolean }>> {
  const listing = await poppler('pdffonts', pdf, (file) => [file]);
  // Two header lines, then a font a line: name, type (one or more words), encoding, emb, sub, uni, object.
  return listing
    .trim()
    .split('\n')
    .slice(2)
    .map((line) => {
      const fields = line.trim().split(/\s+/);
      return { name: (fields[0] ?? '').replace(/^[A-Z]{6}\+/, ''), embedded: fields.at(-5) === 'yes' };
    });
}

// What poppler's pdfsig says of a PDF's signatures: each one's validity as it prints it ("Signature is Valid.",
// "Digest Mismatch."…) and whether the signed ranges cover the whole file.
export async function pdfSignatures(pdf: Buffer): Promise<{ validity: string; wholeFile: boolean }[]> {
  const report = await poppler('pdfsig', pdf, (file) => [file]);
  return report
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((section) => ({
      validity: /- Signature Validation: (.+)$/m.exec(section)?.[1]?.trim() ?? '',
      wholeFile: /- Total document signed$/m.test(section),
    }));
}
