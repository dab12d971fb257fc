// The build machine: what the server's embedded agent and `npm run agent` run.
export { type AgentOptions, startAgent } from "./agent";
export { createServerClient, type ServerClient, ServerError } from "./client";
export { toLogLines } from "./log-lines";
export { androidBuilder, type Builder, type JobOutcome, runJob } from "./run-job";
export { machineFolderName, openWorkRoot, WORK_ROOT_PREFIX } from "./work-folders";
