/**
 * The registry: every environment variable the server reads, each declared once beside the code that parses it
 * (src/config/variables.ts says what a declaration holds). `--help`, `doctor` and the configuration table of
 * docs/configuration.md read it. A variable read in src/ without a declaration here, or declared twice, fails
 * test/docs/generated.test.ts.
 */
import { approvalVariables } from "../config/approval.js";
import { serviceVariables } from "../config/service.js";
import { lawVariables } from "../config/law.js";
import { optOutModelVariables } from "../config/opt-out-model.js";
import { optOutVariables } from "../config/opt-outs.js";
import { passkeyVariables } from "../config/passkeys.js";
import { redisVariables } from "../config/redis.js";
import { safetyVariables } from "../config/safety.js";
import { testVariables } from "../config/test-hooks.js";
import { collectVariables, type VariableDocs } from "../config/variables.js";
import { browserVariable } from "../approval/opener.js";
import { httpVariables } from "../http/config.js";
import { approverVariables } from "../http/oauth/approver-config.js";
import { oauthVariables } from "../http/oauth/config.js";
import { tokenVariables } from "../http/tokens.js";
import { sandboxVariable } from "./env-flags.js";

/** Each module's declarations, in the order of --help and the table (grouped by VariableDoc.group). */
export const variableParts: readonly VariableDocs[] = [
  serviceVariables,
  sandboxVariable,
  approvalVariables,
  safetyVariables,
  lawVariables,
  optOutVariables,
  optOutModelVariables,
  testVariables,
  passkeyVariables,
  browserVariable,
  tokenVariables,
  oauthVariables,
  approverVariables,
  httpVariables,
  redisVariables,
];

export const variables: VariableDocs = collectVariables(...variableParts);
