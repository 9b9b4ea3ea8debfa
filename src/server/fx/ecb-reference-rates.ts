import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import { fxRateTexts, isRealDay } from '~/shared/fx-rates';
import { AppError } from '../platform/errors';

// One rate as the ECB states it: one euro buys `rate` of `currency` on `date`.
export interface EcbRate {
  base: 'EUR';
  quote: string;
  rate: string;
  rateDate: string;
}

const refuse = (problem: string) => new AppError('validation', `${fxRateTexts.badFile} (${problem})`);

const cubeOfRate = z.object({ '@_currency': z.string(), '@_rate': z.string() });
const cubeOfDay = z.object({ '@_time': z.string(), Cube: z.array(z.unknown()).optional() });
const envelopeSchema = z.object({
  Envelope: z.object({ Cube: z.array(z.object({ Cube: z.array(z.unknown()).optional() })).min(1) }),
});

// The ECB's own rates have at most 6 significant digits (15210.73, 0.84585); numeric(20,10) holds them all.
const ratePattern = /^\d{1,10}(\.\d{1,10})?$/;

// The ECB's euro foreign exchange reference rates as it publishes them (eurofxref-daily.xml, one day;
// eurofxref-hist-90d.xml and eurofxref-hist.xml, a day per Cube): gesmes:Envelope / Cube / Cube time=… /
// Cube currency=… rate=…. The whole file is read and checked before anything is answered, so a bad file
// stores nothing; a file that is not one is refused in a sentence that says why.
export function parseEcbReferenceRates(text: string): EcbRate[] {
  if (/<!DOCTYPE/i.test(text)) throw refuse('it declares a DOCTYPE, which the ECB’s file never does');
  const wellFormed = XMLValidator.validate(text);
  if (wellFormed !== true) {
    throw refuse(`it is not well-formed XML: line ${wellFormed.err.line}, ${wellFormed.err.msg}`);
  }
  if (!text.includes('http://www.ecb.int/vocabulary/2002-08-01/eurofxref')) {
    throw refuse('it does not use the ECB’s eurofxref vocabulary');
  }
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    isArray: (name) => name === 'Cube',
  }).parse(text);
  const envelope = envelopeSchema.safeParse(parsed);
  if (!envelope.success) throw refuse('it has no gesmes:Envelope holding a Cube of days');
  const rates: EcbRate[] = [];
  const seen = new Set<string>();
  for (const outer of envelope.data.Envelope.Cube) {
    for (const [dayIndex, rawDay] of (outer.Cube ?? []).entries()) {
      const day = cubeOfDay.safeParse(rawDay);
      if (!day.success || !isRealDay(day.data['@_time'])) {
        throw refuse(`day ${dayIndex + 1} has no time="YYYY-MM-DD"`);
      }
      const rateDate = day.data['@_time'];
      for (const [rateIndex, rawRate] of (day.data.Cube ?? []).entries()) {
        const cube = cubeOfRate.safeParse(rawRate);
        const where = `rate ${rateIndex + 1} of ${rateDate}`;
        if (!cube.success) throw refuse(`${where} has no currency and rate`);
        const quote = cube.data['@_currency'].trim();
        const rate = cube.data['@_rate'].trim();
        if (!/^[A-Z]{3}$/.test(quote)) throw refuse(`${where} names “${quote}”, not a three-letter currency code`);
        if (!ratePattern.test(rate) || !/[1-9]/.test(rate)) {
          throw refuse(`the rate of ${quote} on ${rateDate}, “${rate}”, is not a positive decimal number`);
        }
        const key = `${rateDate}:${quote}`;
        if (seen.has(key)) throw refuse(`${quote} is given twice for ${rateDate}`);
        seen.add(key);
        rates.push({ base: 'EUR', quote, rate, rateDate });
      }
    }
  }
  if (rates.length === 0) throw new AppError('validation', fxRateTexts.emptyFile);
  return rates;
}
