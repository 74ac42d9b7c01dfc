#!/usr/bin/env node
/**
 * BROWSER for the passkey tests: records the launch file the server or the
 * enroll command hands over (one path a line in RECORD_BROWSER_FILE) and opens
 * nothing; the test opens the link in its own Chromium, whose virtual
 * authenticator holds the passkeys.
 */
import { appendFileSync } from "node:fs";

appendFileSync(process.env.RECORD_BROWSER_FILE ?? "/dev/null", `${process.argv[2] ?? ""}\n`);
