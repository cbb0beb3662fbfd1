/** Small statistics the reports share. */
export type { Spread } from './spread';
