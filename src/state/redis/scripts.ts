/** Every script the store runs, registered with the client (node-redis sends EVALSHA, and EVAL once on NOSCRIPT). */
import { capRelease, capVerdict } from "./cap-scripts.js";
import { claimDial, recentDials, rekeyDial, renewDial, restoreDial, settleDial } from "./dial-scripts.js";
import {
  consumeApproval,
  createApproval,
  decideApproval,
  findOpenApproval,
  listPendingApprovals,
} from "./approval-scripts.js";
import { swapValue, takeRate, useOnce } from "./small-scripts.js";
import { addOptOut, confirmOptOut, optOutsForDial, removeOptOut } from "./opt-out-scripts.js";
import { addCallsToRead, callsOfNumbers, doneCallToRead, laterCallToRead, takeCallsToRead } from "./read-scripts.js";
import { putHold } from "./holds.js";

export const SCRIPTS = {
  claimDial,
  renewDial,
  rekeyDial,
  settleDial,
  recentDials,
  restoreDial,
  capVerdict,
  capRelease,
  useOnce,
  takeRate,
  addOptOut,
  confirmOptOut,
  removeOptOut,
  optOutsForDial,
  addCallsToRead,
  takeCallsToRead,
  callsOfNumbers,
  laterCallToRead,
  doneCallToRead,
  swapValue,
  createApproval,
  findOpenApproval,
  listPendingApprovals,
  decideApproval,
  consumeApproval,
  putHold,
};
