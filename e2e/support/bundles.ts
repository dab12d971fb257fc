import { buffer } from "node:stream/consumers";
import yazl from "yazl";

export const BUNDLE_INDEX =
  "<!doctype html><html><head><title>E2E web app</title></head><body><h1>Hello from the web app</h1></body></html>";

/** A built web app's zip: dist/ with index.html and an asset. */
export async function webAppZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(BUNDLE_INDEX), "dist/index.html");
  zip.addBuffer(Buffer.from("console.log('hi')"), "dist/assets/app.js");
  zip.end();
  return buffer(zip.outputStream);
}
