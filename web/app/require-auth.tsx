import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Outlet, useNavigate } from "react-router";
import { Alert } from "../components/ui/alert.tsx";
import { PageLoading } from "../components/ui/page-loading.tsx";
import { isApiError } from "../lib/api-client.ts";
import { forgetSession, useCurrentUser } from "../lib/auth.ts";
import { queryFailureText } from "../lib/failure-reason.ts";
import { useT } from "../lib/i18n-react.tsx";
import { useHasToken } from "../lib/use-has-token.ts";

/**
 * Guards the member routes (§ "2. Screens and routes", "login required"): the current user is
 * checked with the server. Only the server saying the session has ended (401)
 * clears the stored token and local storage and sends the member to /login
 * (§ "4. States and transitions"). A dropped connection, a timeout or a server failure keeps the
 * session: the member on a weak signal tries again instead of signing in
 * again (ADR 0004).
 */
export function RequireAuth() {
  const hasToken = useHasToken();
  // Without a token the check cannot succeed; skip the request.
  const currentUser = useCurrentUser({ enabled: hasToken });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const t = useT();
  const sessionEnded = !hasToken || (isApiError(currentUser.error) && currentUser.error.status === 401);

  useEffect(() => {
    if (!sessionEnded) return;
    forgetSession(queryClient);
    navigate("/login", { replace: true });
  }, [sessionEnded, queryClient, navigate]);

  if (sessionEnded) return <PageLoading />;
  // A failed re-check after the member was already known keeps the screen.
  if (currentUser.data) return <Outlet />;
  if (currentUser.isError) {
    return (
      <Alert tone="error" className="mx-auto my-6 max-w-xl">
        {t("auth.stillSignedIn", { error: queryFailureText(currentUser.error) })}{" "}
        <button type="button" className="min-h-11 cursor-pointer font-semibold underline" disabled={currentUser.isFetching} onClick={() => void currentUser.refetch()}>
          {currentUser.isFetching ? t("common.trying") : t("common.tryAgain")}
        </button>
      </Alert>
    );
  }
  return <PageLoading />;
}
