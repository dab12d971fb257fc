import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the fake server received: its method, path, headers and body. */
export type Received = {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Buffer;
};

/**
 * A small HTTP server standing in for Hybridge in the command line's tests: `answer` gives each
 * request's status and JSON. Closes itself with `close`.
 */
export async function fakeServer(answer: (request: Received) => { status: number; json: unknown }) {
  const received: Received[] = [];
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server = createServer((request, response) => {
    void read(request).then((body) => {
      const got: Received = {
        method: request.method ?? "",
        url: request.url ?? "",
        authorization: request.headers.authorization,
        contentType: request.headers["content-type"],
        body,
      };
      received.push(got);
      const { status, json } = answer(got);
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
