import type { Art } from './art.js';
import { colorSwatches, sizeOrder } from '../../../shared/domain/vocabulary.js';

/** Text in the shop's languages; French and German fall back to English until translated. */
export interface Localised {
  en: string;
  ar: string;
  fr?: string;
  de?: string;
}

export interface SeedCategory {
  slug: string;
  name: Localised;
  sortOrder: number;
  art: Art;
}

export interface SeedVariant {
  color: string | null;
  size: string | null;
  stock: number;
  /** Piastres; null uses the product price. */
  price: number | null;
}

export interface SeedProduct {
  slug: string;
  sku: string;
  name: Localised;
  shortDescription: Localised;
  fullDescription: Localised;
  /** Piastres. */
  price: number;
  discount: number;
  /** Days from seeding until the offer ends, or null for no countdown. */
  offerEndInDays: number | null;
  isNew: boolean;
  rating: number;
  saleCount: number;
  /** Stock of a product without variants (ignored when it has variants). */
  stock: number;
  variants: SeedVariant[];
  categories: string[];
  tags: string[];
  art: Art;
}

export const seedCategories: SeedCategory[] = [
  {
    slug: 'essential-oils',
    name: { en: 'Essential Oils', ar: 'الزيوت العطرية', fr: 'Huiles essentielles', de: 'Ätherische Öle' },
    sortOrder: 1,
    art: { kind: 'oil', body: '#9a5418', accent: '#7c8a5c', bg: ['#f7efe0', '#e6d2ae'] },
  },
  {
    slug: 'water-fresheners',
    name: { en: 'Water Fresheners', ar: 'معطرات مائية', fr: "Désodorisants à l'eau", de: 'Wasserbasierte Raumdüfte' },
    sortOrder: 2,
    art: { kind: 'spray', body: '#dfe9ea', accent: '#6f93b8', bg: ['#eef4f3', '#c8dadb'] },
  },
  {
    slug: 'scented-candles',
    name: { en: 'Scented Candles', ar: 'شموع معطرة', fr: 'Bougies parfumées', de: 'Duftkerzen' },
    sortOrder: 3,
    art: { kind: 'candle', body: '#f4eddc', accent: '#b8742a', bg: ['#f6ece2', '#e0c6ae'] },
  },
  {
    slug: 'aroma-diffusers',
    name: { en: 'Aroma Diffusers', ar: 'أجهزة نشر العطور', fr: 'Diffuseurs d’arômes', de: 'Aroma-Diffusoren' },
    sortOrder: 4,
    art: { kind: 'diffuser', body: '#8a6240', accent: '#f2c66d', bg: ['#f1ece4', '#d6c6ae'] },
  },
  {
    slug: 'air-purifiers',
    name: { en: 'Air Purifiers', ar: 'أجهزة تنقية الهواء', fr: 'Purificateurs d’air', de: 'Luftreiniger' },
    sortOrder: 5,
    art: { kind: 'purifier', body: '#f5f4f0', accent: '#6e9a6a', bg: ['#eef1ee', '#cdd6cf'] },
  },
];

/** How each kind of product is used and cared for: the second paragraph of its description. */
const careText: Record<string, Localised> = {
  'essential-oils': {
    en: 'Steam-distilled and bottled in amber glass to protect it from light. Add 3–5 drops to a diffuser, or dilute 2–3 drops in a teaspoon of carrier oil before it touches skin. Keep away from children and store below 25 °C.',
    ar: 'مقطّر بالبخار ومعبأ في زجاج كهرماني يحميه من الضوء. أضف من 3 إلى 5 قطرات إلى جهاز النشر، أو خفّف قطرتين إلى ثلاث في ملعقة صغيرة من زيت ناقل قبل وضعه على البشرة. يحفظ بعيدًا عن الأطفال وفي درجة حرارة أقل من 25 درجة.',
  },
  'water-fresheners': {
    en: 'Water-based and alcohol-free, so it freshens curtains, sofas and linen without stains or a sharp smell. Shake well and spray from 30 cm; one bottle lasts around 400 sprays.',
    ar: 'معطر مائي خالٍ من الكحول، ينعش الستائر والكنب والمفارش بلا بقع ولا رائحة حادة. رجّ العبوة جيدًا ورشّ من مسافة 30 سم؛ تكفي العبوة نحو 400 رشة.',
  },
  'scented-candles': {
    en: 'Hand-poured in Cairo from natural soy wax with a cotton wick. Burn for two hours the first time so the surface melts evenly, trim the wick to 5 mm, and never leave a lit candle unattended.',
    ar: 'مصبوبة يدويًا في القاهرة من شمع الصويا الطبيعي بفتيل قطني. أشعلها ساعتين في أول مرة حتى يذوب السطح بالتساوي، وقصّ الفتيل إلى 5 مم، ولا تترك الشمعة مشتعلة دون رقابة.',
  },
  'aroma-diffusers': {
    en: 'Fill with tap or filtered water, add a few drops of your favourite oil and choose a mist setting. It switches itself off when the water runs out. Comes with a one-year warranty and an Egyptian plug adapter.',
    ar: 'املأه بماء الصنبور أو الماء المفلتر، وأضف بضع قطرات من زيتك المفضل واختر قوة الرذاذ. يتوقف تلقائيًا عند نفاد الماء. ضمان لمدة سنة ومعه محوّل قابس مصري.',
  },
  'air-purifiers': {
    en: 'A three-stage filter (pre-filter, True HEPA H13 and activated carbon) captures 99.97% of particles down to 0.3 microns, including dust, pollen, pet hair and cooking smells. Two-year warranty, replacement filters in stock.',
    ar: 'فلتر بثلاث مراحل (فلتر أولي وفلتر HEPA H13 وكربون نشط) يلتقط 99.97% من الجزيئات حتى 0.3 ميكرون، ومنها الغبار وحبوب اللقاح وشعر الحيوانات وروائح الطبخ. ضمان لمدة سنتين، وفلاتر الاستبدال متوفرة.',
  },
};

