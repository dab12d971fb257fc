import { CliError } from "./project-env";

/** A JSON answer of the server (its error answers are `{ code, message }`), or null. */
export type Answer<T> = (T & { code?: string; message?: string }) | null;

export async function readAnswer<T>(response: Response): Promise<Answer<T>> {
  return (await response.json().catch(() => null)) as Answer<T>;
}

/** The server's refusal, with its message. */
export function refused(what: string, response: Response, answer: Answer<unknown>): CliError {
  return new CliError(
    `${what} refused (${response.status}): ${answer?.message ?? response.statusText}`,
  );
}

/** A network failure: the server did not answer. */
export function unreachable(server: string, error: unknown): CliError {
  return new CliError(
    `Could not reach ${server} (${(error as Error).message}): check HYBRIDGE_SERVER in .env.`,
  );
}
