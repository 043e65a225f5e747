/**
 * The demo blog: home-fragrance articles in English and Arabic, each with a cover drawn here as
 * SVG and rendered to WebP by sharp (600 and 1200 px wide, 3:2). Nothing is downloaded.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { publishDemoImages, renderWebp, type DemoImages } from './render-images.js';

const DAY = 24 * 60 * 60 * 1000;
/** Public URL prefix of the generated images (the same as the catalogue's). */
const IMAGE_PREFIX = '/images';
const COVER_WIDTHS = [600, 1200];

// ---------------------------------------------------------------------------------------------
// Cover art. Each object is drawn with its base centred at (0, 0), growing upwards.

type Kind = 'bottle' | 'candle' | 'diffuser' | 'reed' | 'spray' | 'purifier' | 'lantern' | 'linen';

interface Placed {
  kind: Kind;
  /** Centre x of the base in the 1200 × 800 scene. */
  x: number;
  scale: number;
  body: string;
  accent: string;
}

interface Cover {
  bg: [string, string];
  objects: Placed[];
  /** A crescent and stars in the sky (Ramadan). */
  night?: boolean;
}

const shadow = (rx: number) => `<ellipse cx="0" cy="4" rx="${rx}" ry="${rx * 0.14}" fill="#2b241a" opacity="0.2" filter="url(#blur)"/>`;
const gloss = (x: number, y: number, h: number) => `<rect x="${x}" y="${y}" width="12" height="${h}" rx="6" fill="#ffffff" opacity="0.28"/>`;
const label = (x: number, y: number, w: number, h: number, accent: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="#fbf7ee"/>
   <rect x="${x + 8}" y="${y + 8}" width="${w - 16}" height="${h - 16}" rx="3" fill="none" stroke="${accent}" stroke-width="2"/>
   <path d="M${x + w / 2} ${y + h * 0.24} c 12 9 12 23 0 32 c -12 -9 -12 -23 0 -32 Z" fill="${accent}"/>
   <rect x="${x + w * 0.24}" y="${y + h * 0.66}" width="${w * 0.52}" height="5" rx="2.5" fill="${accent}" opacity="0.8"/>`;

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

function drawObject({ kind, body, accent }: Placed): string {
  switch (kind) {
    case 'bottle':
      return `${shadow(100)}
        <rect x="-80" y="-260" width="160" height="260" rx="30" fill="${body}"/>
        <rect x="-80" y="-150" width="160" height="150" rx="30" fill="#000" opacity="0.12"/>
        ${label(-64, -178, 128, 126, accent)}
        ${gloss(-66, -236, 200)}
        <rect x="-40" y="-298" width="80" height="42" rx="8" fill="#2a2522"/>
        <rect x="-30" y="-378" width="60" height="86" rx="26" fill="#1f1b19"/>
        <rect x="-22" y="-366" width="10" height="56" rx="5" fill="#fff" opacity="0.18"/>`;
    case 'candle':
      return `${shadow(150)}
        <circle cx="0" cy="-300" r="150" fill="url(#glow)"/>
        <path d="M-130 -240 h260 v200 a40 40 0 0 1 -40 40 h-180 a40 40 0 0 1 -40 -40 Z" fill="${accent}"/>
        <path d="M-118 -228 h236 v184 a30 30 0 0 1 -30 30 h-176 a30 30 0 0 1 -30 -30 Z" fill="${body}"/>
        <ellipse cx="0" cy="-228" rx="118" ry="18" fill="${body}"/>
        <ellipse cx="0" cy="-228" rx="118" ry="18" fill="#fff" opacity="0.25"/>
        ${label(-70, -170, 140, 110, accent)}
        ${gloss(-108, -210, 160)}
        <rect x="-3" y="-264" width="6" height="38" rx="3" fill="#2a2522"/>
        <path d="M0 -334 C 28 -296, 20 -270, 0 -262 C -20 -270, -28 -296, 0 -334 Z" fill="#ffb347"/>
        <path d="M0 -308 C 12 -290, 10 -274, 0 -268 C -10 -274, -12 -290, 0 -308 Z" fill="#fff3c4"/>`;
    case 'diffuser':
      return `${shadow(160)}
        <path d="M-10 -310 C -50 -370, 30 -400, 0 -460 M20 -310 C 70 -360, 0 -410, 50 -470" stroke="#ffffff" stroke-width="22" stroke-linecap="round" fill="none" opacity="0.65" filter="url(#blur)"/>
        <path d="M-160 0 C -160 -170, -75 -300, 0 -318 C 75 -300, 160 -170, 160 0 Z" fill="${body}"/>
        <path d="M-140 -10 C -130 -170, -70 -280, 0 -300" stroke="#fff" stroke-opacity="0.22" stroke-width="12" fill="none"/>
        <ellipse cx="0" cy="-316" rx="32" ry="9" fill="#2a2522"/>
        <rect x="-150" y="-36" width="300" height="14" rx="7" fill="${accent}" opacity="0.85"/>
        <circle cx="0" cy="-74" r="11" fill="${accent}"/>`;
    case 'reed':
      return `${shadow(110)}
        ${[-46, -24, -6, 12, 30, 50].map((d, i) => `<path d="M${-10 + i * 4} -200 L ${d * 4} ${-520 + (i % 3) * 26}" stroke="#5a4632" stroke-width="6" stroke-linecap="round"/>`).join('')}
        <path d="M-90 -170 q0 -40 40 -40 h100 q40 0 40 40 v120 a50 50 0 0 1 -50 50 h-80 a50 50 0 0 1 -50 -50 Z" fill="${body}" opacity="0.95"/>
        <rect x="-84" y="-112" width="168" height="106" rx="42" fill="${accent}" opacity="0.6"/>
        <rect x="-34" y="-238" width="68" height="32" rx="6" fill="#c9a24a"/>
        ${gloss(-76, -180, 140)}
        ${label(-50, -150, 100, 96, accent)}`;
    case 'spray':
      return `${shadow(100)}
        <rect x="-75" y="-330" width="150" height="330" rx="36" fill="${body}" opacity="0.92"/>
        <rect x="-68" y="-232" width="136" height="224" rx="30" fill="${accent}" opacity="0.5"/>
        ${label(-55, -200, 110, 124, accent)}
        ${gloss(-62, -300, 250)}
        <rect x="-36" y="-372" width="72" height="46" rx="8" fill="#e9e4da"/>
        <rect x="-28" y="-424" width="56" height="56" rx="12" fill="#f7f3ea"/>
        <rect x="22" y="-412" width="46" height="18" rx="6" fill="#f7f3ea"/>
        <path d="M80 -404 C 130 -420, 170 -440, 220 -470" stroke="#ffffff" stroke-width="26" stroke-linecap="round" fill="none" opacity="0.45" filter="url(#blur)"/>`;
    case 'purifier':
      return `${shadow(130)}
        <rect x="-110" y="-480" width="220" height="480" rx="56" fill="${body}"/>
        <rect x="-110" y="-480" width="220" height="480" rx="56" fill="#000" opacity="0.04"/>
        <ellipse cx="0" cy="-456" rx="86" ry="16" fill="#000" opacity="0.12"/>
        ${Array.from({ length: 11 }, (_, r) =>
          Array.from({ length: 6 }, (_, c) => `<circle cx="${-65 + c * 26}" cy="${-340 + r * 28}" r="5" fill="#000" opacity="0.16"/>`).join(''),
        ).join('')}
        <circle cx="0" cy="-400" r="18" fill="none" stroke="${accent}" stroke-width="6"/>
        <circle cx="0" cy="-400" r="6" fill="${accent}"/>
        ${gloss(-94, -440, 380)}`;
    case 'lantern':
      return `${shadow(110)}
        <circle cx="0" cy="-452" r="16" fill="none" stroke="#8a6a2a" stroke-width="6"/>
        <path d="M-44 -436 L 44 -436 L 74 -372 L -74 -372 Z" fill="#b08a3e"/>
        <path d="M-74 -372 L 74 -372 L 94 -214 L 74 -70 L -74 -70 L -94 -214 Z" fill="${accent}" opacity="0.9"/>
        <circle cx="0" cy="-220" r="120" fill="url(#glow)"/>
        <path d="M0 -290 C 22 -256, 18 -232, 0 -224 C -18 -232, -22 -256, 0 -290 Z" fill="#fff3c4"/>
        <path d="M-74 -372 L 74 -372 L 94 -214 L 74 -70 L -74 -70 L -94 -214 Z M0 -372 L 0 -70 M-94 -214 L 94 -214 M-37 -372 L -47 -70 M37 -372 L 47 -70" stroke="#8a6a2a" stroke-width="6" fill="none" stroke-linejoin="round"/>
        <rect x="-84" y="-72" width="168" height="32" rx="6" fill="#b08a3e"/>
        <rect x="-62" y="-42" width="124" height="42" rx="8" fill="#8a6a2a"/>`;
    case 'linen':
      return `${shadow(200)}
        ${[body, accent, '#fbf7ee', body].map((c, i) => `<rect x="${-190 + (i % 2) * 12}" y="${-70 - i * 62}" width="380" height="64" rx="22" fill="${c}"/><path d="M${-170 + (i % 2) * 12} ${-40 - i * 62} h340" stroke="#000" stroke-opacity="0.08" stroke-width="4"/>`).join('')}
        <path d="M-150 -258 C -60 -300, 40 -290, 120 -330" stroke="#7c8a5c" stroke-width="5" fill="none" stroke-linecap="round"/>
        ${[0, 1, 2, 3, 4].map((i) => `<ellipse cx="${60 + i * 14}" cy="${-300 - i * 7}" rx="9" ry="5" fill="#9b86c4" transform="rotate(-25 ${60 + i * 14} ${-300 - i * 7})"/>`).join('')}`;
  }
}

function night(): string {
  const star = (x: number, y: number, r: number) =>
    `<path d="M${x} ${y - r} L ${x + r * 0.28} ${y - r * 0.28} L ${x + r} ${y} L ${x + r * 0.28} ${y + r * 0.28} L ${x} ${y + r} L ${x - r * 0.28} ${y + r * 0.28} L ${x - r} ${y} L ${x - r * 0.28} ${y - r * 0.28} Z" fill="#f6d98b"/>`;
  return `<mask id="crescent"><rect width="1200" height="800" fill="black"/><circle cx="250" cy="190" r="86" fill="white"/><circle cx="290" cy="160" r="76" fill="black"/></mask>
    <circle cx="250" cy="190" r="86" fill="#f6d98b" mask="url(#crescent)"/>
    ${star(420, 120, 16)}${star(520, 230, 10)}${star(140, 360, 12)}${star(980, 110, 14)}${star(1090, 250, 9)}`;
}

function coverSvg(cover: Cover): string {
  const [light, deep] = cover.bg;
  const objects = cover.objects.map((o) => `<g transform="translate(${o.x} 660) scale(${o.scale})">${drawObject(o)}</g>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></linearGradient>
      <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff6e0" stop-opacity="${cover.night ? 0.35 : 0.8}"/><stop offset="1" stop-color="#fff6e0" stop-opacity="0"/></radialGradient>
      <radialGradient id="glow"><stop offset="0" stop-color="#ffd88a" stop-opacity="0.9"/><stop offset="1" stop-color="#ffd88a" stop-opacity="0"/></radialGradient>
      <filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="12"/></filter>
    </defs>
    <rect width="1200" height="800" fill="url(#bg)"/>
    <circle cx="700" cy="330" r="400" fill="url(#sun)"/>
    ${cover.night ? night() : ''}
    <rect x="0" y="640" width="1200" height="160" fill="${deep}" opacity="0.6"/>
    <rect x="0" y="638" width="1200" height="4" fill="#ffffff" opacity="0.25"/>
    ${sprig(110, 740, -20, '#7c8a5c')}${sprig(1090, 750, 22, '#96a56f')}
    ${objects}
  </svg>`;
}

// ---------------------------------------------------------------------------------------------
// The articles, oldest first. Bodies: paragraphs separated by blank lines, `## ` subheadings.

export interface SeedBlogPost {
  slug: string;
  category: 'guides' | 'care' | 'seasonal';
  tags: string[];
  /** Days before `now` the post was published. */
  daysAgo: number;
  cover: Cover;
  title: { en: string; ar: string };
  excerpt: { en: string; ar: string };
  body: { en: string[]; ar: string[] };
}

export const seedBlogPosts: SeedBlogPost[] = [
  {
    slug: 'essential-oils-in-a-diffuser',
    category: 'guides',
    tags: ['diffusers', 'oils'],
    daysAgo: 58,
    cover: {
      bg: ['#eef0e6', '#c9cfb4'],
      objects: [
        { kind: 'bottle', x: 380, scale: 0.62, body: '#8a4a16', accent: '#7c8a5c' },
        { kind: 'diffuser', x: 640, scale: 1.05, body: '#e9e1d2', accent: '#7c8a5c' },
        { kind: 'bottle', x: 880, scale: 0.78, body: '#6b3a12', accent: '#c9a24a' },
      ],
    },
    title: {
      en: 'How to use essential oils in a diffuser',
      ar: 'كيف تستخدم الزيوت العطرية في جهاز الفواحة',
    },
    excerpt: {
      en: 'How many drops per 100 ml of water, how long to run it and how to keep your diffuser clean: a simple routine for a home that smells fresh, never heavy.',
      ar: 'كم قطرة لكل 100 مل من الماء، وكم من الوقت تشغّل الجهاز، وكيف تحافظ على نظافته: روتين بسيط لبيت برائحة منعشة لا ثقيلة.',
    },
    body: {
      en: [
        'An ultrasonic diffuser does not heat the oil: it shakes water into a fine, cool mist that carries the scent through the room. That is why it suits pure essential oils so well, and why a few drops go such a long way.',
        '## How many drops?',
        'Start with 3 to 5 drops for every 100 ml of water. A typical 300 ml tank therefore needs 9 to 15 drops; a small bedroom is happy at the lower end, an open living room at the upper end. Fill with room-temperature tap or filtered water up to the line, add the oil last, and close the lid before switching on.',
        'More oil is not better. If you notice the scent strongly after ten minutes, you have used too much; within half an hour your nose stops registering it anyway. Run the diffuser for 30 to 60 minutes, then give the room a pause of the same length. The intermittent setting most diffusers offer does this for you.',
        '## Keep it clean',
        'Empty the tank after each use: oils left standing cling to the ultrasonic plate and weaken the mist. Once a week, fill it halfway with water and a spoon of white vinegar, run it for five minutes, empty it and wipe the plate gently with a cotton bud. Never put carrier oils, perfumes or fragrance oils meant for candles into a diffuser.',
        'Finally, think of the whole household. Keep the diffuser out of reach of small children, leave a door open so pets can walk away from the scent, and choose gentle oils such as lavender or sweet orange when someone at home is pregnant or sensitive.',
      ],
      ar: [
        'لا يسخّن جهاز الفواحة بالموجات فوق الصوتية الزيت، بل يحوّل الماء إلى رذاذ بارد ناعم يحمل الرائحة في أرجاء الغرفة. ولهذا يناسب الزيوت العطرية النقية تمامًا، ولهذا أيضًا تكفي قطرات قليلة لتدوم طويلًا.',
        '## كم قطرة تحتاج؟',
        'ابدأ بثلاث إلى خمس قطرات لكل 100 مل من الماء. فالخزان المعتاد بسعة 300 مل يحتاج إذن إلى ما بين 9 و15 قطرة؛ تكفي غرفة النوم الصغيرة بالحد الأدنى، وتحتاج غرفة المعيشة المفتوحة إلى الحد الأعلى. املأ الخزان بماء الصنبور أو الماء المفلتر بدرجة حرارة الغرفة حتى الخط المحدد، ثم أضف الزيت في النهاية وأغلق الغطاء قبل التشغيل.',
        'الإكثار من الزيت لا يعني نتيجة أفضل. فإذا شعرت بالرائحة قوية بعد عشر دقائق فقد أسرفت، كما أن الأنف يتوقف عن ملاحظتها بعد نصف ساعة على أي حال. شغّل الجهاز من 30 إلى 60 دقيقة، ثم امنح الغرفة استراحة بالمدة نفسها. ويتولى وضع التشغيل المتقطع في معظم الأجهزة هذه المهمة عنك.',
        '## حافظ على نظافته',
        'أفرغ الخزان بعد كل استخدام، فالزيوت المتبقية تلتصق بالقرص فوق الصوتي وتُضعف الرذاذ. ومرة كل أسبوع، املأه حتى منتصفه بالماء مع ملعقة من الخل الأبيض، وشغّله خمس دقائق، ثم أفرغه وامسح القرص برفق بعود قطني. ولا تضع في الفواحة أبدًا الزيوت الحاملة أو العطور أو الزيوت العطرية المخصصة للشموع.',
        'وأخيرًا، فكّر في جميع أفراد البيت. ضع الجهاز بعيدًا عن متناول الأطفال الصغار، واترك بابًا مفتوحًا لتبتعد الحيوانات الأليفة عن الرائحة إن أرادت، واختر زيوتًا لطيفة كاللافندر والبرتقال الحلو إذا كان في البيت امرأة حامل أو شخص حساس.',
      ],
    },
  },
  {
    slug: 'candle-care-first-burn',
    category: 'care',
    tags: ['candles'],
    daysAgo: 49,
    cover: {
      bg: ['#f5ece6', '#dcc2b4'],
      objects: [
        { kind: 'candle', x: 420, scale: 0.8, body: '#efc7c0', accent: '#b9826f' },
        { kind: 'candle', x: 690, scale: 1.1, body: '#f4ead8', accent: '#c9a24a' },
        { kind: 'candle', x: 930, scale: 0.7, body: '#a3b18a', accent: '#6f7d52' },
      ],
    },
    title: {
      en: 'Candle care: the first burn and trimming the wick',
      ar: 'العناية بالشموع: الإشعال الأول وتقليم الفتيل',
    },
    excerpt: {
      en: 'A scented candle remembers its first evening. Give it a full melt pool, a short wick and no draughts, and it will burn clean and evenly to the last centimetre.',
      ar: 'تتذكر الشمعة المعطرة أمسيتها الأولى. امنحها سطحًا ذائبًا كاملًا وفتيلًا قصيرًا ومكانًا بعيدًا عن التيارات الهوائية، وستشتعل نظيفة ومتساوية حتى آخر سنتيمتر.',
    },
    body: {
      en: [
        'Most of the trouble people have with candles — tunnelling, soot, a scent that fades halfway — goes back to the very first time the candle was lit. Wax has a memory: the melt pool it reaches on day one is the one it tends to return to.',
        '## The first burn',
        'Light a new candle only when you can stay with it for a while. Let it burn until the melted wax reaches the edge of the jar all the way round; as a rule, allow about one hour for every 2.5 cm of diameter. A 7.5 cm candle therefore needs around three hours the first time. Blow it out earlier and it will dig a tunnel down the middle and waste the wax along the sides.',
        'Do not burn any candle for more than four hours at a stretch. After that the wick mushrooms, the flame grows tall and the glass gets too hot. Let the candle cool completely before lighting it again.',
        '## Trim, place, extinguish',
        'Before every lighting, trim the wick to about 5 mm with a wick trimmer or nail scissors, and remove the trimmings from the wax. A short wick gives a calm, low flame with no black smoke. Keep candles away from open windows, fans and air conditioners: a flickering flame burns unevenly and blackens the glass.',
        'To put a candle out, use a snuffer or dip the wick into the melted wax with a wick dipper and straighten it again; you will avoid smoke and splashes. Stop using a jar candle when about 1 cm of wax is left, and never leave a burning candle unattended or within reach of children and pets.',
      ],
      ar: [
        'تعود معظم المتاعب التي يواجهها الناس مع الشموع — كالتجويف في المنتصف، والسخام، والرائحة التي تخفت في منتصف العمر — إلى المرة الأولى التي أُشعلت فيها الشمعة. فللشمع ذاكرة: يميل السطح الذائب في اليوم الأول إلى أن يتكرر في كل مرة بعده.',
        '## الإشعال الأول',
        'لا تشعل شمعة جديدة إلا عندما يمكنك البقاء بجوارها بعض الوقت. اتركها مشتعلة حتى يصل الشمع الذائب إلى حافة الإناء من جميع الجهات؛ والقاعدة أن تمنحها ساعة تقريبًا لكل 2.5 سم من قطرها. فالشمعة التي يبلغ قطرها 7.5 سم تحتاج إلى نحو ثلاث ساعات في المرة الأولى. وإذا أطفأتها قبل ذلك فستحفر نفقًا في وسطها ويضيع الشمع على جوانبها.',
        'لا تُبقِ أي شمعة مشتعلة أكثر من أربع ساعات متواصلة، إذ يتضخم رأس الفتيل بعدها ويطول اللهب ويسخن الزجاج أكثر من اللازم. ودع الشمعة تبرد تمامًا قبل أن تشعلها من جديد.',
        '## التقليم والمكان والإطفاء',
        'قبل كل إشعال، قلّم الفتيل إلى نحو 5 مم بمقص الفتيل أو بمقص أظافر صغير، وأزل البقايا من على سطح الشمع. فالفتيل القصير يمنحك لهبًا هادئًا منخفضًا بلا دخان أسود. وأبعد الشموع عن النوافذ المفتوحة والمراوح وأجهزة التكييف، فاللهب المرتعش يحترق على نحو غير متساوٍ ويسوّد الزجاج.',
        'لإطفاء الشمعة، استخدم كاتم اللهب، أو اغمس الفتيل في الشمع الذائب بأداة الغمس ثم اعدله من جديد، فتتجنب الدخان ورذاذ الشمع. وتوقف عن استخدام شمعة الإناء عندما يتبقى منها قرابة 1 سم، ولا تترك شمعة مشتعلة دون مراقبة أو في متناول الأطفال والحيوانات الأليفة.',
      ],
    },
  },
  {
    slug: 'choosing-scents-room-by-room',
    category: 'guides',
    tags: ['oils', 'candles', 'diffusers'],
    daysAgo: 40,
    cover: {
      bg: ['#f6efe1', '#e3cfa8'],
      objects: [
        { kind: 'reed', x: 330, scale: 0.85, body: '#dfe6e2', accent: '#c9a24a' },
        { kind: 'bottle', x: 560, scale: 0.7, body: '#7a3f12', accent: '#b9826f' },
        { kind: 'candle', x: 800, scale: 0.95, body: '#f4ead8', accent: '#8a6a2a' },
        { kind: 'spray', x: 1010, scale: 0.72, body: '#cfe0e8', accent: '#7c8a5c' },
      ],
    },
    title: {
      en: 'Choosing scents room by room',
      ar: 'كيف تختار الروائح غرفةً غرفة',
    },
    excerpt: {
      en: 'Bright citrus at the door, warm amber where you gather, lavender where you sleep: a room-by-room guide to a home that feels connected rather than crowded.',
      ar: 'حمضيات منعشة عند المدخل، وعنبر دافئ حيث تجتمع العائلة، ولافندر حيث تنام: دليل غرفة بغرفة لبيت تتناغم روائحه بدلًا من أن تتزاحم.',
    },
    body: {
      en: [
        "Every room in a home does a different job, and its scent can help. The trick is to choose for the room's purpose and size, then keep one thread running through the whole house so that walking from one room to the next feels like a gentle change rather than a collision.",
        '## Welcome, gather, cook',
        'The entrance sets the first impression. Fresh, bright notes — bergamot, lemon, neroli — say welcome without lingering on clothes and coats; a reed diffuser works well here because it needs no attention. In the living room, where the family gathers in the evening, you can go warmer and deeper: amber, sandalwood, a touch of oud or cardamom, from a candle or a diffuser on a timer.',
        'Kitchens call for scents that cut through cooking smells rather than fight them. Lemongrass, mint, basil and sweet orange freshen the air after frying; light them once the cooking is done, never while food is on the table, so the meal keeps its own aroma.',
        '## Rest, bathe, work',
        'Keep bedrooms soft. Lavender, chamomile and a little vanilla help the mind slow down; run the diffuser for half an hour before bed and switch it off when you sleep. Bathrooms are small and humid, so a reed diffuser with eucalyptus, pine or sea-salt notes is enough. In a home office, rosemary and peppermint keep you alert without distracting you.',
        'Whatever you choose, stay within one family of notes — citrus and herbs, or woods and spices — and use less in small rooms. The aim is a home that smells like itself, not a shop that smells of everything at once.',
      ],
      ar: [
        'لكل غرفة في البيت وظيفة مختلفة، ويمكن للرائحة أن تخدم هذه الوظيفة. والسر أن تختار بحسب الغرض من الغرفة ومساحتها، ثم تحافظ على خيط واحد يسري في البيت كله، حتى يبدو الانتقال من غرفة إلى أخرى تغيرًا لطيفًا لا تصادمًا.',
        '## الاستقبال والجلسة والمطبخ',
        'المدخل يصنع الانطباع الأول. فالنفحات المنعشة المشرقة — كالبرغموت والليمون وزهر البرتقال — ترحب بالضيف دون أن تعلق بالملابس والمعاطف، ويناسب المكانَ هنا فواحُ الأعواد لأنه لا يحتاج إلى أي عناية. أما غرفة المعيشة، حيث تجتمع العائلة مساءً، فيمكنك أن تختار فيها روائح أدفأ وأعمق: العنبر وخشب الصندل ولمسة من العود أو الهيل، من شمعة أو من فواحة مضبوطة على مؤقت.',
        'يحتاج المطبخ إلى روائح تزيل آثار الطهي بدلًا من أن تتصارع معها. فعشب الليمون والنعناع والريحان والبرتقال الحلو تنعش الهواء بعد القلي؛ استخدمها بعد الانتهاء من الطهي، ولا تستخدمها أبدًا والطعام على المائدة، ليحتفظ الطعام برائحته الخاصة.',
        '## الراحة والاستحمام والعمل',
        'اجعل غرف النوم هادئة. يساعد اللافندر والبابونج وقليل من الفانيليا العقل على الاسترخاء؛ شغّل الفواحة نصف ساعة قبل النوم وأطفئها حين تنام. والحمامات صغيرة ورطبة، فيكفيها فواح أعواد بنفحات الأوكالبتوس أو الصنوبر أو ملح البحر. وفي مكتب المنزل، يبقيك إكليل الجبل والنعناع الفلفلي متيقظًا دون أن يشتت انتباهك.',
        'ومهما كان اختيارك، فابقَ ضمن عائلة واحدة من الروائح — الحمضيات والأعشاب، أو الأخشاب والتوابل — وقلّل الكمية في الغرف الصغيرة. فالغاية بيت تفوح منه رائحته هو، لا متجر تختلط فيه الروائح كلها في آن واحد.',
      ],
    },
  },
  {
    slug: 'water-fresheners-vs-sprays-on-fabric',
    category: 'care',
    tags: ['fresheners'],
    daysAgo: 31,
    cover: {
      bg: ['#eef3f4', '#c4d4d8'],
      objects: [
        { kind: 'linen', x: 470, scale: 0.85, body: '#e9dccb', accent: '#9fb6bd' },
        { kind: 'spray', x: 800, scale: 0.95, body: '#dfecef', accent: '#7aa0a8' },
        { kind: 'spray', x: 990, scale: 0.75, body: '#f3e6d6', accent: '#c9a24a' },
      ],
    },
    title: {
      en: 'Water fresheners or room sprays: what is safe on fabrics?',
      ar: 'معطرات الماء أم بخاخات الغرف: ما الآمن على الأقمشة؟',
    },
    excerpt: {
      en: 'Curtains, sofas and bed linen hold scent for days, but not every spray is kind to them. Here is how water-based fresheners differ from alcohol sprays, and how to use both safely.',
      ar: 'تحتفظ الستائر والكنب ومفارش السرير بالرائحة أيامًا، لكن ليس كل بخاخ رفيقًا بها. إليك الفرق بين معطرات الماء والبخاخات الكحولية، وكيف تستخدم كلًّا منهما بأمان.',
    },
    body: {
      en: [
        "Fabrics are the secret reservoirs of a home's scent. A lightly scented curtain releases its fragrance every time the breeze moves it, and a freshly sprayed pillowcase makes a bed feel newly made. But the spray you choose matters as much as the scent itself.",
        '## Two kinds of spray',
        'Water fresheners are mostly water with a small amount of fragrance and an emulsifier that keeps it evenly dispersed. They are gentle, leave no sting in the air and are made to be misted onto linens, curtains and upholstery, or added to the iron. Their scent is softer and lasts a day or two on cloth.',
        'Alcohol-based room sprays are designed for the air. The alcohol evaporates in seconds and throws the perfume around the room quickly, which is perfect after guests leave or in a bathroom. On fabric, however, alcohol and concentrated fragrance can lift dyes, leave rings on silk and dry out leather.',
        '## Spraying safely',
        'Always test a new freshener on a hidden spot first — the underside of a cushion or the hem of a curtain — and wait until it dries. Hold the bottle about 30 cm away and mist in sweeping passes rather than soaking one place. Keep silk, velvet, leather and anything marked dry-clean-only for air sprays only.',
        'Let sprayed fabric dry before you sit or lie on it, and never spray near a flame or a hot lamp. For bed linen, a light mist on the underside of the pillow half an hour before sleep is all you need.',
      ],
      ar: [
        'الأقمشة هي المخازن الخفية لرائحة البيت. فالستارة المعطرة برفق تطلق عبيرها كلما حرّكها النسيم، وكيس الوسادة المرشوش حديثًا يجعل السرير كأنه رُتّب للتو. لكن نوع البخاخ الذي تختاره لا يقل أهمية عن الرائحة نفسها.',
        '## نوعان من البخاخات',
        'معطرات الماء هي في معظمها ماء مع قدر قليل من العطر ومادة مستحلبة تحافظ على توزعه بالتساوي. وهي لطيفة، لا تترك لذعة في الهواء، ومصنوعة لترش على المفارش والستائر والمفروشات، أو لتضاف إلى ماء المكواة. ورائحتها أنعم وتدوم على القماش يومًا أو يومين.',
        'أما بخاخات الغرف الكحولية فمصممة للهواء. يتبخر الكحول في ثوانٍ وينشر العطر في الغرفة بسرعة، وهذا مثالي بعد انصراف الضيوف أو في الحمام. لكن الكحول والعطر المركز قد يبهتان ألوان الأقمشة، ويتركان بقعًا دائرية على الحرير، ويجففان الجلد.',
        '## الرش بأمان',
        'جرّب أي معطر جديد دائمًا على موضع مخفي أولًا — كالجهة السفلية من الوسادة أو طرف الستارة — وانتظر حتى يجف. أمسك العبوة على بعد 30 سم تقريبًا، ورش في حركات واسعة بدلًا من إغراق موضع واحد. واقصر استخدامك على بخاخات الهواء وحدها مع الحرير والمخمل والجلد وكل ما يُشترط تنظيفه تنظيفًا جافًا.',
        'اترك القماش المرشوش حتى يجف قبل أن تجلس أو تستلقي عليه، ولا ترش أبدًا قرب لهب أو مصباح ساخن. وللمفارش، يكفيك رذاذ خفيف على الجهة السفلية من الوسادة قبل النوم بنصف ساعة.',
      ],
    },
  },
  {
    slug: 'reed-diffuser-care',
    category: 'care',
    tags: ['diffusers', 'oils'],
    daysAgo: 22,
    cover: {
      bg: ['#f3efe6', '#d8cdb6'],
      objects: [
        { kind: 'reed', x: 470, scale: 1.05, body: '#e4ece6', accent: '#b9826f' },
        { kind: 'reed', x: 760, scale: 0.8, body: '#3f4a3a', accent: '#c9a24a' },
      ],
    },
    title: {
      en: 'Reed diffusers: how many reeds, and when to flip them',
      ar: 'فواحات الأعواد: كم عودًا تستخدم ومتى تقلبها',
    },
    excerpt: {
      en: 'The quietest way to scent a room needs almost no care, but a few habits make a bottle last months instead of weeks.',
      ar: 'أهدأ طريقة لتعطير الغرفة لا تكاد تحتاج إلى عناية، لكن بعض العادات الصغيرة تجعل العبوة تدوم شهورًا بدلًا من أسابيع.',
    },
    body: {
      en: [
        'A reed diffuser has no flame, no plug and no switch. The rattan reeds draw the scented oil up through tiny channels and release it slowly from their tips, all day and all night. That steadiness makes it ideal for hallways, bathrooms and guest rooms.',
        '## The right number of reeds',
        'Fewer reeds mean a softer scent and a longer-lasting bottle. Start with four or five in a small room and go up to eight in a larger one. If the scent is too strong, take two out; there is no need to throw them away.',
        'Flip the reeds once or twice a week, over a sink or a paper towel, to refresh the scent: the dry ends go into the oil and the soaked ends come out. Flipping every day makes the bottle run dry much sooner.',
        '## Where to place it',
        'Keep the bottle out of direct sun, which warms the oil and evaporates it too quickly, and away from the draught of an air conditioner. Stand it on a tray or coaster, because the oil can mark wood and marble. After two or three months the reeds clog with dust and fragrance; replace them when you refill the bottle.',
      ],
      ar: [
        'لا لهب في فواح الأعواد، ولا قابس ولا زر تشغيل. فأعواد الخيزران تسحب الزيت المعطر عبر قنوات دقيقة، ثم تطلقه ببطء من أطرافها طوال النهار والليل. وهذا الثبات يجعله مثاليًا للممرات والحمامات وغرف الضيوف.',
        '## العدد المناسب من الأعواد',
        'كلما قلّ عدد الأعواد صارت الرائحة أنعم ودامت العبوة أطول. ابدأ بأربعة أو خمسة أعواد في الغرفة الصغيرة، وارفع العدد حتى ثمانية في الغرفة الأكبر. وإذا كانت الرائحة قوية أكثر من اللازم فانزع عودين، ولا داعي لرميهما.',
        'اقلب الأعواد مرة أو مرتين في الأسبوع فوق الحوض أو منديل ورقي لتجديد الرائحة: تدخل الأطراف الجافة في الزيت وتخرج الأطراف المشبعة. أما قلبها كل يوم فيجعل العبوة تجف أسرع بكثير.',
        '## أين تضعه',
        'أبعد العبوة عن أشعة الشمس المباشرة التي تسخّن الزيت وتبخّره بسرعة، وعن تيار هواء المكيف. وضعها على صينية أو قاعدة صغيرة، لأن الزيت قد يترك أثرًا على الخشب والرخام. وبعد شهرين أو ثلاثة تنسد الأعواد بالغبار والعطر، فاستبدلها حين تعيد ملء العبوة.',
      ],
    },
  },
  {
    slug: 'air-purifiers-hepa-dust-season',
    category: 'seasonal',
    tags: ['purifiers'],
    daysAgo: 13,
    cover: {
      bg: ['#f4ede0', '#d9c7a5'],
      objects: [
        { kind: 'purifier', x: 560, scale: 1.0, body: '#f3f1ec', accent: '#7c8a5c' },
        { kind: 'reed', x: 830, scale: 0.7, body: '#e4ece6', accent: '#c9a24a' },
      ],
    },
    title: {
      en: "Air purifiers and HEPA filters for Cairo's dust season",
      ar: 'أجهزة تنقية الهواء وفلاتر HEPA في موسم الغبار بالقاهرة',
    },
    excerpt: {
      en: 'When the khamaseen winds bring dust into every corner, a purifier with a true HEPA filter makes the air at home easier to breathe. How to size one for your room and look after its filters.',
      ar: 'حين تحمل رياح الخماسين الغبار إلى كل زاوية، يجعل جهاز التنقية المزود بفلتر HEPA حقيقي هواء البيت أيسر تنفسًا. إليك كيف تختار الجهاز المناسب لمساحة غرفتك وكيف تعتني بفلاتره.',
    },
    body: {
      en: [
        'Every spring, usually between March and May, the khamaseen winds carry fine desert dust across Cairo. It settles on balconies and window sills, slips in around closed shutters and stays in the air long after the storm has passed. For anyone with allergies or asthma, those weeks can be hard.',
        '## What a HEPA filter does',
        'A true HEPA filter captures at least 99.97% of particles of 0.3 microns, the size that is hardest to trap; larger dust and pollen, and most smaller particles, are caught even more easily. Look for the words "true HEPA" or the classes H13 and H14, rather than "HEPA-type". A layer of activated carbon adds something HEPA cannot do: it absorbs cooking smells and smoke.',
        'To size a purifier, use its CADR, the volume of clean air it delivers per hour. Multiply the floor area by the ceiling height and aim for about five air changes an hour: a 20 m² living room with a 2.8 m ceiling holds 56 m³ of air, so look for a CADR of at least 280 m³/h.',
        '## Looking after it',
        "Place the purifier at least 30 cm from walls and furniture, with nothing blocking its intake. During dust season, vacuum or rinse the pre-filter every two weeks, following the maker's instructions, and replace the HEPA filter every six to twelve months, sooner if it turns grey. On dusty days keep windows closed and run the purifier on a higher speed for the first hour.",
        'Never add essential oils to a purifier, and do not run a diffuser right next to it: the filter would trap the droplets and clog. Let the purifier clean the air, then let a reed diffuser across the room add the scent.',
      ],
      ar: [
        'في كل ربيع، وعادةً بين مارس ومايو، تحمل رياح الخماسين غبار الصحراء الناعم إلى أرجاء القاهرة. فيستقر على الشرفات وحواف النوافذ، ويتسلل من حول المصاريع المغلقة، ويبقى عالقًا في الهواء طويلًا بعد انقضاء العاصفة. وقد تكون تلك الأسابيع صعبة على كل من يعاني الحساسية أو الربو.',
        '## ماذا يفعل فلتر HEPA؟',
        'يحتجز فلتر HEPA الحقيقي ما لا يقل عن 99.97% من الجسيمات التي يبلغ حجمها 0.3 ميكرون، وهو الحجم الأصعب التقاطًا؛ أما الغبار وحبوب اللقاح الأكبر حجمًا ومعظم الجسيمات الأصغر فتُحتجز بسهولة أكبر. ابحث عن عبارة «True HEPA» أو الفئتين H13 وH14، لا عن عبارة «شبيه HEPA». وتضيف طبقة الكربون المنشط ما لا يستطيعه فلتر HEPA، إذ تمتص روائح الطهي والدخان.',
        'ولاختيار الجهاز المناسب، اعتمد على معدل توصيل الهواء النقي (CADR)، أي حجم الهواء النظيف الذي يوفره الجهاز في الساعة. اضرب مساحة الأرضية في ارتفاع السقف، واستهدف تجديد الهواء خمس مرات تقريبًا في الساعة: فغرفة معيشة مساحتها 20 م² وارتفاع سقفها 2.8 م تحتوي على 56 م³ من الهواء، فابحث عن جهاز لا يقل معدله عن 280 م³ في الساعة.',
        '## العناية بالجهاز',
        'ضع الجهاز على بعد 30 سم على الأقل من الجدران والأثاث، ولا تضع شيئًا يسد فتحة السحب. وفي موسم الغبار، نظّف الفلتر الأولي بالمكنسة أو اشطفه كل أسبوعين وفق تعليمات الشركة المصنعة، واستبدل فلتر HEPA كل ستة إلى اثني عشر شهرًا، أو قبل ذلك إذا صار لونه رماديًا. وفي الأيام المغبرة أبقِ النوافذ مغلقة وشغّل الجهاز على سرعة أعلى في الساعة الأولى.',
        'لا تضف أبدًا زيوتًا عطرية إلى جهاز التنقية، ولا تشغّل الفواحة بجواره مباشرة، فسيحتجز الفلتر القطرات وينسد. دع الجهاز ينقي الهواء، ثم دع فواح أعواد في الطرف الآخر من الغرفة يضيف الرائحة.',
      ],
    },
  },
  {
    slug: 'scenting-home-ramadan-eid',
    category: 'seasonal',
    tags: ['ramadan', 'candles', 'oils'],
    daysAgo: 4,
    cover: {
      bg: ['#2f3a4a', '#7a5a3a'],
      night: true,
      objects: [
        { kind: 'lantern', x: 470, scale: 1.0, body: '#b08a3e', accent: '#e9b44c' },
        { kind: 'candle', x: 730, scale: 0.72, body: '#f4ead8', accent: '#8a6a2a' },
        { kind: 'bottle', x: 930, scale: 0.7, body: '#5a2e10', accent: '#c9a24a' },
      ],
    },
    title: {
      en: 'Scenting the home for Ramadan and Eid',
      ar: 'تعطير البيت في رمضان والعيد',
    },
    excerpt: {
      en: 'Light and fresh by day, warm and welcoming at iftar, generous for the Eid visits: how to let scent follow the rhythm of the holy month.',
      ar: 'خفيفة ومنعشة في النهار، دافئة ومرحّبة عند الإفطار، وسخية في زيارات العيد: كيف تجعل الرائحة تساير إيقاع الشهر الكريم.',
    },
    body: {
      en: [
        'Ramadan changes the rhythm of a home. Days are quiet, evenings are full of family and guests, and the nights stretch late. The scents you choose can follow that rhythm, and make the month feel special from the moment someone steps through the door.',
        '## From fasting to iftar',
        'During the fasting hours, keep the air light. Strong, sweet or food-like scents can be tiring on an empty stomach, so choose clean notes such as white musk, rose water, orange blossom or a little mint, from a reed diffuser or a diffuser on a short timer.',
        'As iftar approaches, let the house grow warmer. Light a candle with amber or oud in the sitting room half an hour before the call to prayer, and burn bakhoor briefly with a window open so the smoke clears before guests arrive. At the table itself, put the candles out: the food should be the only aroma.',
        '## Welcoming Eid',
        "For Eid, prepare the house the night before. Wash and lightly mist curtains and cushion covers with a water freshener, refresh the reeds in the entrance and choose one signature scent — Taif rose, saffron and oud, or sandalwood — to greet every visitor. Guests will remember it long after the ma'amoul is gone.",
        'Whatever you burn or diffuse, ventilate between sessions, keep flames away from decorations and fanous lanterns, and remember children running through the house. A festive home is, above all, a safe one.',
      ],
      ar: [
        'يغيّر رمضان إيقاع البيت. فالنهار هادئ، والمساء عامر بالعائلة والضيوف، والليالي تمتد حتى ساعة متأخرة. ويمكن للروائح التي تختارها أن تساير هذا الإيقاع، وأن تُشعر كل من يدخل البيت بخصوصية الشهر منذ اللحظة الأولى.',
        '## من الصيام إلى الإفطار',
        'في ساعات الصيام، اجعل الهواء خفيفًا. فالروائح القوية أو الحلوة أو التي تشبه رائحة الطعام قد تُتعب الصائم، فاختر نفحات نقية كالمسك الأبيض وماء الورد وزهر البرتقال وقليل من النعناع، من فواح أعواد أو من فواحة على مؤقت قصير.',
        'ومع اقتراب موعد الإفطار، دع البيت يزداد دفئًا. أشعل شمعة بالعنبر أو العود في غرفة الجلوس قبل الأذان بنصف ساعة، وأشعل البخور لوقت قصير مع فتح نافذة حتى يتبدد الدخان قبل وصول الضيوف. أما على المائدة نفسها فأطفئ الشموع، ليبقى الطعام وحده صاحب الرائحة.',
        '## استقبال العيد',
        'حضّر البيت للعيد في الليلة السابقة. اغسل الستائر وأغطية الوسائد ورشها برذاذ خفيف من معطر الماء، وجدّد أعواد الفواح في المدخل، واختر رائحة واحدة مميزة — الورد الطائفي، أو الزعفران والعود، أو خشب الصندل — لتستقبل بها كل زائر. وسيتذكرها ضيوفك طويلًا بعد أن ينفد الكعك والمعمول.',
        'ومهما كان ما تشعله أو تنشره من عطور، فجدّد هواء البيت بين الجلسات، وأبعد اللهب عن الزينة والفوانيس، وتذكّر الأطفال الذين يركضون في أرجاء البيت. فالبيت المبتهج بالعيد هو قبل كل شيء بيت آمن.',
      ],
    },
  },
];

/** Renders each post's cover (600 and 1200 px, skipping files already there) and stores it in the picture store. */
export async function renderBlogImages(images: DemoImages): Promise<void> {
  const files: string[] = [];
  for (const post of seedBlogPosts) files.push(...(await renderWebp(coverSvg(post.cover), images.renderDir, `blog/${post.slug}`, COVER_WIDTHS)));
  await publishDemoImages(images, files);
}

/**
 * Seeds the demo blog into an empty `blog_posts` table, in one transaction, with publication dates
 * spread over the two months before `now`. Returns false when posts already exist.
 */
export async function seedBlog(db: Kysely<Database>, images: DemoImages, now = new Date()): Promise<boolean> {
  const { n } = await db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n) > 0) return false;
  await renderBlogImages(images);
  const stamp = now.toISOString();
  const oldestFirst = [...seedBlogPosts].sort((a, b) => b.daysAgo - a.daysAgo);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('blog_posts')
      .values(
        oldestFirst.map((p) => ({
          slug: p.slug,
          category: p.category,
          tags: p.tags.join(','),
          image: `${IMAGE_PREFIX}/blog/${p.slug}`,
          author: 'Nasma team',
          title_en: p.title.en,
          title_ar: p.title.ar,
          excerpt_en: p.excerpt.en,
          excerpt_ar: p.excerpt.ar,
          body_en: p.body.en.join('\n\n'),
          body_ar: p.body.ar.join('\n\n'),
          // Mid-morning Cairo time, so the date reads the same in every time zone near Egypt.
          published_at: new Date(Math.floor((now.getTime() - p.daysAgo * DAY) / DAY) * DAY + 8 * 60 * 60 * 1000).toISOString(),
          created_at: stamp,
        })),
      )
      .execute();
  });
  return true;
}
