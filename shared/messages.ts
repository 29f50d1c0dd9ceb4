// Texts of the specification, to the letter, spelling included: members know
// them. {agency} and {phone} are filled from the agency's configuration.

export const MESSAGES = {
  loginFailed: "Incorrect Profile ID or password",
  // Reworded: no password is sent on WhatsApp any more, only a code to set one (ADR 0021).
  loginWhatsappNote: "Sign in with your Profile ID and the password you set with the code sent to your WhatsApp number.",
  upsell: "For more profiles, you need a paid membership. Please contact {agency} {phone}",
  searchIdFailed: "Somthing is wrong. Unable to fetch details of profile",
  invalidProfileLink: "Invalid Profile Link",
  invalidLink: "Invalid Link",
  profileNotFound: "Profile not found",
  registrationFailedDefault: "Data incorrect or you have already registered.",
  registrationCheckWhatsapp: "Check your Whatsapp contact number.",
  requestFormLoginError: "Something went wrong (102). Please contact {phone}",
  interestFailedDefault: "Something went wrong (101). Please contact {phone}",
  editSaveFailed: "An Error Occured... Please contact {agency}.",
  personalSaved: "Personal Details updated Successsfully.",
  educationSaved: "Educational Details updated Successsfully.",
  professionSaved: "Professional Details updated Successsfully.",
  parentsSaved: "Parent Details updated Successsfully.",
  removeFailed: "Something went wrong, Please try again later.",
  approved: "Profile Approved Sucessfully.",
  approveFailed: "Somthing Went wrong, Approve Profile Request Failed.",
  rejected: "You rejected the profile Sucessfully.",
  rejectFailed: "Somthing Went wrong,Reject Profile Request Failed.",
  requestFailedContact: "Somthing Went wrong, Request Failed.please Contact {agency}",
  viewConfirm: "Your balance profiles is {n}. Your membership will expire on {date}. Are you sure you want to view this profile?",
  viewConfirmNo: "No",
  viewConfirmYes: "Yes, I want to see",
  requestSent:
    "Your request has been sent to the profile owner. You will receive the profile phone number on your registered mobile number via whatsapp.",
  invalidAutoLoginLink: "This profile link is not valid anymore. Please contact {agency} {phone}.",
  invalidWhatsappLink: "This link is not valid anymore",
  requiredFieldsBanner: "Please fill all the Requried * fields.",
  landscapeHint: "Photo is in landscape mode. Please consider using a portrait photo.",
  areYouSure: "Are you sure?",
  unexpectedError: "Unexpected Application Error!",
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Fills `{name}` placeholders; unknown placeholders are left as they are. */
export function fillMessage(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The public page /link (sections 2 and 6), to the letter. */
export const PUBLIC_PAGE_MESSAGES = {
  loading: "Loading...",
  failed: "Error: {message}",
  paidMembersOnly: "Profile visible to paid members only",
  secondMarriage: "Marriage Turn: Second",
  incomeSuffix: " LPA",
} as const;

/** The label of a public card, by the profile's publicProfile setting (section 2). */
export const PUBLIC_PROFILE_LABELS = {
  PAID: "(Paid Members Only)",
  PUBLIC: "(Free to Public)",
  MEMBERS: "(Members Only)",
} as const;

/**
 * Dialog texts of the paid service (section 6) whose exact words the
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
  /** What the view confirmation costs (ADR 0012), under the text of section 8. */
  viewCostsOne: "This uses 1 of your {n} views.",
  viewCostsNothing: "You unlocked this profile before: no view is used.",
} as const;
