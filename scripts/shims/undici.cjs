'use strict'
/**
 * Build-time stand-in for `undici` in the bundle (scripts/build.mjs): the parts
 * the server uses (Agent, request, errors), required from undici's own files,
 * without fetch, WebSocket, the cache, mocks and proxies, which are two thirds
 * of undici's load time. `request` is undici's own `makeDispatcher(api.request)`
 * (undici/index.js), kept word for word. An import of anything else from
 * `undici` in src/ fails the build ("No matching export"): add it here.
 *
 * Loaded on first use, not when the bundle starts: the service client makes its
 * Agent on the first request (src/service/transport/client.ts), and a start-up
 * has no request to make (undici and the node:tls it loads were about 5% of it).
 */
let lib

function load () {
  const Agent = require('undici/lib/dispatcher/agent')
  const Dispatcher = require('undici/lib/dispatcher/dispatcher')
  const errors = require('undici/lib/core/errors')
  const util = require('undici/lib/core/util')
  const api = require('undici/lib/api')
  const { getGlobalDispatcher } = require('undici/lib/global')

  const { InvalidArgumentError } = errors

  Object.assign(Dispatcher.prototype, api)

  function makeDispatcher (fn) {
    return (url, opts, handler) => {
      if (typeof opts === 'function') {
        handler = opts
        opts = null
      }

      if (!url || (typeof url !== 'string' && typeof url !== 'object' && !(url instanceof URL))) {
        throw new InvalidArgumentError('invalid url')
      }

      if (opts != null && typeof opts !== 'object') {
        throw new InvalidArgumentError('invalid opts')
      }

      if (opts && opts.path != null) {
        if (typeof opts.path !== 'string') {
          throw new InvalidArgumentError('invalid opts.path')
        }

        let path = opts.path
        if (!opts.path.startsWith('/')) {
          path = `/${path}`
        }

        url = new URL(util.parseOrigin(url).origin + path)
      } else {
        if (!opts) {
          opts = typeof url === 'object' ? url : {}
        }

        url = util.parseURL(url)
      }

      const { agent, dispatcher = getGlobalDispatcher() } = opts

      if (agent) {
        throw new InvalidArgumentError('unsupported opts.agent. Did you mean opts.client?')
      }

      return fn.call(dispatcher, {
        ...opts,
        origin: url.origin,
        path: url.search ? `${url.pathname}${url.search}` : url.pathname,
        method: opts.method || (opts.body ? 'PUT' : 'GET')
      }, handler)
    }
  }

  return { Agent, Dispatcher, errors, request: makeDispatcher(api.request) }
}

const undici = () => (lib ??= load())

Object.defineProperties(module.exports, {
  Agent: { enumerable: true, get: () => undici().Agent },
  Dispatcher: { enumerable: true, get: () => undici().Dispatcher },
  errors: { enumerable: true, get: () => undici().errors },
  request: { enumerable: true, get: () => undici().request }
})
