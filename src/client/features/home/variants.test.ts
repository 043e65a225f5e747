import { describe, expect, it } from 'vitest';
import en from '../../../../public/locales/en/translation.json';
import { homeVariants, mainHome, type HomeSection } from './variants';
import { homeVariantKeys } from '../../../shared/domain/home-variants';

const signature = (sections: HomeSection[], theme: string) =>
  `${theme}|${sections.map((s) => (s.type === 'textHero' ? `${s.type}:${s.layout}:${s.image}` : s.type === 'productRow' ? `${s.type}:${JSON.stringify(s.filter)}` : s.type)).join(',')}`;

const lookup = (key: string): unknown => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], en);

describe('home variants', () => {
  it('cover every alternative home route of the specification, once', () => {
    expect(homeVariants.map((v) => v.key).sort()).toEqual([...homeVariantKeys].sort());
  });

  it('are all different compositions', () => {
    const all = [mainHome, ...homeVariants].map((v) => signature(v.sections, v.theme));
    expect(new Set(all).size).toBe(all.length);
  });

  it('have their title and every copy text in English', () => {
    for (const v of [mainHome, ...homeVariants]) {
      expect(typeof lookup(v.titleKey), v.titleKey).toBe('string');
      for (const s of v.sections) {
        const keys =
          s.type === 'textHero' || s.type === 'banner'
            ? ['eyebrow', 'heading', 'text', 'cta'].map((k) => `${s.copy}.${k}`)
            : s.type === 'productRow' || s.type === 'categories' || s.type === 'productTabs'
              ? [s.titleKey]
              : [];
        for (const k of keys) expect(String(lookup(k) ?? ''), k).toMatch(/\w{2,}/);
      }
    }
  });
});
