import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { Child } from '../bench/child-processes';

// deploy/prometheus.yml as a drill runs it: its targets the drill's instances, its token file the drill's,
// a short scrape interval, and no Alertmanager (there is none to reach here). Every replacement must
// find its place, so a change to the file that the drill no longer matches fails loudly.
export function renderPrometheusConfig(
  source: string,
  { targets, tokenFile, scrapeInterval }: { targets: string[]; tokenFile: string; scrapeInterval: string },
): string {
  const replacements: Array<[RegExp, (match: string, key: string) => string]> = [
    [/^( {2}scrape_interval: ).*$/m, (_, key) => `${key}${scrapeInterval}`],
    [/^( {2}evaluation_interval: ).*$/m, (_, key) => `${key}${scrapeInterval}`],
    [/^( +credentials_file: ).*$/m, (_, key) => `${key}${tokenFile}`],
    [
      /^( +- targets:\n)(?: +- app-[a-z]+:\d+\n)+/m,
      (_, key) => `${key}${targets.map((target) => `          - ${target}\n`).join('')}`,
    ],
    [/^alerting:\n(?:(?: .*)?\n)+?(?=\S)/m, () => ''],
  ];
  return replacements.reduce((text, [pattern, replacement]) => {
    if (!pattern.test(text)) throw new Error(`deploy/prometheus.yml no longer has what ${pattern} looks for`);
    return text.replace(pattern, (match: string, key: string) => replacement(match, key));
  }, source);
}

// The path of a Debian tool, or an error saying which package brings it.
export function requireTool(tool: string, debianPackage: string): string {
  try {
    return execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(`${tool} is not installed: apt-get install -y ${debianPackage} (.ci/run installs it)`);
  }
}

// Prometheus on a loopback port with a storage folder of its own, its output in logFile.
export function spawnPrometheus(
  binary: string,
  { configFile, storage, listen, logFile }: { configFile: string; storage: string; listen: string; logFile: string },
): Child {
  const log = fs.openSync(logFile, 'a');
  const child = spawn(
    binary,
    [`--config.file=${configFile}`, `--storage.tsdb.path=${storage}`, `--web.listen-address=${listen}`],
    { stdio: ['ignore', log, log] },
  );
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { name: 'prometheus', process: child, pid: child.pid ?? 0, exited };
}
