import type { MyDataExport, MyDataValue } from "#shared/api-types.ts";
import { ISO_DATE, toStoredDisplayDate } from "#shared/dates.ts";
import { escapeHtml } from "#shared/escape-html.ts";
import { cspHash } from "./csp-hash.ts";

// The member's export as one printable HTML file (ADR 0033): headings and
// tables with readable labels, UTF-8 so Telugu names show, no script. It is
// downloaded and opened from disk, where no response header applies: its own
// Content-Security-Policy allows nothing but its one stylesheet, by hash.

const STYLE = `body{font-family:"Noto Sans Telugu","Noto Sans",system-ui,sans-serif;margin:1.5rem;color:#1f2937;line-height:1.45}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:1.8rem;border-bottom:1px solid #d1d5db}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{border:1px solid #d1d5db;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f3f4f6}td{white-space:pre-wrap;overflow-wrap:anywhere}.note{color:#4b5563;font-size:.9rem}
@media print{body{margin:0}h2{break-after:avoid}tr{break-inside:avoid}}`;

/** A stored moment (UTC), as the database and the JSON export write it. */
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(\.\d+)?)?Z?$/;

/**
 * Dates as the member reads them everywhere else (dd-MM-yyyy, § "9. Business
 * constants and limits"), moments with their time in UTC; the JSON export
 * keeps the stored forms, which programs read.
 */
function readable(text: string): string {
  if (ISO_DATE.test(text)) return toStoredDisplayDate(text);
  const moment = TIMESTAMP.exec(text);
  return moment ? `${toStoredDisplayDate(moment[1] ?? "")} ${moment[2]} UTC` : text;
}

function cell(value: MyDataValue | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return escapeHtml(typeof value === "string" ? readable(value) : String(value));
}

/** The export as a complete HTML document. */
export async function myDataHtml(data: MyDataExport): Promise<string> {
  const policy = `default-src 'none'; style-src ${await cspHash(STYLE)}; base-uri 'none'; form-action 'none'`;
  const sections = data.sections.map((part) => {
    const note = part.note ? `<p class="note">${escapeHtml(part.note)}</p>` : "";
    const body =
      part.rows.length === 0
        ? `<p class="note">Nothing stored.</p>`
        : `<table><thead><tr>${part.columns.map((column) => `<th scope="col">${escapeHtml(column.label)}</th>`).join("")}</tr></thead><tbody>${part.rows
            .map((row) => `<tr>${part.columns.map((column) => `<td>${cell(row[column.key])}</td>`).join("")}</tr>`)
            .join("")}</tbody></table>`;
    return `<section><h2>${escapeHtml(part.title)}</h2>${note}${body}</section>`;
  });
  const leftOut = data.leftOut.map((item) => `<tr><td>${escapeHtml(item.what)}</td><td>${escapeHtml(item.why)}</td></tr>`).join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your data at ${escapeHtml(data.agency)} — Profile ID ${data.pid}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Your data at ${escapeHtml(data.agency)}</h1>
<p>Profile ID ${data.pid}. Everything stored about you on ${escapeHtml(readable(data.exportedAt))}.</p>
${sections.join("\n")}
<section><h2>What is not in this file</h2><table><thead><tr><th scope="col">What</th><th scope="col">Why</th></tr></thead><tbody>${leftOut}</tbody></table></section>
</body>
</html>
`;
}
