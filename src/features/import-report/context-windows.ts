/** Context windows offered in the picker, in tokens. */
export const contextWindows: readonly number[] = [8_192, 32_768, 128_000, 200_000, 272_000, 400_000, 1_000_000, 2_000_000];
