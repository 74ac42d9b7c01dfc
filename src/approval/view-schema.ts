/**
 * The approval's view as it comes back from the store (memory or Redis): checked
 * before the page renders it, so a damaged record shows an error, not a page.
 */
import * as z from "zod";

function buildSchema() {
  const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

  const rowSchema = z.object({
    e164: z.string(),
    international: z.string(),
    country: z.string(),
    countryName: z.string(),
    localTime: z.string().optional(),
    consent: z.string().optional(),
    agentId: z.string(),
    agentName: z.string().optional(),
    contactName: z.string().optional(),
    companyName: z.string().optional(),
    metadata: z.record(z.string(), scalar).optional(),
    law: z.array(z.string()).optional(),
  });

  return z.object({
    via: z.enum(["client_url", "page", "app_card"]),
    tool: z.enum(["create_call", "submit_batch"]),
    rows: z.array(rowSchema).min(1),
    countries: z.array(z.object({ code: z.string(), name: z.string(), count: z.number() })),
    agents: z.array(z.object({ id: z.string(), name: z.string().optional() })),
    repeatDial: z.literal(true).optional(),
    requestedBy: z.object({ sub: z.string(), name: z.string().optional() }).optional(),
    attest: z
      .array(
        z.object({
          field: z.string(),
          rows: z.array(z.number().int().min(0)),
          bases: z.array(z.string()).min(1),
          title: z.string(),
          description: z.string(),
        }),
      )
      .optional(),
  });
}

let schema: ReturnType<typeof buildSchema> | undefined;

/** Built on first use (the first approval read back), not at start-up. */
export function storedViewSchema(): ReturnType<typeof buildSchema> {
  return (schema ??= buildSchema());
}
