/**
 * Bookkeeping for the fault matrix: one row per (tool, fault) with the answer,
 * the time it took against the configured deadline and the requests it made.
 * Printed after each matrix file so the numbers can be read off a CI log.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { textOf } from "./server-process.js";
import { testOutput } from "./test-output.js";

export interface MatrixRow {
  tool: string;
  fault: string;
  isError: boolean;
  ms: number;
  deadlineMs: number;
  /** Requests to the faulty endpoint (for POST tools: POSTs). */
  requests: number;
  connections?: number;
  extra?: string;
  answer: string;
}

export class Matrix {
  readonly rows: MatrixRow[] = [];

  add(row: Omit<MatrixRow, "answer" | "isError">, result: CallToolResult): void {
    this.rows.push({
      ...row,
      isError: result.isError === true,
      answer: textOf(result).slice(0, 140).replace(/\s+/g, " "),
    });
  }

  print(title: string): void {
    const lines = this.rows.map(
      (r) =>
        `| ${r.tool} | ${r.fault} | ${r.isError ? "isError" : "ok"} | ${r.ms} ms / ${r.deadlineMs} | ${r.requests}${r.connections !== undefined ? ` (${r.connections} conn)` : ""}${r.extra ? `; ${r.extra}` : ""} | ${r.answer} |`,
    );
    testOutput(
      `\n${title}\n| tool | fault | result | time / deadline | requests | answer (start) |\n|---|---|---|---|---|---|\n${lines.join("\n")}\n`,
    );
  }
}
