/** Egypt's 27 governorates with their names and the default delivery fee in piastres. */
export interface Governorate {
  code: string;
  en: string;
  ar: string;
  /** Default delivery fee in piastres; the merchant can change it in the settings. */
  fee: number;
}

export const governorates: readonly Governorate[] = [
  { code: 'CAI', en: 'Cairo', ar: 'القاهرة', fee: 6000 },
  { code: 'GIZ', en: 'Giza', ar: 'الجيزة', fee: 6000 },
  { code: 'ALX', en: 'Alexandria', ar: 'الإسكندرية', fee: 7000 },
  { code: 'QLY', en: 'Qalyubia', ar: 'القليوبية', fee: 6500 },
  { code: 'SHR', en: 'Sharqia', ar: 'الشرقية', fee: 7000 },
  { code: 'DAK', en: 'Dakahlia', ar: 'الدقهلية', fee: 7000 },
  { code: 'GHR', en: 'Gharbia', ar: 'الغربية', fee: 7000 },
  { code: 'MNF', en: 'Monufia', ar: 'المنوفية', fee: 7000 },
  { code: 'BEH', en: 'Beheira', ar: 'البحيرة', fee: 7500 },
  { code: 'KFS', en: 'Kafr El Sheikh', ar: 'كفر الشيخ', fee: 7500 },
  { code: 'DMT', en: 'Damietta', ar: 'دمياط', fee: 7500 },
  { code: 'PTS', en: 'Port Said', ar: 'بورسعيد', fee: 7500 },
  { code: 'ISM', en: 'Ismailia', ar: 'الإسماعيلية', fee: 7500 },
  { code: 'SUZ', en: 'Suez', ar: 'السويس', fee: 7500 },
  { code: 'FYM', en: 'Faiyum', ar: 'الفيوم', fee: 8000 },
  { code: 'BNS', en: 'Beni Suef', ar: 'بني سويف', fee: 8000 },
  { code: 'MNA', en: 'Minya', ar: 'المنيا', fee: 8500 },
  { code: 'AST', en: 'Asyut', ar: 'أسيوط', fee: 9000 },
  { code: 'SHG', en: 'Sohag', ar: 'سوهاج', fee: 9000 },
  { code: 'QNA', en: 'Qena', ar: 'قنا', fee: 9500 },
  { code: 'LXR', en: 'Luxor', ar: 'الأقصر', fee: 9500 },
  { code: 'ASN', en: 'Aswan', ar: 'أسوان', fee: 10000 },
  { code: 'RSD', en: 'Red Sea', ar: 'البحر الأحمر', fee: 11000 },
  { code: 'WAD', en: 'New Valley', ar: 'الوادي الجديد', fee: 12000 },
  { code: 'MTR', en: 'Matrouh', ar: 'مطروح', fee: 11000 },
  { code: 'NSN', en: 'North Sinai', ar: 'شمال سيناء', fee: 12000 },
  { code: 'SSN', en: 'South Sinai', ar: 'جنوب سيناء', fee: 12000 },
];

export const governorateCodes = governorates.map((g) => g.code);

/** The governorate with this code, or undefined. */
export function findGovernorate(code: string): Governorate | undefined {
  return governorates.find((g) => g.code === code);
}

/**
 * Delivery fee in piastres for a subtotal: free at or above `freeThreshold` (when > 0), otherwise
 * the merchant's fee for the governorate (`fees`), else its default.
 */
export function shippingFee(code: string, subtotal: number, freeThreshold: number, fees: Partial<Record<string, number>> = {}): number {
  if (freeThreshold > 0 && subtotal >= freeThreshold) return 0;
  return fees[code] ?? findGovernorate(code)?.fee ?? 0;
}

/**
 * The most delivery of a subtotal costs anywhere in Egypt, in piastres (`shippingFee` of the
 * dearest governorate): what the product feeds state, so an advertised delivery price is never
 * below what a shopper pays.
 */
export function highestShippingFee(subtotal: number, freeThreshold: number, fees: Partial<Record<string, number>> = {}): number {
  return Math.max(...governorateCodes.map((code) => shippingFee(code, subtotal, freeThreshold, fees)));
}
