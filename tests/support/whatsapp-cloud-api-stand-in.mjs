// A stand-in for Meta's WhatsApp Cloud API, a real HTTP server in Node used
// by the worker tests (vitest globalSetup) and by the end-to-end server
// (scripts/e2e-server.mjs). It is a test fixture, never part of the product.
// It checks every request against the shapes Meta documents and answers as
// the Cloud API does (ADR 0020):
//
//   POST /{version}/{phone-number-id}/messages    text or template messages
//   POST /{version}/{waba-id}/message_templates   submit a template
//   GET  /{version}/{waba-id}/message_templates   list them (?name=)
//
// A message it takes is answered with a wamid, and its delivery receipts
// follow as webhook bodies signed with the app secret (X-Hub-Signature-256):
// sent, delivered and read; or failed with 131047 for text outside the
// recipient's 24-hour window, and 131026 for a number set undeliverable.
// Template problems are answered at once with Meta's error bodies (132000,
// 132001, 132018), as are the errors a test asks for (rate limits, ...).
//
// Control endpoints for the tests (state is per phone-number id, so test
// files that use their own never see one another's traffic):
//   POST /__phone/{id}      {waba, appSecret, webhookUrl?}: the number's business
//                           account, and where its webhooks go (pushed when
//                           webhookUrl is set, kept for /__webhooks otherwise)
//   POST /__mode/{id}       {kind: "ok"} | {kind: "error", status, code, message, details?} | {kind: "hang"}
//   POST /__recipient/{id}  {to, undeliverable?, reads?}
//   POST /__inbound/{id}    {from, text, name?}: a member writes to the agency (opens the window)
//   GET  /__received/{id}   the requests received, as JSON
//   GET  /__webhooks/{id}   the webhook bodies not pushed yet, taken: [{body, signature}]

import { createHmac } from "node:crypto";
import { createServer } from "node:http";

/** Language codes Meta supports for templates that these tests use (the full list is longer). */
const LANGUAGES = new Set(["en", "en_GB", "en_IN", "en_US", "te", "hi", "ta", "kn", "ml"]);

const WINDOW_MS = 24 * 60 * 60 * 1000;

function graphError(status, code, message, details, extra = {}) {
  return {
    status,
    body: {
      error: {
        message: `(#${code}) ${message}`,
        type: "OAuthException",
        code,
        error_data: { messaging_product: "whatsapp", details: details ?? message },
        fbtrace_id: "stand-in-trace",
        ...extra,
      },
    },
  };
}

const invalidParameter = (details) => graphError(400, 100, "Invalid parameter", details);

const isRecord = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/** The highest {{n}} of a text, after checking they run 1, 2, 3 ... */
function placeholders(text) {
  const numbers = [...text.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1]));
  const distinct = [...new Set(numbers)].sort((a, b) => a - b);
  if (distinct.some((n, i) => n !== i + 1)) return null;
  return distinct.length;
}

