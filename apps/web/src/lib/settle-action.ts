import toast from "react-hot-toast";
import { errorMessage } from "./api-client";

/**
 * What a confirmed action does once it settles: `close` its dialog or form and say it is done,
 * or say why it failed (the server's message, else `failed`). It waits on the promise
 * (`mutateAsync`), not on a mutation's callbacks, which no longer run once the part that
 * started it has unmounted (a card that changes state as its build does).
 */
export function settleAction(
  action: Promise<unknown>,
  texts: { done: string; failed: string },
  close: () => void,
): Promise<void> {
  return action.then(
    () => {
      close();
      toast.success(texts.done);
    },
    (error: unknown) => {
      toast.error(errorMessage(error, texts.failed));
    },
  );
}
