/** The store contract against the in-process store (one process: its "replicas" are the same store). */
import { describe } from "vitest";
import { MemoryStore } from "../../src/guards/store/memory.js";
import { storeContract } from "./store-contract.js";

describe("MemoryStore", () => {
  storeContract(async () => {
    const store = new MemoryStore();
    return { store, peers: async (n) => Array.from({ length: n }, () => store) };
  });
});
