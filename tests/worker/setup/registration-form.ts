import { NOTICE_VERSION } from "#shared/privacy-notice.ts";

// The registration form as the web app sends it to POST /api/save_new_registration
// (§ "Registration / profile write fields"): one bride's answers, for the Worker
// tests and for scripts/measure-actions.ts, which runs in Node (so nothing here
// needs workerd).

/** A field's value, or null to leave the field out of the form. */
export type RegistrationFields = Readonly<Record<string, string | null>>;

const BRIDE: Readonly<Record<string, string>> = {
  gender: "F",
  name: "Sravani",
  surname: "Gollapudi",
  dob: "14/08/1997",
  tob: "5:45 AM",
  pob: "Vijayawada",
  star: "5",
  padham: "3",
  height: "18",
  subcaste: "4",
  religion: "1",
  marriage: "1",
  educationDetails: "B.Tech (ECE), JNTU Kakinada",
  professionType: "1",
  workingIn: "1",
  incomePerYear: "8",
  workingCity: "1",
  professionDetails: "Software engineer at a product company",
  fatherName: "Ramakrishna",
  fatherJob: "Retired teacher",
  motherName: "Padmavathi",
  motherJob: "Home maker",
  nativeState: "1",
  nativeDistrict: "5",
  residingCity: "Hyderabad",
  email: "sravani@example.com",
  address: "Plot 12, Benz Circle, Vijayawada",
  noticeVersion: NOTICE_VERSION,
};

/**
 * The multipart body of a registration: the bride's answers with `fields` over
 * them (the WhatsApp number is always the caller's, since it must be unused),
 * and `photo` as a JPEG file, or no photo when null.
 */
export function registrationForm(fields: RegistrationFields & { mobile: string | null }, photo: Uint8Array | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...BRIDE, ...fields })) if (value !== null) form.append(name, value);
  // A copy: the DOM's File (Node's types) takes bytes over an ArrayBuffer only, not any Uint8Array.
  if (photo) form.append("photo", new File([new Uint8Array(photo)], "me.jpg", { type: "image/jpeg" }));
  return form;
}
