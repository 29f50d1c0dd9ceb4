import { AccessLogRoute } from "./access-log.tsx";
import { AccountRoute } from "./account.tsx";
import { AgencyHomeRoute } from "./agency-home.tsx";
import { AgencyLayout } from "./agency-layout.tsx";
import { AuditLogRoute } from "./audit-log.tsx";
import { DataRequestsRoute } from "./data-requests.tsx";
import { MemberDetailRoute } from "./member-detail.tsx";
import { MembersRoute } from "./members.tsx";
import { OutboxRoute } from "./outbox.tsx";
import { PublicPagesRoute } from "./public-pages.tsx";
import { StaffRoute } from "./staff.tsx";

// The console's screens as one lazily loaded module: staff use them together,
// members never, so they load as one chunk that the members' first load never
// carries. web/app/router.tsx maps paths to these names.
export const consoleScreens = {
  layout: AgencyLayout,
  home: AgencyHomeRoute,
  members: MembersRoute,
  member: MemberDetailRoute,
  outbox: OutboxRoute,
  publicPages: PublicPagesRoute,
  auditLog: AuditLogRoute,
  accessLog: AccessLogRoute,
  dataRequests: DataRequestsRoute,
  staff: StaffRoute,
  account: AccountRoute,
} as const;

export type ConsoleScreen = keyof typeof consoleScreens;
