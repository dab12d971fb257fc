const signingKey = (projectId: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/signing-key`;

/** The agents API's endpoints for a project's upload key (same origin). */
export const agentsEndpoints = {
  signingKey,
  keystore: (projectId: string) => `${signingKey(projectId)}/keystore`,
  keystorePassword: (projectId: string) => `${signingKey(projectId)}/password`,
} as const;
