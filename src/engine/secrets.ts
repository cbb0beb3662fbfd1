/**
 * The engine's secret scan alone, an entry of its own: every place text leaves the lab (CLI output, errors, links)
 * masks keys with it, and a caller that needs only this should not load the config entry's schemas and profiles.
 */
export { maskSecretsIn } from './config/secret-scan';
