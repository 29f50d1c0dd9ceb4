import { useForm } from "react-hook-form";
import { GENDERS, PROFILE_TYPES } from "#shared/constants.ts";
import { MEMBERSHIP_FILTERS, memberSearchQuery, type MemberSearch } from "#shared/schemas/admin.ts";
import { SelectField, TextField } from "#web/components/ui/form-field.tsx";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import type { MemberFilters } from "../api/get-members.ts";
import { genderLabel, tierLabel } from "../lib/labels.ts";

interface SearchValues {
  q: string;
  tier: string;
  gender: string;
  membership: string;
  status: string;
}

// Empty selects mean "any": the schema sees them as absent.
const blankToUndefined = (value: string) => (value === "" ? undefined : value);
const resolver = zodMiniResolver<SearchValues, typeof memberSearchQuery>(memberSearchQuery, (values) => ({
  q: blankToUndefined(values.q.trim()),
  tier: blankToUndefined(values.tier),
  gender: blankToUndefined(values.gender),
  membership: blankToUndefined(values.membership),
  status: blankToUndefined(values.status),
}));

const MEMBERSHIP_LABELS = { active: "Active (paid, not expired)", expired: "Expired", free: "Free" } as const;

export function MemberSearchForm({ filters, onSearch }: { filters: MemberFilters; onSearch: (filters: MemberFilters) => void }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SearchValues, unknown, MemberSearch>({
    resolver,
    values: {
      q: filters.q ?? "",
      tier: filters.tier ?? "",
      gender: filters.gender ?? "",
      membership: filters.membership ?? "",
      status: filters.status ?? "",
    },
  });

  const onSubmit = handleSubmit((query) =>
    onSearch({ q: query.q || undefined, tier: query.tier, gender: query.gender, membership: query.membership, status: query.status, page: 1 }),
  );

  return (
    <form noValidate role="search" aria-label="Find members" onSubmit={onSubmit} className="card grid grid-cols-2 gap-3 px-3 py-4 sm:gap-4 sm:px-4 lg:grid-cols-6">
      <TextField
        label="Profile ID, name or mobile"
        className="col-span-2"
        error={errors.q?.message}
        type="search"
        enterKeyHint="search"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        {...register("q")}
      />
      <SelectField
        label="Tier"
        placeholder="Any tier"
        error={errors.tier?.message}
        options={PROFILE_TYPES.map((type) => ({ value: type, label: tierLabel(type) }))}
        {...register("tier")}
      />
      <SelectField
        label="Bride or groom"
        placeholder="Both"
        error={errors.gender?.message}
        options={GENDERS.map((gender) => ({ value: gender, label: genderLabel(gender) }))}
        {...register("gender")}
      />
      <SelectField
        label="Membership"
        placeholder="Any"
        error={errors.membership?.message}
        options={MEMBERSHIP_FILTERS.map((value) => ({ value, label: MEMBERSHIP_LABELS[value] }))}
        {...register("membership")}
      />
      <SelectField
        label="Account"
        placeholder="Any"
        error={errors.status?.message}
        options={[
          { value: "active", label: "Active" },
          { value: "deactivated", label: "Deactivated" },
        ]}
        {...register("status")}
      />
      <div className="col-span-2 grid grid-cols-2 gap-3 sm:flex lg:col-span-6">
        <button type="submit" className="btn-primary sm:min-w-40">
          Search
        </button>
        <button
          type="button"
          className="btn-outline sm:min-w-40"
          onClick={() => {
            reset({ q: "", tier: "", gender: "", membership: "", status: "" });
            onSearch({ page: 1 });
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
