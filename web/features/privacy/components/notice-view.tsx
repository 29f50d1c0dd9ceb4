import type { NoticeLanguage } from "#shared/privacy-notice.ts";
import { NOTICE_ITEM_IDS, PRIVACY_NOTICE } from "#shared/privacy-notice-text.ts";
import { dialable } from "#shared/phone.ts";
import type { PrivacyInfo } from "../api/get-privacy.ts";

// The privacy notice in one language (shared/privacy-notice-text.ts), with the
// agency's contact and periods from GET /api/privacy. Until they arrive the
// notice shows without them: it is readable on its own either way.

function Contact({ info, intro }: { info: PrivacyInfo | undefined; intro: string }) {
  if (!info) return <p className="m-0 text-base text-ink-muted">{intro} …</p>;
  const { name, email, phone } = info.contact;
  return (
    <>
      <p className="m-0 text-base">{intro}</p>
      <address className="mt-2 flex flex-col gap-1 not-italic" data-testid="privacy-contact">
        {name ? <span className="font-semibold">{name}</span> : null}
        {phone ? (
          <a href={`tel:${dialable(phone)}`} className="min-h-11 self-start py-2 font-semibold text-maroon-800 underline">
            {phone}
          </a>
        ) : null}
        {email ? (
          <a href={`mailto:${email}`} className="min-h-11 self-start break-all py-2 font-semibold text-maroon-800 underline">
            {email}
          </a>
        ) : null}
      </address>
    </>
  );
}

export function NoticeView({ language, info }: { language: NoticeLanguage; info: PrivacyInfo | undefined }) {
  const notice = PRIVACY_NOTICE[language];
  const sectionTitle = "m-0 text-xl font-bold text-maroon-800";
  return (
    <article lang={language} className="flex flex-col gap-6 leading-relaxed" data-testid="privacy-notice">
      <header className="flex flex-col gap-2">
        <h1 className="m-0 text-2xl font-bold text-maroon-800 sm:text-3xl">{notice.title}</h1>
        <p className="m-0 text-base">{notice.intro}</p>
      </header>

      <section aria-labelledby="notice-items" className="flex flex-col gap-3">
        <h2 id="notice-items" className={sectionTitle}>
          {notice.itemsHeading}
        </h2>
        <ul className="m-0 grid list-none grid-cols-1 gap-3 p-0 md:grid-cols-2">
          {NOTICE_ITEM_IDS.map((id) => {
            const item = notice.items[id];
            return (
              <li key={id} className="card px-4 py-3">
                <h3 className="m-0 text-lg font-bold">{item.what}</h3>
                <dl className="m-0 mt-1 flex flex-col gap-1 text-base">
                  <div>
                    <dt className="inline font-semibold text-ink-muted">{notice.columns.use}: </dt>
                    <dd className="inline m-0">{item.use}</dd>
                  </div>
                  <div>
                    <dt className="inline font-semibold text-ink-muted">{notice.columns.seenBy}: </dt>
                    <dd className="inline m-0">{item.seenBy}</dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="notice-staff" className="flex flex-col gap-2">
        <h2 id="notice-staff" className={sectionTitle}>
          {notice.staffHeading}
        </h2>
        <p className="m-0 text-base">{notice.staff}</p>
      </section>

      <section aria-labelledby="notice-consents" className="flex flex-col gap-2">
        <h2 id="notice-consents" className={sectionTitle}>
          {notice.consentsHeading}
        </h2>
        <p className="m-0 text-base">{notice.consentsIntro}</p>
        <ul className="m-0 flex list-disc flex-col gap-1 pl-6 text-base">
          {[notice.consents.publicList, notice.consents.promotions].map((consent) => (
            <li key={consent.label}>
              <span className="font-semibold">{consent.label}.</span> {consent.sentence}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="notice-keeping" className="flex flex-col gap-2">
        <h2 id="notice-keeping" className={sectionTitle}>
          {notice.keepingHeading}
        </h2>
        {info ? (
          <ul className="m-0 flex list-disc flex-col gap-1 pl-6 text-base">
            {notice.keeping(info).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p className="m-0 text-base text-ink-muted">…</p>
        )}
      </section>

      <section aria-labelledby="notice-rights" className="flex flex-col gap-2">
        <h2 id="notice-rights" className={sectionTitle}>
          {notice.rightsHeading}
        </h2>
        <ul className="m-0 flex list-disc flex-col gap-1 pl-6 text-base">
          {notice.rights.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="notice-contact" className="flex flex-col gap-1">
        <h2 id="notice-contact" className={sectionTitle}>
          {notice.contactHeading}
        </h2>
        <Contact info={info} intro={notice.contactIntro} />
      </section>

      <p className="m-0 text-sm text-ink-muted">{notice.version}</p>
    </article>
  );
}
