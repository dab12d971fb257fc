/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly HYBRIDGE_SERVER: string;
  readonly HYBRIDGE_APP_KEY: string;
}
