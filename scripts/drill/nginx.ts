import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

// The drills' nginx: deploy/nginx.conf as shipped, with only its `# deployment:` lines rewritten for
// loopback (instances, ports, certificate), run by any user from a folder of its own (pid, logs,
// temporary files), in the foreground.

const run = promisify(execFile);

export const SHIPPED_CONFIG = path.resolve(import.meta.dirname, '../../deploy/nginx.conf');

export interface LoopbackDeployment {
  // host:port of each instance.
  instances: string[];
  httpsListen: string;
  httpListen: string;
  certificate: string;
  certificateKey: string;
  accessLog: string;
}

const DEPLOYMENT_MARK = '# deployment:';
// `  directive first-argument other arguments;  # deployment: what it is`
const MARKED_LINE = /^(\s*)(\S+)\s+(\S+?)(\s[^;]*)?;\s*# deployment:\s*(.+?)\s*$/;

// The shipped file with each `# deployment:` line's first argument replaced: the instance lines become
// one line per instance (with the first one's parameters). Throws when a marked line is missing or
// unexpected, so the drills and the shipped file cannot drift apart.
export function renderNginxConfig(shipped: string, deployment: LoopbackDeployment): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const line of shipped.split('\n')) {
    const marked = line.match(MARKED_LINE);
    if (!marked) {
      lines.push(line);
      continue;
    }
    const [, indent = '', directive = '', , rest = '', what = ''] = marked;
    const withArgument = (argument: string) => `${indent}${directive} ${argument}${rest};  ${DEPLOYMENT_MARK} ${what}`;
    const key = `${directive} ${what}`;
    if (directive === 'server' && what === 'an instance') {
      if (!seen.has(key)) lines.push(...deployment.instances.map(withArgument));
    } else if (directive === 'listen' && what.startsWith('HTTPS port')) {
      lines.push(withArgument(deployment.httpsListen));
    } else if (directive === 'listen' && what.startsWith('HTTP port')) {
      lines.push(withArgument(deployment.httpListen));
    } else if (directive === 'access_log') {
      lines.push(withArgument(deployment.accessLog));
    } else if (directive === 'ssl_certificate') {
      lines.push(withArgument(deployment.certificate));
    } else if (directive === 'ssl_certificate_key') {
      lines.push(withArgument(deployment.certificateKey));
    } else {
      throw new Error(`deploy/nginx.conf marks a line the drills do not know how to rewrite: ${line}`);
    }
    seen.add(key);
  }
  const expected = [
    'server an instance',
    'listen HTTPS port',
    'listen HTTP port, redirected to HTTPS',
    'ssl_certificate certificate chain',
    'ssl_certificate_key private key',
    'access_log access log',
  ];
  const missing = expected.filter((key) => !seen.has(key));
  if (missing.length > 0) throw new Error(`deploy/nginx.conf has no line marked for: ${missing.join(', ')}`);
  return lines.join('\n');
}

// The paths nginx writes to, under the drill's folder instead of the machine's (/var/lib/nginx needs root).
const TEMP_PATHS = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

export interface NginxFolder {
  directory: string;
  configFile: string;
  errorLog: string;
  accessLog: string;
  pidFile: string;
}

