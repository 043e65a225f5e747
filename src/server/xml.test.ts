import { describe, expect, it } from 'vitest';
import { escapeXml } from './xml.js';

describe('escapeXml', () => {
  it('escapes markup and drops what XML 1.0 cannot carry, keeping Arabic, emoji, tabs and line breaks', () => {
    expect(escapeXml(`a<b>&"c'`)).toBe('a&#60;b&#62;&#38;&#34;c&#39;');
    expect(escapeXml('x\u0000y\u0007z\u000Bw\uFFFE')).toBe('xyzw');
    expect(escapeXml('عود\t\n\r🌹')).toBe('عود\t\n\r🌹');
    expect(escapeXml('lone \uD800 and \uDC00 halves')).toBe('lone  and  halves');
  });
});