interface Def {
  slug: string;
  en: string;
  ar: string;
  shortEn: string;
  shortAr: string;
  /** EGP (whole pounds or with piastres), converted to piastres here. */
  egp: number;
  category: string;
  tags: string[];
  art: Partial<Art>;
  discount?: number;
  offerEndInDays?: number;
  isNew?: boolean;
  stock?: number;
  rating: number;
  sales: number;
  variants?: SeedVariant[];
}

const counters = new Map<string, number>();
const skuPrefix: Record<string, string> = {
  'essential-oils': 'OIL',
  'water-fresheners': 'WFR',
  'scented-candles': 'CND',
  'aroma-diffusers': 'DIF',
  'air-purifiers': 'PUR',
};

function def(d: Def): SeedProduct {
  const n = (counters.get(d.category) ?? 0) + 1;
  counters.set(d.category, n);
  const category = seedCategories.find((c) => c.slug === d.category);
  if (!category) throw new Error(`Unknown category ${d.category}`);
  const care = careText[d.category]!;
  return {
    slug: d.slug,
    sku: `${skuPrefix[d.category]}-${String(n).padStart(3, '0')}`,
    name: { en: d.en, ar: d.ar },
    shortDescription: { en: d.shortEn, ar: d.shortAr },
    fullDescription: { en: `${d.shortEn}\n\n${care.en}`, ar: `${d.shortAr}\n\n${care.ar}` },
    price: Math.round(d.egp * 100),
    discount: d.discount ?? 0,
    offerEndInDays: d.offerEndInDays ?? null,
    isNew: d.isNew ?? false,
    rating: d.rating,
    saleCount: d.sales,
    stock: d.stock ?? 25,
    variants: d.variants ?? [],
    categories: [d.category],
    tags: d.tags,
    art: { ...category.art, ...d.art },
  };
}

/** Oil bottle sizes: 10 ml at the product price, 30 ml and 100 ml priced per bottle. */
const oilSizes = (_egp10: number, egp30: number, egp100: number, stock: [number, number, number] = [30, 18, 8]): SeedVariant[] => [
  { color: null, size: '10ml', stock: stock[0], price: null },
  { color: null, size: '30ml', stock: stock[1], price: egp30 * 100 },
  { color: null, size: '100ml', stock: stock[2], price: egp100 * 100 },
];

const candleColours = (colours: string[], stock: number[]): SeedVariant[] =>
  colours.map((color, i) => ({ color, size: null, stock: stock[i] ?? 10, price: null }));

