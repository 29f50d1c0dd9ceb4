// Texts of the specification in its words, spelled correctly; each one that
// differs from it is listed with its reason in ADR 0023 (a unit test keeps the
// list true). {agency} and {phone} are filled from the agency's configuration.
// The screens and the Worker show them from the catalogue (shared/i18n/en.ts,
// ADR 0040), which unit tests hold to these words; the tests find texts by them.

export const MESSAGES = {
  loginFailed: "Incorrect Profile ID or password",
  // Reworded: no password is sent on WhatsApp any more, only a code to set one (ADR 0021).
  loginWhatsappNote: "Sign in with your Profile ID and the password you set with the code sent to your WhatsApp number.",
  upsell: "For more profiles, you need a paid membership. Please contact {agency} {phone}",
  searchIdFailed: "Something is wrong. Unable to fetch details of profile.",
  invalidProfileLink: "Invalid Profile Link",
  invalidLink: "Invalid Link",
  profileNotFound: "Profile not found",
  registrationFailedDefault: "Data incorrect or you have already registered.",
  registrationCheckWhatsapp: "Check your WhatsApp contact number.",
  requestFormLoginError: "Something went wrong (102). Please contact {phone}",
  interestFailedDefault: "Something went wrong (101). Please contact {phone}",
  editSaveFailed: "An Error Occurred... Please contact {agency}.",
  personalSaved: "Personal Details updated Successfully.",
  educationSaved: "Educational Details updated Successfully.",
  professionSaved: "Professional Details updated Successfully.",
  parentsSaved: "Parent Details updated Successfully.",
  removeFailed: "Something went wrong. Please try again later.",
  approved: "Profile Approved Successfully.",
  approveFailed: "Something went wrong. Approve Profile Request Failed.",
  rejected: "You rejected the profile successfully.",
  rejectFailed: "Something went wrong. Reject Profile Request Failed.",
  requestFailedContact: "Something went wrong. Request Failed. Please contact {agency}.",
  viewConfirm: "Your balance of profiles is {n}. Your membership will expire on {date}. Are you sure you want to view this profile?",
  viewConfirmYes: "Yes, I want to see",
  requestSent: "Your request has been sent to the profile owner. You will receive a WhatsApp message on your registered mobile number when they approve.",
  invalidAutoLoginLink: "This profile link is not valid anymore. Please contact {agency} {phone}.",
  invalidWhatsappLink: "This link is not valid anymore",
  requiredFieldsBanner: "Please fill all the Required * fields.",
  landscapeHint: "Photo is in landscape mode. Please consider using a portrait photo.",
  areYouSure: "Are you sure?",
} as const;

/** Fills `{name}` placeholders; unknown placeholders are left as they are. */
export function fillMessage(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The public page /link (§ "2. Screens and routes" and § "6. Roles and permissions"), to the letter. */
export const PUBLIC_PAGE_MESSAGES = {
  loading: "Loading...",
  failed: "Error: {message}",
  paidMembersOnly: "Profile visible to paid members only",
  secondMarriage: "Marriage Turn: Second",
  incomeSuffix: " LPA",
} as const;

/** The label of a public card, by the profile's publicProfile setting (§ "2. Screens and routes"). */
export const PUBLIC_PROFILE_LABELS = {
  PAID: "(Paid Members Only)",
  PUBLIC: "(Free to Public)",
  MEMBERS: "(Members Only)",
} as const;

/**
 * Dialog texts of the paid service (§ "6. Roles and permissions") whose exact words the
 * specification does not show; the screens and the Worker both use them.
 */
export const MEMBERSHIP_MESSAGES = {
  freeMember: "This service is only for paid members. Your Profile ID is {pid}. Please contact {agency} {phone}",
  zeroBalance: "Your balance of profiles is zero. Please contact {agency} {phone}",
  notApproved: "The profile owner has not approved your request yet.",
  /** A paid membership that ended: when, what waits, and how to renew (ADR 0015). */
  ended: "Your {tier} membership ended on {date}.",
  viewsWaiting: "{n} profile views are waiting for you: renew to use them.",
  noViewsWaiting: "Renew to see phone numbers and full details again.",
  howToRenew: "To renew, call or WhatsApp {agency} {phone}.",
  /** What the view confirmation costs (ADR 0012), under the text of § "8. Error catalogue". */
  viewCostsOne: "This uses 1 of your {n} views.",
  viewCostsNothing: "You unlocked this profile before: no view is used.",
} as const;
