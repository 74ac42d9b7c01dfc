/** The server's own configuration is wrong; a person has to fix it. Messages name the variable, never a value. */
export class ConfigurationError extends Error {
  override readonly name = "ConfigurationError";
}
