/**
 * Build-time stand-in for the SDK's `@modelcontextprotocol/server/_shims` (its Node entry, `shimsNode.mjs`): the module
 * through which the SDK takes its runtime's parts, `process` and `DefaultJsonSchemaValidator`, the JSON Schema validator
 * of every McpServer. The SDK's Node validator carries all of ajv (290 KB), whose module code runs when loaded: about
 * 5 ms of every start. The server validates a JSON Schema only when a client answers a form (elicitation). So the
 * validator here is the SDK's own class from its public `validators/ajv` entry, built into a CommonJS file of its own
 * (`sdk-ajv.cjs`, BUNDLED_SDK_AJV_FILE) and required on the first getValidator: the same class, made with the same
 * arguments, doing the same checks, later. scripts/build.mjs stops if `_shims` exports anything else.
 */
import process from "node:process";
import { requireBeside } from "./beside.js";

let provider;

export class DefaultJsonSchemaValidator {
  #args;
  #real;

  constructor(...args) {
    this.#args = args;
  }

  #validator() {
    provider ??= requireBeside(BUNDLED_SDK_AJV_FILE);
    return (this.#real ??= new provider.AjvJsonSchemaValidator(...this.#args));
  }

  get ajv() {
    return this.#validator().ajv;
  }

  getValidator(schema) {
    return this.#validator().getValidator(schema);
  }
}

export { process };
