// deploy/turnserver.conf as `npm run drill:turn` runs it. coturn reads a line's value up to its end (a `#`
// after a value is part of it: "realm=x  # note" is the realm "x  # note"), so the lines an operator sets
// are marked by a `# deployment:` comment line just above them, and the drill rewrites the setting below
// each marker for loopback, without TLS (no certificate here).
export const DEPLOYMENT_MARKER = '# deployment:';

export interface DrillTurnSettings {
  port: number;
  secret: string;
  minPort: number;
  maxPort: number;
}

export function renderTurnConfig(shipped: string, drill: DrillTurnSettings): string {
  const lines: string[] = [];
  let isMarked = false;
  for (const line of shipped.split('\n')) {
    if (line.startsWith(DEPLOYMENT_MARKER)) {
      isMarked = true;
      continue;
    }
    const setting = line.split('=')[0]?.trim() ?? '';
    const wasMarked = isMarked && !line.startsWith('#') && line.trim() !== '';
    if (wasMarked || line.trim() === '') isMarked = false;
    if (setting === 'listening-port') lines.push(`listening-port=${drill.port}`);
    else if (setting === 'tls-listening-port') lines.push('no-tls', 'no-dtls');
    else if (!wasMarked) lines.push(line);
    else if (setting === 'listening-ip') lines.push('listening-ip=127.0.0.1', 'relay-ip=127.0.0.1');
    else if (setting === 'min-port') lines.push(`min-port=${drill.minPort}`);
    else if (setting === 'max-port') lines.push(`max-port=${drill.maxPort}`);
    else if (setting === 'static-auth-secret') lines.push(`static-auth-secret=${drill.secret}`);
    else if (setting === 'realm') lines.push('realm=drill.tandem.test');
    else if (!['external-ip', 'cert', 'pkey'].includes(setting)) {
      throw new Error(`deploy/turnserver.conf marks a line the drill does not know how to rewrite: ${line}`);
    }
  }
  return lines.join('\n');
}
