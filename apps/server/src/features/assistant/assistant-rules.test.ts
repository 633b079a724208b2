import { describe, expect, it } from 'vitest';
import { searchGuidance } from './guidance-index.ts';
import { detectIntent, monthIn } from './intents.ts';
import { findUnverifiedNumbers } from './number-check.ts';

describe('intent detection', () => {
  it.each([
    ['What was my highest bill?', 'extreme'],
    ['Which month was my cheapest electric bill?', 'extreme'],
    ['How much electricity did I use in March?', 'month'],
    ['Why was my last bill higher?', 'why_higher'],
    ['How does this compare to last year?', 'year_over_year'],
    ['When is my bill due?', 'due'],
    ['Are there rebates for heat pumps?', 'rebates'],
    ['Anything unusual on my bill?', 'anomalies'],
    ['How can I lower my bill?', 'recommendations'],
    ['Show me the trend of my bills', 'trend'],
    ['Is my data safe?', 'guidance'],
  ])('%s → %s', (question, kind) => {
    expect(detectIntent(question).kind).toBe(kind);
  });

  it('reads a month with or without a year, and "may" only as a month', () => {
    expect(monthIn('usage in March 2025')).toEqual({ month: 3, year: 2025 });
    expect(monthIn('in sept')).toEqual({ month: 9, year: null });
    expect(monthIn('may I ask something')).toBeNull();
    expect(monthIn('what did I pay in May')).toEqual({ month: 5, year: null });
  });
});

describe('number check', () => {
  it('accepts figures of the sources in another format or rounded, reports the rest', () => {
    const sources = [JSON.stringify({ totalAmount: 1234.5, usageAmount: 1300, dueDate: '2026-03-20' })];
    expect(findUnverifiedNumbers('You owe $1,234.50 (about $1,235) for 1,300 kWh, due March 20, 2026.', sources)).toEqual([]);
    expect(findUnverifiedNumbers('You could save $312.75 a year, 15% less.', sources)).toEqual(['312.75', '15']);
  });
});

describe('guidance index', () => {
  it('finds the FAQ answer and the guidance for a question', () => {
    expect(searchGuidance('how do I cancel my plan')[0]?.title).toBe('How do I cancel?');
    expect(searchGuidance('tips for lighting')[0]?.title).toBe('Lighting');
    expect(searchGuidance('zzzz qqqq')).toEqual([]);
  });
});
