import { useT } from "#web/lib/i18n-react.tsx";
import { TextAreaField, TextField } from "../ui/form-field.tsx";
import type { BindField } from "./bind-field.ts";

type ContactField = "mobile" | "alternateMobile" | "email" | "address";

/** How the member is reached, inside a form grid. Registration and the Parent details tab. */
export function ContactFields({ bind, mobileHint }: { bind: BindField<ContactField>; mobileHint: string }) {
  const t = useT();
  return (
    <>
      <TextField label={t("field.whatsappNumber")} required type="tel" inputMode="tel" autoComplete="tel" hint={mobileHint} {...bind("mobile")} />
      <TextField label={t("field.alternatePhone")} type="tel" inputMode="tel" {...bind("alternateMobile")} />
      <TextField label={t("field.email")} type="email" inputMode="email" autoComplete="email" autoCapitalize="off" {...bind("email")} />
      <TextAreaField label={t("field.address")} required className="md:col-span-2" autoComplete="street-address" {...bind("address")} />
    </>
  );
}
