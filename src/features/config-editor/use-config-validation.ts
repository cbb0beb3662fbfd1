import { useEffect, useState } from 'react';
import { labClient } from '../../worker-client/lab-client';
import { unwrap } from '../../worker-client/reply';
import type { ConfigIssue } from '../../engine';
import type { ConfigDocument } from '../../engine/config';

/** How long typing may pause before the worker checks the config: quick enough to feel live, rare enough to stay cheap. */
const VALIDATION_DELAY_MS = 250;

/** The worker's verdict on the latest config text, or undefined while none has arrived for it. */
export interface ConfigVerdict {
  text: string;
  issues: ConfigIssue[];
}

/**
 * Validates the document with the engine's schema in the worker, debounced; a verdict for older text is never shown
 * against newer text. `document` undefined (not JSON) skips the call: the syntax problem is already on screen.
 */
export function useConfigValidation(text: string, document: ConfigDocument | undefined): ConfigVerdict | undefined {
  const [verdict, setVerdict] = useState<ConfigVerdict>();
  useEffect(() => {
    if (document === undefined) return;
    let isCurrent = true;
    const timer = setTimeout(() => {
      labClient
        .validateConfig(document)
        .then((reply) => {
          const result = unwrap(reply);
          if (isCurrent) setVerdict({ text, issues: result.ok ? [] : result.issues });
        })
        .catch((error: unknown) => isCurrent && setVerdict({ text, issues: [{ path: '(worker)', message: error instanceof Error ? error.message : String(error) }] }));
    }, VALIDATION_DELAY_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [text, document]);
  return verdict?.text === text ? verdict : undefined;
}
