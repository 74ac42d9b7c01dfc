/**
 * Build-time stand-in for the SDK's validation/ajv-provider.js in the bundle
 * (scripts/build.mjs): the same class, but ajv is loaded and its instance built
 * on the first schema to compile (the SDK uses it only to check a client's
 * elicitation answer), not when the server is constructed. Behaviour is the
 * SDK's, word for word, from there on.
 */
function createDefaultAjvInstance() {
  // require() inside a function: esbuild keeps these CommonJS modules unevaluated until this runs.
  const ajvModule = require("ajv");
  const formatsModule = require("ajv-formats");
  const Ajv = ajvModule.default ?? ajvModule;
  const addFormats = formatsModule.default ?? formatsModule;
  const ajv = new Ajv({
    strict: false,
    validateFormats: true,
    validateSchema: false,
    allErrors: true,
  });
  addFormats(ajv);
  return ajv;
}

export class AjvJsonSchemaValidator {
  constructor(ajv) {
    this._given = ajv;
  }

  get _ajv() {
    this._instance ??= this._given ?? createDefaultAjvInstance();
    return this._instance;
  }

  getValidator(schema) {
    const ajvValidator =
      "$id" in schema && typeof schema.$id === "string"
        ? (this._ajv.getSchema(schema.$id) ?? this._ajv.compile(schema))
        : this._ajv.compile(schema);
    return (input) => {
      const valid = ajvValidator(input);
      if (valid) {
        return { valid: true, data: input, errorMessage: undefined };
      }
      return { valid: false, data: undefined, errorMessage: this._ajv.errorsText(ajvValidator.errors) };
    };
  }
}
