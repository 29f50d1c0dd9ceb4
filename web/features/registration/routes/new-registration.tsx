import { ComingSoon } from "../../../components/ui/coming-soon.tsx";

// /new_registration: the registration form (sections 2, 3 and 5).
// Placeholder until that screen is built.
export function NewRegistrationRoute() {
  return <ComingSoon title="New Registration" heading="New Member Registration" />;
}
