/** The version of the config document this build writes; older versions are migrated on read. Kept alone so the page can write configs without loading the engine. */
export const configSchemaVersion = 1;
