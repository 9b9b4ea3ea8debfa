import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineContract, fileOf } from '~/shared/contract';
import { idParams, noContent } from '~/shared/contract-schemas';
import { ApiError, apiUrl, callApi, downloadApi, errorMessage, isNotFoundError } from './api-client';

// A contract of this test's own: what callApi does is the same for every feature's.
const example = defineContract(
  { name: 'example', tags: ['example'] },
  {
    save: {
      method: 'POST',
      path: '/api/examples/:id',
      summary: 'Save',
      params: idParams('example'),
      body: z.object({ name: z.string() }),
      responses: { 200: z.object({ message: z.string() }) },
    },
    signOut: { method: 'POST', path: '/api/examples/sign-out', summary: 'Sign out', responses: { 204: noContent } },
    upload: {
      method: 'PUT',
      path: '/api/examples/files/:question_id',
      summary: 'Upload',
      params: z.object({ question_id: z.string() }),
      body: fileOf('image/png', 'text/plain'),
      responses: { 200: z.object({ name: z.string() }) },
    },
    pay: {
      method: 'POST',
      path: '/api/examples/pay',
      summary: 'Pay',
      headers: z.object({ 'idempotency-key': z.string() }),
      body: z.object({ events: z.array(z.string()) }),
      responses: { 200: z.object({ recorded: z.number() }) },
    },
    list: {
      method: 'GET',
      path: '/api/examples',
      summary: 'List',
      query: z.object({ q: z.string().optional(), skills: z.array(z.string()).optional(), page: z.coerce.number() }),
      responses: { 200: z.object({ items: z.array(z.string()) }) },
    },
    export: {
      method: 'GET',
      path: '/api/examples/export.csv',
      summary: 'Export',
      query: z.object({ ids: z.string().optional() }),
      responses: { 200: fileOf('text/csv') },
    },
  },
);
const exampleId = '6f1c1f5e-2d5a-4c1e-9a57-0c8f6d1b2a3c';

