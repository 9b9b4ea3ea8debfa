import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeVies, startFakeVies } from '../../testing/fake-vies';
import { freePort } from '../../testing/free-port';
import { checkVatWithVies } from './vies';

describe('checkVatWithVies', () => {
  let vies: FakeVies;

  beforeAll(async () => {
    vies = await startFakeVies({
      ATU12011204: { kind: 'valid', name: 'Muster GmbH', address: 'Ringstraße 1\n1010 Wien' },
      // Germany keeps names and addresses private.
      DE136695976: { kind: 'valid' },
      EL094012834: { kind: 'error', error: 'MS_UNAVAILABLE' },
      FR05442977302: { kind: 'error', error: 'MS_MAX_CONCURRENT_REQ', httpStatus: 500 },
      IT00488410010: { kind: 'http', httpStatus: 500 },
      NL004909665B07: { kind: 'hang' },
    });
  });
  afterAll(async () => {
    await vies.close();
  });

  it('says a registered number is valid, with the name and address the member state publishes', async () => {
    const result = await checkVatWithVies({ countryCode: 'AT', vatNumber: 'ATU12011204' }, { url: vies.url });
    expect(result).toEqual({
      status: 'valid',
      name: 'Muster GmbH',
      address: 'Ringstraße 1\n1010 Wien',
      requestDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    // The prefix is the countryCode's, not the number's.
    expect(vies.requests.at(-1)).toEqual({ countryCode: 'AT', vatNumber: 'U12011204' });
  });

  it('gives a name or address kept private as empty, not as VIES’s ---', async () => {
    const result = await checkVatWithVies({ countryCode: 'DE', vatNumber: '136695976' }, { url: `${vies.url}/` });
    expect(result).toMatchObject({ status: 'valid', name: '', address: '' });
  });

  it('says a number no member state registered is invalid', async () => {
    const result = await checkVatWithVies({ countryCode: 'DE', vatNumber: 'DE 136 695 970' }, { url: vies.url });
    expect(result).toMatchObject({ status: 'invalid', name: '', address: '' });
    expect(vies.requests.at(-1)).toEqual({ countryCode: 'DE', vatNumber: '136695970' });
  });

  it('says VIES is unavailable when the member state’s service is down, whatever the HTTP status', async () => {
    expect(await checkVatWithVies({ countryCode: 'EL', vatNumber: '094012834' }, { url: vies.url })).toEqual({
      status: 'unavailable',
      reason: 'MS_UNAVAILABLE',
    });
    expect(await checkVatWithVies({ countryCode: 'FR', vatNumber: '05442977302' }, { url: vies.url })).toEqual({
      status: 'unavailable',
      reason: 'MS_MAX_CONCURRENT_REQ',
    });
  });

  it('says VIES is unavailable on a server error with no error list', async () => {
    expect(await checkVatWithVies({ countryCode: 'IT', vatNumber: '00488410010' }, { url: vies.url })).toEqual({
      status: 'unavailable',
      reason: 'HTTP 500',
    });
  });

  it('gives up on a request that hangs within its timeout, as unavailable', async () => {
    const started = performance.now();
    const result = await checkVatWithVies(
      { countryCode: 'NL', vatNumber: '004909665B07' },
      { url: vies.url, timeoutMs: 200 },
    );
    const elapsed = performance.now() - started;
    expect(result).toEqual({ status: 'unavailable', reason: 'no answer within 200 ms' });
    expect(elapsed).toBeGreaterThanOrEqual(190);
    // The bound, with room for a busy machine.
    expect(elapsed).toBeLessThan(3_000);
  });

  it('says VIES is unavailable when nothing listens at its address', async () => {
    const url = `http://127.0.0.1:${await freePort()}/rest-api`;
    const result = await checkVatWithVies({ countryCode: 'DE', vatNumber: '136695976' }, { url, timeoutMs: 2_000 });
    expect(result).toEqual({ status: 'unavailable', reason: expect.stringContaining('ECONNREFUSED') });
  });

  it('asks once per check: a member state that is down is not asked again at once', async () => {
    const before = vies.requests.length;
    await checkVatWithVies({ countryCode: 'EL', vatNumber: 'EL094012834' }, { url: vies.url });
    expect(vies.requests.slice(before)).toEqual([{ countryCode: 'EL', vatNumber: '094012834' }]);
  });
});
