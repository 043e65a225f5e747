/**
 * The demo catalogue's pictures, drawn for this project as SVG and rendered to WebP by sharp at
 * seed time (see render-images.ts). Nothing is downloaded or hot-linked.
 */

export type ArtKind = 'oil' | 'spray' | 'candle' | 'reed' | 'diffuser' | 'purifier' | 'filter';

export interface Art {
  kind: ArtKind;
  /** Main colour of the object: glass, wax, wood or casing. */
  body: string;
  /** Second colour: liquid, label band, lid, light ring. */
  accent: string;
  /** Two background tones (light to deeper). */
  bg: [string, string];
}

const leaf = (x: number, y: number, rotate: number, scale: number, color: string) =>
  `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${scale})" opacity="0.9">
    <path d="M0 0 C 30 -60, 100 -70, 150 -10 C 100 20, 40 30, 0 0 Z" fill="${color}"/>
    <path d="M0 0 C 50 -20, 100 -25, 150 -10" stroke="#ffffff" stroke-opacity="0.35" stroke-width="3" fill="none"/>
  </g>`;

const sprig = (x: number, y: number, rotate: number, color: string) =>
  `<g transform="translate(${x} ${y}) rotate(${rotate})">
    <path d="M0 0 C 10 -80, 30 -160, 70 -230" stroke="${color}" stroke-width="5" fill="none" stroke-linecap="round"/>
    ${[0, 1, 2, 3].map((i) => leaf(8 + i * 16, -50 - i * 48, -70 + (i % 2 ? 60 : -10), 0.42, color)).join('')}
  </g>`;

