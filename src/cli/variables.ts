/**
 * Every environment variable the server reads, with what --help and the configuration table say of it, collected
 * from the modules that parse them (each definition sits beside its parser). A variable added to the code without
 * a definition here fails test/docs/generated.test.ts.
 */
import { serviceVariables } from "../config/env.js";
import { redisVariables } from "../config/redis.js";
import type { VariableDocs } from "../config/variables.js";
import { browserVariable } from "../consent/opener.js";
import { httpVariables } from "../http/config.js";
import { safetyVariables } from "../config/safety.js";
import { passkeyVariables } from "../config/passkeys.js";
import { optOutJournalVariables } from "../config/opt-out-journal.js";
import { sandboxVariable } from "./env-flags.js";

/** In the order of --help and the table (grouped by VariableDoc.group, definition order within a group). */
export const variables: VariableDocs = {
  ...serviceVariables,
  ...sandboxVariable,
  ...safetyVariables,
  ...optOutJournalVariables,
  ...passkeyVariables,
  ...browserVariable,
  ...httpVariables,
  ...redisVariables,
};
