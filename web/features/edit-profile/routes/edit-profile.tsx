import { useNavigate } from "react-router";
import { LeaveGuard } from "#web/components/leave-guard.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { PageLoading } from "#web/components/ui/page-loading.tsx";
import { Tabs } from "#web/components/ui/tabs.tsx";
import { useCurrentUser } from "#web/lib/auth.ts";
import { Message, useT } from "#web/lib/i18n-react.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";
import { getStoredUser } from "#web/lib/session.ts";
import { useUser } from "../api/get-user.ts";
import { ChangePasswordForm } from "../components/change-password-form.tsx";
import { ConsentsPanel } from "../components/consents-panel.tsx";
import { EducationForm } from "../components/education-form.tsx";
import { ParentsForm } from "../components/parents-form.tsx";
import { PersonalForm } from "../components/personal-form.tsx";
import { ProfessionForm } from "../components/profession-form.tsx";
import { SessionsPanel } from "../components/sessions-panel.tsx";
import { SiblingsPanel } from "../components/siblings-panel.tsx";

/** React Router numbers its history entries; 0 means this screen was opened directly. */
function hasHistory(): boolean {
  const state: unknown = window.history.state;
  return typeof state === "object" && state !== null && "idx" in state && typeof state.idx === "number" && state.idx > 0;
}

// /edit_profile (§ "2. Screens and routes", "Edit-profile screen"): the member's own
// profile, one tab and one save per part (§ "Profile editing").
export function EditProfileRoute() {
  const t = useT();
  usePageTitle(t("editProfile.title"));
  const navigate = useNavigate();
  // The route guard has checked the current user; storage has it at once.
  const pid = useCurrentUser().data?.pid ?? getStoredUser()?.pid;
  const user = useUser(pid);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-maroon-800 sm:text-3xl">{t("editProfile.heading", { pid })}</h1>
        {/* § "2. Screens and routes": Back goes one step back; opened from a link, there is no step back, so it goes to the search. */}
        <button type="button" className="btn-outline" onClick={() => (hasHistory() ? navigate(-1) : navigate("/search"))}>
          {t("editProfile.back")}
        </button>
      </div>

      {user.isPending ? <PageLoading label={t("editProfile.loading")} /> : null}
      {user.isError ? (
        <Alert tone="error">
          <Message id="editProfile.loadFailed" components={{ 0: <button type="button" className="font-semibold underline" onClick={() => void user.refetch()} /> }} />
        </Alert>
      ) : null}
      {user.data ? (
        <section className="card px-4 py-5 sm:px-6 sm:py-6">
          <Tabs
            label={t("editProfile.sections")}
            items={[
              { id: "personal", label: t("editProfile.tab.personal"), panel: <PersonalForm user={user.data} /> },
              { id: "education", label: t("editProfile.tab.education"), panel: <EducationForm user={user.data} /> },
              { id: "profession", label: t("editProfile.tab.profession"), panel: <ProfessionForm user={user.data} /> },
              { id: "parents", label: t("editProfile.tab.parents"), panel: <ParentsForm user={user.data} /> },
              { id: "siblings", label: t("editProfile.tab.siblings"), panel: <SiblingsPanel user={user.data} /> },
            ]}
          />
        </section>
      ) : null}
      {user.data ? <ChangePasswordForm pid={user.data.pid} /> : null}
      {user.data ? <SessionsPanel /> : null}
      {user.data ? <ConsentsPanel /> : null}
      {/* Its tabs' forms ask before the screen is left with changes not saved. */}
      <LeaveGuard signedIn />
    </div>
  );
}
