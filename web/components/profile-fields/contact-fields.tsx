import { TextAreaField, TextField } from "../ui/form-field.tsx";
import type { BindField } from "./bind-field.ts";

type ContactField = "mobile" | "alternateMobile" | "email" | "address";

/** How the member is reached, inside a form grid. Registration and the Parent details tab. */
export function ContactFields({ bind, mobileHint }: { bind: BindField<ContactField>; mobileHint: string }) {
  return (
    <>
      <TextField label="WhatsApp Number" required type="tel" inputMode="tel" autoComplete="tel" hint={mobileHint} {...bind("mobile")} />
      <TextField label="Alternate Phone Number" type="tel" inputMode="tel" {...bind("alternateMobile")} />
      <TextField label="Email" type="email" inputMode="email" autoComplete="email" autoCapitalize="off" {...bind("email")} />
      <TextAreaField label="Address" required className="md:col-span-2" autoComplete="street-address" {...bind("address")} />
    </>
  );
}
