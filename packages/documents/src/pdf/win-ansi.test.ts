import { describe, expect, it } from 'vitest';
import { toWinAnsi } from './win-ansi.ts';

describe('toWinAnsi', () => {
  it('keeps what Windows-1252 has, accents of Latin-1 and the typographic marks included', () => {
    expect(toWinAnsi('Zoë Müller – “Trust” · €5')).toBe('Zoë Müller – “Trust” · €5');
  });

  it('drops the accents Windows-1252 lacks, maps letters that do not decompose, and marks the rest', () => {
    expect(toWinAnsi('Łukasz Żółć')).toBe('Lukasz Zólc');
    expect(toWinAnsi('王 ✓')).toBe('? ?');
  });
});