export const seedProducts: SeedProduct[] = [
  // Essential oils
  def({
    slug: 'peppermint-essential-oil',
    en: 'Peppermint Essential Oil',
    ar: 'زيت النعناع العطري',
    shortEn: 'Cool, bright peppermint from the farms of Fayoum: clears the head on a hot afternoon and keeps a study desk sharp.',
    shortAr: 'نعناع منعش من مزارع الفيوم: يصفّي الذهن في الظهيرة الحارة ويساعد على التركيز أثناء المذاكرة.',
    egp: 95,
    category: 'essential-oils',
    tags: ['energising', 'focus', 'fresh'],
    art: { body: '#2f6b4f', accent: '#2f6b4f' },
    rating: 4.7,
    sales: 412,
    variants: oilSizes(95, 220, 590),
  }),
  def({
    slug: 'french-lavender-essential-oil',
    en: 'French Lavender Essential Oil',
    ar: 'زيت اللافندر الفرنسي',
    shortEn: 'Soft, herbal lavender from Provence, the classic oil for winding down: a few drops on the pillow before sleep.',
    shortAr: 'لافندر عشبي ناعم من بروفانس، الزيت الكلاسيكي للاسترخاء: بضع قطرات على الوسادة قبل النوم.',
    egp: 150,
    category: 'essential-oils',
    tags: ['relaxing', 'sleep', 'floral', 'bestseller'],
    art: { body: '#6a4c8c', accent: '#7f6aa6' },
    rating: 4.9,
    sales: 655,
    discount: 15,
    offerEndInDays: 3,
    variants: oilSizes(150, 360, 950),
  }),
  def({
    slug: 'egyptian-jasmine-absolute',
    en: 'Egyptian Jasmine Absolute',
    ar: 'زيت الياسمين المصري المطلق',
    shortEn: 'Hand-picked at dawn in Gharbia, where much of the world’s jasmine grows: rich, honeyed and unmistakably Egyptian.',
    shortAr: 'ياسمين مقطوف يدويًا عند الفجر في الغربية، موطن جزء كبير من ياسمين العالم: غني وعسلي ومصري بامتياز.',
    egp: 480,
    category: 'essential-oils',
    tags: ['floral', 'relaxing', 'gift'],
    art: { body: '#8a4a16', accent: '#c9a24a' },
    rating: 4.8,
    sales: 233,
    isNew: true,
    variants: oilSizes(480, 1150, 3400, [12, 6, 2]),
  }),
  def({
    slug: 'sweet-orange-essential-oil',
    en: 'Sweet Orange Essential Oil',
    ar: 'زيت البرتقال الحلو العطري',
    shortEn: 'Cold-pressed from the peel of Delta oranges: cheerful, sweet and a favourite for kitchens and children’s rooms.',
    shortAr: 'معصور على البارد من قشر برتقال الدلتا: مبهج وحلو ومفضل للمطابخ وغرف الأطفال.',
    egp: 110,
    category: 'essential-oils',
    tags: ['citrus', 'energising', 'natural'],
    art: { body: '#b0561a', accent: '#e08a2c' },
    rating: 4.6,
    sales: 389,
    variants: oilSizes(110, 260, 690),
  }),
  def({
    slug: 'eucalyptus-essential-oil',
    en: 'Eucalyptus Essential Oil',
    ar: 'زيت الكافور العطري',
    shortEn: 'Crisp and camphoraceous: a steam bowl of eucalyptus opens the chest on dusty khamaseen days.',
    shortAr: 'منعش بنفحة كافورية: وعاء بخار بالكافور يريح التنفس في أيام الخماسين المتربة.',
    egp: 120,
    category: 'essential-oils',
    tags: ['fresh', 'energising'],
    art: { body: '#3f6f6a', accent: '#5f8f7a' },
    rating: 4.5,
    sales: 301,
    discount: 10,
    variants: oilSizes(120, 280, 740),
  }),
  def({
    slug: 'tea-tree-essential-oil',
    en: 'Tea Tree Essential Oil',
    ar: 'زيت شجرة الشاي العطري',
    shortEn: 'Clean, medicinal and green: the oil every bathroom cabinet should hold, diluted for skin or diffused to freshen.',
    shortAr: 'نقي وعشبي بطابع علاجي: زيت يستحق مكانًا في كل خزانة حمام، مخففًا للبشرة أو في جهاز النشر.',
    egp: 135,
    category: 'essential-oils',
    tags: ['fresh', 'natural'],
    art: { body: '#4e5f36', accent: '#6f7550' },
    rating: 4.4,
    sales: 198,
    variants: oilSizes(135, 310, 820),
  }),
  def({
    slug: 'frankincense-essential-oil',
    en: 'Frankincense Essential Oil',
    ar: 'زيت اللبان العطري',
    shortEn: 'Resinous and warm, distilled from Omani frankincense tears: grounding for quiet evenings and prayer corners.',
    shortAr: 'دافئ وراتنجي، مقطّر من دموع اللبان العُماني: يمنح الهدوء في الأمسيات وأركان الصلاة.',
    egp: 320,
    category: 'essential-oils',
    tags: ['woody', 'oriental', 'relaxing'],
    art: { body: '#7a4a1c', accent: '#b8742a' },
    rating: 4.8,
    sales: 176,
    variants: oilSizes(320, 760, 2150),
  }),
  def({
    slug: 'rose-geranium-essential-oil',
    en: 'Rose Geranium Essential Oil',
    ar: 'زيت العتر العطري',
    shortEn: 'Rosy, green and balancing, from Egyptian geranium fields in Beni Suef: a softer, more affordable rose.',
    shortAr: 'وردي وعشبي ومتوازن، من حقول العتر في بني سويف: بديل أنعم وأوفر للورد.',
    egp: 275,
    category: 'essential-oils',
    tags: ['floral', 'relaxing'],
    art: { body: '#8c3f4a', accent: '#d9a0a0' },
    rating: 4.6,
    sales: 142,
    isNew: true,
    variants: oilSizes(275, 650, 1850),
  }),
  def({
    slug: 'lemongrass-essential-oil',
    en: 'Lemongrass Essential Oil',
    ar: 'زيت حشيشة الليمون العطري',
    shortEn: 'Zesty and grassy, a natural mosquito deterrent for balconies on summer nights.',
    shortAr: 'ليموني عشبي منعش، يبعد الناموس بشكل طبيعي عن البلكونات في ليالي الصيف.',
    egp: 105,
    category: 'essential-oils',
    tags: ['citrus', 'fresh', 'natural'],
    art: { body: '#7a7a1c', accent: '#a3b18a' },
    rating: 4.3,
    sales: 121,
    variants: oilSizes(105, 245, 650, [0, 0, 0]),
  }),
  def({
    slug: 'sandalwood-essential-oil-blend',
    en: 'Sandalwood Essential Oil Blend',
    ar: 'خليط زيت خشب الصندل العطري',
    shortEn: 'Creamy Mysore-style sandalwood blended in jojoba: soft, woody and long-lasting on skin and in a diffuser.',
    shortAr: 'صندل كريمي على طريقة ميسور ممزوج بزيت الجوجوبا: خشبي ناعم يدوم طويلًا على البشرة وفي جهاز النشر.',
    egp: 385,
    category: 'essential-oils',
    tags: ['woody', 'oriental', 'gift'],
    art: { body: '#5b3a22', accent: '#c9a24a' },
    rating: 4.7,
    sales: 164,
    discount: 20,
    offerEndInDays: 5,
    variants: oilSizes(385, 900, 2600),
  }),

  // Water fresheners
  def({
    slug: 'oud-and-amber-room-spray',
    en: 'Oud & Amber Room Spray',
    ar: 'معطر غرف العود والعنبر',
    shortEn: 'Deep oud softened with amber and a touch of rose: the scent of a welcoming Egyptian majlis in one spray.',
    shortAr: 'عود عميق يلطّفه العنبر ولمسة من الورد: رائحة المجلس المصري المضياف في رشة واحدة.',
    egp: 185,
    category: 'water-fresheners',
    tags: ['oriental', 'woody', 'bestseller'],
    art: { body: '#e9dccb', accent: '#7a4a1c' },
    rating: 4.8,
    sales: 520,
    variants: [
      { color: null, size: '250ml', stock: 40, price: null },
      { color: null, size: '500ml', stock: 22, price: 31500 },
    ],
  }),
  def({
    slug: 'cotton-breeze-linen-spray',
    en: 'Cotton Breeze Linen Spray',
    ar: 'معطر المفارش نسمة القطن',
    shortEn: 'Clean laundry, sunshine and a hint of white musk, for beds, towels and the sofa cushions.',
    shortAr: 'رائحة الغسيل النظيف والشمس مع لمسة مسك أبيض، للسرائر والمناشف ووسائد الكنب.',
    egp: 145,
    category: 'water-fresheners',
    tags: ['fresh', 'sleep'],
    art: { body: '#eef3f7', accent: '#6f93b8' },
    rating: 4.6,
    sales: 344,
  }),
  def({
    slug: 'nile-lotus-water-freshener',
    en: 'Nile Lotus Water Freshener',
    ar: 'معطر مائي لوتس النيل',
    shortEn: 'Watery blue lotus with green stems and a little citrus: light enough for every room of the house.',
    shortAr: 'لوتس أزرق مائي مع سيقان خضراء ولمسة حمضيات: خفيف بما يكفي لكل غرف البيت.',
    egp: 165,
    category: 'water-fresheners',
    tags: ['floral', 'fresh'],
    art: { body: '#e3eef2', accent: '#4f7fa8' },
    rating: 4.5,
    sales: 231,
    isNew: true,
    variants: [
      { color: null, size: '250ml', stock: 30, price: null },
      { color: null, size: '500ml', stock: 15, price: 28500 },
    ],
  }),
  def({
    slug: 'mint-and-lime-kitchen-freshener',
    en: 'Mint & Lime Kitchen Freshener',
    ar: 'معطر المطبخ نعناع وليمون',
    shortEn: 'Cuts through frying and fish smells with fresh mint and Baladi lime, without masking them under perfume.',
    shortAr: 'يزيل روائح القلي والسمك بالنعناع الطازج والليمون البلدي، دون أن يغطيها بعطر ثقيل.',
    egp: 125,
    category: 'water-fresheners',
    tags: ['citrus', 'fresh'],
    art: { body: '#e6f0e3', accent: '#6e9a6a' },
    rating: 4.4,
    sales: 287,
    discount: 10,
  }),
  def({
    slug: 'taif-rose-room-mist',
    en: 'Taif Rose Room Mist',
    ar: 'رذاذ غرف ورد الطائف',
    shortEn: 'A true rose mist built on Taif rose water: romantic in the bedroom and lovely on curtains.',
    shortAr: 'رذاذ ورد حقيقي أساسه ماء ورد الطائف: رومانسي في غرفة النوم وجميل على الستائر.',
    egp: 210,
    category: 'water-fresheners',
    tags: ['floral', 'gift'],
    art: { body: '#f4e4e4', accent: '#b8606a' },
    rating: 4.7,
    sales: 198,
    discount: 25,
    offerEndInDays: 2,
  }),
  def({
    slug: 'sea-salt-and-sage-freshener',
    en: 'Sea Salt & Sage Freshener',
    ar: 'معطر ملح البحر والمريمية',
    shortEn: 'A summer morning in Marsa Matrouh: salty air, sage and driftwood.',
    shortAr: 'صباح صيفي في مرسى مطروح: نسيم مالح ومريمية وخشب البحر.',
    egp: 155,
    category: 'water-fresheners',
    tags: ['fresh', 'natural'],
    art: { body: '#e6eeea', accent: '#5f8f7a' },
    rating: 4.5,
    sales: 156,
    isNew: true,
  }),
  def({
    slug: 'bakhoor-nights-water-freshener',
    en: 'Bakhoor Nights Water Freshener',
    ar: 'معطر مائي ليالي البخور',
    shortEn: 'The smoke of bakhoor without the smoke: agarwood, sandalwood and sugar for the living room.',
    shortAr: 'رائحة البخور بلا دخان: عود وصندل وسكر لغرفة المعيشة.',
    egp: 175,
    category: 'water-fresheners',
    tags: ['oriental', 'woody'],
    art: { body: '#eadfd2', accent: '#5b3a22' },
    rating: 4.6,
    sales: 264,
    stock: 0,
  }),
  def({
    slug: 'fig-leaf-bathroom-freshener',
    en: 'Fig Leaf Bathroom Freshener',
    ar: 'معطر الحمام ورق التين',
    shortEn: 'Green fig leaf and coconut: fresh and clean, lasts between cleanings.',
    shortAr: 'ورق تين أخضر وجوز هند: منعش ونظيف ويدوم بين مرات التنظيف.',
    egp: 135,
    category: 'water-fresheners',
    tags: ['fresh', 'natural'],
    art: { body: '#e8efe0', accent: '#6f7550' },
    rating: 4.2,
    sales: 97,
  }),
  def({
    slug: 'orange-blossom-car-and-home-spray',
    en: 'Orange Blossom Car & Home Spray',
    ar: 'معطر السيارة والمنزل زهر البرتقال',
    shortEn: 'Neroli and orange blossom water in a slim 100 ml bottle for the car, the office drawer or a handbag.',
    shortAr: 'نيرولي وماء زهر البرتقال في عبوة نحيفة 100 مل للسيارة أو درج المكتب أو الحقيبة.',
    egp: 99,
    category: 'water-fresheners',
    tags: ['citrus', 'floral'],
    art: { body: '#f6ecdc', accent: '#e08a2c' },
    rating: 4.3,
    sales: 402,
  }),

  // Scented candles
  def({
    slug: 'sandalwood-and-vanilla-soy-candle',
    en: 'Sandalwood & Vanilla Soy Candle',
    ar: 'شمعة صويا بالصندل والفانيليا',
    shortEn: 'Creamy sandalwood over Madagascar vanilla in a reusable ceramic tumbler: 45 hours of slow, clean burn.',
    shortAr: 'صندل كريمي فوق فانيليا مدغشقر في كوب خزفي قابل لإعادة الاستخدام: 45 ساعة من الاشتعال الهادئ النظيف.',
    egp: 295,
    category: 'scented-candles',
    tags: ['woody', 'relaxing', 'bestseller'],
    art: { body: '#f4eddc', accent: '#b8742a' },
    rating: 4.9,
    sales: 610,
    variants: candleColours(['ivory', 'amber', 'charcoal'], [20, 14, 9]),
  }),
  def({
    slug: 'oud-noir-candle',
    en: 'Oud Noir Candle',
    ar: 'شمعة العود الأسود',
    shortEn: 'Smoky oud, leather and black pepper in matte black glass: a statement for the living room.',
    shortAr: 'عود مدخن وجلد وفلفل أسود في زجاج أسود مطفي: لمسة فخمة لغرفة المعيشة.',
    egp: 540,
    category: 'scented-candles',
    tags: ['oriental', 'woody', 'gift'],
    art: { body: '#3a3a3a', accent: '#c9a24a' },
    rating: 4.8,
    sales: 188,
    isNew: true,
    variants: [
      { color: 'black', size: 'medium', stock: 12, price: null },
      { color: 'black', size: 'large', stock: 6, price: 79000 },
    ],
  }),
  def({
    slug: 'fig-and-cedar-candle',
    en: 'Fig & Cedar Candle',
    ar: 'شمعة التين والأرز',
    shortEn: 'Ripe figs, green leaves and cedarwood: a Mediterranean garden at the end of summer.',
    shortAr: 'تين ناضج وأوراق خضراء وخشب الأرز: حديقة متوسطية في آخر الصيف.',
    egp: 345,
    category: 'scented-candles',
    tags: ['woody', 'fresh'],
    art: { body: '#a3b18a', accent: '#6f7550' },
    rating: 4.6,
    sales: 143,
    discount: 15,
    variants: candleColours(['sage', 'ivory'], [11, 8]),
  }),
  def({
    slug: 'lemon-verbena-tin-candle',
    en: 'Lemon Verbena Tin Candle',
    ar: 'شمعة علبة اللويزة والليمون',
    shortEn: 'A travel tin of bright lemon verbena, 20 hours of burn, with a lid to keep the scent fresh.',
    shortAr: 'علبة سفر بلويزة وليمون مشرقين، 20 ساعة اشتعال، مع غطاء يحفظ الرائحة.',
    egp: 165,
    category: 'scented-candles',
    tags: ['citrus', 'fresh'],
    art: { body: '#f2e7b5', accent: '#9a9a96' },
    rating: 4.4,
    sales: 231,
  }),
  def({
    slug: 'amber-musk-three-wick-candle',
    en: 'Amber Musk Three-Wick Candle',
    ar: 'شمعة العنبر والمسك بثلاثة فتائل',
    shortEn: 'A generous three-wick candle that fills a large reception room with warm amber and white musk in minutes.',
    shortAr: 'شمعة كبيرة بثلاثة فتائل تملأ صالة الاستقبال بالعنبر الدافئ والمسك الأبيض في دقائق.',
    egp: 790,
    category: 'scented-candles',
    tags: ['oriental', 'gift'],
    art: { body: '#e8c9a0', accent: '#8a4a16' },
    rating: 4.9,
    sales: 121,
    discount: 20,
    offerEndInDays: 6,
    variants: candleColours(['amber', 'ivory'], [7, 5]),
  }),
  def({
    slug: 'lavender-fields-candle',
    en: 'Lavender Fields Candle',
    ar: 'شمعة حقول اللافندر',
    shortEn: 'French lavender and chamomile to slow the evening down; our most-gifted bedroom candle.',
    shortAr: 'لافندر فرنسي وبابونج لإبطاء إيقاع المساء؛ أكثر شموع غرف النوم إهداءً لدينا.',
    egp: 275,
    category: 'scented-candles',
    tags: ['relaxing', 'sleep', 'floral'],
    art: { body: '#c9bde3', accent: '#6a4c8c' },
    rating: 4.7,
    sales: 356,
    variants: candleColours(['lavender', 'ivory'], [15, 0]),
  }),
  def({
    slug: 'jasmine-night-candle',
    en: 'Jasmine Night Candle',
    ar: 'شمعة ليل الياسمين',
    shortEn: 'Egyptian jasmine the way it smells on a balcony after sunset: heady, sweet and a little green.',
    shortAr: 'الياسمين المصري كما تفوح رائحته في البلكونة بعد الغروب: ساحر وحلو مع لمسة خضراء.',
    egp: 315,
    category: 'scented-candles',
    tags: ['floral', 'relaxing'],
    art: { body: '#f7f3ea', accent: '#c9a24a' },
    rating: 4.8,
    sales: 205,
    isNew: true,
    variants: candleColours(['white', 'blush'], [13, 9]),
  }),
  def({
    slug: 'cinnamon-and-date-candle',
    en: 'Cinnamon & Date Candle',
    ar: 'شمعة القرفة والتمر',
    shortEn: 'Cinnamon, dates and a pinch of cardamom: the smell of Ramadan evenings and Eid baking.',
    shortAr: 'قرفة وتمر ورشة حبهان: رائحة أمسيات رمضان وكحك العيد.',
    egp: 265,
    category: 'scented-candles',
    tags: ['oriental', 'gift'],
    art: { body: '#c0674a', accent: '#7a3f12' },
    rating: 4.6,
    sales: 178,
    stock: 0,
    variants: candleColours(['terracotta'], [0]),
  }),
  def({
    slug: 'rose-pillar-candle-set',
    en: 'Rose Pillar Candle Set',
    ar: 'طقم شموع عمودية بالورد',
    shortEn: 'Three unscented-base pillars lightly perfumed with rose, for dining tables and weddings.',
    shortAr: 'ثلاث شموع عمودية معطرة بخفة بالورد، لموائد الطعام والأفراح.',
    egp: 225,
    category: 'scented-candles',
    tags: ['floral', 'gift'],
    art: { body: '#efc7c0', accent: '#b8606a' },
    rating: 4.5,
    sales: 132,
    variants: candleColours(['blush', 'white', 'rose'], [10, 10, 6]),
  }),

  // Aroma diffusers
  def({
    slug: 'wood-grain-ultrasonic-diffuser',
    en: 'Wood-Grain Ultrasonic Diffuser 300 ml',
    ar: 'جهاز نشر عطور بالموجات فوق الصوتية بخشب طبيعي 300 مل',
    shortEn: 'Whisper-quiet cool mist for up to 10 hours, with a warm night light and timer settings of 1, 3 and 6 hours.',
    shortAr: 'رذاذ بارد هادئ جدًا حتى 10 ساعات، مع إضاءة ليلية دافئة ومؤقت 1 و3 و6 ساعات.',
    egp: 890,
    category: 'aroma-diffusers',
    tags: ['relaxing', 'sleep', 'bestseller'],
    art: { body: '#8a6240' },
    rating: 4.7,
    sales: 388,
    discount: 10,
    variants: [
      { color: 'walnut', size: null, stock: 14, price: null },
      { color: 'oak', size: null, stock: 11, price: null },
    ],
  }),
  def({
    slug: 'stone-ceramic-diffuser',
    en: 'Stone Ceramic Diffuser',
    ar: 'جهاز نشر عطور من السيراميك الحجري',
    shortEn: 'Hand-glazed ceramic cover over an ultrasonic core; looks like a vase, mists like a spa.',
    shortAr: 'غطاء سيراميك مزجج يدويًا فوق جهاز بالموجات فوق الصوتية؛ شكله مزهرية ورذاذه كالسبا.',
    egp: 1250,
    category: 'aroma-diffusers',
    tags: ['relaxing', 'gift'],
    art: { body: '#d8c7a3', accent: '#6f7550' },
    rating: 4.8,
    sales: 96,
    isNew: true,
    variants: [
      { color: 'sand', size: null, stock: 8, price: null },
      { color: 'white', size: null, stock: 6, price: null },
      { color: 'charcoal', size: null, stock: 4, price: null },
    ],
  }),
  def({
    slug: 'amber-glass-reed-diffuser',
    en: 'Amber Glass Reed Diffuser',
    ar: 'معطر أعواد في زجاج كهرماني',
    shortEn: 'Rattan reeds in amber glass scented with oud and bergamot: no flame, no plug, three months of scent.',
    shortAr: 'أعواد الروطان في زجاج كهرماني بعطر العود والبرغموت: بلا نار ولا كهرباء، ورائحة تدوم ثلاثة أشهر.',
    egp: 420,
    category: 'aroma-diffusers',
    tags: ['oriental', 'gift', 'bestseller'],
    art: { kind: 'reed', body: '#9a5418', accent: '#c9a24a' },
    rating: 4.6,
    sales: 301,
    discount: 15,
    offerEndInDays: 4,
    variants: [
      { color: null, size: '100ml', stock: 20, price: null },
      { color: null, size: '200ml', stock: 12, price: 69000 },
    ],
  }),
  def({
    slug: 'car-vent-diffuser',
    en: 'Car Vent Diffuser',
    ar: 'معطر فتحة تكييف السيارة',
    shortEn: 'A brushed-metal clip with felt pads: add a drop of oil and let the air conditioning do the rest.',
    shortAr: 'مشبك معدني مع وسادات لباد: أضف قطرة زيت ودع التكييف يكمل المهمة.',
    egp: 195,
    category: 'aroma-diffusers',
    tags: ['fresh', 'gift'],
    art: { kind: 'filter', body: '#c9a24a', accent: '#3a3a3a' },
    rating: 4.2,
    sales: 276,
    variants: [
      { color: 'gold', size: null, stock: 25, price: null },
      { color: 'black', size: null, stock: 25, price: null },
    ],
  }),
  def({
    slug: 'glass-nebulizing-diffuser',
    en: 'Glass Nebulizing Diffuser',
    ar: 'جهاز نشر عطور زجاجي بالتذرية',
    shortEn: 'Waterless: pure oil turned to a fine mist by a hand-blown glass nebulizer for the strongest, truest scent.',
    shortAr: 'بدون ماء: يحوّل الزيت النقي إلى رذاذ ناعم عبر زجاج منفوخ يدويًا لأقوى وأصدق رائحة.',
    egp: 2450,
    category: 'aroma-diffusers',
    tags: ['smart', 'gift'],
    art: { body: '#6b4a2f', accent: '#dfe9ea' },
    rating: 4.9,
    sales: 41,
    variants: [{ color: 'walnut', size: null, stock: 3, price: null }],
  }),
  def({
    slug: 'mini-usb-diffuser',
    en: 'Mini USB Diffuser',
    ar: 'جهاز نشر عطور صغير بمنفذ USB',
    shortEn: 'Palm-sized and powered from any USB port: made for office desks and bedside tables.',
    shortAr: 'بحجم كف اليد ويعمل من أي منفذ USB: مصمم لمكاتب العمل والطاولات الجانبية.',
    egp: 550,
    category: 'aroma-diffusers',
    tags: ['focus'],
    art: { body: '#f5f4f0', accent: '#6f93b8' },
    rating: 4.3,
    sales: 219,
    variants: [
      { color: 'white', size: null, stock: 18, price: null },
      { color: 'blue', size: null, stock: 0, price: null },
    ],
  }),
  def({
    slug: 'smart-wifi-diffuser-500ml',
    en: 'Smart Wi-Fi Diffuser 500 ml',
    ar: 'جهاز نشر عطور ذكي واي فاي 500 مل',
    shortEn: 'Schedule mist from your phone or your voice assistant; a 500 ml tank covers a 45 m² living room.',
    shortAr: 'جدولة الرذاذ من هاتفك أو مساعدك الصوتي؛ خزان 500 مل يغطي صالة 45 م².',
    egp: 1650,
    category: 'aroma-diffusers',
    tags: ['smart'],
    art: { body: '#3a3a3a', accent: '#6e9a6a' },
    rating: 4.5,
    sales: 87,
    isNew: true,
    variants: [
      { color: 'black', size: null, stock: 9, price: null },
      { color: 'white', size: null, stock: 7, price: null },
    ],
  }),
  def({
    slug: 'brass-electric-mabkhara',
    en: 'Brass Electric Mabkhara',
    ar: 'مبخرة كهربائية نحاسية',
    shortEn: 'A hand-engraved brass incense burner with a gentle electric heater for bakhoor and oud chips, no charcoal needed.',
    shortAr: 'مبخرة نحاسية منقوشة يدويًا بسخان كهربائي هادئ للبخور ورقائق العود، دون حاجة إلى فحم.',
    egp: 690,
    category: 'aroma-diffusers',
    tags: ['oriental', 'gift'],
    art: { body: '#b08a3a', accent: '#7a3f12' },
    rating: 4.7,
    sales: 154,
    stock: 0,
    variants: [{ color: 'gold', size: null, stock: 0, price: null }],
  }),

  // Air purifiers
  def({
    slug: 'compact-hepa-air-purifier',
    en: 'Compact HEPA Air Purifier (20 m²)',
    ar: 'جهاز تنقية هواء HEPA صغير (20 م²)',
    shortEn: 'Sized for bedrooms and nurseries, quiet as a whisper at 24 dB on its sleep setting.',
    shortAr: 'مناسب لغرف النوم والأطفال، هادئ جدًا بمستوى 24 ديسيبل في وضع النوم.',
    egp: 2850,
    category: 'air-purifiers',
    tags: ['sleep', 'bestseller'],
    art: {},
    rating: 4.6,
    sales: 133,
    discount: 10,
    variants: [
      { color: 'white', size: null, stock: 10, price: null },
      { color: 'grey', size: null, stock: 6, price: null },
    ],
  }),
  def({
    slug: 'tower-hepa-air-purifier',
    en: 'Tower HEPA Air Purifier (40 m²)',
    ar: 'جهاز تنقية هواء برجي HEPA (40 م²)',
    shortEn: '360° intake and a real-time air-quality ring that turns from red to green as the room clears.',
    shortAr: 'سحب هواء بزاوية 360° وحلقة لجودة الهواء تتحول من الأحمر إلى الأخضر مع تنقية الغرفة.',
    egp: 4650,
    category: 'air-purifiers',
    tags: ['smart'],
    art: { body: '#e7e6e2' },
    rating: 4.7,
    sales: 79,
    variants: [
      { color: 'white', size: null, stock: 7, price: null },
      { color: 'black', size: null, stock: 4, price: null },
    ],
  }),
  def({
    slug: 'smart-air-purifier-with-aroma-pad',
    en: 'Smart Air Purifier with Aroma Pad (60 m²)',
    ar: 'جهاز تنقية هواء ذكي مع وسادة عطرية (60 م²)',
    shortEn: 'Our flagship: cleans a 60 m² open-plan space and releases a light scent from a refillable aroma pad. App control and auto mode.',
    shortAr: 'الجهاز الأفضل لدينا: ينقي مساحة مفتوحة 60 م² ويطلق رائحة خفيفة من وسادة عطرية قابلة لإعادة التعبئة. تحكم بالتطبيق ووضع تلقائي.',
    egp: 7850,
    category: 'air-purifiers',
    tags: ['smart', 'gift'],
    art: { body: '#2f2f2d', accent: '#f2c66d' },
    rating: 4.9,
    sales: 38,
    isNew: true,
    variants: [{ color: 'black', size: null, stock: 5, price: null }],
  }),
  def({
    slug: 'desk-usb-air-purifier',
    en: 'Desk USB Air Purifier',
    ar: 'جهاز تنقية هواء مكتبي USB',
    shortEn: 'A personal purifier for the desk or the car seat pocket, with a washable pre-filter.',
    shortAr: 'منقي شخصي للمكتب أو جيب مقعد السيارة، بفلتر أولي قابل للغسل.',
    egp: 1450,
    category: 'air-purifiers',
    tags: ['focus'],
    art: { body: '#f5f4f0', accent: '#6f93b8' },
    rating: 4.2,
    sales: 102,
  }),
  def({
    slug: 'purifier-and-humidifier-2-in-1',
    en: 'Purifier & Humidifier 2-in-1',
    ar: 'جهاز تنقية وترطيب الهواء 2 في 1',
    shortEn: 'Cleans and adds gentle moisture in dry, air-conditioned rooms; a 4 L tank runs all night.',
    shortAr: 'ينقي الهواء ويضيف رطوبة لطيفة في الغرف الجافة المكيفة؛ خزان 4 لترات يعمل طوال الليل.',
    egp: 5490,
    category: 'air-purifiers',
    tags: ['sleep', 'smart'],
    art: { body: '#f1f3f4', accent: '#4f7fa8' },
    rating: 4.5,
    sales: 54,
    discount: 12,
    offerEndInDays: 3,
  }),
  def({
    slug: 'car-air-purifier',
    en: 'Car Air Purifier',
    ar: 'جهاز تنقية هواء للسيارة',
    shortEn: 'Fits a cup holder and runs from the 12 V socket; removes smoke and dust on Cairo’s traffic-heavy roads.',
    shortAr: 'يناسب حامل الأكواب ويعمل من مقبس 12 فولت؛ يزيل الدخان والغبار في زحام طرق القاهرة.',
    egp: 990,
    category: 'air-purifiers',
    tags: ['fresh'],
    art: { body: '#3a3a3a', accent: '#6f93b8' },
    rating: 4.1,
    sales: 88,
  }),
  def({
    slug: 'true-hepa-replacement-filter',
    en: 'True HEPA Replacement Filter',
    ar: 'فلتر HEPA بديل',
    shortEn: 'Genuine replacement for our Compact and Tower purifiers; change every 6 to 8 months.',
    shortAr: 'فلتر أصلي بديل لجهازي التنقية الصغير والبرجي؛ يُستبدل كل 6 إلى 8 أشهر.',
    egp: 650,
    category: 'air-purifiers',
    tags: ['natural'],
    art: { kind: 'filter', body: '#e7e6e2', accent: '#f5f4f0' },
    rating: 4.6,
    sales: 147,
    stock: 60,
  }),
  def({
    slug: 'pet-care-air-purifier',
    en: 'Pet Care Air Purifier (55 m²)',
    ar: 'جهاز تنقية هواء للحيوانات الأليفة (55 م²)',
    shortEn: 'An extra-thick carbon layer for litter-box and pet odours and a pre-filter that catches cat and dog hair.',
    shortAr: 'طبقة كربون سميكة لروائح صندوق الرمل والحيوانات الأليفة وفلتر أولي يلتقط شعر القطط والكلاب.',
    egp: 6150,
    category: 'air-purifiers',
    tags: ['fresh', 'smart'],
    art: { body: '#eae7e0', accent: '#c0674a' },
    rating: 4.4,
    sales: 31,
    isNew: true,
    stock: 0,
    variants: [{ color: 'white', size: null, stock: 0, price: null }],
  }),
];

/**
 * The options each demo category lets its products use: what its demo products come in (sizes for
 * the oils and water fresheners, colours for the candles, diffusers and purifiers), in vocabulary
 * order. The merchant changes them on the category's page.
 */
export function seedCategoryOptions(slug: string): { colors: string[]; sizes: string[] } {
  const variants = seedProducts.filter((p) => p.categories.includes(slug)).flatMap((p) => p.variants);
  const used = (key: 'color' | 'size') => new Set(variants.map((v) => v[key]).filter((x): x is string => x !== null));
  const colors = used('color');
  const sizes = used('size');
  return { colors: Object.keys(colorSwatches).filter((c) => colors.has(c)), sizes: sizeOrder.filter((s) => sizes.has(s)) };
}
