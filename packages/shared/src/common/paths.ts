/** Every page path of spec section 2, in one place for the router, links and mails. */
export const paths = {
  landing: "/",
  landingFr: "/fr",
  join: "/join",
  login: "/login",
  signup: "/signup",
  resetPassword: "/reset-password",
  changePassword: "/change-password",
  verifyEmail: "/verify-email",
  leave: "/leave",
  beta: "/beta",
  docs: "/docs",
  assistant: "/assistant",
  privacy: "/privacy",
  feedback: "/feedback",
  welcome: "/welcome",
  home: "/home",
  newProject: "/new-project",
  project: (id: string) => `/project/${encodeURIComponent(id)}`,
  updateProject: (id: string) => `/update-project/${encodeURIComponent(id)}`,
  settings: (id: string) => `/settings/${encodeURIComponent(id)}`,
  store: "/store",
  storeModule: (moduleId: string) => `/store/module/${encodeURIComponent(moduleId)}`,
  addModule: "/add-module",
  test: (appKey: string) => `/test/${encodeURIComponent(appKey)}`,
  dash: "/dash",
  build: "/build",
  install: (appKey: string) => `/install/${encodeURIComponent(appKey)}`,
  /** The page every phone QR code opens (the dev app's link, packages/shared/src/dev-app). */
  dev: (appKey: string) => `/dev/${encodeURIComponent(appKey)}`,
} as const;

export const CONTACT_EMAIL = "contact@hybridge.dev";
export const PRODUCT_NAME = "Hybridge";
