/**
 * Build-time stand-in for the SDK's ajv provider in the bundle (scripts/build.mjs
 * puts it in place of `ajvProvider-*.mjs` where the SDK's `_shims` imports
 * `AjvJsonSchemaValidator`, the default JSON Schema validator of every
 * McpServer). The SDK's file carries all of ajv (290 KB) and runs its module
 * wrappers when loaded; the server validates a JSON Schema only when a client
 * answers a form (elicitation). So the SDK's own provider is built into a
 * CommonJS file of its own (`sdk-ajv.cjs`, BUNDLED_SDK_AJV_FILE) and required on
 * the first getValidator: the same class, made with the same arguments, doing
 * the same checks, later.
 */
import { requireBeside } from "./beside.js";

let provider;

export class AjvJsonSchemaValidator {
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
