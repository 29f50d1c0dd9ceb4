/** What the form that asks for a code holds: the Profile ID and the WhatsApp number as typed. */
export interface AskValues {
  pid: string;
  mobile: string;
}

/**
 * The form's values when it is shown: what the member last asked with, when
 * they come back to change the Profile ID or number (both kept as typed, so
 * that one wrong digit is one correction), else the link's Profile ID.
 */
export function askDefaults(linkPid: number | undefined, lastAsked: AskValues | null): AskValues {
  return lastAsked ?? { pid: linkPid === undefined ? "" : String(linkPid), mobile: "" };
}
