import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { stopChildServer, waitUntilReady } from './child-server';
import { freePort } from './free-port';

const run = promisify(execFile);

// A real SAML 2.0 identity provider on loopback — Debian's SimpleSAMLphp 1.19 under `php -S` — for tests of
// Tandem's SAML single sign-on. Each call gets a configuration directory of its own (SimpleSAMLphp reads it
// from SIMPLESAMLPHP_CONFIG_DIR, so the package's /etc/simplesamlphp is never touched), a fresh signing key,
// and a username/password login page that signIn() fills in the way a browser would.

const SIMPLESAMLPHP_WWW = '/usr/share/simplesamlphp/www';
const EMAIL_NAME_ID = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

export interface SamlTestUser {
  username: string;
  password: string;
  email: string;
  givenName?: string;
  familyName?: string;
}

export interface SamlIdentityProviderOptions {
  spEntityId: string;
  // The service provider's Assertion Consumer Service, which receives the response by HTTP-POST.
  acsUrl: string;
  users: SamlTestUser[];
}

export interface SamlPostToAcs {
  acsUrl: string;
  SAMLResponse: string;
  RelayState?: string;
  // What a browser would send with the POST to the ACS: the cookies the service provider set while it
  // redirected to the identity provider (its request state lives there).
  cookie: string;
}

export interface SamlIdentityProvider {
  entityId: string;
  ssoUrl: string;
  certificatePem: string;
  metadataUrl: string;
  signIn(authorizeUrl: string, username: string, password: string): Promise<SamlPostToAcs>;
  stop(): Promise<void>;
}

