import * as z from "zod/mini";
import { memberComponents } from "./members.ts";
import { profileComponents } from "./profiles.ts";
import { publicComponents } from "./public.ts";
import { adminComponents } from "./admin.ts";
import { privacyComponents } from "./privacy.ts";
import { apiFailureSchema, errorStatuses, openApiPath, type ApiRoute, type Auth } from "./api-route.ts";
import { API_ROUTES } from "./routes.ts";

// The contract as an OpenAPI 3.1 document (ADR 0035), made from the route
// entries and their zod schemas with zod's own JSON Schema output. The
// output depends on nothing but the code, so the committed
// docs/api/openapi.json can be compared with it byte for byte.

type JsonSchema = Record<string, unknown>;
type JsonObject = Record<string, unknown>;

/** Named schemas: what the TypeScript types of shared/api-types.ts and shared/admin-types.ts are called. */
export const COMPONENTS: Record<string, z.ZodMiniType> = {
  ApiFailure: apiFailureSchema,
  ...memberComponents,
  ...profileComponents,
  ...publicComponents,
  ...adminComponents,
  ...privacyComponents,
};

const REF_PREFIX = "#/components/schemas/";

/** `get /users/:pid{[0-9]+}` → `getUsersPid`. */
function operationId(route: ApiRoute): string {
  const words = openApiPath(route.path)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return route.method + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("");
}

/** The schemas of one direction (requests are read as input, answers as output), with the components as references. */
class SchemaSet {
  private readonly registry = z.registry<{ id: string }>();
  private readonly anonymous = new Map<z.ZodMiniType, string>();
  private converted: Record<string, JsonSchema> | null = null;

  constructor(
    private readonly io: "input" | "output",
    components: Record<string, z.ZodMiniType>,
  ) {
    for (const [id, schema] of Object.entries(components)) this.registry.add(schema, { id });
  }

  /**
   * Registers a schema and returns a placeholder, resolved by `resolve` once everything is registered.
   * A schema without a component name gets an id starting with "~", which no name has, and is inlined.
   */
  use(schema: z.ZodMiniType): string {
    const named = this.registry.get(schema);
    if (named) return named.id;
    let id = this.anonymous.get(schema);
    if (!id) {
      id = `~${this.anonymous.size}`;
      this.anonymous.set(schema, id);
      this.registry.add(schema, { id });
    }
    return id;
  }

  resolve(id: string): JsonSchema {
    const all = this.all();
    if (!id.startsWith("~")) return { $ref: REF_PREFIX + id };
    const schema = all[id];
    if (!schema) throw new Error(`schema ${id} was not registered`);
    return schema;
  }

  /** The named schemas, for components.schemas. */
  named(): Record<string, JsonSchema> {
    return Object.fromEntries(Object.entries(this.all()).filter(([id]) => !id.startsWith("~")));
  }

  private all(): Record<string, JsonSchema> {
    // "any": a transform standing alone has no JSON Schema; it becomes {} (anything) instead of failing.
    this.converted ??= Object.fromEntries(
      Object.entries(z.toJSONSchema(this.registry, { io: this.io, unrepresentable: "any", uri: (id) => REF_PREFIX + id }).schemas).map(([id, schema]) => {
        const { $schema: _schema, $id: _id, ...rest } = schema as JsonSchema;
        return [id, rest];
      }),
    );
    return this.converted;
  }
}

const SECURITY: Record<Auth, JsonObject[]> = {
  none: [],
  member: [{ memberSession: [] }],
  staff: [{ staffSession: [] }],
  owner: [{ staffSession: [] }],
};

const AUTH_TEXT: Record<Auth, string> = {
  none: "No sign-in.",
  member: "A member's session: `Authorization: Bearer <token>` from POST /users/sign_in.",
  staff: "A staff session: `Authorization: Bearer <token>` from POST /admin/sign_in.",
  owner: "A staff session of an owner: other staff get 403 FORBIDDEN.",
};

interface Placeholders {
  route: ApiRoute;
  params?: string;
  query?: string;
  body?: string;
  data?: string;
}

function objectProperties(schema: JsonSchema): [string, JsonSchema, boolean][] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => [name, property, required.has(name)]);
}

function parameters(requests: SchemaSet, placeholders: Placeholders): JsonObject[] {
  const list: JsonObject[] = [];
  if (placeholders.params) {
    for (const [name, schema] of objectProperties(requests.resolve(placeholders.params))) list.push({ name, in: "path", required: true, schema });
  }
  if (placeholders.query) {
    for (const [name, schema, required] of objectProperties(requests.resolve(placeholders.query))) list.push({ name, in: "query", required, schema });
  }
  return list;
}

