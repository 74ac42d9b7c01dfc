/**
 * The parsers the variables' declarations share (src/config/variables.ts), each made from the variable's name and
 * default. A blank value (as MCP client configs often write one) reads as unset; every message names the variable
 * and quotes no value.
 */
import * as z from "zod";
import { parseSwitch } from "./switch.js";

export const blank = (raw: string | undefined): raw is undefined => raw === undefined || raw.trim() === "";

/** Adds the message as the parse's issue. */
export const custom = (ctx: z.RefinementCtx, message: string): never => {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
};

/** The default a parser falls back to; a declaration without one is a mistake found when its module loads. */
function required(name: string, fallback: string | undefined): string {
  if (fallback === undefined) throw new Error(`${name} is declared without the default its parser needs`);
  return fallback;
}

/** Reads one value: `fail` adds its message (which starts with `name`) as the parse's issue. */
type Read<T> = (text: string, fail: (message: string) => never, name: string) => T;

/** Read from the value as given, or from the default when it is unset or blank. */
export const withDefault =
  <T>(read: Read<T>) =>
  (name: string, fallback: string | undefined) => {
    const text = required(name, fallback);
    return z
      .string()
      .optional()
      .transform((raw, ctx): T => read(blank(raw) ? text : raw, (message) => custom(ctx, message), name));
  };

/** Read from the value as given; unset or blank is undefined. */
export const optional =
  <T>(read: Read<T>) =>
  (name: string) =>
    z
      .string()
      .optional()
      .transform((raw, ctx): T | undefined =>
        blank(raw) ? undefined : read(raw, (message) => custom(ctx, message), name),
      );

/** A file's path (or any text) as given, trimmed; unset or blank is undefined. */
export const text = optional((raw) => raw.trim());

/** A whole number in [min, max]. */
export const wholeNumber = (min: number, max: number) => (name: string, fallback: string | undefined) =>
  withDefault((raw, fail) => {
    const n = /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > max) return fail(`${name} must be a whole number from ${min} to ${max}`);
    return n;
  })(name, fallback);

/** A whole number in [1, max], or "off" (undefined). */
export const capOrOff = (max: number) => (name: string, fallback: string | undefined) =>
  withDefault((raw, fail): number | undefined => {
    const value = raw.trim().toLowerCase();
    if (value === "off") return undefined;
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < 1 || n > max)
      return fail(`${name} must be a whole number from 1 to ${max}, or off`);
    return n;
  })(name, fallback);

/** Whole seconds in [min, max], as milliseconds. */
export const seconds = (min: number, max: number) => (name: string, fallback: string | undefined) =>
  withDefault((raw, fail) => {
    const value = raw.trim();
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max)
      return fail(`${name} must be a whole number of seconds from ${min} to ${max}`);
    return n * 1000;
  })(name, fallback);

/** true/1 or false/0. */
export const onOff = (name: string, fallback: string | undefined) =>
  withDefault((raw, fail) => {
    const value = parseSwitch(raw);
    if (typeof value === "boolean") return value;
    return fail(`${name} must be true, false, 1 or 0`);
  })(name, fallback);

/** One of a few words, in any case. */
export const oneOf = <const V extends string>(values: readonly V[], message: string) =>
  withDefault((raw, fail): V => {
    const value = raw.trim().toLowerCase();
    return (values as readonly string[]).includes(value) ? (value as V) : fail(message);
  });
