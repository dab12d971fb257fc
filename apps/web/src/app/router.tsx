import { APP_AUTH_RESET_PATH, APP_AUTH_VERIFY_PATH } from "@hybridge/shared/app-users/schemas";
import { paths } from "@hybridge/shared/common/paths";
import type { ComponentType } from "react";
import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { RootLayout } from "./layouts/root-layout";
import { NotFoundPage } from "./not-found-page";
import { RootErrorPage, RouteErrorPage } from "./route-error";
import { routePatterns } from "./route-patterns";

/**
 * Every page (and guard) is its own chunk, loaded when its route matches: the landing pages'
 * first load carries the shell and the marketing code only, never the console
 * (docs/decisions/005-prerendering.md). `page(() => import(...), "Name")` keeps the module path
 * and its named export side by side.
 */
function page<M>(load: () => Promise<M>, name: keyof M & string): RouteObject["lazy"] {
  return async () => {
    const module = await load();
    return { Component: module[name] as ComponentType };
  };
}

/** Spec section 2: every page path, its guard and its page. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootErrorPage />,
    children: [
      {
        // A failing page (or a chunk that no longer loads) shows its error inside the layout.
        errorElement: <RouteErrorPage />,
        children: [
          // No guard.
          {
            path: paths.landing,
            lazy: page(() => import("@/features/marketing/pages/landing-page"), "LandingPage"),
          },
          {
            path: paths.landingFr,
            lazy: page(() => import("@/features/marketing/pages/landing-fr-page"), "LandingFrPage"),
          },
          {
            path: paths.join,
            lazy: page(() => import("@/features/community/pages/join-page"), "JoinPage"),
          },
          {
            path: paths.resetPassword,
            lazy: page(
              () => import("@/features/auth/pages/reset-password-page"),
              "ResetPasswordPage",
            ),
          },
          {
            path: paths.changePassword,
            lazy: page(
              () => import("@/features/auth/pages/change-password-page"),
              "ChangePasswordPage",
            ),
          },
          {
            // The verification mail's link lands here (decision 032).
            path: paths.verifyEmail,
            lazy: page(() => import("@/features/auth/pages/verify-email-page"), "VerifyEmailPage"),
          },
          {
            path: paths.leave,
            lazy: page(() => import("@/features/auth/pages/leave-page"), "LeavePage"),
          },
          {
            path: paths.beta,
            lazy: page(() => import("@/features/community/pages/beta-page"), "BetaPage"),
          },
          {
            path: paths.docs,
            lazy: page(() => import("@/features/marketing/pages/docs-page"), "DocsPage"),
          },
          {
            path: paths.assistant,
            lazy: page(() => import("@/features/marketing/pages/assistant-page"), "AssistantPage"),
          },
          {
            path: paths.privacy,
            lazy: page(() => import("@/features/marketing/pages/privacy-page"), "PrivacyPage"),
          },
          {
            // A published app's public install page (its APK and a QR code).
            path: routePatterns.install,
            lazy: page(() => import("@/features/builds/pages/install-page"), "InstallPage"),
          },
          {
            // The page every phone QR code opens: starts the dev app, or says what to do.
            path: routePatterns.dev,
            lazy: page(() => import("@/features/dev-app/pages/dev-link-page"), "DevLinkPage"),
          },
          {
            path: paths.feedback,
            lazy: page(() => import("@/features/feedback/pages/feedback-page"), "FeedbackPage"),
          },
          {
            path: paths.welcome,
            lazy: page(() => import("@/features/marketing/pages/welcome-page"), "WelcomePage"),
          },
          // The links mailed to an app's users (decision 043): no console sign-in.
          {
            path: APP_AUTH_RESET_PATH,
            lazy: page(() => import("@/features/app-users/pages/app-reset-page"), "AppResetPage"),
          },
          {
            path: APP_AUTH_VERIFY_PATH,
            lazy: page(() => import("@/features/app-users/pages/app-verify-page"), "AppVerifyPage"),
          },
          // Signed-in users go on to /home.
          {
            lazy: page(
              () => import("@/features/auth/components/redirect-if-authed"),
              "RedirectIfAuthed",
            ),
            children: [
              {
                path: paths.login,
                lazy: page(() => import("@/features/auth/pages/login-page"), "LoginPage"),
              },
              {
                path: paths.signup,
                lazy: page(() => import("@/features/auth/pages/signup-page"), "SignupPage"),
              },
            ],
          },

          // Login guard for the pages outside the console.
          {
            lazy: page(() => import("@/features/auth/components/require-auth"), "RequireAuth"),
            children: [
              {
                path: paths.dash,
                lazy: page(() => import("./layouts/dash-route"), "DashRoute"),
              },
            ],
          },

          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
  {
    // The console: one layout and one top bar for all its pages.
    lazy: page(() => import("./layouts/console-layout"), "ConsoleLayout"),
    errorElement: <RootErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          // No guard (spec section 2): each page tells a signed-out visitor what to do.
          {
            // The projects feature's page with the other features' parts (layouts/project-route.tsx).
            path: routePatterns.project,
            lazy: page(() => import("./layouts/project-route"), "ProjectRoute"),
          },
          {
            path: paths.newProject,
            lazy: page(
              () => import("@/features/projects/pages/new-project-page"),
              "NewProjectPage",
            ),
          },
          {
            path: routePatterns.updateProject,
            lazy: page(
              () => import("@/features/projects/pages/update-project-page"),
              "UpdateProjectPage",
            ),
          },
          {
            path: routePatterns.settings,
            lazy: page(() => import("@/features/projects/pages/settings-page"), "SettingsPage"),
          },

          // Login guard. The spec also lists /store and /store/module/:id as unguarded; we
          // read them as guarded (the spec's own note on the conflict).
          {
            lazy: page(() => import("@/features/auth/components/require-auth"), "RequireAuth"),
            children: [
              {
                path: paths.home,
                lazy: page(() => import("@/features/projects/pages/home-page"), "HomePage"),
              },
              {
                path: paths.store,
                lazy: page(() => import("@/features/store/pages/store-page"), "StorePage"),
              },
              {
                path: routePatterns.storeModule,
                lazy: page(() => import("@/features/store/pages/module-page"), "ModulePage"),
              },
              {
                path: paths.addModule,
                lazy: page(() => import("@/features/store/pages/add-module-page"), "AddModulePage"),
              },
              {
                path: routePatterns.test,
                lazy: page(
                  () => import("@/features/test-console/pages/test-console-page"),
                  "TestConsolePage",
                ),
              },
              {
                path: paths.build,
                lazy: page(() => import("@/features/builds/pages/builds-page"), "BuildsPage"),
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Loads the chunks of the routes that match `pathname` and writes them into the route objects,
 * so that the router starts already rendered: a cold start shows no empty frame.
 */
export async function loadMatchedRoutes(pathname: string, routeList: RouteObject[] = routes) {
  const matches = matchRoutes(routeList, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/** Every path pattern of the route list ("*" excluded): the server answers others with 404. */
export function routePathList(routeList: RouteObject[] = routes, parent = ""): string[] {
  return routeList.flatMap((route) => {
    const own = route.path
      ? route.path.startsWith("/")
        ? route.path
        : `${parent.replace(/\/$/, "")}/${route.path}`
      : parent;
    const here = route.path && route.path !== "*" && !route.path.endsWith("/*") ? [own] : [];
    return [...here, ...(route.children ? routePathList(route.children, own) : [])];
  });
}
