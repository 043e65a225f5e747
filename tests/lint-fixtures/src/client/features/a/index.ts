export const a = 'a';
