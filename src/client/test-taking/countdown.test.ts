import { describe, expect, it } from 'vitest';
import { formatFileSize } from '~/client/lib/file-size';
import { ANSWER_FILE_MAX_BYTES, attemptTexts } from '~/shared/test-attempts';
import { clockOffsetOf, crossedWarning, formatCountdown, secondsLeft, warningText } from './countdown';
import { answerFileTypeOf, checkAnswerFile } from './file-answer';

describe('the test countdown', () => {
  it('reads mm:ss under an hour and h:mm:ss from an hour up', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(25 * 60)).toBe('25:00');
    expect(formatCountdown(3599)).toBe('59:59');
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(4 * 3600 + 5 * 60 + 9)).toBe('4:05:09');
  });

  it('counts from the server’s clock: a local clock hours off changes nothing', () => {
    const serverTime = '2030-01-01T10:00:00.000Z';
    const deadline = '2030-01-01T10:25:00.000Z';
    // This computer believes it is 13:00 when the server says 10:00.
    const receivedAt = Date.parse('2030-01-01T13:00:00.000Z');
    const offset = clockOffsetOf(serverTime, receivedAt);
    expect(secondsLeft(deadline, offset, receivedAt)).toBe(25 * 60);
    // Ten and a half seconds later by the local clock.
    expect(secondsLeft(deadline, offset, receivedAt + 10_500)).toBe(25 * 60 - 10);
    expect(secondsLeft(deadline, offset, receivedAt + 26 * 60_000)).toBe(0);
  });

  it('announces five minutes and one minute left once each, as the clock passes them', () => {
    expect(crossedWarning(301, 300)).toBe(300);
    expect(crossedWarning(300, 299)).toBeNull();
    expect(crossedWarning(61, 60)).toBe(60);
    // A page opened late, or a tab that slept through both: the nearest one.
    expect(crossedWarning(400, 30)).toBe(60);
    expect(crossedWarning(1000, 900)).toBeNull();
    expect(warningText(300)).toBe('5 minutes left.');
    expect(warningText(60)).toBe('1 minute left.');
  });
});

describe('answer files', () => {
  it('takes the server’s types, reading the extension when the browser names none', () => {
    expect(answerFileTypeOf({ name: 'cv.pdf', type: 'application/pdf' })).toBe('application/pdf');
    expect(answerFileTypeOf({ name: 'notes.md', type: '' })).toBe('text/markdown');
    expect(answerFileTypeOf({ name: 'photo.JPEG', type: '' })).toBe('image/jpeg');
    expect(answerFileTypeOf({ name: 'setup.exe', type: 'application/x-msdownload' })).toBeNull();
  });

  it('refuses with the server’s sentences what the server would refuse', () => {
    expect(checkAnswerFile({ name: 'setup.exe', type: '', size: 10 })).toBe(attemptTexts.fileType);
    expect(checkAnswerFile({ name: 'cv.pdf', type: 'application/pdf', size: 0 })).toBe(attemptTexts.fileEmpty);
    expect(checkAnswerFile({ name: 'cv.pdf', type: 'application/pdf', size: ANSWER_FILE_MAX_BYTES + 1 })).toBe(
      attemptTexts.fileTooLarge,
    );
    expect(checkAnswerFile({ name: 'cv.pdf', type: 'application/pdf', size: ANSWER_FILE_MAX_BYTES })).toBeNull();
    expect(formatFileSize(2_400_000)).toBe('2.3 MB');
  });
});
