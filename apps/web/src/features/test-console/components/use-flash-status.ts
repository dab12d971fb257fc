import { useCallback, useEffect, useState } from "react";

/** How long 'Updated successfully!' stays (spec section 8). */
export const SUCCESS_VISIBLE_MS = 3_000;

export type FlashStatus = "idle" | "success" | "failure";

/**
 * A form's own status message: a success clears itself after 3 s (each success restarts the
 * 3 s); a failure stays until the next try.
 */
export function useFlashStatus() {
  // A new object per change, so that a second success in a row restarts the timer.
  const [state, setState] = useState<{ status: FlashStatus }>({ status: "idle" });

  useEffect(() => {
    if (state.status !== "success") return;
    const timer = setTimeout(() => setState({ status: "idle" }), SUCCESS_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  return {
    status: state.status,
    succeeded: useCallback(() => setState({ status: "success" }), []),
    failed: useCallback(() => setState({ status: "failure" }), []),
    clear: useCallback(() => setState({ status: "idle" }), []),
  };
}