// Writes the rendered configuration, its machine paths and a self-signed certificate for 127.0.0.1
// into `directory`, which nginx then uses as its prefix.
export async function prepareNginxFolder(
  directory: string,
  ports: { https: number; http: number; instances: string[] },
): Promise<NginxFolder & { certificate: string }> {
  const tls = path.join(directory, 'tls');
  const temp = path.join(directory, 'temp');
  const included = path.join(directory, 'tandem.d');
  await Promise.all([tls, temp, included].map((folder) => fs.mkdir(folder, { recursive: true })));
  // Run as root, nginx's workers are `nobody`: they must reach the temporary files.
  await fs.chmod(directory, 0o755);
  const certificate = path.join(tls, 'cert.pem');
  const certificateKey = path.join(tls, 'key.pem');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    certificateKey,
    '-out',
    certificate,
  ]);
  const shipped = await fs.readFile(SHIPPED_CONFIG, 'utf8');
  const configFile = path.join(directory, 'nginx.conf');
  await fs.writeFile(
    configFile,
    renderNginxConfig(shipped, {
      instances: ports.instances,
      httpsListen: `127.0.0.1:${ports.https}`,
      httpListen: `127.0.0.1:${ports.http}`,
      certificate,
      certificateKey,
      accessLog: path.join(directory, 'access.log'),
    }),
  );
  await fs.writeFile(
    path.join(included, 'temp-paths.conf'),
    TEMP_PATHS.map((name) => `${name}_temp_path ${path.join(temp, name)};`).join('\n'),
  );
  return {
    directory,
    configFile,
    certificate,
    errorLog: path.join(directory, 'error.log'),
    accessLog: path.join(directory, 'access.log'),
    pidFile: path.join(directory, 'nginx.pid'),
  };
}

// nginx's command line for a folder: its own prefix, error log and pid file, in the foreground.
export function nginxArguments(folder: NginxFolder, extra: string[] = []): string[] {
  return [
    '-p',
    folder.directory,
    '-c',
    folder.configFile,
    '-e',
    folder.errorLog,
    '-g',
    `daemon off; pid ${folder.pidFile};`,
    ...extra,
  ];
}

// The nginx binary, or a clear message saying how to get it.
export function findNginx(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) {
    if (spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  return undefined;
}

export const NGINX_MISSING = 'nginx is not installed: apt-get install --no-install-recommends nginx';

// For the drills: Debian's nginx, installed when missing (as .ci/run does).
export function ensureNginx(): string {
  const found = findNginx();
  if (found) return found;
  console.info('nginx is missing: apt-get install nginx…');
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const installed = findNginx();
  if (!installed) throw new Error(NGINX_MISSING);
  return installed;
}

// `nginx -t` on the folder's configuration: resolves with its output, rejects with it.
export async function testNginxConfig(nginx: string, folder: NginxFolder): Promise<string> {
  const args = nginxArguments(folder, ['-t']);
  try {
    const { stdout, stderr } = await run(nginx, args);
    return `${stdout}${stderr}`;
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`nginx -t failed: ${failure.stderr ?? ''}${failure.stdout ?? ''}${failure.message}`);
  }
}

// Starts nginx in the foreground; what it prints goes to the folder's error log.
export async function startNginx(nginx: string, folder: NginxFolder): Promise<ChildProcess> {
  const output = await fs.open(folder.errorLog, 'a');
  const child = spawn(nginx, nginxArguments(folder), { stdio: ['ignore', output.fd, output.fd] });
  await output.close();
  return child;
}

// Reloads the configuration (after the drill rewrote the instance lines): SIGHUP to the master.
export async function reloadNginx(nginx: string, folder: NginxFolder): Promise<void> {
  await run(nginx, nginxArguments(folder, ['-s', 'reload']));
}

// A drill's nginx: the shipped file rendered for loopback into `directory`, checked (nginx -t), started, and
// stopped gracefully with the drill. Returns its folder and the certificate the drill's clients trust.
export async function startDrillNginx(
  cleanups: { add: (name: string, step: () => Promise<unknown>) => void },
  directory: string,
  ports: { https: number; http: number; instances: string[] },
): Promise<{ folder: NginxFolder & { certificate: string }; ca: string }> {
  const nginx = ensureNginx();
  const folder = await prepareNginxFolder(directory, ports);
  const ca = await fs.readFile(folder.certificate, 'utf8');
  await testNginxConfig(nginx, folder);
  const proxy = await startNginx(nginx, folder);
  const proxyExited = new Promise((resolve) => proxy.once('exit', resolve));
  cleanups.add('nginx', async () => {
    if (proxy.exitCode === null) proxy.kill('SIGQUIT');
    await proxyExited;
  });
  return { folder, ca };
}
