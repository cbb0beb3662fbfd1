/**
 * The price catalog the lab reads: `@pydantic/genai-prices`, whose prices are embedded in its own module (about 830 KB),
 * so it is loaded with a dynamic `import()` where a price is needed and never weighs on the page's first download.
 * Its version and publish date are written here by hand because the package does not say them at run time;
 * `catalog.test.ts` fails when the installed version changes, so an upgrade updates both.
 */
export const catalogVersion = '0.1.8';

/** The day `@pydantic/genai-prices` {@link catalogVersion} was published, which dates every price it holds. */
export const catalogAsOf = '2026-09-23';

/** The catalog named as a cost figure cites it. */
export const catalogSource = `@pydantic/genai-prices ${catalogVersion}`;
