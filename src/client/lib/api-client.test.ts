import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, errorMessage, isNotFoundError } from './api-client';

function answer(status: number, body?: unknown, contentType = 'application/json') {
  const response = new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': contentType },
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
    await expect(apiClient.post('/api/account/profile', { name: 'Ada' })).resolves.toEqual({ message: 'Saved' });
    expect(fetchMock).toHaveBeenCalledWith('/api/account/profile', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: '{"name":"Ada"}',
    });
  });

  it('sends no body and no content type when there is nothing to send, and reads a 204 as nothing', async () => {
    const fetchMock = answer(204);
    await expect(apiClient.post('/api/auth/sign-out')).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/sign-out', {
      method: 'POST',
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      body: undefined,
    });
  });

  it('sends a file as the raw body with its own content type', async () => {
    const fetchMock = answer(200, { photo_url: '/photo' });
    const photo = new Blob(['png bytes'], { type: 'image/png' });
    await expect(apiClient.put('/api/applicant/profile/photo', photo)).resolves.toEqual({ photo_url: '/photo' });
    expect(fetchMock).toHaveBeenCalledWith('/api/applicant/profile/photo', {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'image/png' },
      credentials: 'same-origin',
      body: photo,
    });
  });

  it('adds the headers a call asks for, and keeps a call alive through unload when asked', async () => {
    const uploadMock = answer(200, { name: 'notes.txt' });
    const file = new Blob(['notes'], { type: 'text/plain' });
    await apiClient.put('/api/applicant/tests/1/files/q1', file, { headers: { 'X-File-Name': 'notes.txt' } });
    expect(uploadMock).toHaveBeenCalledWith('/api/applicant/tests/1/files/q1', {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'text/plain', 'X-File-Name': 'notes.txt' },
      credentials: 'same-origin',
      body: file,
    });
    const eventsMock = answer(200, { recorded: 0 });
    await apiClient.post('/api/applicant/tests/1/events', { events: [] }, { keepalive: true });
    expect(eventsMock).toHaveBeenCalledWith('/api/applicant/tests/1/events', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: '{"events":[]}',
      keepalive: true,
    });
  });

  it("throws the server's error sentence, code and field messages (spec §8)", async () => {
    answer(400, { error: 'That code is not right.', code: 'validation', fields: { code: 'That code is not right.' } });
    const failure = await apiClient.post('/api/auth/two-factor/verify', { code: '000000' }).catch((error) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      code: 'validation',
      message: 'That code is not right.',
      fields: { code: 'That code is not right.' },
    });
  });

  it('falls back to HTTP <status> when the answer carries no error sentence', async () => {
    answer(502, '<html>Bad gateway</html>', 'text/html');
    await expect(apiClient.get('/api/auth/me')).rejects.toMatchObject({ status: 502, message: 'HTTP 502', fields: {} });
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
