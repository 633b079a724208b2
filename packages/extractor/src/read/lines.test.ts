import { describe, expect, it } from 'vitest';
import type { TextItem } from '../types.ts';
import { groupIntoLines } from './lines.ts';

const item = (text: string, x: number, y: number, width: number, height = 10): TextItem => ({ text, x, y, width, height, confidence: 1 });

describe('groupIntoLines', () => {
  it('puts items sharing a baseline on one line, left to right, top to bottom', () => {
    const lines = groupIntoLines([
      item('$47.19', 400, 101, 40),
      item('Amount', 50, 100, 40),
      item('Due', 95, 100.5, 20),
      item('Account', 50, 130, 45),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['Amount Due' + ' '.repeat(8) + '$47.19', 'Account']);
    expect(lines[0]?.items.map((i) => i.text)).toEqual(['Amount', 'Due', '$47.19']);
  });

  it('keeps wide gaps as two or more spaces so columns can be split', () => {
    const [line] = groupIntoLines([item('Total', 10, 10, 30), item('12.00', 70, 10, 30)]);
    expect(line?.text.split(/\s{2,}/)).toEqual(['Total', '12.00']);
  });

  it('joins kerning splits and closes up letter-spaced text', () => {
    const [kerned] = groupIntoLines([item('Da', 10, 10, 11), item('te', 21, 10, 8)]);
    expect(kerned?.text).toBe('Date');
    // "J a n  2 0 ,  2 0 2 1": letters 2 units apart, words 6 units apart.
    const chars: TextItem[] = [];
    let x = 0;
    for (const word of ['Jan', '20,', '2021']) {
      for (const c of word) {
        chars.push(item(c, x, 50, 5));
        x += 7;
      }
      x += 4;
    }
    expect(groupIntoLines(chars)[0]?.text).toBe('Jan 20, 2021');
  });

  it('keeps lines apart when they are a line height apart', () => {
    const lines = groupIntoLines([item('one', 10, 10, 20), item('two', 10, 22, 20), item('three', 10, 34, 30)]);
    expect(lines.map((l) => l.text)).toEqual(['one', 'two', 'three']);
  });
});

describe('text layer readability', () => {
  it('tells a text layer without a Unicode map from real text, dot leaders aside', async () => {
    const { readableShare } = await import('./pdf.ts');
    const page = (lines: string[]) => ({ index: 0, width: 612, height: 792, source: 'text-layer' as const, lines: lines.map((text, i) => ({ text, items: [], x: 0, y: i * 12, width: 500, height: 10 })) });
    expect(readableShare(page(['&"#$% #( "$ )(/0"#- %+%(&($%', '!!"#$% #&\'()*   #( +%(*']))).toBeLessThan(0.5);
    expect(readableShare(page(['Your previous bill was ..................................... $198.36', 'Amount Due $92.10']))).toBeGreaterThan(0.8);
  });
});
