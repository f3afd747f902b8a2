import { signInLockedMessage } from "@visadesk/contract/auth-constants";
import { en } from "@visadesk/contract/customer-answers/en";
import { ur } from "@visadesk/contract/customer-answers/ur";
import { customerBookingMessages } from "@visadesk/contract/customer-bookings";
import { describe, expect, it } from "vitest";
import {
  answerTextOf,
  languageOfAcceptLanguage,
  translateAnswer,
  translateAnswerText,
} from "./customer-answer-i18n";

describe("the customer API's texts in Urdu", () => {
  it("find every text with a number as the server writes it, with its number", () => {
    expect(answerTextOf(customerBookingMessages.tooManyUpcoming(3))).toEqual({
      key: "booking.tooManyUpcoming",
      variables: { max: "3" },
    });
    expect(answerTextOf(customerBookingMessages.beyondHorizon(60))?.key).toBe("booking.beyondHorizon");
    expect(answerTextOf(customerBookingMessages.tooLateToChange(24))?.variables).toEqual({ hours: "24" });
    expect(answerTextOf(signInLockedMessage(1))?.key).toBe("auth.signInLockedOneMinute");
    expect(answerTextOf(signInLockedMessage(15))).toEqual({
      key: "auth.signInLocked",
      variables: { minutes: "15" },
    });
    expect(answerTextOf("At most 100 characters")).toEqual({
      key: "fields.atMost",
      variables: { max: "100" },
    });
    expect(translateAnswerText("ur", customerBookingMessages.beyondHorizon(60))).toBe(
      "اپائنٹمنٹ زیادہ سے زیادہ 60 دن پہلے بک کی جا سکتی ہے۔",
    );
  });

  it("find every text of the catalogue under its own key", () => {
    for (const [group, texts] of Object.entries(en)) {
      for (const [name, text] of Object.entries(texts)) {
        if (!text.includes("{{")) expect(answerTextOf(text)?.key).toBe(`${group}.${name}`);
      }
    }
  });

  it("leave a text the catalogue does not hold, and a variable that would swallow words, untranslated", () => {
    expect(translateAnswerText("ur", "Something nobody wrote")).toBeUndefined();
    expect(translateAnswerText("ur", "At most a hundred characters")).toBeUndefined();
    expect(translateAnswerText("en", "Something nobody wrote")).toBe("Something nobody wrote");
  });

  it("translate an answer's message and field errors only, and tell of a text it could not", () => {
    const missing: string[] = [];
    const answer = {
      message: en.fields.firstName,
      error: "Bad Request",
      fieldErrors: { firstName: en.fields.firstName, other: "Not ours" },
      firstName: en.fields.firstName,
    };
    expect(translateAnswer(answer, "ur", (text) => missing.push(text))).toEqual({
      message: ur.fields.firstName,
      error: "Bad Request",
      fieldErrors: { firstName: ur.fields.firstName, other: "Not ours" },
      firstName: en.fields.firstName,
    });
    expect(missing).toEqual(["Not ours"]);
    expect(translateAnswer(answer, "en", () => missing.push("called"))).toBe(answer);
  });
});

describe("the language an Accept-Language header asks for", () => {
  it.each([
    [undefined, "en"],
    ["ur", "ur"],
    ["ur-PK", "ur"],
    ["UR-pk,en;q=0.5", "ur"],
    ["en-US,en;q=0.9,ur;q=0.8", "en"],
    ["fr-FR,ur;q=0.7,en;q=0.6", "ur"],
    ["en;q=0.4,ur;q=0.8", "ur"],
    ["ur;q=0,en", "en"],
    ["de, fr", "en"],
    ["*", "en"],
  ])("%s: %s", (header, language) => {
    expect(languageOfAcceptLanguage(header)).toBe(language);
  });
});
