import { describe, expect, it } from 'vitest';
import { recordQuestions } from './record-check.ts';

describe('the record check of the catch forms', () => {
  it('asks about a 10 lb bluegill and a 36 in perch, in the units they were typed in', () => {
    expect(recordQuestions({ fishType: 'Bluegill', weight: '10', length: '' }, 'imperial')).toEqual([
      { field: 'weight', message: '10 lbs is more than the heaviest Bluegill on record (4.8 lbs).' },
    ]);
    expect(recordQuestions({ fishType: 'perch', weight: '', length: '36' }, 'imperial')).toEqual([
      { field: 'length', message: '36 in is longer than the longest Perch on record (24 in).' },
    ]);
    expect(recordQuestions({ fishType: 'Bluegill', weight: '4.5', length: '91' }, 'metric')).toEqual([
      { field: 'weight', message: '4.5 kg is more than the heaviest Bluegill on record (2.2 kg).' },
      { field: 'length', message: '91 cm is longer than the longest Bluegill on record (41.9 cm).' },
    ]);
  });

  it('asks nothing of a plausible fish, an unknown species or a value that is not a number', () => {
    expect(recordQuestions({ fishType: 'Bluegill', weight: '1.0', length: '8' }, 'imperial')).toEqual([]);
    expect(recordQuestions({ fishType: 'Bluegill', weight: '2', length: '' }, 'metric')).toEqual([]);
    // 2.2 kg is a little over 4.8 lbs, but reads as the record itself: not worth a question.
    expect(recordQuestions({ fishType: 'Bluegill', weight: '2.2', length: '' }, 'metric')).toEqual([]);
    expect(recordQuestions({ fishType: 'Kraken', weight: '9000', length: '' }, 'imperial')).toEqual([]);
    expect(recordQuestions({ fishType: 'Bluegill', weight: 'abc', length: ' ' }, 'imperial')).toEqual([]);
  });
});
