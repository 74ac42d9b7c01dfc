/**
 * The context one tool call runs with, from the parts that outlive it and the
 * call's scope (src/service/call-scope.ts). The transport opens the scope once
 * per tool call and hands it here; the tool and its guard share it, so the
 * deadline, the cancellation, the progress token and the caller's identity are
 * carried once.
 */
import type { Config } from "../config/env.js";
import type { ApprovalSelector } from "../approval/selector.js";
import type { PhonePolicy } from "../phone/parse.js";
import type { Safety } from "../guards/index.js";
import type { CallScope } from "../service/call-scope.js";
import type { CallingService } from "../service/index.js";
import type { Tool, ToolContext } from "./define.js";
import type { WaitSlots } from "./wait-slots.js";

/** What every tool call of a server shares. */
export interface ToolContextParts {
  config: Config;
  service: CallingService;
  phonePolicy: PhonePolicy;
  safety: Safety;
  waits: WaitSlots;
  warn(line: string): void;
}

/** `approval`: how a person can be asked in this call (the client it came from; src/approval/hub.ts forCall). */
export function toolContext(
  parts: ToolContextParts,
  tool: Tool,
  scope: CallScope,
  approval: ApprovalSelector,
): ToolContext {
  const { config, service, phonePolicy, safety, waits, warn } = parts;
  return {
    config,
    service,
    phonePolicy,
    scope,
    waitSlot: () => waits.take(scope.identity.client),
    warn,
    guard: safety.forCall({ tool: tool.name, writes: tool.creates !== undefined, approval }, scope),
    calls: safety.accessFor(scope.identity),
  };
}
