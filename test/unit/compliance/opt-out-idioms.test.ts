/**
 * Idioms that sound like a request and are not: a form of address after a verb that both names and calls ("stop
 * calling me Bob", "no me llames Lupita", "ne m'appelle pas Bobby"), a yes to the agent's question about removing an
 * item of an order or a cart, and a thing named after the phone ("remove the phone charger"). The requests worded
 * alike are still heard.
 */
import { describe, expect, it } from "vitest";
import { readOptOut } from "../../../src/guards/opt-outs/reading.js";

const said = (text: string) => readOptOut({ id: "c", transcript: text }, {}).status;
const call = (agent: string, callee: string) =>
  readOptOut(
    {
      id: "c",
      transcript: [
        { role: "agent", text: agent },
        { role: "user", text: callee },
      ],
    },
    {},
  ).status;

describe("a name after a verb that names and calls", () => {
  it.each([
    ["en", "It's Margaret, and please don't call me Maggie."],
    ["en", "Robert. Stop calling me Bobby, only my mother does that."],
    ["en-es", "Soy Guadalupe, pero don't call me Lupita ok"],
    ["es", "Soy Guadalupe, pero no me llames Lupita, por favor."],
    ["fr", "C'est Robert, et ne m'appelle pas Bobby."],
    ["it", "Sono Roberto, ma non chiamarmi Robi."],
    ["pt", "Sou a Maria, não me chame de Mary."],
  ])("%s: %s is a form of address", (_lang, text) => {
    expect(said(text)).toBe("none");
  });

  it.each([
    "Please don't call me again.",
    "Stop calling me, I am not interested.",
    "Don't call me Monday or any other day, take me off your list.",
    "No me llames más, por favor.",
    "Please don't call my mobile anymore.",
  ])("a request is still heard: %s", (text) => {
    expect(said(text)).not.toBe("none");
  });
});

describe("a stop denied", () => {
  it("zh: 别不打了 (don't stop calling) keeps the calls; a stop after it is still heard", () => {
    expect(said("需要，你们可别不打了，我一个人在家")).toBe("none");
    expect(said("别不打，哈哈。不过以后别再打了")).not.toBe("none");
  });
});

describe("removing something else than the person", () => {
  it.each([
    ["en", "Would you like to remove anything from your cart before checkout?", "Yes please."],
    ["de", "Möchten Sie noch etwas aus Ihrem Warenkorb entfernen?", "Ja, bitte."],
    ["es", "¿Quiere quitar algo de su pedido antes del envío?", "Sí, por favor."],
    ["it", "Vuole togliere qualcosa dall'ordine?", "Sì, grazie."],
    ["nl", "Wilt u iets uit uw winkelmandje verwijderen?", "Ja graag."],
    ["pl", "Czy usunąć coś z koszyka?", "Tak, proszę."],
    ["en", "Anything to take off your order?", "Yeah, remove the phone charger, I have one."],
  ])("%s: a yes about an order item asks for nothing", (_lang, agent, callee) => {
    expect(call(agent, callee)).toBe("none");
  });

  it.each([
    ["Would you like us to remove your number from our calling list?", "Yes please."],
    ["¿Quiere que quitemos su número de nuestra lista?", "Sí, por favor."],
    ["Anything else I can help with today?", "Yes, remove my phone number from your list."],
  ])("a removal of the person is still heard: %s", (agent, callee) => {
    expect(call(agent, callee)).not.toBe("none");
  });
});
