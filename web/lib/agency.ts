// The agency's name and phone ({agency} and {phone} in the specification's
// texts) come from the Worker's configuration, which writes them into
// index.html's <meta> tags; the SPA does not hard-code any agency.

function metaContent(name: string): string {
  if (typeof document === "undefined") return "";
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() ?? "";
}

export interface Agency {
  name: string;
  phone: string;
}

let cached: Agency | undefined;

export function agency(): Agency {
  cached ??= { name: metaContent("agency-name"), phone: metaContent("agency-phone") };
  return cached;
}

/** For the build's prerender, which has no document (web/app/prerender.tsx). */
export function presetAgency(value: Agency): void {
  cached = value;
}
