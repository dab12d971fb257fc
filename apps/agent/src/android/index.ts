// The Android build pipeline's public surface: what the server's embedded agent and the
// standalone agent import as @hybridge/agent/android.
export {
  type AndroidApk,
  type AndroidApp,
  type AndroidUpdates,
  type BuildAndroidApkOptions,
  buildAndroidApk,
} from "./build-android-apk";
export {
  type BuildDevAppApkOptions,
  buildDevAppApk,
  DEV_APP_PACKAGE,
} from "./build-dev-app-apk";
export { AndroidBuildError, type AndroidBuildErrorCode } from "./errors";
export {
  type CreateUploadKeystoreOptions,
  createUploadKeystore,
  type UploadKeystore,
} from "./keystore";
export { loadSharp } from "./load-sharp";
export { packageIdFromAppCode } from "./package-id";
export { SHELL_RUNTIME_VERSION } from "./shell-apk";
export {
  type AndroidToolchain,
  type DetectAndroidToolchainOptions,
  detectAndroidToolchain,
} from "./toolchain";
