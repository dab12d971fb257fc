// Moved to apps/server/test/test-images.ts (shared by every feature's tests); kept as a re-export
// for e2e/support/projects.ts until it imports from there.
export { jpegBytes, pngBytes, svgText } from "../../../test/test-images";
