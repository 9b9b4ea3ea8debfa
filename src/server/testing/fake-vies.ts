import http from 'node:http';
import type { AddressInfo } from 'node:net';

// VIES's REST interface on loopback, as kernels/payments/vies.ts speaks to it: POST {url}/check-vat-number with
// { countryCode, vatNumber }. A table says what each number (its member state code and number, 'DE136695976')
// answers; a number not in it is one no member state knows, as on the real service.
export type FakeViesAnswer =
  | { kind: 'valid'; name?: string; address?: string }
  | { kind: 'invalid' }
  // VIES's error list: on HTTP 200 by default, as the service sends MS_UNAVAILABLE and MS_MAX_CONCURRENT_REQ.
  | { kind: 'error'; error: string; httpStatus?: number }
  | { kind: 'http'; httpStatus: number; body?: string }
  // Accepts the request and never answers.
  | { kind: 'hang' };

export interface FakeVies {
  // What VIES_URL would be: the answers are under it.
  url: string;
  requests: Array<{ countryCode: string; vatNumber: string }>;
  answer(key: string, answer: FakeViesAnswer): void;
  close(): Promise<void>;
}

const BASE_PATH = '/taxation_customs/vies/rest-api';
const REQUEST_MAX_BYTES = 4096;
// A test asks a handful of times; more means a loop somewhere.
const MAX_REQUESTS = 100;

const json = (response: http.ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const errorList = (error: string) => ({ actionSucceed: false, errorWrappers: [{ error, message: null }] });

async function readBody(request: http.IncomingMessage): Promise<string | null> {
  let text = '';
  for await (const chunk of request) {
    text += String(chunk);
    if (text.length > REQUEST_MAX_BYTES) return null;
  }
  return text;
}

function parseCheck(text: string): { countryCode: string; vatNumber: string } | null {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null) return null;
    const { countryCode, vatNumber } = body as Record<string, unknown>;
    return typeof countryCode === 'string' && typeof vatNumber === 'string' ? { countryCode, vatNumber } : null;
  } catch {
    return null;
  }
}

export async function startFakeVies(table: Record<string, FakeViesAnswer> = {}): Promise<FakeVies> {
  const answers = new Map(Object.entries(table));
  const requests: FakeVies['requests'] = [];
  const server = http.createServer(async (request, response) => {
    if (request.method !== 'POST' || request.url !== `${BASE_PATH}/check-vat-number`) {
      json(response, 404, errorList('NOT_FOUND'));
      return;
    }
    const check = parseCheck((await readBody(request)) ?? '');
    if (!check) {
      json(response, 400, errorList('INVALID_INPUT'));
      return;
    }
    requests.push(check);
    if (requests.length > MAX_REQUESTS) {
      json(response, 200, errorList('GLOBAL_MAX_CONCURRENT_REQ'));
      return;
    }
    const answer = answers.get(`${check.countryCode}${check.vatNumber}`) ?? { kind: 'invalid' };
    if (answer.kind === 'hang') return;
    if (answer.kind === 'http') {
      response.writeHead(answer.httpStatus, { 'content-type': 'text/html' });
      response.end(answer.body ?? '<html><body>Internal Server Error</body></html>');
      return;
    }
    if (answer.kind === 'error') {
      json(response, answer.httpStatus ?? 200, errorList(answer.error));
      return;
    }
    const registered = answer.kind === 'valid' ? answer : null;
    json(response, 200, {
      countryCode: check.countryCode,
      vatNumber: check.vatNumber,
      requestDate: new Date().toISOString(),
      valid: registered !== null,
      requestIdentifier: '',
      // Member states that keep them private answer '---', as for a number they do not know.
      name: registered?.name ?? '---',
      address: registered?.address ?? '---',
      traderName: '---',
      traderStreet: '---',
      traderPostalCode: '---',
      traderCity: '---',
      traderCompanyType: '---',
      traderNameMatch: 'NOT_PROCESSED',
      traderStreetMatch: 'NOT_PROCESSED',
      traderPostalCodeMatch: 'NOT_PROCESSED',
      traderCityMatch: 'NOT_PROCESSED',
      traderCompanyTypeMatch: 'NOT_PROCESSED',
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${BASE_PATH}`,
    requests,
    answer: (key, answer) => {
      answers.set(key, answer);
    },
    // Hung requests hold their sockets open: closed with the server.
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
