import { allowEndpoint } from '../../state/connect-policy';

/**
 * Says that the page's Content-Security-Policy does not let the worker reach an endpoint yet, and offers to add it.
 * A policy can only be widened by a reload (the browser fixes it when the page starts), so the button reloads.
 */
export function ConnectPolicyNotice({ url }: { url: string }) {
  const origin = new URL(url).origin;
  return (
    <p className="alert alert-warning" role="alert">
      This page's security policy does not allow connections to {origin} yet.{' '}
      <button
        type="button"
        onClick={() => {
          allowEndpoint(url);
          window.location.reload();
        }}
      >
        Allow {origin} and reload
      </button>{' '}
      <span className="muted">(the loaded transcript must then be opened again; settings are kept)</span>
    </p>
  );
}
