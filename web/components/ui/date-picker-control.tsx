// The date and time pickers (react-datepicker with date-fns, about 90 KB):
// loaded on demand through React.lazy from date-field.tsx, so neither the
// first load nor a screen's own chunk carries them (ADR 0013).
import "react-datepicker/dist/react-datepicker.css";
import "./date-picker.css";
import { format, getMonth, getYear, isAfter, isBefore, startOfDay } from "date-fns";
import { te } from "date-fns/locale/te";
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import DatePicker, { type ReactDatePickerCustomHeaderProps } from "react-datepicker";
import { DATE_FORMAT, TIME_FORMAT } from "#shared/constants.ts";
import { parseDisplayDate, parseDisplayTime } from "#shared/schemas/profile-fields.ts";
import { useIntlLocale, useLanguage, useT } from "#web/lib/i18n-react.tsx";
import { useHydrated } from "#web/lib/use-hydrated.ts";
import type { PickerControlProps } from "./date-field.tsx";

/** The Date a form's text stands for, if it is a complete and valid one. */
function toDate(mode: PickerControlProps["mode"], text: string): Date | null {
  if (mode === "date") {
    const iso = parseDisplayDate(text);
    if (!iso) return null;
    const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
    const date = new Date(year, month - 1, day);
    // new Date() maps years 0-99 to 1900-1999; keep the year as typed.
    date.setFullYear(year);
    return date;
  }
  const time = parseDisplayTime(text);
  if (!time) return null;
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const date = new Date();
  date.setHours(hours, minutes, 0, 0);
  return date;
}

/** Born at least 18 years ago and at most 80: the calendar opens where members usually look. */
function defaultOpenDate(): Date {
  const date = new Date();
  return new Date(date.getFullYear() - 25, 0, 1);
}

const EARLIEST_BIRTH_DATE = new Date(1900, 0, 1);

/**
 * The date a calendar may show (1900 to today), or null. A date typed
 * outside it (15/08/2030) stays in the field for the schema to refuse, but
 * the calendar neither opens on it nor marks it: its month and year could
 * not be shown in the header's lists, and none of its days may be chosen.
 */
function withinBounds(date: Date | null, latest: Date): Date | null {
  if (!date || isBefore(date, EARLIEST_BIRTH_DATE) || isAfter(startOfDay(date), latest)) return null;
  return date;
}

/** The months' names as each language writes them (Intl; English keeps January ... December). */
function monthNames(locale: string): string[] {
  const formatter = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" });
  return Array.from({ length: 12 }, (_, month) => formatter.format(Date.UTC(2000, month, 1)));
}

/**
 * The calendar's header with month and year dropdowns (§ "5. Validation rules"). It
 * replaces react-datepicker's own showMonthDropdown/showYearDropdown
 * (dropdownMode "select"), whose selects have no accessible name: these are
 * labelled, touch-sized, and list the years the bounds allow (1900 to this
 * year; the library's 1900-2100 applies only without bounds).
 */
