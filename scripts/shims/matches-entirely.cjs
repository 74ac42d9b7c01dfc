"use strict";
/**
 * Build-time stand-in for libphonenumber-js's build/helpers/matchesEntirely.js
 * in the bundled copy of the library (scripts/build.mjs). The library checks a
 * number against its metadata patterns with a new
 * `RegExp('^(?:' + pattern + ')$')` for every pattern of every number: over a
 * third of a batch's validation time. This is the same test on a RegExp built
 * once per pattern text (a finite set: the metadata's patterns); no flags, so
 * `test` keeps no state between calls. The build fails if the library's own
 * function no longer reads as this one replaces (docs/performance.md).
 */
Object.defineProperty(exports, "__esModule", { value: true });

const cache = new Map();

exports["default"] = function matchesEntirely(text, regularExpressionText) {
  let regExp = cache.get(regularExpressionText);
  if (regExp === undefined) {
    regExp = new RegExp("^(?:" + regularExpressionText + ")$");
    cache.set(regularExpressionText, regExp);
  }
  return regExp.test(text || "");
};
