"use strict";
/**
 * undici as the server uses it (Agent, request, errors), built by
 * scripts/build.mjs into a CommonJS file of its own, `dist/chunks/undici.cjs`,
 * which scripts/shims/undici.cjs requires on the first request: the parts the
 * server uses, required from undici's own files, without fetch, WebSocket, the
 * cache, mocks and proxies, which are two thirds of undici's load time.
 * `request` is undici's own `makeDispatcher(api.request)` (undici/index.js),
 * kept word for word.
 */
const Agent = require("undici/lib/dispatcher/agent");
const Dispatcher = require("undici/lib/dispatcher/dispatcher");
const errors = require("undici/lib/core/errors");
const util = require("undici/lib/core/util");
const api = require("undici/lib/api");
const { getGlobalDispatcher } = require("undici/lib/global");

const { InvalidArgumentError } = errors;

Object.assign(Dispatcher.prototype, api);

function makeDispatcher(fn) {
  return (url, opts, handler) => {
    if (typeof opts === "function") {
      handler = opts;
      opts = null;
    }

    if (!url || (typeof url !== "string" && typeof url !== "object" && !(url instanceof URL))) {
      throw new InvalidArgumentError("invalid url");
    }

    if (opts != null && typeof opts !== "object") {
      throw new InvalidArgumentError("invalid opts");
    }

    if (opts && opts.path != null) {
      if (typeof opts.path !== "string") {
        throw new InvalidArgumentError("invalid opts.path");
      }

      let path = opts.path;
      if (!opts.path.startsWith("/")) {
        path = `/${path}`;
      }

      url = new URL(util.parseOrigin(url).origin + path);
    } else {
      if (!opts) {
        opts = typeof url === "object" ? url : {};
      }

      url = util.parseURL(url);
    }

    const { agent, dispatcher = getGlobalDispatcher() } = opts;

    if (agent) {
      throw new InvalidArgumentError("unsupported opts.agent. Did you mean opts.client?");
    }

    return fn.call(
      dispatcher,
      {
        ...opts,
        origin: url.origin,
        path: url.search ? `${url.pathname}${url.search}` : url.pathname,
        method: opts.method || (opts.body ? "PUT" : "GET"),
      },
      handler,
    );
  };
}

module.exports = { Agent, Dispatcher, errors, request: makeDispatcher(api.request) };