function requestBody(requests: SchemaSet, placeholders: Placeholders): JsonObject | undefined {
  const { route, body } = placeholders;
  if (!body) return undefined;
  const schema = requests.resolve(body);
  if (route.json) return { required: true, content: { "application/json": { schema } } };
  const photo = route.multipart?.photo;
  const required = [...((schema.required ?? []) as string[]), ...(photo === "required" ? ["photo"] : [])];
  const properties = { ...(schema.properties as JsonObject), photo: { type: "string", contentMediaType: "image/jpeg", description: "A JPEG, PNG or WebP photo (ADR 0008)." } };
  return { required: true, content: { "multipart/form-data": { schema: { ...schema, properties, required } } } };
}

function successResponse(responses: SchemaSet, placeholders: Placeholders): [string, JsonObject] {
  const { route, data } = placeholders;
  if (route.data === "no-content") return ["204", { description: "Done; no body." }];
  if (route.data === "text") return ["200", { description: "Plain text.", content: { "text/plain": { schema: { type: "string" } } } }];
  if (!data) throw new Error(`no answer schema for ${route.method} ${route.path}`);
  const envelope = { type: "object", properties: { data: responses.resolve(data) }, required: ["data"] };
  const html = route.html ? { "text/html": { schema: { type: "string" } } } : {};
  return ["200", { description: "Success: `{ data }` (ADR 0002).", content: { "application/json": { schema: envelope }, ...html } }];
}

/** A failure status and its codes, as a shared response: `401.UNAUTHENTICATED`. */
function failureResponse(status: number, codes: readonly string[]): [string, JsonObject] {
  const schema = { allOf: [{ $ref: `${REF_PREFIX}ApiFailure` }, { type: "object", properties: { code: { enum: codes } } }] };
  return [[status, ...codes].join("."), { description: `Failure: ${codes.join(", ")} (ADR 0002).`, content: { "application/json": { schema } } }];
}

function errorResponses(route: ApiRoute, shared: Record<string, JsonObject>): Record<string, JsonObject> {
  const responses: Record<string, JsonObject> = {};
  for (const [status, codes] of errorStatuses(route)) {
    const [name, response] = failureResponse(status, codes);
    shared[name] = response;
    responses[String(status)] = { $ref: `#/components/responses/${name}` };
  }
  return responses;
}

function operation(requests: SchemaSet, responses: SchemaSet, failures: Record<string, JsonObject>, placeholders: Placeholders): JsonObject {
  const { route } = placeholders;
  const [status, success] = successResponse(responses, placeholders);
  const body = requestBody(requests, placeholders);
  const list = parameters(requests, placeholders);
  return {
    operationId: operationId(route),
    summary: route.summary,
    description: route.notes ? `${route.notes}\n\n${AUTH_TEXT[route.auth]}` : AUTH_TEXT[route.auth],
    "x-auth": route.auth,
    security: SECURITY[route.auth],
    ...(list.length > 0 ? { parameters: list } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: { [status]: success, ...errorResponses(route, failures) },
  };
}

/** The OpenAPI 3.1 document of the given routes (all of them by default). */
export function buildOpenApi(routes: readonly ApiRoute[] = API_ROUTES): JsonObject {
  const requests = new SchemaSet("input", {});
  const responses = new SchemaSet("output", COMPONENTS);
  // Every schema is registered before any is converted: one conversion per direction.
  const placeholders: Placeholders[] = routes.map((route) => ({
    route,
    ...(route.params ? { params: requests.use(route.params) } : {}),
    ...(route.query ? { query: requests.use(route.query) } : {}),
    ...(route.json ? { body: requests.use(route.json) } : route.multipart ? { body: requests.use(route.multipart.schema) } : {}),
    ...(typeof route.data === "string" ? {} : { data: responses.use(route.data) }),
  }));
  const paths: Record<string, Record<string, JsonObject>> = {};
  const failures: Record<string, JsonObject> = {};
  for (const entry of placeholders) {
    const path = openApiPath(entry.route.path);
    paths[path] = { ...paths[path], [entry.route.method]: operation(requests, responses, failures, entry) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Telugu matrimony agency API",
      version: "1",
      description:
        "The agency API (docs/specification.md section 7) as the Worker serves it, and as an agency backend behind proxy mode must answer it. Success is `{ data }`; failure is `{ error, code }` with `err` on sign-in failures and `fields` on validation failures (ADR 0002). Generated by `npm run contract:write` from shared/contract (ADR 0035).",
    },
    servers: [{ url: "/api" }],
    paths,
    components: {
      schemas: responses.named(),
      responses: Object.fromEntries(Object.entries(failures).sort(([a], [b]) => (a < b ? -1 : 1))),
      securitySchemes: {
        memberSession: { type: "http", scheme: "bearer", description: AUTH_TEXT.member },
        staffSession: { type: "http", scheme: "bearer", description: AUTH_TEXT.staff },
      },
    },
  };
}

/** The document as committed: two-space JSON and a final newline. */
export function openApiText(routes: readonly ApiRoute[] = API_ROUTES): string {
  return `${JSON.stringify(buildOpenApi(routes), null, 2)}\n`;
}