/** Meta's rules for a template submitted through the Message Templates API; returns an error or the stored template. */
function checkTemplate(body) {
  if (!isRecord(body)) return { error: invalidParameter("The body must be a JSON object") };
  const { name, language, category, components } = body;
  if (typeof name !== "string" || !/^[a-z0-9_]{1,512}$/.test(name)) return { error: invalidParameter("name must be lowercase letters, digits and underscores") };
  if (typeof language !== "string" || !LANGUAGES.has(language)) return { error: invalidParameter(`Unknown language code: ${language}`) };
  const kind = typeof category === "string" ? category.toUpperCase() : "";
  if (!["AUTHENTICATION", "UTILITY", "MARKETING"].includes(kind)) return { error: invalidParameter("category must be AUTHENTICATION, UTILITY or MARKETING") };
  if (!Array.isArray(components) || !components.every(isRecord)) return { error: invalidParameter("components must be a list of objects") };
  const byType = new Map(components.map((component) => [String(component.type).toUpperCase(), component]));
  const bodyComponent = byType.get("BODY");
  if (!bodyComponent) return { error: invalidParameter("A template needs a BODY component") };
  const buttons = byType.get("BUTTONS")?.buttons;
  let bodyParameters = 0;
  let button = null;
  if (kind === "AUTHENTICATION") {
    if ("text" in bodyComponent) return { error: invalidParameter("An authentication template's body text is preset: send add_security_recommendation only") };
    const footer = byType.get("FOOTER");
    if (footer && (!Number.isInteger(footer.code_expiration_minutes) || footer.code_expiration_minutes < 1 || footer.code_expiration_minutes > 90)) {
      return { error: invalidParameter("code_expiration_minutes must be 1 to 90") };
    }
    const otp = Array.isArray(buttons) && buttons.length === 1 ? buttons[0] : null;
    if (!isRecord(otp) || String(otp.type).toUpperCase() !== "OTP" || String(otp.otp_type).toUpperCase() !== "COPY_CODE") {
      return { error: invalidParameter("An authentication template needs one OTP button of otp_type COPY_CODE") };
    }
    bodyParameters = 1;
    // "Upon creation the button type will be set to URL", its parameter the code.
    button = { type: "URL", variable: true };
  } else {
    const text = bodyComponent.text;
    if (typeof text !== "string" || text.length === 0 || text.length > 1024) return { error: invalidParameter("The body text must have 1 to 1024 characters") };
    const count = placeholders(text);
    if (count === null) return { error: invalidParameter("Parameters must be numbered {{1}}, {{2}}, ... in order") };
    if (/^\s*\{\{\d+\}\}/.test(text) || /\{\{\d+\}\}\s*[.!?]?\s*$/.test(text)) {
      return { error: graphError(400, 100, "Invalid parameter", "Variable parameters can't be at the start or end of the template.", { error_subcode: 2388299 }) };
    }
    const examples = bodyComponent.example?.body_text?.[0];
    if (count > 0 && (!Array.isArray(examples) || examples.length !== count || !examples.every((value) => typeof value === "string" && value !== ""))) {
      return { error: invalidParameter("Give example.body_text with one example for each parameter") };
    }
    bodyParameters = count;
    if (buttons !== undefined) {
      if (!Array.isArray(buttons) || buttons.length === 0 || buttons.length > 10) return { error: invalidParameter("BUTTONS needs 1 to 10 buttons") };
      const [first] = buttons;
      if (!isRecord(first) || String(first.type).toUpperCase() !== "URL") return { error: invalidParameter("This stand-in knows URL buttons only") };
      if (typeof first.text !== "string" || first.text.length === 0 || first.text.length > 25) return { error: invalidParameter("A button's text has 1 to 25 characters") };
      if (typeof first.url !== "string" || !/^https:\/\//.test(first.url)) return { error: invalidParameter("A URL button needs an https URL") };
      const variables = placeholders(first.url);
      if (variables === null || variables > 1 || (variables === 1 && !first.url.endsWith("{{1}}"))) {
        return { error: invalidParameter("A URL button has at most one variable, {{1}}, at the end of the URL") };
      }
      if (variables === 1 && (!Array.isArray(first.example) || typeof first.example[0] !== "string" || !first.example[0].startsWith(first.url.replace("{{1}}", "")))) {
        return { error: invalidParameter("A URL button with a variable needs an example URL") };
      }
      button = { type: "URL", variable: variables === 1 };
    }
  }
  return { template: { name, language, category: kind, components, bodyParameters, button } };
}

function textParameters(list) {
  if (!Array.isArray(list)) return null;
  if (!list.every((parameter) => isRecord(parameter) && parameter.type === "text" && typeof parameter.text === "string")) return null;
  return list.map((parameter) => parameter.text);
}

/** Meta refuses parameters with line breaks, tabs or more than four spaces in a row. */
const badParameter = (text) => /[\n\t]/.test(text) || / {5,}/.test(text) || text.trim() === "";

/** Checks a send request; returns an error, or what to answer with and what follows. */
function checkMessage(body, phone, accounts) {
  if (!isRecord(body)) return { error: invalidParameter("The body must be a JSON object") };
  if (body.messaging_product !== "whatsapp") return { error: invalidParameter("messaging_product must be whatsapp") };
  if (body.recipient_type !== undefined && body.recipient_type !== "individual") return { error: invalidParameter("recipient_type must be individual") };
  if (typeof body.to !== "string" || !/^\d{8,15}$/.test(body.to))
    return { error: graphError(400, 131009, "Parameter value is not valid", "to must be the number's country code and digits") };
  if (body.type === "text") {
    if (!isRecord(body.text) || typeof body.text.body !== "string" || body.text.body.length === 0 || body.text.body.length > 4096) {
      return { error: invalidParameter("text.body must have 1 to 4096 characters") };
    }
    if (body.text.preview_url !== undefined && typeof body.text.preview_url !== "boolean") return { error: invalidParameter("text.preview_url must be a boolean") };
    return { kind: "text" };
  }
  if (body.type !== "template") return { error: invalidParameter("This stand-in takes text and template messages") };
  const template = body.template;
  if (!isRecord(template) || typeof template.name !== "string" || !isRecord(template.language) || typeof template.language.code !== "string") {
    return { error: invalidParameter("template needs a name and language.code") };
  }
  const stored = accounts.get(phone.waba)?.get(`${template.name}/${template.language.code}`);
  if (stored?.status !== "APPROVED") {
    return { error: graphError(404, 132001, "Template name does not exist in the translation", `template name (${template.name}) does not exist in ${template.language.code}`) };
  }
  const components = template.components ?? [];
  if (!Array.isArray(components) || !components.every(isRecord)) return { error: invalidParameter("template.components must be a list of objects") };
  const bodyComponents = components.filter((component) => component.type === "body");
  const bodyValues = bodyComponents.length === 1 ? textParameters(bodyComponents[0].parameters) : bodyComponents.length === 0 ? [] : null;
  if (bodyValues === null) return { error: invalidParameter("A body component's parameters must be text parameters") };
  if (bodyValues.length !== stored.bodyParameters) {
    return {
      error: graphError(
        400,
        132000,
        "Number of parameters does not match the expected number of params",
        `body: number of localizable_params (${bodyValues.length}) does not match the expected number of params (${stored.bodyParameters})`,
      ),
    };
  }
  const buttonComponents = components.filter((component) => component.type === "button");
  const wantsButton = stored.button?.variable === true;
  if (buttonComponents.length !== (wantsButton ? 1 : 0)) {
    return {
      error: graphError(
        400,
        132000,
        "Number of parameters does not match the expected number of params",
        `buttons: expected ${wantsButton ? 1 : 0} button parameter, got ${buttonComponents.length}`,
      ),
    };
  }
  let buttonValue = null;
  if (wantsButton) {
    const [button] = buttonComponents;
    if (button.sub_type !== "url" || String(button.index) !== "0") return { error: invalidParameter("The button component must be sub_type url, index 0") };
    const values = textParameters(button.parameters);
    if (values === null || values.length !== 1) return { error: invalidParameter("A URL button takes one text parameter") };
    buttonValue = values[0];
  }
  if ([...bodyValues, ...(buttonValue === null ? [] : [buttonValue])].some(badParameter)) {
    return {
      error: graphError(
        400,
        132018,
        "There was an issue with the parameters in your template.",
        "Param text cannot have new-line/tab characters or more than 4 consecutive spaces",
      ),
    };
  }
  if (stored.category === "AUTHENTICATION") {
    const [code] = bodyValues;
    if (code.length > 15) return { error: invalidParameter("A verification code has at most 15 characters") };
    if (buttonValue !== code) return { error: invalidParameter("The copy-code button must repeat the code of the body") };
  }
  return { kind: "template" };
}

/**
 * Starts the stand-in. `port` 0 picks a free one.
 * @param {{ port?: number, host?: string }} [options]
 */
export async function startCloudApiStandIn(options = {}) {
  const phones = new Map();
  /** Templates by business account: Map<waba, Map<"name/language", template>>. */
  const accounts = new Map();
  let nextId = 1;

  const phoneOf = (id) => {
    let phone = phones.get(id);
    if (!phone) {
      phone = { mode: { kind: "ok" }, received: [], windows: new Map(), recipients: new Map(), waba: "default", appSecret: "", webhookUrl: null, webhooks: [] };
      phones.set(id, phone);
    }
    return phone;
  };
  const accountOf = (waba) => {
    let account = accounts.get(waba);
    if (!account) {
      account = new Map();
      accounts.set(waba, account);
    }
    return account;
  };

  /** A webhook body for the phone, signed, pushed or kept. */
  function emit(phoneId, value) {
    const phone = phoneOf(phoneId);
    const payload = {
      object: "whatsapp_business_account",
      entry: [
        {
          id: phone.waba,
          changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { display_phone_number: "15550001111", phone_number_id: phoneId }, ...value } }],
        },
      ],
    };
    const body = JSON.stringify(payload);
    const signature = `sha256=${createHmac("sha256", phone.appSecret).update(body).digest("hex")}`;
    if (!phone.webhookUrl) {
      phone.webhooks.push({ body, signature });
      return;
    }
    // Pushed like Meta does; a refused delivery is kept for /__webhooks, as Meta would retry it.
    fetch(phone.webhookUrl, { method: "POST", headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signature }, body })
      .then((response) => {
        if (!response.ok) phone.webhooks.push({ body, signature });
      })
      .catch(() => phone.webhooks.push({ body, signature }));
  }

  function receipt(phoneId, wamid, to, status, error) {
    const seconds = String(Math.floor(Date.now() / 1000));
    const base = { id: wamid, status, timestamp: seconds, recipient_id: to };
    const pricing = { billable: true, pricing_model: "PMP", category: "utility", type: "regular" };
    emit(phoneId, { statuses: [error ? { ...base, errors: [error] } : status === "read" ? base : { ...base, pricing }] });
  }

  /** What follows a message the stand-in took: its receipts, a moment apart, in the order WhatsApp sends them. */
  function afterSend(phoneId, wamid, to, kind) {
    const phone = phoneOf(phoneId);
    const recipient = phone.recipients.get(to) ?? {};
    const windowOpen = (phone.windows.get(to) ?? 0) > Date.now() - WINDOW_MS;
    const steps = [];
    if (kind === "text" && !windowOpen) {
      steps.push(() =>
        receipt(phoneId, wamid, to, "failed", {
          code: 131047,
          title: "Re-engagement message",
          message: "Re-engagement message",
          error_data: { details: "Message failed to send because more than 24 hours have passed since the customer last replied to this number." },
        }),
      );
    } else if (recipient.undeliverable) {
      steps.push(() =>
        receipt(phoneId, wamid, to, "failed", {
          code: 131026,
          title: "Message undeliverable",
          message: "Message undeliverable",
          error_data: { details: "Message Undeliverable." },
        }),
      );
    } else {
      steps.push(() => receipt(phoneId, wamid, to, "sent"));
      steps.push(() => receipt(phoneId, wamid, to, "delivered"));
      if (recipient.reads) steps.push(() => receipt(phoneId, wamid, to, "read"));
    }
    for (const [index, step] of steps.entries()) setTimeout(step, 20 * (index + 1));
  }

  function handle(request, body, response) {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const path = url.pathname;
    const control = /^\/__(phone|mode|recipient|inbound|received|webhooks)\/([^/]+)$/.exec(path);
    if (control) {
      const [, action, rawId] = control;
      const id = decodeURIComponent(rawId);
      const phone = phoneOf(id);
      const input = body ? JSON.parse(body) : {};
      if (action === "received" && request.method === "GET") return json(response, 200, phone.received);
      if (action === "webhooks" && request.method === "GET") return json(response, 200, phone.webhooks.splice(0));
      if (request.method !== "POST") return json(response, 405, { error: "method not allowed" });
      if (action === "phone") {
        phone.waba = String(input.waba ?? "default");
        phone.appSecret = String(input.appSecret ?? "");
        phone.webhookUrl = input.webhookUrl ?? null;
        return json(response, 200, { ok: true });
      }
      if (action === "mode") {
        phone.mode = input;
        return json(response, 200, { mode: phone.mode });
      }
      if (action === "recipient") {
        phone.recipients.set(String(input.to), { undeliverable: Boolean(input.undeliverable), reads: Boolean(input.reads) });
        return json(response, 200, { ok: true });
      }
      if (action === "inbound") {
        const from = String(input.from);
        phone.windows.set(from, Date.now());
        const wamid = `wamid.stand-in-inbound-${nextId++}`;
        emit(id, {
          contacts: [{ profile: { name: input.name ?? "Member" }, wa_id: from }],
          messages: [{ from, id: wamid, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body: String(input.text ?? "") } }],
        });
        return json(response, 200, { wamid });
      }
    }

    const authorization = request.headers.authorization ?? "";
    const templatesPath = /^(?:\/v\d+\.\d+)?\/([^/]+)\/message_templates$/.exec(path);
    const messagesPath = /^(?:\/v\d+\.\d+)?\/([^/]+)\/messages$/.exec(path);
    if ((templatesPath || messagesPath) && !/^Bearer \S+$/.test(authorization)) {
      return json(response, 401, { error: { message: "Invalid OAuth access token - Cannot parse access token", type: "OAuthException", code: 190, fbtrace_id: "stand-in-trace" } });
    }

    if (templatesPath) {
      const account = accountOf(decodeURIComponent(templatesPath[1]));
      if (request.method === "GET") {
        const name = url.searchParams.get("name");
        const data = [...account.values()]
          .filter((template) => name === null || template.name === name)
          .map((template) => ({ name: template.name, language: template.language, status: template.status, category: template.category, id: template.id }));
        return json(response, 200, { data, paging: { cursors: { before: "b", after: "a" } } });
      }
      if (request.method === "POST") {
        let parsed;
        try {
          parsed = JSON.parse(body);
        } catch {
          return json(response, 400, invalidParameter("The body is not JSON").body);
        }
        const checked = checkTemplate(parsed);
        if (checked.error) return json(response, checked.error.status, checked.error.body);
        const key = `${checked.template.name}/${checked.template.language}`;
        if (account.has(key)) {
          return json(response, 400, graphError(400, 100, "Invalid parameter", "Content in this language already exists", { error_subcode: 2388024 }).body);
        }
        const stored = { ...checked.template, id: String(nextId++), status: "APPROVED" };
        account.set(key, stored);
        return json(response, 200, { id: stored.id, status: stored.status, category: stored.category });
      }
    }

    if (messagesPath && request.method === "POST") {
      const phoneId = decodeURIComponent(messagesPath[1]);
      const phone = phoneOf(phoneId);
      const headers = {};
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers[name] = value;
      phone.received.push({ method: request.method, path, headers, body });
      const mode = phone.mode;
      if (mode.kind === "hang") return; // the socket is closed at teardown
      if (mode.kind === "error") return json(response, mode.status, graphError(mode.status, mode.code, mode.message, mode.details).body);
      let parsed;
      try {
        parsed = JSON.parse(body);
      } catch {
        return json(response, 400, invalidParameter("The body is not JSON").body);
      }
      const checked = checkMessage(parsed, phone, accounts);
      if (checked.error) return json(response, checked.error.status, checked.error.body);
      const wamid = `wamid.stand-in-${nextId++}`;
      const answer = {
        messaging_product: "whatsapp",
        contacts: [{ input: parsed.to, wa_id: parsed.to }],
        messages: [{ id: wamid, ...(checked.kind === "template" ? { message_status: "accepted" } : {}) }],
      };
      setTimeout(() => json(response, 200, answer), mode.delayMs ?? 0);
      afterSend(phoneId, wamid, parsed.to, checked.kind);
      return;
    }

    // What the Graph API answers for a path it does not know.
    return json(response, 400, { error: { message: "Unknown path components", type: "OAuthException", code: 2500, fbtrace_id: "stand-in" } });
  }

  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      try {
        handle(request, Buffer.concat(chunks).toString("utf8"), response);
      } catch (error) {
        json(response, 500, { error: { message: String(error), type: "StandIn", code: 1 } });
      }
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve(undefined));
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://${options.host ?? "127.0.0.1"}:${port}`,
    async close() {
      // Hung requests would otherwise keep close() waiting.
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

function json(response, status, body) {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}