function answer(
  status: number,
  body?: unknown,
  contentType = 'application/json',
  headers: Record<string, string> = {},
) {
  const response = new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? headers : { 'content-type': contentType, ...headers },
  });
  const fetchMock = vi.fn(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the browser HTTP client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends JSON with the session cookie and returns the JSON answer', async () => {
    const fetchMock = answer(200, { message: 'Saved' });
    await expect(callApi(example.save, { params: { id: exampleId }, body: { name: 'Ada' } })).resolves.toEqual({
      message: 'Saved',
    });
    expect(fetchMock).toHaveBeenCalledWith(`/api/examples/${exampleId}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: '{"name":"Ada"}',
    });
  });

  it('sends no body and no content type when there is nothing to send, and reads a 204 as nothing', async () => {
    const fetchMock = answer(204);
    await expect(callApi(example.signOut)).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledWith('/api/examples/sign-out', {
      method: 'POST',
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      body: undefined,
    });
  });

  it('sends a file as the raw body with its own content type', async () => {
    const fetchMock = answer(200, { photo_url: '/photo' });
    const photo = new Blob(['png bytes'], { type: 'image/png' });
    await expect(callApi(example.upload, { params: { question_id: 'q 1' }, body: photo })).resolves.toEqual({
      photo_url: '/photo',
    });
    // Each path parameter is encoded.
    expect(fetchMock).toHaveBeenCalledWith('/api/examples/files/q%201', {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'image/png' },
      credentials: 'same-origin',
      body: photo,
    });
  });

  it('adds the headers a call asks for, and keeps a call alive through unload when asked', async () => {
    const uploadMock = answer(200, { name: 'notes.txt' });
    const file = new Blob(['notes'], { type: 'text/plain' });
    await callApi(
      example.upload,
      { params: { question_id: 'q1' }, body: file },
      { headers: { 'X-File-Name': 'notes.txt' } },
    );
    expect(uploadMock).toHaveBeenCalledWith('/api/examples/files/q1', {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'text/plain', 'X-File-Name': 'notes.txt' },
      credentials: 'same-origin',
      body: file,
    });
    const eventsMock = answer(200, { recorded: 0 });
    // The contract's own headers too (an Idempotency-Key).
    await callApi(example.pay, { headers: { 'idempotency-key': 'key-1' }, body: { events: [] } }, { keepalive: true });
    expect(eventsMock).toHaveBeenCalledWith('/api/examples/pay', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'idempotency-key': 'key-1' },
      credentials: 'same-origin',
      body: '{"events":[]}',
      keepalive: true,
    });
  });

  it("throws the server's error sentence, code and field messages (docs/spec/portal-and-public-site.md §8)", async () => {
    answer(400, { error: 'That code is not right.', code: 'validation', fields: { code: 'That code is not right.' } });
    const failure: unknown = await callApi(example.save, { params: { id: exampleId }, body: { name: '' } }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      code: 'validation',
      message: 'That code is not right.',
      fields: { code: 'That code is not right.' },
    });
  });

  it('keeps the request id of a failed answer, the reference an error screen shows', async () => {
    answer(500, { error: 'Something went wrong.', code: 'internal' }, 'application/json', {
      'x-request-id': 'k3Jd9a-1f',
    });
    await expect(callApi(example.list, { query: { page: 1 } })).rejects.toMatchObject({
      status: 500,
      requestId: 'k3Jd9a-1f',
    });
    answer(403, { error: 'You cannot export these jobs.', code: 'forbidden' }, 'application/json', {
      'x-request-id': 'k3Jd9a-2g',
    });
    await expect(downloadApi(example.export, 'export.csv')).rejects.toMatchObject({ requestId: 'k3Jd9a-2g' });
  });

  it('falls back to HTTP <status> when the answer carries no error sentence', async () => {
    answer(502, '<html>Bad gateway</html>', 'text/html');
    await expect(callApi(example.list, { query: { page: 1 } })).rejects.toMatchObject({
      status: 502,
      message: 'HTTP 502',
      fields: {},
    });
  });

  it('writes the query string: empty values left out, lists comma-separated', async () => {
    const fetchMock = answer(200, { items: [] });
    await callApi(example.list, { query: { q: '', skills: ['React', 'AWS'], page: 2 } });
    expect(fetchMock).toHaveBeenCalledWith('/api/examples?skills=React%2CAWS&page=2', expect.anything());
    expect(apiUrl(example.export, { query: { ids: 'a,b' } })).toBe('/api/examples/export.csv?ids=a%2Cb');
  });

  it('saves a file answer under the name the server gives it, and throws the sentence of a refusal', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('id,name\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': `attachment; filename*=UTF-8''jobs%202026.csv`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    // jsdom has no object URLs: the test lends them, and takes them back.
    const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: () => 'blob:jobs', revokeObjectURL: () => undefined });
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      await downloadApi(example.export, 'export.csv', { query: { ids: 'a' } });
      expect(fetchMock).toHaveBeenCalledWith('/api/examples/export.csv?ids=a', {
        method: 'GET',
        credentials: 'same-origin',
      });
      expect(saved).toEqual(['jobs 2026.csv']);

      answer(403, { error: 'You cannot export these jobs.', code: 'forbidden' });
      await expect(downloadApi(example.export, 'export.csv')).rejects.toMatchObject({
        status: 403,
        message: 'You cannot export these jobs.',
      });
      expect(saved).toHaveLength(1);
    } finally {
      click.mockRestore();
      Object.assign(URL, objectUrls);
    }
  });

  it('reads a 404, and a 400 refusing the id of the link, as "not found", and no other refusal', () => {
    const malformedId = 'This link is broken: it does not name a test.';
    expect(isNotFoundError(new ApiError(404, { error: 'This test does not exist.', code: 'not_found' }))).toBe(true);
    expect(
      isNotFoundError(new ApiError(400, { error: malformedId, code: 'validation', fields: { id: malformedId } })),
    ).toBe(true);
    expect(
      isNotFoundError(new ApiError(400, { error: 'name: Required', code: 'validation', fields: { name: 'Required' } })),
    ).toBe(false);
    expect(isNotFoundError(new ApiError(403, { error: 'No.', code: 'forbidden' }))).toBe(false);
    expect(isNotFoundError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isNotFoundError(null)).toBe(false);
  });

  it('words a request that never got an answer with the fallback', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'An error occurred. Please try again.')).toBe(
      'An error occurred. Please try again.',
    );
    expect(errorMessage(new ApiError(401, { error: 'Invalid credentials' }), 'fallback')).toBe('Invalid credentials');
  });
});
