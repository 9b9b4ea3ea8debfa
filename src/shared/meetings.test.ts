import { describe, expect, it } from 'vitest';
import { callLinkError, callServiceOf, meetingTexts } from './meetings';

// A call link as the schedule and reschedule forms check it before sending (the API says the same).
describe('call links', () => {
  it('takes the https links Zoom, Google Meet and Teams give, with their passcodes', () => {
    for (const link of [
      'https://us02web.zoom.us/j/81234567890?pwd=AbCdEf123.1',
      'https://meet.google.com/abc-defg-hij',
      'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0?context=%7b%22Tid%22%3a%221%22%7d',
      'https://whereby.com/acme',
      '',
    ]) {
      expect(callLinkError(link), link).toBeUndefined();
    }
  });

  it('says what is wrong with anything else', () => {
    expect(callLinkError('http://meet.google.com/abc')).toBe(meetingTexts.callLinkNotHttps);
    for (const link of ['meet.google.com/abc', 'zoom', 'ftp://zoom.us/j/1', 'https://zoom', 'https://a b.com']) {
      expect(callLinkError(link), link).toBe(meetingTexts.callLink);
    }
    expect(callLinkError(`https://zoom.us/${'a'.repeat(2_000)}`)).toBe(meetingTexts.callLinkTooLong);
  });

  it('names the service as people do, or gives the host', () => {
    expect(callServiceOf('https://us02web.zoom.us/j/1')).toBe('Zoom');
    expect(callServiceOf('https://zoom.us/j/1')).toBe('Zoom');
    expect(callServiceOf('https://meet.google.com/abc-defg-hij')).toBe('Google Meet');
    expect(callServiceOf('https://teams.microsoft.com/l/meetup-join/1')).toBe('Microsoft Teams');
    expect(callServiceOf('https://teams.live.com/meet/1')).toBe('Microsoft Teams');
    expect(callServiceOf('https://notzoom.us/j/1')).toBe('notzoom.us');
    expect(callServiceOf('https://Whereby.com/acme')).toBe('whereby.com');
  });
});
