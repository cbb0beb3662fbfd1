import { groupDigits } from '../group-digits';
// A true minus sign: a negative threshold is the point of a settings problem's message and must not read as a dash.
/** A token count as a settings problem writes it: thousands separated, a negative one with a true minus sign. */
export const integer = (value: number): string => (value < 0 ? `−${groupDigits(-value)}` : groupDigits(value));
