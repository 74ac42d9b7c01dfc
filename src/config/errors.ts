/** The server's own configuration is wrong; a person has to fix it. Messages name the variable, never a value. */
export class ConfigurationError extends Error {
  override readonly name = "ConfigurationError";
  /** Every problem found, one message each (the message says them all); doctor prints one line per problem. */
  readonly problems: readonly string[];

  constructor(problems: string | readonly string[]) {
    const list = typeof problems === "string" ? [problems] : problems;
    super(list.join("; "));
    this.problems = list;
  }
}