const shadow = (cx: number, cy: number, rx: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${rx * 0.12}" fill="#2b241a" opacity="0.18" filter="url(#blur)"/>`;

const label = (x: number, y: number, w: number, h: number, accent: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="#fbf7ee"/>
   <rect x="${x + 10}" y="${y + 10}" width="${w - 20}" height="${h - 20}" rx="3" fill="none" stroke="${accent}" stroke-width="2"/>
   <path d="M${x + w / 2} ${y + h * 0.28} c 14 10 14 26 0 36 c -14 -10 -14 -26 0 -36 Z" fill="${accent}"/>
   <rect x="${x + w * 0.22}" y="${y + h * 0.64}" width="${w * 0.56}" height="5" rx="2.5" fill="${accent}" opacity="0.8"/>
   <rect x="${x + w * 0.32}" y="${y + h * 0.74}" width="${w * 0.36}" height="4" rx="2" fill="${accent}" opacity="0.45"/>`;

const gloss = (x: number, y: number, h: number) => `<rect x="${x}" y="${y}" width="14" height="${h}" rx="7" fill="#ffffff" opacity="0.28"/>`;

/** One object drawn with its base centred at (400, 640) in an 800 × 800 box. */
function object(art: Art): string {
  const { body, accent } = art;
  switch (art.kind) {
    case 'oil':
      return `${shadow(400, 650, 150)}
        <rect x="300" y="300" width="200" height="350" rx="36" fill="${body}"/>
        <rect x="300" y="420" width="200" height="230" rx="36" fill="#000" opacity="0.12"/>
        ${label(318, 410, 164, 170, accent)}
        ${gloss(318, 330, 250)}
        <rect x="350" y="260" width="100" height="50" rx="8" fill="#2a2522"/>
        <rect x="362" y="180" width="76" height="90" rx="30" fill="#1f1b19"/>
        <rect x="372" y="192" width="14" height="60" rx="7" fill="#fff" opacity="0.18"/>`;
    case 'spray':
      return `${shadow(400, 650, 140)}
        <rect x="310" y="270" width="180" height="380" rx="40" fill="${body}" opacity="0.92"/>
        <rect x="318" y="380" width="164" height="262" rx="34" fill="${accent}" opacity="0.55"/>
        ${label(330, 430, 140, 150, accent)}
        ${gloss(326, 300, 300)}
        <rect x="355" y="220" width="90" height="60" rx="10" fill="#e9e4da"/>
        <rect x="365" y="160" width="70" height="70" rx="14" fill="#f7f3ea"/>
        <rect x="430" y="175" width="58" height="22" rx="8" fill="#f7f3ea"/>
        <circle cx="492" cy="186" r="6" fill="#cfc8b9"/>`;
    case 'candle':
      return `${shadow(400, 650, 190)}
        <defs><radialGradient id="glow"><stop offset="0" stop-color="#ffd88a" stop-opacity="0.9"/><stop offset="1" stop-color="#ffd88a" stop-opacity="0"/></radialGradient></defs>
        <circle cx="400" cy="300" r="120" fill="url(#glow)"/>
        <path d="M250 360 h300 v250 a40 40 0 0 1 -40 40 h-220 a40 40 0 0 1 -40 -40 Z" fill="${accent}"/>
        <path d="M262 372 h276 v230 a30 30 0 0 1 -30 30 h-216 a30 30 0 0 1 -30 -30 Z" fill="${body}"/>
        <ellipse cx="400" cy="372" rx="138" ry="22" fill="${body}"/>
        <ellipse cx="400" cy="372" rx="138" ry="22" fill="#fff" opacity="0.25"/>
        ${label(320, 450, 160, 120, accent)}
        ${gloss(272, 390, 200)}
        <rect x="397" y="330" width="6" height="40" rx="3" fill="#2a2522"/>
        <path d="M400 262 C 428 300, 420 330, 400 336 C 380 330, 372 300, 400 262 Z" fill="#ffb347"/>
        <path d="M400 290 C 412 310, 410 326, 400 330 C 390 326, 388 310, 400 290 Z" fill="#fff3c4"/>`;
    case 'reed':
      return `${shadow(400, 650, 150)}
        ${[-50, -28, -8, 12, 34, 56].map((d, i) => `<path d="M${392 + i * 4} 420 L ${400 + d * 4.2} ${120 + (i % 3) * 24}" stroke="#5a4632" stroke-width="6" stroke-linecap="round"/>`).join('')}
        <path d="M300 440 q0 -40 40 -40 h120 q40 0 40 40 v160 a50 50 0 0 1 -50 50 h-100 a50 50 0 0 1 -50 -50 Z" fill="${body}" opacity="0.95"/>
        <path d="M306 500 h188 v96 a46 46 0 0 1 -46 46 h-96 a46 46 0 0 1 -46 -46 Z" fill="${accent}" opacity="0.6"/>
        <rect x="360" y="372" width="80" height="36" rx="8" fill="#c9a24a"/>
        ${gloss(318, 430, 170)}
        ${label(345, 480, 110, 110, accent)}`;
    case 'diffuser':
      return `${shadow(400, 650, 190)}
        <path d="M390 250 C 350 190, 430 160, 400 100 M420 250 C 470 200, 400 150, 450 90" stroke="#ffffff" stroke-width="22" stroke-linecap="round" fill="none" opacity="0.65" filter="url(#blur)"/>
        <path d="M230 640 C 230 460, 320 290, 400 270 C 480 290, 570 460, 570 640 Z" fill="${body}"/>
        <path d="M250 640 C 260 480, 330 320, 400 290" stroke="#fff" stroke-opacity="0.2" stroke-width="14" fill="none"/>
        ${[0, 1, 2, 3, 4].map((i) => `<path d="M${270 + i * 60} 640 C ${290 + i * 50} ${520 - i * 8}, ${330 + i * 36} ${400}, 400 ${300 + i * 4}" stroke="#000" stroke-opacity="0.08" stroke-width="4" fill="none"/>`).join('')}
        <ellipse cx="400" cy="270" rx="44" ry="12" fill="#2a2522"/>
        <rect x="250" y="600" width="300" height="16" rx="8" fill="${accent}" opacity="0.85"/>
        <circle cx="400" cy="560" r="14" fill="${accent}"/>`;
    case 'purifier':
      return `${shadow(400, 650, 170)}
        <rect x="280" y="150" width="240" height="500" rx="60" fill="${body}"/>
        <rect x="280" y="150" width="240" height="500" rx="60" fill="#000" opacity="0.04"/>
        <ellipse cx="400" cy="176" rx="96" ry="18" fill="#000" opacity="0.12"/>
        ${Array.from({ length: 11 }, (_, r) =>
          Array.from({ length: 7 }, (_, c) => `<circle cx="${322 + c * 26}" cy="${300 + r * 28}" r="5" fill="#000" opacity="0.16"/>`).join(''),
        ).join('')}
        <circle cx="400" cy="232" r="20" fill="none" stroke="${accent}" stroke-width="6"/>
        <circle cx="400" cy="232" r="6" fill="${accent}"/>
        ${gloss(298, 190, 400)}`;
    case 'filter':
      return `${shadow(400, 650, 170)}
        <rect x="240" y="230" width="320" height="420" rx="30" fill="${body}"/>
        <rect x="262" y="252" width="276" height="376" rx="18" fill="${accent}"/>
        ${Array.from({ length: 19 }, (_, i) => `<rect x="${272 + i * 14}" y="262" width="7" height="356" rx="3" fill="#000" opacity="0.1"/>`).join('')}
        <rect x="330" y="420" width="140" height="50" rx="10" fill="#fbf7ee"/>
        <rect x="350" y="440" width="100" height="8" rx="4" fill="${body}"/>`;
  }
}

/**
 * A product picture. `view` 1 is the catalogue shot; view 2 is a styled scene with botanicals and
 * the object set off-centre, so the gallery has more than one picture.
 */
export function productSvg(art: Art, view: 1 | 2): string {
  const [light, deep] = art.bg;
  const scene =
    view === 1
      ? `<g>${object(art)}</g>`
      : `${sprig(150, 720, -18, '#7c8a5c')}${sprig(660, 730, 20, '#96a56f')}
         <rect x="0" y="650" width="800" height="150" fill="${deep}" opacity="0.55"/>
         <g transform="translate(60 40) scale(0.9)">${object(art)}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
    <defs>
      <radialGradient id="bg" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></radialGradient>
      <filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="12"/></filter>
    </defs>
    <rect width="800" height="800" fill="url(#bg)"/>
    ${view === 1 ? `<circle cx="400" cy="400" r="300" fill="#ffffff" opacity="0.18"/>` : ''}
    ${scene}
  </svg>`;
}

/** A category tile (3:4): the category's object large, over its colours, with botanicals. */
export function categorySvg(art: Art): string {
  const [light, deep] = art.bg;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></linearGradient>
      <filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="12"/></filter>
    </defs>
    <rect width="600" height="800" fill="url(#bg)"/>
    ${sprig(60, 760, -10, '#7c8a5c')}${sprig(540, 780, 25, '#96a56f')}
    <g transform="translate(-100 30)">${object(art)}</g>
  </svg>`;
}

/** A hero banner (16:9): a calm, light left side for the headline and a still life on the right. */
export function heroSvg(arts: Art[], light: string, deep: string): string {
  // Centre x and scale of each object; the smaller ones stand behind the first.
  const spots: Array<[number, number]> = [
    [1040, 1.1],
    [1310, 0.8],
    [800, 0.68],
  ];
  const placed = arts
    .map((a, i) => {
      const [cx, s] = spots[i] ?? [1040, 0.6];
      return `<g transform="translate(${cx - 400 * s} ${790 - 650 * s}) scale(${s})">${object(a)}</g>`;
    })
    .reverse()
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></linearGradient>
      <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff6e0" stop-opacity="0.85"/><stop offset="1" stop-color="#fff6e0" stop-opacity="0"/></radialGradient>
      <filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="12"/></filter>
    </defs>
    <rect width="1600" height="900" fill="url(#bg)"/>
    <circle cx="1150" cy="360" r="420" fill="url(#sun)"/>
    <rect x="0" y="760" width="1600" height="140" fill="${deep}" opacity="0.6"/>
    ${sprig(1480, 820, 18, '#7c8a5c')}${sprig(640, 830, -22, '#96a56f')}
    ${placed}
  </svg>`;
}