function CalendarHeader({ date, changeMonth, changeYear, decreaseMonth, increaseMonth, prevMonthButtonDisabled, nextMonthButtonDisabled }: ReactDatePickerCustomHeaderProps) {
  const t = useT();
  const months = monthNames(useIntlLocale());
  // The year the grid shows is always in the list, so the header never names
  // another (the calendar opens within the bounds; this holds if it did not).
  const shownYear = getYear(date);
  const lastYear = Math.max(new Date().getFullYear(), shownYear);
  const years: number[] = [];
  for (let year = Math.min(EARLIEST_BIRTH_DATE.getFullYear(), shownYear); year <= lastYear; year += 1) years.push(year);
  return (
    <div className="date-picker-header">
      <button type="button" className="date-picker-step" aria-label={t("common.previousMonth")} onClick={decreaseMonth} disabled={prevMonthButtonDisabled}>
        <span aria-hidden="true">‹</span>
      </button>
      <select aria-label={t("common.month")} className="date-picker-select" value={getMonth(date)} onChange={(event) => changeMonth(Number(event.target.value))}>
        {months.map((month, index) => (
          <option key={month} value={index}>
            {month}
          </option>
        ))}
      </select>
      <select aria-label={t("common.year")} className="date-picker-select" value={getYear(date)} onChange={(event) => changeYear(Number(event.target.value))}>
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
      <button type="button" className="date-picker-step" aria-label={t("common.nextMonth")} onClick={increaseMonth} disabled={nextMonthButtonDisabled}>
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}

/** The picker's frame, a dialog named in the member's language (react-datepicker's own says "Choose Date" in English). */
function PickerFrame({ className, children, showTimeSelectOnly }: { className?: string; children?: ReactNode; showTimeSelectOnly?: boolean }) {
  const t = useT();
  const label = showTimeSelectOnly ? t("common.chooseTime") : t("common.chooseDate");
  return (
    // translate="no", as react-datepicker's own frame: a browser's translation must not rewrite what React renders.
    <div className={className} role="dialog" aria-modal="true" aria-label={label} translate="no">
      {children}
    </div>
  );
}

export default function DatePickerControl({
  mode,
  id,
  name,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  required,
  inputRef,
  placeholder,
  focusOnMount = false,
}: PickerControlProps) {
  const t = useT();
  const language = useLanguage();
  // On the prerendered page this field may be shown, outside any inert section, before React
  // has adopted it (its code comes after the form's): what was typed then would be replaced by
  // the form's value when React takes it over, so it takes no typing until then (ADR 0031).
  const adopted = useHydrated();
  const wrapper = useRef<HTMLSpanElement>(null);
  const picker = useRef<DatePicker>(null);
  const focusOnFirstMount = useRef(focusOnMount);
  // The calendar or time list opens when the member taps the field, types in
  // it or presses an arrow key, never merely because the field has the
  // focus: a failed submit focuses the first invalid field, and a calendar
  // opened over its message would hide what is wrong (ADR 0013).
  const open = () => {
    if (!picker.current?.isCalendarOpen()) picker.current?.setOpen(true);
  };
  useEffect(() => {
    // The member tapped the field before the picker could answer: the
    // stand-in, which the picker replaces, or the prerendered field before
    // React adopted it (ADR 0031), whose tap React does not replay. It opens now.
    const input = wrapper.current?.querySelector("input");
    if (focusOnFirstMount.current) input?.focus();
    else if (!input || document.activeElement !== input) return;
    picker.current?.setOpen(true);
  }, []);

  // The form keeps the text exactly as typed (the shared schema checks it and
  // shows its message); the picker only writes a value when a day or time is
  // chosen from it. react-datepicker reports typing through onChangeRaw and
  // then, when the text parses, through onChange as well: that second report
  // is skipped, or "1/1/19" would become "01/01/0019" while still typing.
  const typing = useRef(false);

  const today = new Date();
  // The typed date as the calendar may mark and open on it (within 1900 to today).
  const shownDate = mode === "date" ? withinBounds(toDate(mode, value), today) : null;
  const shared = {
    id,
    name,
    value,
    preventOpenOnFocus: true,
    readOnly: !adopted,
    onChangeRaw: (event?: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>, selection?: { date: Date }) => {
      const target = event?.target;
      if (selection || !(target instanceof HTMLInputElement)) return;
      typing.current = true;
      queueMicrotask(() => {
        typing.current = false;
      });
      onChange(target.value);
      open();
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      // react-datepicker's own keys for opening, which preventOpenOnFocus turns off.
      if (event.target instanceof HTMLInputElement && (event.key === "ArrowDown" || event.key === "ArrowUp")) open();
    },
    onChange: (date: Date | null) => {
      if (typing.current) return;
      onChange(date ? format(date, mode === "date" ? DATE_FORMAT : TIME_FORMAT) : "");
    },
    onBlur,
    ariaInvalid: invalid ? "true" : undefined,
    ariaDescribedBy: describedBy,
    ariaRequired: required ? "true" : undefined,
    required,
    placeholderText: placeholder,
    autoComplete: "off",
    className: "field-input",
    wrapperClassName: "date-picker-wrapper",
    popperPlacement: "bottom-start" as const,
    // The field is typed into as well: Tab leaves it as members expect.
    enableTabLoop: false,
  };

  return (
    <span
      ref={(element) => {
        wrapper.current = element;
        inputRef?.(element?.querySelector("input") ?? null);
      }}
      className="block"
    >
      {mode === "date" ? (
        <DatePicker
          {...shared}
          ref={picker}
          selected={shownDate}
          dateFormat={DATE_FORMAT}
          // Weekday headings and the days' spoken names in Telugu too; what is
          // typed and written stays dd/MM/yyyy (format() below takes no locale).
          locale={language === "te" ? te : undefined}
          calendarContainer={PickerFrame}
          chooseDayAriaLabelPrefix={t("common.chooseDay")}
          disabledDayAriaLabelPrefix={t("common.dayNotAvailable")}
          monthAriaLabelPrefix={t("common.month")}
          // A component of its own, so that its texts follow the language.
          renderCustomHeader={(header) => <CalendarHeader {...header} />}
          minDate={EARLIEST_BIRTH_DATE}
          maxDate={today}
          openToDate={shownDate ?? defaultOpenDate()}
        />
      ) : (
        // The time list keeps AM and PM, as members type them (h:mm AM).
        <DatePicker
          {...shared}
          ref={picker}
          selected={toDate(mode, value)}
          calendarContainer={PickerFrame}
          dateFormat={TIME_FORMAT}
          showTimeSelect
          showTimeSelectOnly
          timeIntervals={1}
          timeCaption={t("common.time")}
        />
      )}
    </span>
  );
}
