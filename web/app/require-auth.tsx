import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Outlet, useNavigate } from "react-router";
import { PageLoading } from "../components/ui/page-loading.tsx";
import { useCurrentUser } from "../lib/auth.ts";
import { clearSession, useHasToken } from "../lib/session.ts";

/**
 * Guards the member routes (section 2, "login required"): the current user is
 * checked with the server. If that check errors, the stored token and local
 * storage are cleared and the member goes to /login (section 4).
 */
export function RequireAuth() {
  const hasToken = useHasToken();
  // Without a token the check cannot succeed; skip the request.
  const currentUser = useCurrentUser({ enabled: hasToken });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const failed = !hasToken || currentUser.isError;

  useEffect(() => {
    if (!failed) return;
    clearSession();
    queryClient.removeQueries();
    navigate("/login", { replace: true });
  }, [failed, queryClient, navigate]);

  if (failed || currentUser.isPending) return <PageLoading />;
  return <Outlet />;
}
