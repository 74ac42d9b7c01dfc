/** The id rules of docs/service-contract.md: what may be sent in a path or a filter, and nothing else. */
import * as z from "zod";

export const AGENT_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Also the allowlist that keeps a call id from climbing out of /calls/{id}. */
export const CALL_ID = /^[A-Za-z0-9_-]{1,128}$/;

export const agentIdSchema = z
  .string()
  .regex(AGENT_ID, "must be 1-128 characters of letters, digits, '.', '_', ':' or '-' (an id from list_agents)");

export const callIdSchema = z
  .string()
  .regex(CALL_ID, "must be 1-128 characters of letters, digits, '_' or '-' (an id from create_call or list_calls)");