// PHP literals for the generated configuration; no value ever becomes PHP code.
type PhpValue = string | number | boolean | null | PhpValue[] | { [key: string]: PhpValue };
function php(value: PhpValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return `'${value.replace(/[\\']/g, (character) => `\\${character}`)}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const entries = Array.isArray(value)
    ? value.map((item) => php(item))
    : Object.entries(value).map(([key, item]) => `${php(key)} => ${php(item)}`);
  return `[${entries.join(', ')}]`;
}

function selfSignedCertificate(commonName: string): { keyPem: string; certificatePem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  certificate.serialNumber = `01${randomBytes(8).toString('hex')}`;
  // A day either side of now: a clock a little off on a busy machine must not make it not yet valid.
  certificate.validity.notBefore = new Date(Date.now() - 24 * 60 * 60 * 1000);
  certificate.validity.notAfter = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const subject = [{ name: 'commonName', value: commonName }];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  return { keyPem, certificatePem: forge.pki.certificateToPem(certificate) };
}

async function assertInstalled(): Promise<void> {
  try {
    await fs.access(path.join(SIMPLESAMLPHP_WWW, 'saml2/idp/SSOService.php'));
  } catch {
    throw new Error(
      `SimpleSAMLphp is missing (no ${SIMPLESAMLPHP_WWW}): apt-get install -y simplesamlphp php-xml, as .ci/run does.`,
    );
  }
  try {
    // Debian's simplesamlphp does not depend on php-xml, yet signing the response needs its DOM extension.
    await run('php', ['-r', 'exit(extension_loaded("dom") ? 0 : 3);']);
  } catch (error) {
    // execFile's error: a string code when php could not start, the exit code when it ran.
    const failure = error as { code?: string | number };
    if (failure.code === 'ENOENT') {
      throw new Error(
        'php is missing: apt-get install -y simplesamlphp php-xml (simplesamlphp pulls php), as .ci/run does.',
      );
    }
    if (failure.code === 3) {
      throw new Error("php's DOM extension is missing: apt-get install -y php-xml, as .ci/run does.");
    }
    throw error;
  }
}

async function writeConfiguration(
  directory: string,
  baseUrl: string,
  entityId: string,
  options: SamlIdentityProviderOptions,
  keyPem: string,
  certificatePem: string,
): Promise<void> {
  const paths = Object.fromEntries(
    ['cert', 'log', 'data', 'tmp', 'sessions', 'metadata'].map((name) => [name, path.join(directory, name)]),
  ) as Record<'cert' | 'log' | 'data' | 'tmp' | 'sessions' | 'metadata', string>;
  await Promise.all(Object.values(paths).map((dir) => fs.mkdir(dir, { recursive: true })));
  await fs.writeFile(path.join(paths.cert, 'idp.key'), keyPem, { mode: 0o600 });
  await fs.writeFile(path.join(paths.cert, 'idp.crt'), certificatePem);

  // Paths are absolute: SimpleSAMLphp resolves relative ones against /usr/share/simplesamlphp, not this directory.
  const config = {
    // A full URL, so the URLs SimpleSAMLphp builds (and checks requests against) are php -S's own.
    baseurlpath: `${baseUrl}/`,
    certdir: `${paths.cert}/`,
    loggingdir: `${paths.log}/`,
    datadir: `${paths.data}/`,
    tempdir: paths.tmp,
    metadatadir: `${paths.metadata}/`,
    'metadata.sources': [{ type: 'flatfile', directory: paths.metadata }],
    secretsalt: randomBytes(24).toString('hex'),
    'auth.adminpassword': randomBytes(24).toString('hex'),
    'admin.protectindexpage': true,
    // No internet on the test machines.
    'admin.checkforupdates': false,
    timezone: 'UTC',
    production: true,
    showerrors: true,
    errorreporting: false,
    'logging.handler': 'file',
    'logging.logfile': 'simplesamlphp.log',
    'enable.saml20-idp': true,
    'module.enable': { core: true, saml: true, admin: true, exampleauth: true },
    'store.type': 'phpsession',
    // Debian's default session directory is root's; a test may run as anyone.
    'session.phpsession.savepath': paths.sessions,
    // Not PHP's generic PHPSESSID, which a browser on 127.0.0.1 shares with every other loopback server.
    'session.phpsession.cookiename': 'SimpleSAML',
    // Plain http on loopback: a Secure cookie would never come back.
    'session.cookie.secure': false,
    'session.cookie.samesite': 'Lax',
    'language.cookie.secure': false,
    'language.cookie.samesite': 'Lax',
  } satisfies Record<string, PhpValue>;
  await fs.writeFile(
    path.join(directory, 'config.php'),
    `<?php\n$config = ${php(config)};\n$config['logging.level'] = \\SimpleSAML\\Logger::INFO;\n`,
  );

  // The source's class is its list's first item (PHP turns the key '0' into 0), its users the keyed rest.
  const source: Record<string, PhpValue> = { 0: 'exampleauth:UserPass' };
  for (const user of options.users) {
    // exampleauth:UserPass keys each user by "username:password", split at the first colon.
    if (user.username.includes(':')) throw new Error(`A SAML test username cannot hold a colon: ${user.username}`);
    source[`${user.username}:${user.password}`] = {
      email: user.email,
      ...(user.givenName === undefined ? {} : { givenName: user.givenName }),
      ...(user.familyName === undefined ? {} : { sn: user.familyName }),
    };
  }
  await fs.writeFile(
    path.join(directory, 'authsources.php'),
    `<?php\n$config = ${php({ admin: ['core:AdminPassword'], 'test-users': source })};\n`,
  );

  const idp = {
    host: '__DEFAULT__',
    privatekey: path.join(paths.cert, 'idp.key'),
    certificate: path.join(paths.cert, 'idp.crt'),
    auth: 'test-users',
  };
  const sp = {
    AssertionConsumerService: options.acsUrl,
    NameIDFormat: EMAIL_NAME_ID,
    // The email NameID is the user's email attribute.
    'simplesaml.nameidattribute': 'email',
    'saml20.sign.assertion': true,
    'saml20.sign.response': true,
  };
  await fs.writeFile(
    path.join(paths.metadata, 'saml20-idp-hosted.php'),
    `<?php\n$metadata[${php(entityId)}] = ${php(idp)};\n`,
  );
  await fs.writeFile(
    path.join(paths.metadata, 'saml20-sp-remote.php'),
    `<?php\n$metadata[${php(options.spEntityId)}] = ${php(sp)};\n`,
  );
}

function tail(text: string, lines = 20): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

export async function startSamlIdentityProvider(options: SamlIdentityProviderOptions): Promise<SamlIdentityProvider> {
  await assertInstalled();
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-saml-idp-'));
  const { keyPem, certificatePem } = selfSignedCertificate('Tandem test SAML identity provider');
  let server: ChildProcess | undefined;
  let serverOutput = '';
  let baseUrl = '';
  try {
    // freePort() only finds a port that was free a moment ago: if php loses it to another process, take another.
    for (let attempt = 1; ; attempt += 1) {
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      await writeConfiguration(
        directory,
        baseUrl,
        `${baseUrl}/saml2/idp/metadata.php`,
        options,
        keyPem,
        certificatePem,
      );
      serverOutput = '';
      // php -S gives /module.php/core/loginuserpass.php its PATH_INFO itself: no router script is needed.
      const started = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', SIMPLESAMLPHP_WWW], {
        env: { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: directory },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server = started;
      // php -S logs every request: read it all (a full pipe would stall php) and keep it for error messages.
      const keep = (chunk: Buffer) => {
        serverOutput = tail(serverOutput + chunk.toString('utf8'), 200);
      };
      started.stdout?.on('data', keep);
      started.stderr?.on('data', keep);
      const exited = new Promise<'exited'>((resolve) => {
        started.once('exit', () => resolve('exited'));
        started.once('error', () => resolve('exited'));
      });
      const ready = await Promise.race([
        waitUntilReady(() => metadataServed(`${baseUrl}/saml2/idp/metadata.php`)),
        exited,
      ]);
      if (ready === 'ready') break;
      if (ready === 'exited' && /Address already in use/i.test(serverOutput) && attempt < 3) continue;
      throw new Error(
        ready === 'exited'
          ? `php -S exited before SimpleSAMLphp answered:\n${tail(serverOutput)}`
          : `SimpleSAMLphp did not serve its metadata within 30 s: ${ready}\n${tail(serverOutput)}`,
      );
    }
  } catch (error) {
    await stopChildServer(server);
    await fs.rm(directory, { recursive: true, force: true });
    throw error;
  }

  const readLog = async () =>
    tail(await fs.readFile(path.join(directory, 'log', 'simplesamlphp.log'), 'utf8').catch(() => ''));
  const entityId = `${baseUrl}/saml2/idp/metadata.php`;
  return {
    entityId,
    ssoUrl: `${baseUrl}/saml2/idp/SSOService.php`,
    certificatePem,
    metadataUrl: entityId,
    signIn: (authorizeUrl, username, password) => signIn(authorizeUrl, username, password, readLog),
    stop: async () => {
      await stopChildServer(server);
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

// 'ready' once the identity provider serves its metadata.
async function metadataServed(url: string): Promise<'ready' | string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const body = await response.text();
  return response.ok && body.includes('IDPSSODescriptor') ? 'ready' : `HTTP ${response.status}: ${body.slice(0, 500)}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of tag.matchAll(/([^\s=<>/"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g)) {
    const name = match[1];
    if (name) found[name.toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return found;
}

interface HtmlForm {
  action: string;
  fields: Record<string, string>;
  hasPassword: boolean;
}

// SimpleSAMLphp's own pages are known and simple: a first <form> and its <input>s are enough.
function firstForm(html: string, pageUrl: string): HtmlForm | null {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return null;
  const fields: Record<string, string> = {};
  let hasPassword = false;
  for (const input of (form[2] ?? '').matchAll(/<input\b([^>]*)>/gi)) {
    const { name, value = '', type = 'text' } = attributes(input[1] ?? '');
    if (type.toLowerCase() === 'password') hasPassword = true;
    if (name && type.toLowerCase() !== 'checkbox') fields[name] = value;
  }
  return { action: new URL(attributes(form[1] ?? '').action ?? '', pageUrl).href, fields, hasPassword };
}

// What a browser keeps, by host: cookies ignore the port, so Tandem's and the IdP's share 127.0.0.1.
class CookieJar {
  private readonly cookies = new Map<string, Map<string, string>>();

  store(url: string, response: Response): void {
    const host = new URL(url).hostname;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    this.cookies.set(host, jar);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...rest] = line.split(';');
      const separator = pair.indexOf('=');
      if (separator < 1) continue;
      const name = pair.slice(0, separator).trim();
      const expired = rest.some((attribute) => {
        const [key = '', value = ''] = attribute.split('=').map((part) => part.trim());
        if (key.toLowerCase() === 'max-age') return Number(value) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(value) <= Date.now();
        return false;
      });
      if (expired) jar.delete(name);
      else jar.set(name, pair.slice(separator + 1).trim());
    }
  }

  header(url: string): string {
    const jar = this.cookies.get(new URL(url).hostname);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  }
}

// Plays the browser from the service provider's sign-in link to the auto-submitting form that would post
// the IdP's response to the ACS, which is returned for the test to post (or inspect) itself.
async function signIn(
  authorizeUrl: string,
  username: string,
  password: string,
  readLog: () => Promise<string>,
): Promise<SamlPostToAcs> {
  const jar = new CookieJar();
  let url = authorizeUrl;
  let init: { method: 'GET' | 'POST'; body?: URLSearchParams } = { method: 'GET' };
  let submittedPassword = false;
  const fail = async (message: string, html: string) => {
    const page = html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    return new Error(
      `${message} (at ${url})\nPage: ${decodeEntities(page).slice(0, 800)}\nIdP log:\n${await readLog()}`,
    );
  };
  for (let step = 0; step < 20; step += 1) {
    const cookie = jar.header(url);
    const response = await fetch(url, {
      method: init.method,
      body: init.body,
      headers: cookie ? { cookie } : {},
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    jar.store(url, response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      url = new URL(location, url).href;
      init = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    if (!response.ok) throw await fail(`The SAML sign-in got HTTP ${response.status}`, html);
    const form = firstForm(html, url);
    if (form?.fields.SAMLResponse !== undefined) {
      return {
        acsUrl: form.action,
        SAMLResponse: form.fields.SAMLResponse,
        ...(form.fields.RelayState === undefined ? {} : { RelayState: form.fields.RelayState }),
        cookie: jar.header(form.action),
      };
    }
    if (form?.hasPassword) {
      if (submittedPassword) throw await fail(`The identity provider refused the password of ${username}`, html);
      submittedPassword = true;
      url = form.action;
      init = { method: 'POST', body: new URLSearchParams({ ...form.fields, username, password }) };
      continue;
    }
    throw await fail('The SAML sign-in reached a page with neither a login form nor a SAMLResponse', html);
  }
  throw new Error(`The SAML sign-in from ${authorizeUrl} redirected more than 20 times`);
}
