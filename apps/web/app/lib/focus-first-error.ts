import { useEffect, useRef, useState } from 'react';

/**
 * For a form that marks its fields invalid: `focusFirstError()`, called where the errors are set,
 * moves focus to the first field marked `aria-invalid` once React has drawn them (querying at
 * once would find the fields as they were before). Attach `formRef` to the form.
 */
export function useFocusFirstError<T extends HTMLElement = HTMLFormElement>() {
  const formRef = useRef<T>(null);
  const [attempts, setAttempts] = useState(0);
  useEffect(() => {
    if (attempts === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);
  return { formRef, focusFirstError: () => setAttempts((count) => count + 1) };
}
